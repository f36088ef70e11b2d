import { ApiError } from '../../../shared/api/http';

/**
 * Spec §7 user stats: refetched every 30 s, stale after 10 s, up to 2 retries with exponential delay from 1 s to a
 * 30 s cap, and no retry when the error code is QUOTA_CONFIG_NOT_FOUND or DATABASE_TABLE_MISSING.
 */
export const STATS_REFETCH_MS = 30_000;
export const STATS_STALE_MS = 10_000;
export const STATS_MAX_RETRIES = 2;
export const STATS_RETRY_BASE_MS = 1_000;
export const STATS_RETRY_CAP_MS = 30_000;

/** The error codes spec §7 names; the same list as the protocol's `noRetryErrorCodes`. */
export const STATS_NO_RETRY_CODES: readonly string[] = ['QUOTA_CONFIG_NOT_FOUND', 'DATABASE_TABLE_MISSING'];

export function errorCode(error: unknown): string | null {
  return error instanceof ApiError ? error.code : null;
}

/** TanStack Query `retry`: failureCount counts the failures before this one (0 after the first failure). */
export function shouldRetryStats(failureCount: number, error: unknown): boolean {
  const code = errorCode(error);
  if (code && STATS_NO_RETRY_CODES.includes(code)) return false;
  // A 401 ends the session; retrying cannot help.
  if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return false;
  return failureCount < STATS_MAX_RETRIES;
}

/** TanStack Query `retryDelay`: attempt 0 → 1 s, 1 → 2 s, 2 → 4 s …, capped at 30 s. */
export function statsRetryDelay(attempt: number): number {
  return Math.min(STATS_RETRY_BASE_MS * 2 ** Math.max(0, attempt), STATS_RETRY_CAP_MS);
}
