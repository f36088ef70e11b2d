import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { isoTime } from './isoTime';

const YEAR_10000 = 253_402_300_800_000;

describe('isoTime', () => {
  it('writes what toISOString writes, for any time (day changes and repeats included)', () => {
    const times = fc.oneof(
      fc.integer({ min: 0, max: YEAR_10000 - 1 }),
      // Around a day's edges, and the range's.
      fc.tuple(fc.integer({ min: 0, max: 2_932_896 }), fc.integer({ min: -2, max: 2 })).map(([day, d]) => day * 86_400_000 + d),
      fc.constantFrom(-1, 0, YEAR_10000 - 1, YEAR_10000, -8.64e15, 8.64e15, Date.now()),
      fc.double({ min: -8.64e15, max: 8.64e15, noNaN: true }),
    );
    fc.assert(
      fc.property(fc.array(times, { minLength: 1, maxLength: 20 }), (list) => {
        for (const ms of list) {
          const date = new Date(ms);
          expect(isoTime(date)).toBe(date.toISOString());
          // Asked again (the copies of one event): the same.
          expect(isoTime(date)).toBe(date.toISOString());
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('throws as toISOString does for an invalid date', () => {
    expect(() => isoTime(new Date(Number.NaN))).toThrow(RangeError);
  });

  it('follows a clock going on and going back', () => {
    const start = Date.UTC(2026, 10, 30, 23, 59, 59, 990);
    for (let ms = start - 50; ms < start + 50; ms++) expect(isoTime(new Date(ms))).toBe(new Date(ms).toISOString());
    for (let ms = start + 50; ms > start - 50; ms -= 7) expect(isoTime(new Date(ms))).toBe(new Date(ms).toISOString());
  });
});
