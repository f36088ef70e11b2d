/** Spec §2 home hero timings. */
export const HERO_TIMINGS = {
  scrambleDelayMs: 500,
  scrambleDurationMs: 900,
  scrambleFrameMs: 45,
  /** The typewriter starts 1.5 s after the scramble. */
  typewriterDelayMs: 500 + 1500,
  typeMs: 80,
  deleteMs: 40,
  pauseMs: 2000,
} as const;

export type TypewriterPhase = 'typing' | 'pausing' | 'deleting';

export interface TypewriterState {
  word: number;
  length: number;
  phase: TypewriterPhase;
}

export interface TypewriterTimings {
  typeMs: number;
  deleteMs: number;
  pauseMs: number;
}

export const initialTypewriter: TypewriterState = { word: 0, length: 0, phase: 'typing' };

/**
 * One step of the typewriter: the next state and how long to wait before the step after it. Typing adds a
 * character every 80 ms; a full word stays 2 s; deleting removes one every 40 ms; then the next word starts.
 */
export function advanceTypewriter(
  state: TypewriterState,
  words: readonly string[],
  timings: TypewriterTimings,
): { next: TypewriterState; delay: number } {
  const word = words[state.word] ?? '';
  switch (state.phase) {
    case 'typing': {
      const length = Math.min(state.length + 1, word.length);
      if (length >= word.length) return { next: { ...state, length, phase: 'pausing' }, delay: timings.pauseMs };
      return { next: { ...state, length }, delay: timings.typeMs };
    }
    case 'pausing':
      return { next: { ...state, length: Math.max(0, state.length - 1), phase: 'deleting' }, delay: timings.deleteMs };
    case 'deleting': {
      const length = Math.max(0, state.length - 1);
      if (length === 0 && state.length <= 1) {
        return { next: { word: (state.word + 1) % Math.max(1, words.length), length: 0, phase: 'typing' }, delay: timings.typeMs };
      }
      return { next: { ...state, length }, delay: timings.deleteMs };
    }
  }
}

const GLYPHS = '▓▒░<>/\\|_-=+*#%&$@';

/** The scrambled text at `progress` (0..1): revealed left to right, the rest noise (spaces kept, so words hold shape). */
export function scrambleFrame(text: string, progress: number, random: () => number = Math.random): string {
  const chars = Array.from(text);
  const revealed = Math.floor(Math.min(1, Math.max(0, progress)) * chars.length);
  return chars.map((ch, i) => (i < revealed || /\s/.test(ch) ? ch : GLYPHS[Math.floor(random() * GLYPHS.length)]!)).join('');
}
