import { useEffect, useRef, useState } from 'react';

import { advanceTypewriter, HERO_TIMINGS, initialTypewriter, scrambleFrame, type TypewriterState } from './typewriter';

export type ScramblePhase = 'idle' | 'scrambling' | 'done' | 'static';

/** The title scramble: starts after 500 ms, resolves left to right. Static (no motion) when `enabled` is false. */
export function useScramble(text: string, enabled: boolean): { display: string; phase: ScramblePhase } {
  const [frame, setFrame] = useState<{ display: string; phase: ScramblePhase }>({ display: text, phase: 'idle' });

  useEffect(() => {
    if (!enabled) return;
    setFrame({ display: text, phase: 'idle' });
    let interval: ReturnType<typeof setInterval> | undefined;
    const start = setTimeout(() => {
      let elapsed = 0;
      setFrame({ display: scrambleFrame(text, 0), phase: 'scrambling' });
      interval = setInterval(() => {
        elapsed += HERO_TIMINGS.scrambleFrameMs;
        const progress = elapsed / HERO_TIMINGS.scrambleDurationMs;
        if (progress >= 1) {
          clearInterval(interval);
          setFrame({ display: text, phase: 'done' });
        } else {
          setFrame({ display: scrambleFrame(text, progress), phase: 'scrambling' });
        }
      }, HERO_TIMINGS.scrambleFrameMs);
    }, HERO_TIMINGS.scrambleDelayMs);
    return () => {
      clearTimeout(start);
      clearInterval(interval);
    };
  }, [text, enabled]);

  return enabled ? frame : { display: text, phase: 'static' };
}

export type TypewriterView = { text: string; phase: 'waiting' | TypewriterState['phase'] | 'static' };

/** The cycling word: starts 1.5 s after the scramble; shows the first word, still, when `enabled` is false. */
export function useTypewriter(words: readonly string[], enabled: boolean): TypewriterView {
  const [state, setState] = useState<TypewriterState | null>(null);

  useEffect(() => {
    if (!enabled || words.length === 0) return;
    setState(null);
    let timer: ReturnType<typeof setTimeout>;
    let current = initialTypewriter;
    const step = () => {
      const { next, delay } = advanceTypewriter(current, words, HERO_TIMINGS);
      current = next;
      setState(next);
      timer = setTimeout(step, delay);
    };
    timer = setTimeout(step, HERO_TIMINGS.typewriterDelayMs);
    return () => clearTimeout(timer);
  }, [words, enabled]);

  if (!enabled) return { text: words[0] ?? '', phase: 'static' };
  if (!state) return { text: '', phase: 'waiting' };
  return {
    text: Array.from(words[state.word] ?? '')
      .slice(0, state.length)
      .join(''),
    phase: state.phase,
  };
}

/** A scripted terminal: reveals one line every `lineMs`, holds, then calls `onDone`. All lines at once when disabled. */
export function useScriptedLines(
  scriptKey: string,
  count: number,
  enabled: boolean,
  onDone: () => void,
  lineMs = 650,
  holdMs = 3000,
): number {
  const [shown, setShown] = useState(enabled ? 0 : count);
  // Read when the script ends, so a new callback identity each render does not restart the script.
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  }, [onDone]);

  useEffect(() => {
    if (!enabled) {
      setShown(count);
      return;
    }
    setShown(0);
    let n = 0;
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      n += 1;
      setShown(n);
      timer = n < count ? setTimeout(tick, lineMs) : setTimeout(() => done.current(), holdMs);
    };
    timer = setTimeout(tick, lineMs);
    return () => clearTimeout(timer);
  }, [scriptKey, count, enabled, lineMs, holdMs]);

  return shown;
}
