import { describe, expect, it } from 'vitest';

import type { AuthRepos } from '../../storage/repos';
import { AppError } from '../appError';
import { type AttemptScope, enforceRateLimit, progressiveDelayMs } from './attempts';
import { type AuthDeps, defaultAuthLimits } from './deps';

/** Test stand-in for the attempts table: a fixed count of recent attempts per scope, and what got recorded. */
function reposWith(recent: Partial<Record<AttemptScope, number>>) {
  const recorded: string[] = [];
  const repos = {
    loginAttempts: {
      countByIpSince: async (scope: AttemptScope) => recent[scope] ?? 0,
      countByEmailSince: async () => 0,
      countWhere: async () => 0,
      nthOldestAt: async () => null,
      record: async (row: { scope: string; outcome: string }) => {
        recorded.push(`${row.scope}:${row.outcome}`);
      },
    },
  } as unknown as AuthRepos;
  return { repos, recorded };
}

const deps = (limits: Partial<AuthDeps['limits']> = {}) =>
  ({ now: () => new Date('2026-11-22T09:00:00Z'), limits: { ...defaultAuthLimits, ...limits } }) as AuthDeps;

const outcome = (p: Promise<void>) =>
  p.then(
    () => 'ok',
    (e: unknown) => (e instanceof AppError ? `${e.status} ${e.code}` : 'other'),
  );

describe('per-IP rate limit', () => {
  it('refuses the attempt past the limit and records it as rate limited', async () => {
    const { repos, recorded } = reposWith({ signup: 10 });
    expect(await outcome(enforceRateLimit(deps(), repos, { scope: 'signup', ip: '203.0.113.1' }))).toBe('429 TOO_MANY_REQUESTS');
    expect(recorded).toEqual(['signup:rate_limited']);
    expect(await outcome(enforceRateLimit(deps(), reposWith({ signup: 9 }).repos, { scope: 'signup', ip: '203.0.113.1' }))).toBe('ok');
  });

  it('a per-scope limit applies to that scope only', async () => {
    const limits = { perIpPerMinuteByScope: { signup: 500 } };
    const busy = { signup: 50, cheetah: 10 } as const;
    expect(await outcome(enforceRateLimit(deps(limits), reposWith(busy).repos, { scope: 'signup', ip: '203.0.113.2' }))).toBe('ok');
    expect(await outcome(enforceRateLimit(deps(limits), reposWith(busy).repos, { scope: 'cheetah', ip: '203.0.113.2' }))).toBe(
      '429 TOO_MANY_REQUESTS',
    );
  });
});

describe('progressive delay on an account under attack', () => {
  const limits = { accountDelayAfter: 10, accountDelayStepMs: 250, accountDelayMaxMs: 3_000 };

  it('is nothing below the threshold, then grows a step per failure up to the cap', () => {
    expect(progressiveDelayMs(limits, 0)).toBe(0);
    expect(progressiveDelayMs(limits, 9)).toBe(0);
    expect(progressiveDelayMs(limits, 10)).toBe(250);
    expect(progressiveDelayMs(limits, 11)).toBe(500);
    expect(progressiveDelayMs(limits, 21)).toBe(3_000);
    expect(progressiveDelayMs(limits, 10_000)).toBe(3_000);
  });

  it('the defaults keep the owner’s wait short', () => {
    expect(progressiveDelayMs(defaultAuthLimits, defaultAuthLimits.accountFailureCeiling * 10)).toBeLessThanOrEqual(5_000);
    expect(defaultAuthLimits.accountFailureCeiling).toBeGreaterThan(defaultAuthLimits.perEmailPerMinute * 5);
  });
});
