import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useReducedMotion } from '../../../shared/ui/useReducedMotion';
import type { TerminalLine } from '../content/types';
import { sliceChars, transcriptStart, type TranscriptState, transcriptStep } from '../hooks/animation';
import { useStepper } from '../hooks/useStepper';
import { TerminalFrame } from './TerminalFrame';

const lineClass: Record<TerminalLine['kind'], string> = {
  command: 'text-[#e6edf3]',
  output: 'text-[#c9d1d9]',
  success: 'text-[#3fb950] font-semibold',
  comment: 'text-[#8b949e] italic',
};

function Line({ line, typed }: { line: TerminalLine; typed?: number | 'none' }) {
  // Lines not shown yet keep their place (invisible), so the terminal never changes height while it plays.
  const text = typed === undefined ? line.text : typed === 'none' ? '' : sliceChars(line.text, typed);
  const rest = line.text.slice(text.length);
  return (
    <p className={`whitespace-pre-wrap break-words ${lineClass[line.kind]} ${typed === 'none' ? 'invisible' : ''}`}>
      {line.kind === 'command' && <span className="select-none text-[#58a6ff]">$ </span>}
      {line.kind === 'comment' && <span className="select-none">{'# '}</span>}
      {text}
      {rest && <span className="invisible">{rest}</span>}
    </p>
  );
}

/** Full-stack demo: replays a session line by line, typing the commands. Still and complete with reduced motion. */
export function DemoTerminal({ lines, disclaimer }: { lines: readonly TerminalLine[]; disclaimer: string }) {
  const { t } = useTranslation('docs');
  // Prerendered use-case pages show the finished terminal.
  const reduced = useReducedMotion(true);
  const [paused, setPaused] = useState(false);
  const step = useCallback((s: TranscriptState) => transcriptStep(lines, s), [lines]);
  const state = useStepper(() => transcriptStart(lines), step, !reduced && !paused);
  const typedOf = (i: number): number | 'none' | undefined => {
    if (reduced || i < state.shown) return undefined;
    return i === state.shown && lines[i]?.kind === 'command' ? state.typed : 'none';
  };

  return (
    <div>
      <TerminalFrame
        title={t('useCases.terminal.label')}
        transcript={
          <ol aria-label={t('useCases.terminal.transcript')}>
            {lines.map((line, i) => (
              <li key={i}>{line.text}</li>
            ))}
          </ol>
        }
        paused={paused}
        onTogglePause={() => setPaused((p) => !p)}
        showControls={!reduced}
        minHeight=""
      >
        {lines.map((line, i) => (
          <Line key={i} line={line} typed={typedOf(i)} />
        ))}
      </TerminalFrame>
      <p className="mx-auto mt-3 max-w-3xl text-center text-xs text-base-content/60">{disclaimer}</p>
    </div>
  );
}
