import { describe, expect, it } from 'vitest';

import { ESTIMATED_ROW, OVERSCAN_PX, rowAt, rowOffsets, rowRange } from './useVirtualRows';

const keys = (n: number) => Array.from({ length: n }, (_, i) => `row:${i}`);

describe('virtual rows', () => {
  it('places rows by their measured heights, estimating the others', () => {
    const offsets = rowOffsets(['a', 'b', 'c'], new Map([['b', 200]]));
    expect([...offsets]).toEqual([0, ESTIMATED_ROW, ESTIMATED_ROW + 200, 2 * ESTIMATED_ROW + 200]);
    expect(rowAt(offsets, 0)).toBe(0);
    expect(rowAt(offsets, ESTIMATED_ROW + 199)).toBe(1);
    expect(rowAt(offsets, ESTIMATED_ROW + 200)).toBe(2);
    expect(rowAt(offsets, 1e9)).toBe(2);
  });

  it('renders a bounded window of a 10,000-row session wherever it is scrolled', () => {
    const offsets = rowOffsets(keys(10_000), new Map());
    const total = offsets[10_000]!;
    const bound = Math.ceil((800 + 2 * OVERSCAN_PX) / ESTIMATED_ROW) + 2;
    for (const top of [0, 1234, total / 2, total - 800]) {
      const { start, end } = rowRange(offsets, top, 800);
      expect(end - start).toBeLessThanOrEqual(bound);
      // The visible part is always inside the window.
      expect(offsets[start]!).toBeLessThanOrEqual(top);
      expect(offsets[end]!).toBeGreaterThanOrEqual(Math.min(total, top + 800));
    }
    // At the end (a session opens there) the last row is rendered.
    expect(rowRange(offsets, total - 800, 800).end).toBe(10_000);
  });

  it('renders nothing for an empty timeline', () => {
    expect(rowRange(rowOffsets([], new Map()), 0, 800)).toEqual({ start: 0, end: 0 });
  });
});
