import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { commandsTookSchema, isReceipt, RECEIPTS_MAX, receiptSchema, tookSchema } from './receipts';
import { cliNoticeSchemas } from './remoteEvents';

describe('command receipts (schemas)', () => {
  it('a receipt is a positive integer a JSON number holds exactly', () => {
    for (const ok of [1, 2, 2 ** 40, Number.MAX_SAFE_INTEGER]) expect(receiptSchema.safeParse(ok).success, String(ok)).toBe(true);
    for (const bad of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53, '1', null, undefined, [1], { n: 1 }])
      expect(receiptSchema.safeParse(bad).success, String(bad)).toBe(false);
  });

  it('isReceipt answers as receiptSchema does, for any value', () => {
    const edges = [1, 0, -0, -1, 1.5, 2 ** 40, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER + 1, 2 ** 53, Number.MIN_VALUE, 1e21];
    for (const value of [...edges, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, '1', 1n, null, undefined, [1], { n: 1 }])
      expect(isReceipt(value), String(value)).toBe(receiptSchema.safeParse(value).success);
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.integer(), fc.double(), fc.maxSafeInteger(), fc.bigInt().map(Number)), (value) => {
        expect(isReceipt(value)).toBe(receiptSchema.safeParse(value).success);
      }),
      { numRuns: 2000 },
    );
  });

  it('`took` lists 1 to RECEIPTS_MAX receipts', () => {
    expect(tookSchema.safeParse([3, 1, 2]).success).toBe(true);
    expect(tookSchema.safeParse([]).success).toBe(false);
    expect(tookSchema.safeParse(Array(RECEIPTS_MAX).fill(1)).success).toBe(true);
    expect(tookSchema.safeParse(Array(RECEIPTS_MAX + 1).fill(1)).success).toBe(false);
    expect(commandsTookSchema.safeParse({ took: [5] }).success).toBe(true);
    expect(commandsTookSchema.safeParse({}).success).toBe(false);
    expect(cliNoticeSchemas['commands:took']).toBe(commandsTookSchema);
  });

  it('fuzz: whatever a CLI sends, what passes is a list of 1 to RECEIPTS_MAX safe positive integers', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.anything(),
          fc.array(fc.oneof(fc.integer(), fc.double(), fc.bigInt().map(Number), fc.string()), { maxLength: 5 }),
          fc.array(fc.integer({ min: 1 }), { maxLength: RECEIPTS_MAX + 2 }),
        ),
        (took) => {
          const parsed = commandsTookSchema.safeParse({ took });
          if (!parsed.success) return;
          expect(parsed.data.took.length).toBeGreaterThanOrEqual(1);
          expect(parsed.data.took.length).toBeLessThanOrEqual(RECEIPTS_MAX);
          for (const n of parsed.data.took) expect(Number.isSafeInteger(n) && n > 0).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });
});
