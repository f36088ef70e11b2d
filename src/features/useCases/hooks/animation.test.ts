import { describe, expect, it } from 'vitest';

import type { TerminalLine } from '../content/types';
import {
  charCount,
  OUTPUT_LINE_MS,
  PAUSE_MS,
  sliceChars,
  transcriptStart,
  transcriptStep,
  TYPE_MS,
  typewriterStart,
  typewriterStep,
} from './animation';

describe('typewriter (spec: 30 ms per character, 3 s pause)', () => {
  const texts = ['ab', '你好吗'];

  it('uses the spec timings', () => {
    expect(TYPE_MS).toBe(30);
    expect(PAUSE_MS).toBe(3000);
  });

  it('starts complete, pauses 3 s, then types the next text one character every 30 ms, and cycles', () => {
    let state = typewriterStart(texts);
    expect(state).toEqual({ index: 0, length: 2 });
    const delays: number[] = [];
    const frames: string[] = [];
    for (let i = 0; i < 10; i++) {
      const { delay, next } = typewriterStep(texts, state);
      delays.push(delay);
      state = next;
      frames.push(sliceChars(texts[state.index]!, state.length));
    }
    expect(delays).toEqual([3000, 30, 30, 30, 3000, 30, 30, 3000, 30, 30]);
    expect(frames).toEqual(['', '你', '你好', '你好吗', '', 'a', 'ab', '', '你', '你好']);
  });

  it('counts code points, so a CJK character or an emoji is typed as one', () => {
    expect(charCount('你好')).toBe(2);
    expect(charCount('a😀b')).toBe(3);
    expect(sliceChars('a😀b', 2)).toBe('a😀');
  });
});

describe('demo transcript', () => {
  const lines: TerminalLine[] = [
    { kind: 'command', text: 'ls' },
    { kind: 'output', text: 'a.txt' },
  ];

  it('starts complete, then replays: commands typed, outputs line by line, the end held for 3 s', () => {
    let state = transcriptStart(lines);
    expect(state).toEqual({ shown: 2, typed: 0 });
    const steps: [number, number, number][] = [];
    for (let i = 0; i < 6; i++) {
      const { delay, next } = transcriptStep(lines, state);
      state = next;
      steps.push([delay, state.shown, state.typed]);
    }
    expect(steps).toEqual([
      [PAUSE_MS, 0, 0],
      [TYPE_MS, 0, 1],
      [TYPE_MS, 0, 2],
      [OUTPUT_LINE_MS, 1, 0],
      [OUTPUT_LINE_MS, 2, 0],
      [PAUSE_MS, 0, 0],
    ]);
  });
});
