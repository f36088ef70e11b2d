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

describe('lease checks a command waits for (urgent)', () => {
  /** A stand-in for `holdLocks` whose statements end when the test says: each call's checks, and how to end it. */
  function heldStatements(held: (check: LeaseCheck) => boolean = () => true) {
    const statements: Array<{ checks: LeaseCheck[]; end: (error?: Error) => void }> = [];
    const holdLocks = (batch: readonly LeaseCheck[]) =>
      new Promise<Set<string>>((resolve, reject) => {
        const checks = [...batch];
        statements.push({
          checks,
          end: (error) => (error ? reject(error) : resolve(new Set(checks.filter(held).map((c) => leaseKey(c.instanceId, c.windowId))))),
        });
      });
    return { statements, holdLocks };
  }
  const turn = () => new Promise((resolve) => setImmediate(resolve));
  const check = (n: number) => ({ instanceId: `i${n}`, windowId: `w${n}`, socketId: `s${n}` });

  it('starts at the end of the turn, without the gathering wait, with every check made in it (background ones too)', async () => {
    const { statements, holdLocks } = heldStatements((c) => c.windowId !== 'w3');
    const checks = createLeaseChecks(holdLocks, 60_000);
    const background = checks.check(check(1));
    const urgent = [checks.check(check(2), true), checks.check(check(3), true)];
    expect(statements).toEqual([]);
    await turn();
    expect(statements.map((s) => s.checks)).toEqual([[check(1), check(2), check(3)]]);
    statements[0]!.end();
    await expect(Promise.all([background, ...urgent])).resolves.toEqual([true, true, false]);
  });

  it('gathers the urgent checks made while one statement runs into one statement as soon as it ends', async () => {
    const { statements, holdLocks } = heldStatements();
    const checks = createLeaseChecks(holdLocks, 60_000);
    const first = checks.check(check(1), true);
    await turn();
    expect(statements).toHaveLength(1);
    // A burst while the first statement runs (windows sending after a pause): no statement each.
    const burst = Array.from({ length: 50 }, (_, i) => checks.check(check(i + 2), true));
    await turn();
    await turn();
    expect(statements).toHaveLength(1);
    statements[0]!.end();
    await expect(first).resolves.toBe(true);
    await turn();
    expect(statements).toHaveLength(2);
    expect(statements[1]!.checks).toHaveLength(50);
    statements[1]!.end();
    await expect(Promise.all(burst)).resolves.toEqual(Array(50).fill(true));
    // Idle again: the next urgent check has a statement of its own at the end of its turn.
    const next = checks.check(check(99), true);
    await turn();
    expect(statements).toHaveLength(3);
    statements[2]!.end();
    await expect(next).resolves.toBe(true);
  });

  it('fails the checks of a failed statement; the urgent checks made meanwhile still get theirs', async () => {
    const { statements, holdLocks } = heldStatements();
    const checks = createLeaseChecks(holdLocks, 60_000);
    const failed = checks.check(check(1), true);
    await turn();
    const waiting = checks.check(check(2), true);
    statements[0]!.end(new Error('database gone'));
    await expect(failed).rejects.toThrow('database gone');
    await turn();
    expect(statements).toHaveLength(2);
    statements[1]!.end();
    await expect(waiting).resolves.toBe(true);
  });
});
