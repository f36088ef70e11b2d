import { describe, expect, it } from 'vitest';

import type { AuthRepos } from '../../storage/repos';
import { AppError } from '../appError';
import { type AttemptScope, enforceRateLimit } from './attempts';
import { type AuthDeps, defaultAuthLimits } from './deps';

/** Test stand-in for the attempts table: a fixed count of recent attempts per scope, and what got recorded. */
function reposWith(recent: Partial<Record<AttemptScope, number>>) {
  const recorded: string[] = [];
  const repos = {
    loginAttempts: {
      countByIpSince: async (scope: AttemptScope) => recent[scope] ?? 0,
      countByEmailSince: async () => 0,
      record: async (row: { scope: string; outcome: string }) => {
        recorded.push(`${row.scope}:${row.outcome}`);
      },
    },
  } as unknown as AuthRepos;
  return { repos, recorded };
}

const deps = (limits: Partial<AuthDeps['limits']> = {}) =>
  ({ now: () => new Date('2026-11-22T09:00:00Z'), limits: { ...defaultAuthLimits, ...limits } }) as AuthDeps;

const outcome = (p: Promise<void>) => p.then(() => 'ok', (e: unknown) => (e instanceof AppError ? `${e.status} ${e.code}` : 'other'));

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
    expect(await outcome(enforceRateLimit(deps(limits), reposWith(busy).repos, { scope: 'cheetah', ip: '203.0.113.2' }))).toBe('429 TOO_MANY_REQUESTS');
  });
});
