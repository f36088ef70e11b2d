import type { TerminalLine } from '../content/types';

/** Spec §2 (learning): the typewriter types 30 ms per character and holds each text for 3 s. */
export const TYPE_MS = 30;
export const PAUSE_MS = 3000;
/** Delay before an output line of the demo terminal appears. */
export const OUTPUT_LINE_MS = 450;

export interface Step<S> {
  delay: number;
  next: S;
}

/** Code points, so a CJK or emoji character is typed as one. */
export const charCount = (text: string) => Array.from(text).length;
export const sliceChars = (text: string, count: number) => Array.from(text).slice(0, count).join('');

export interface TypewriterState {
  index: number;
  length: number;
}

/** Starts complete (what the prerendered page and reduced-motion visitors see), so the first step is the pause. */
export const typewriterStart = (texts: readonly string[]): TypewriterState => ({ index: 0, length: charCount(texts[0] ?? '') });

export function typewriterStep(texts: readonly string[], state: TypewriterState): Step<TypewriterState> {
  const text = texts[state.index] ?? '';
  if (state.length < charCount(text)) return { delay: TYPE_MS, next: { index: state.index, length: state.length + 1 } };
  return { delay: PAUSE_MS, next: { index: (state.index + 1) % Math.max(texts.length, 1), length: 0 } };
}

export interface TranscriptState {
  /** Lines fully shown. */
  shown: number;
  /** Characters typed of the next line when it is a command. */
  typed: number;
}

export const transcriptStart = (lines: readonly TerminalLine[]): TranscriptState => ({ shown: lines.length, typed: 0 });

/** Commands are typed character by character; Tern's answers appear line by line; the end is held, then it replays. */
export function transcriptStep(lines: readonly TerminalLine[], state: TranscriptState): Step<TranscriptState> {
  const line = lines[state.shown];
  if (!line) return { delay: PAUSE_MS, next: { shown: 0, typed: 0 } };
  if (line.kind === 'command') {
    if (state.typed < charCount(line.text)) return { delay: TYPE_MS, next: { shown: state.shown, typed: state.typed + 1 } };
    return { delay: OUTPUT_LINE_MS, next: { shown: state.shown + 1, typed: 0 } };
  }
  return { delay: OUTPUT_LINE_MS, next: { shown: state.shown + 1, typed: 0 } };
}
