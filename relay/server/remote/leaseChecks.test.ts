import { afterEach, describe, expect, it, vi } from 'vitest';

import { type LeaseCheck, leaseKey } from '../storage/repos/remote/locksRepo';
import { createLeaseChecks } from './leaseChecks';

afterEach(() => void vi.useRealTimers());

describe('lease checks gathered into one statement', () => {
  it('answers every check of the gathering from one statement, a window once, with its newest socket', async () => {
    vi.useFakeTimers();
    const statements: LeaseCheck[][] = [];
    const checks = createLeaseChecks(async (batch) => {
      statements.push([...batch]);
      return new Set([leaseKey('I1', 'w1')]);
    }, 100);
    const answers = [
      checks.check({ instanceId: 'i1', windowId: 'w1', socketId: 'old' }),
      checks.check({ instanceId: 'i2', windowId: 'w2', socketId: 's2' }),
      checks.check({ instanceId: 'i1', windowId: 'w1', socketId: 'new' }),
    ];
    await vi.advanceTimersByTimeAsync(99);
    expect(statements).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(statements).toEqual([
      [
        { instanceId: 'i1', windowId: 'w1', socketId: 'new' },
        { instanceId: 'i2', windowId: 'w2', socketId: 's2' },
      ],
    ]);
    await expect(Promise.all(answers)).resolves.toEqual([true, false, true]);
    // The next check starts a gathering of its own.
    const later = checks.check({ instanceId: 'i2', windowId: 'w2', socketId: 's2' });
    await vi.advanceTimersByTimeAsync(100);
    expect(statements).toHaveLength(2);
    await expect(later).resolves.toBe(false);
  });

  it('fails every check of a gathering whose statement failed, and the next gathering runs', async () => {
    vi.useFakeTimers();
    let fail = true;
    const checks = createLeaseChecks(async () => {
      if (fail) throw new Error('database gone');
      return new Set([leaseKey('i1', 'w1')]);
    }, 10);
    const failed = [
      checks.check({ instanceId: 'i1', windowId: 'w1', socketId: 's' }),
      checks.check({ instanceId: 'i2', windowId: 'w', socketId: 's' }),
    ];
    const settled = Promise.allSettled(failed);
    await vi.advanceTimersByTimeAsync(10);
    expect((await settled).map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    const next = checks.check({ instanceId: 'i1', windowId: 'w1', socketId: 's' });
    await vi.advanceTimersByTimeAsync(10);
    await expect(next).resolves.toBe(true);
  });
});
