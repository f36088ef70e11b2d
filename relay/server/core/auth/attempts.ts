import type { AuthRepos } from '../../storage/repos';
import { AppError } from '../appError';
import type { AuthDeps } from './deps';

export type AttemptScope = 'tern' | 'cheetah' | 'signup';

const MINUTE = 60_000;

/** Per-IP (and optionally per-e-mail) sliding one-minute window; a refused attempt is recorded and counts too. */
export async function enforceRateLimit(
  deps: AuthDeps,
  repos: AuthRepos,
  input: { scope: AttemptScope; ip: string; email?: string | null; perEmail?: boolean },
): Promise<void> {
  const now = deps.now();
  const since = new Date(now.getTime() - MINUTE);
  const perIp = deps.limits.perIpPerMinuteByScope?.[input.scope] ?? deps.limits.perIpPerMinute;
  let limited = (await repos.loginAttempts.countByIpSince(input.scope, input.ip, since)) >= perIp;
  if (!limited && input.perEmail && input.email) {
    limited = (await repos.loginAttempts.countByEmailSince(input.scope, input.email, since)) >= deps.limits.perEmailPerMinute;
  }
  if (limited) {
    await repos.loginAttempts.record({ scope: input.scope, email: input.email ?? null, ip: input.ip, outcome: 'rate_limited', now });
    throw new AppError(429, 'TOO_MANY_REQUESTS', 'Too many requests, please try again later');
  }
}

/** Locked while the last `lockoutThreshold` decisive outcomes are failures and the newest is recent. */
export async function lockedUntil(deps: AuthDeps, repos: AuthRepos, scope: AttemptScope, email: string): Promise<Date | null> {
  const last = await repos.loginAttempts.lastDecisive(scope, email, deps.limits.lockoutThreshold);
  if (last.length < deps.limits.lockoutThreshold || last.some((a) => a.outcome !== 'failure')) return null;
  const until = new Date(last[0]!.createdAt.getTime() + deps.limits.lockoutMs);
  return until > deps.now() ? until : null;
}

export function accountLockedError(until: Date, now: Date): AppError {
  const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / MINUTE));
  return new AppError(423, 'ACCOUNT_LOCKED', `Account has been locked after repeated failed logins; try again in ${minutes} minutes`);
}
