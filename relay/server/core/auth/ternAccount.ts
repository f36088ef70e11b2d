import type { TernSigninRequest, TernSignupRequest } from '../../../protocol';
import { type AuthRepos, createAuthRepos, isUniqueViolation } from '../../storage/repos';
import { AppError } from '../appError';
import { accountGuard, enforceRateLimit, pause, tooManyRequests } from './attempts';
import type { AuthDeps, RequestContext } from './deps';
import { burnPasswordCheck, hashPassword, verifyPassword } from './password';
import { randomSecret, sha256 } from './secrets';

export interface OneTimeToken {
  token: string;
  userId: string;
}

/** The tern login page hands this to /callback; /auth/jwt/tern-login trades it for a session once, within 5 minutes. */
async function issueOneTimeToken(deps: AuthDeps, repos: AuthRepos, userId: string): Promise<OneTimeToken> {
  const token = randomSecret(32);
  const now = deps.now();
  await repos.loginTokens.create({
    tokenHash: sha256(token),
    userId,
    expiresAt: new Date(now.getTime() + deps.limits.oneTimeTokenTtlMs),
    now,
  });
  return { token, userId };
}

export async function ternSignup(deps: AuthDeps, input: TernSignupRequest, context: RequestContext): Promise<OneTimeToken> {
  const repos = createAuthRepos(deps.db);
  await enforceRateLimit(deps, repos, { scope: 'signup', ip: context.ip, email: input.email });
  const record = (outcome: 'success' | 'failure') =>
    repos.loginAttempts.record({ scope: 'signup', email: input.email, ip: context.ip, outcome, now: deps.now() });
  const taken = () => new AppError(409, 'EMAIL_TAKEN', 'An account with this email already exists');

  if (await repos.users.findByEmail(input.email)) {
    await record('failure');
    throw taken();
  }
  const passwordHash = await hashPassword(input.password, deps.passwordHashing);
  let userId: string;
  try {
    const user = await repos.users.create({
      username: input.username,
      email: input.email,
      passwordHash,
      provider: 'tern',
      invitationCodeUsed: input.invitationCode ?? null,
      now: deps.now(),
    });
    userId = user.id;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    await record('failure');
    throw taken();
  }
  await record('success');
  return issueOneTimeToken(deps, repos, userId);
}

/**
 * Unknown e-mail and wrong password answer the same 401, after the same amount of work. Limits: per IP and per
 * (IP, e-mail) a minute, then the account-wide brake (progressive delay; past the ceiling an address that already
 * failed on the account gets 429, while a correct password from an address without failures still signs in).
 */
export async function ternSignin(deps: AuthDeps, input: TernSigninRequest, context: RequestContext): Promise<OneTimeToken> {
  const repos = createAuthRepos(deps.db);
  await enforceRateLimit(deps, repos, { scope: 'tern', ip: context.ip, email: input.email, perEmail: true });
  const record = (outcome: 'success' | 'failure' | 'rate_limited') =>
    repos.loginAttempts.record({ scope: 'tern', email: input.email, ip: context.ip, outcome, now: deps.now() });
  const guard = await accountGuard(deps, repos, { scope: 'tern', email: input.email, ip: context.ip });
  await pause(guard.delayMs);
  if (guard.ceilingReached && guard.addressFailed) {
    await record('rate_limited');
    throw tooManyRequests(guard.retryAfterSeconds);
  }
  const user = await repos.users.findByEmail(input.email);
  let ok = false;
  if (user && user.provider === 'tern' && user.passwordHash) ok = await verifyPassword(input.password, user.passwordHash);
  else await burnPasswordCheck(input.password, deps.passwordHashing);
  await record(ok ? 'success' : 'failure');
  if (!ok || !user) {
    if (guard.ceilingReached) throw tooManyRequests(guard.retryAfterSeconds);
    throw new AppError(401, 'INVALID_CREDENTIALS', 'Invalid email or password');
  }
  return issueOneTimeToken(deps, repos, user.id);
}
