import type { AuthRepos } from '../../storage/repos';
import type { AttemptFilter, LoginAttemptsRepo } from '../../storage/repos/loginAttemptsRepo';
import { AppError } from '../appError';
import type { AuthDeps, AuthLimits } from './deps';

export type AttemptScope = 'tern' | 'cheetah' | 'signup';

const MINUTE = 60_000;

export const tooManyRequests = (retryAfterSeconds: number): AppError =>
  new AppError(429, 'TOO_MANY_REQUESTS', 'Too many requests, please try again later', undefined, { retryAfterSeconds });

/**
 * Seconds until a sliding window holding `count` attempts (at least `max`) admits one more, if no more come: the
 * `count - max`-th oldest of them must age out.
 */
export async function retryAfterSeconds(
  repo: Pick<LoginAttemptsRepo, 'nthOldestAt'>,
  filter: AttemptFilter,
  count: number,
  max: number,
  windowMs: number,
  now: Date,
): Promise<number> {
  const nth = await repo.nthOldestAt(filter, count - max);
  const until = (nth ?? now).getTime() + windowMs;
  return Math.max(1, Math.ceil((until - now.getTime()) / 1000));
}

/**
 * Refuses (429 with Retry-After) when `filter` already matches `max` attempts within `windowMs`. `filter.since` is
 * set here from the window.
 */
export async function enforceWindow(
  repo: Pick<LoginAttemptsRepo, 'countWhere' | 'nthOldestAt'>,
  filter: Omit<AttemptFilter, 'since'>,
  rule: { max: number; windowMs: number },
  now: Date,
): Promise<void> {
  const window = { ...filter, since: new Date(now.getTime() - rule.windowMs) };
  const count = await repo.countWhere(window);
  if (count >= rule.max) throw tooManyRequests(await retryAfterSeconds(repo, window, count, rule.max, rule.windowMs, now));
}

/**
 * Per-IP sliding one-minute window (every attempt of the scope from that address), and with `perEmail` a second one
 * per (IP, e-mail). Never per e-mail alone: attempts from one address must not lock the account's owner out at
 * another (the account-wide ceiling is `accountGuard`). A refused attempt is recorded and counts too.
 */
export async function enforceRateLimit(
  deps: AuthDeps,
  repos: AuthRepos,
  input: { scope: AttemptScope; ip: string; email?: string | null; perEmail?: boolean },
): Promise<void> {
  const now = deps.now();
  const since = new Date(now.getTime() - MINUTE);
  const perIp = deps.limits.perIpPerMinuteByScope?.[input.scope] ?? deps.limits.perIpPerMinute;
  let window: { filter: AttemptFilter; count: number; max: number } | null = null;
  const ipCount = await repos.loginAttempts.countByIpSince(input.scope, input.ip, since);
  if (ipCount >= perIp) window = { filter: { scope: input.scope, ip: input.ip, since }, count: ipCount, max: perIp };
  if (!window && input.perEmail && input.email) {
    const filter = { scope: input.scope, ip: input.ip, email: input.email, since };
    const count = await repos.loginAttempts.countWhere(filter);
    if (count >= deps.limits.perEmailPerMinute) window = { filter, count, max: deps.limits.perEmailPerMinute };
  }
  if (window) {
    const retry = await retryAfterSeconds(repos.loginAttempts, window.filter, window.count, window.max, MINUTE, now);
    await repos.loginAttempts.record({ scope: input.scope, email: input.email ?? null, ip: input.ip, outcome: 'rate_limited', now });
    throw tooManyRequests(retry);
  }
}

/**
 * Locked while the last `lockoutThreshold` decisive outcomes of this address on this account are failures and the
 * newest is recent. Per (IP, account): someone else's failures never lock the owner out.
 */
export async function lockedUntil(deps: AuthDeps, repos: AuthRepos, scope: AttemptScope, email: string, ip: string): Promise<Date | null> {
  const last = await repos.loginAttempts.lastDecisive(scope, email, deps.limits.lockoutThreshold, ip);
  if (last.length < deps.limits.lockoutThreshold || last.some((a) => a.outcome !== 'failure')) return null;
  const until = new Date(last[0]!.createdAt.getTime() + deps.limits.lockoutMs);
  return until > deps.now() ? until : null;
}

export function accountLockedError(until: Date, now: Date): AppError {
  const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  const minutes = Math.ceil(seconds / 60);
  return new AppError(
    423,
    'ACCOUNT_LOCKED',
    `Account has been locked after repeated failed logins; try again in ${minutes} minutes`,
    undefined,
    {
      retryAfterSeconds: seconds,
    },
  );
}

/** The wait before answering an attempt on an account with this many recent failures (0 below `accountDelayAfter`). */
export function progressiveDelayMs(
  limits: Pick<AuthLimits, 'accountDelayAfter' | 'accountDelayStepMs' | 'accountDelayMaxMs'>,
  failures: number,
): number {
  if (failures < limits.accountDelayAfter) return 0;
  return Math.min((failures - limits.accountDelayAfter + 1) * limits.accountDelayStepMs, limits.accountDelayMaxMs);
}

export interface AccountGuard {
  /** Failed attempts on the account from every address within the account window (since the last operator unlock). */
  failures: number;
  /** At or past the account-wide ceiling: only an address without failures on the account may still try. */
  ceilingReached: boolean;
  /** This address failed on the account within the window (only looked up once the ceiling is reached). */
  addressFailed: boolean;
  /** When the account falls back below the ceiling (0 while it is below). */
  retryAfterSeconds: number;
  /** Progressive delay before this attempt is answered. */
  delayMs: number;
}

/**
 * The account-wide brake, far above the per-address limits: failures from every address count, each attempt waits a
 * little longer as they grow, and past the ceiling an address that already failed on the account is refused while a
 * correct password from an address with no failures still gets in (the owner is never locked out by others).
 */
export async function accountGuard(
  deps: AuthDeps,
  repos: AuthRepos,
  input: { scope: AttemptScope; email: string; ip: string },
): Promise<AccountGuard> {
  const { limits } = deps;
  const now = deps.now();
  const unlockedAt = await repos.loginAttempts.lastAt(input.scope, input.email, 'unlock');
  const windowStart = now.getTime() - limits.accountWindowMs;
  const since = new Date(Math.max(windowStart, unlockedAt?.getTime() ?? 0));
  const filter: AttemptFilter = { scope: input.scope, email: input.email, outcomes: ['failure'], since };
  const failures = await repos.loginAttempts.countWhere(filter);
  const ceilingReached = failures >= limits.accountFailureCeiling;
  if (!ceilingReached)
    return { failures, ceilingReached, addressFailed: false, retryAfterSeconds: 0, delayMs: progressiveDelayMs(limits, failures) };
  const addressFailed = (await repos.loginAttempts.countWhere({ ...filter, ip: input.ip })) > 0;
  const retry = await retryAfterSeconds(repos.loginAttempts, filter, failures, limits.accountFailureCeiling, limits.accountWindowMs, now);
  return { failures, ceilingReached, addressFailed, retryAfterSeconds: retry, delayMs: progressiveDelayMs(limits, failures) };
}

export const pause = (ms: number): Promise<void> => (ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve());
