import { describe, expect, it } from 'vitest';

import { advanceTypewriter, HERO_TIMINGS, initialTypewriter, scrambleFrame, type TypewriterState } from './typewriter';

const words = ['developers', 'builders', 'engineers'];

/** Runs the typewriter from its start and records the visible text at each moment it changes. */
function timeline(until: number): Map<number, string> {
  const seen = new Map<number, string>();
  let t: number = HERO_TIMINGS.typewriterDelayMs;
  let state: TypewriterState = initialTypewriter;
  while (t <= until) {
    const { next, delay } = advanceTypewriter(state, words, HERO_TIMINGS);
    state = next;
    seen.set(t, words[state.word]!.slice(0, state.length));
    t += delay;
  }
  return seen;
}

describe('hero timings', () => {
  it('scrambles after 500 ms and types 1.5 s later at 80/40 ms with a 2 s pause', () => {
    expect(HERO_TIMINGS.scrambleDelayMs).toBe(500);
    expect(HERO_TIMINGS.typewriterDelayMs - HERO_TIMINGS.scrambleDelayMs).toBe(1500);
    expect(HERO_TIMINGS).toMatchObject({ typeMs: 80, deleteMs: 40, pauseMs: 2000 });
  });

  it('types, pauses, deletes and moves to the next word', () => {
    const seen = timeline(6000);
    expect(seen.get(2000)).toBe('d');
    expect(seen.get(2080)).toBe('de');
    expect(seen.get(2720)).toBe('developers');
    // Still whole during the 2 s pause, then one character every 40 ms.
    expect([...seen.keys()].filter((t) => t > 2720 && t < 4720)).toEqual([]);
    expect(seen.get(4720)).toBe('developer');
    expect(seen.get(4760)).toBe('develope');
    expect(seen.get(5080)).toBe('');
    expect(seen.get(5160)).toBe('b');
  });

  it('wraps around to the first word', () => {
    let state: TypewriterState = { word: 2, length: 1, phase: 'deleting' };
    state = advanceTypewriter(state, words, HERO_TIMINGS).next;
    expect(state).toEqual({ word: 0, length: 0, phase: 'typing' });
  });
});

describe('scrambleFrame', () => {
  it('reveals left to right and keeps spaces', () => {
    const text = 'Your AI pair';
    expect(scrambleFrame(text, 1)).toBe(text);
    const half = scrambleFrame(text, 0.5, () => 0);
    expect(half.slice(0, 6)).toBe('Your A');
    expect(half[7]).toBe(' ');
    expect(half).not.toBe(text);
    expect(Array.from(scrambleFrame('你的 AI', 0, () => 0))).toHaveLength(5);
  });
});
