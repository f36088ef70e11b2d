import type { LoginResultData } from '../../../protocol';
import { createAuthRepos } from '../../storage/repos';
import { AppError } from '../appError';
import { accountGuard, accountLockedError, enforceRateLimit, lockedUntil, pause } from './attempts';
import type { AuthDeps, RequestContext } from './deps';
import { loginPermission } from './loginPermission';
import { burnPasswordCheck, verifyPassword } from './password';
import { issueSession } from './session';

/** Refuses callers outside private or whitelisted networks: 403 ACCESS_DENIED. */
export function assertCompanyNetwork(deps: AuthDeps, ip: string): void {
  if (!loginPermission(deps.network, ip, deps.now()).cheetahLoginAllowed) {
    throw new AppError(403, 'ACCESS_DENIED', 'Internal login is only available from the company network');
  }
}

/**
 * Internal company e-mail login (operator-provisioned `cheetah` accounts). Order: network, per-IP rate limit, this
 * address's lockout, the account-wide brake (progressive delay, ceiling), password. The failure that completes an
 * address's streak already answers ACCOUNT_LOCKED. Lockouts are per (IP, account): failures from elsewhere never lock
 * the owner out; past the account-wide ceiling only addresses without failures on the account may still try.
 */
export async function cheetahLogin(
  deps: AuthDeps,
  input: { email: string; password: string; invitationCode?: string | undefined },
  context: RequestContext,
): Promise<LoginResultData> {
  assertCompanyNetwork(deps, context.ip);
  const repos = createAuthRepos(deps.db);
  await enforceRateLimit(deps, repos, { scope: 'cheetah', ip: context.ip, email: input.email });

  const record = (outcome: 'success' | 'failure' | 'locked') =>
    repos.loginAttempts.record({ scope: 'cheetah', email: input.email, ip: context.ip, outcome, now: deps.now() });
  const lockedFor = (seconds: number) => accountLockedError(new Date(deps.now().getTime() + seconds * 1000), deps.now());

  const locked = await lockedUntil(deps, repos, 'cheetah', input.email, context.ip);
  if (locked) {
    await record('locked');
    throw accountLockedError(locked, deps.now());
  }
  const guard = await accountGuard(deps, repos, { scope: 'cheetah', email: input.email, ip: context.ip });
  await pause(guard.delayMs);
  if (guard.ceilingReached && guard.addressFailed) {
    await record('locked');
    throw lockedFor(guard.retryAfterSeconds);
  }

  const user = await repos.users.findByEmail(input.email);
  if (!user || user.provider !== 'cheetah' || !user.passwordHash) {
    await burnPasswordCheck(input.password, deps.passwordHashing);
    await record('failure');
    if (guard.ceilingReached) throw lockedFor(guard.retryAfterSeconds);
    throw new AppError(401, 'INVALID_CREDENTIALS', 'Invalid credentials');
  }
  if (!(await verifyPassword(input.password, user.passwordHash))) {
    await record('failure');
    const nowLocked = await lockedUntil(deps, repos, 'cheetah', input.email, context.ip);
    if (nowLocked) throw accountLockedError(nowLocked, deps.now());
    if (guard.ceilingReached) throw lockedFor(guard.retryAfterSeconds);
    throw new AppError(401, 'INVALID_PASSWORD', 'Invalid password');
  }
  await record('success');
  return issueSession(deps, { user, method: 'cheetah', invitationCode: input.invitationCode, context });
}

/** Operator command: clears every address's lockout and the account-wide count (the next failures count from zero). */
export async function unlockCheetahAccount(deps: Pick<AuthDeps, 'db' | 'now'>, email: string): Promise<void> {
  await createAuthRepos(deps.db).loginAttempts.record({
    scope: 'cheetah',
    email: email.trim().toLowerCase(),
    ip: 'admin',
    outcome: 'unlock',
    now: deps.now(),
  });
}
