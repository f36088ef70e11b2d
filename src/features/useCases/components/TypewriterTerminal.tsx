import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useReducedMotion } from '../../../shared/ui/useReducedMotion';
import { sliceChars, typewriterStart, type TypewriterState, typewriterStep } from '../hooks/animation';
import { useStepper } from '../hooks/useStepper';
import { TerminalFrame } from './TerminalFrame';

/**
 * Learning demo (spec §2): cycles through questions, typing 30 ms per character and pausing 3 s on each. With reduced
 * motion (and in the prerendered HTML) every question is shown at once, still.
 */
export function TypewriterTerminal({ prompt, texts }: { prompt: string; texts: readonly string[] }) {
  const { t } = useTranslation('docs');
  // Prerendered use-case pages show the finished terminal.
  const reduced = useReducedMotion(true);
  const [paused, setPaused] = useState(false);
  const step = useCallback((s: TypewriterState) => typewriterStep(texts, s), [texts]);
  const state = useStepper(() => typewriterStart(texts), step, !reduced && !paused);
  const text = texts[state.index] ?? '';

  return (
    <TerminalFrame
      title={t('useCases.terminal.label')}
      transcript={
        <ul aria-label={t('useCases.terminal.transcript')}>
          {texts.map((q) => (
            <li key={q}>{q}</li>
          ))}
        </ul>
      }
      paused={paused}
      onTogglePause={() => setPaused((p) => !p)}
      showControls={!reduced}
      minHeight=""
    >
      {reduced ? (
        texts.map((q) => (
          <p key={q}>
            <span className="text-[#3fb950]">{prompt} </span>
            {q}
          </p>
        ))
      ) : (
        // Every text sits in the same grid cell, so the frame is as tall as the longest one and never jumps.
        <div className="grid">
          {texts.map((q, i) =>
            i === state.index ? (
              <p key={q} data-testid="typewriter-line" className="col-start-1 row-start-1">
                <span className="text-[#3fb950]">{prompt} </span>
                {sliceChars(text, state.length)}
                <span className="ml-0.5 inline-block h-4 w-2 translate-y-0.5 animate-pulse bg-[#58a6ff]" />
              </p>
            ) : (
              <p key={q} className="invisible col-start-1 row-start-1">
                <span>{prompt} </span>
                {q}
              </p>
            ),
          )}
        </div>
      )}
    </TerminalFrame>
  );
}
