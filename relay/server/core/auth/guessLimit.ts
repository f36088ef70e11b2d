import type { Database } from '../../storage/database';
import { createLoginAttemptsRepo } from '../../storage/repos/loginAttemptsRepo';
import { AppError } from '../appError';
import { enforceWindow } from './attempts';

/** Endpoints that take a secret someone could try to guess; each counts the wrong guesses per IP. */
export type GuessScope = 'promo-code' | 'temp-code' | 'login-token' | 'pairing-poll' | 'pairing-code';

const TEN_MINUTES = 10 * 60_000;

/**
 * Wrong guesses an address may make per window before it gets 429 (with Retry-After) until enough of them age out.
 * A person mistyping a code stays far below; a guesser is slowed to a handful a minute. Pairing codes are short and
 * the browser's pairing page looks them up as typed, hence its higher allowance.
 */
export const guessLimits: Record<GuessScope, { max: number; windowMs: number }> = {
  'promo-code': { max: 10, windowMs: TEN_MINUTES },
  'temp-code': { max: 10, windowMs: TEN_MINUTES },
  'login-token': { max: 10, windowMs: TEN_MINUTES },
  'pairing-poll': { max: 10, windowMs: TEN_MINUTES },
  'pairing-code': { max: 30, windowMs: TEN_MINUTES },
};

/** An AppError with one of these codes (the answer to a wrong guess). */
export const isAppErrorCode =
  (...codes: string[]) =>
  (error: unknown): boolean =>
    error instanceof AppError && codes.includes(error.code);

/**
 * Runs `attempt` unless `ip` has used up its wrong guesses for `scope` (429 TOO_MANY_REQUESTS with Retry-After);
 * an attempt that fails with a miss (`isMiss`) is recorded against the address. Refused attempts are not recorded,
 * so Retry-After is exact for a client that waits. Concurrent guesses may overshoot the limit by the concurrency.
 */
export async function limitGuesses<T>(
  deps: { db: Database; now: () => Date },
  scope: GuessScope,
  ip: string,
  attempt: () => Promise<T>,
  isMiss: (error: unknown) => boolean,
): Promise<T> {
  const repo = createLoginAttemptsRepo(deps.db);
  const now = deps.now();
  await enforceWindow(repo, { scope, ip, outcomes: ['failure'] }, guessLimits[scope], now);
  try {
    return await attempt();
  } catch (error) {
    if (isMiss(error)) await repo.record({ scope, email: null, ip, outcome: 'failure', now });
    throw error;
  }
}
