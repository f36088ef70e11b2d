import { randomUUID } from 'node:crypto';

import type { AuthUser, LoginResultData } from '../../../protocol';
import { createAuthRepos } from '../../storage/repos';
import type { UserRow } from '../../storage/schema';
import { AppError } from '../appError';
import { toAuthUser } from './authUser';
import type { AuthDeps, RequestContext } from './deps';
import { checkAccessTokenSignature, signAccessToken } from './jwt';

/**
 * Starts a session: records the `jti`, signs the JWT and stores the invitation code of a first sign-in (a user with
 * no session yet and no code stored), which the billing feature turns into rewards.
 */
export async function issueSession(
  deps: AuthDeps,
  input: { user: UserRow; method: string; invitationCode?: string | undefined; context: RequestContext },
): Promise<LoginResultData> {
  const repos = createAuthRepos(deps.db);
  const issuedAt = deps.now();
  let user = input.user;
  if (input.invitationCode && !user.invitationCodeUsed && (await repos.accessTokens.countForUser(user.id)) === 0) {
    if (await repos.users.setInvitationCodeIfUnset(user.id, input.invitationCode, issuedAt)) {
      user = (await repos.users.findById(user.id)) ?? user;
    }
  }
  const jti = randomUUID();
  const expiresAt = new Date(issuedAt.getTime() + deps.jwt.ttlSeconds * 1000);
  await repos.accessTokens.create({
    jti,
    userId: user.id,
    method: input.method,
    issuedAt,
    expiresAt,
    ip: input.context.ip,
    clientInfo: input.context.clientInfo ?? null,
  });
  const accessToken = await signAccessToken(deps.jwt, { userId: user.id, jti, issuedAt, expiresAt });
  return {
    accessToken,
    expiresIn: deps.jwt.ttlSeconds,
    expiresAt: expiresAt.toISOString(),
    user: toAuthUser(user),
    loginMethod: input.method,
  };
}

export interface VerifiedAccess {
  user: AuthUser;
  userId: string;
  jti: string;
  method: string;
  expiresAt: Date;
}

/**
 * The one check of a Bearer token, for HTTP (`app.authenticate`) and socket handshakes alike: HS256 signature,
 * `aud`, `iss`, `exp`, then the server-side `jti` record (unknown, revoked, expired or someone else's → rejected).
 * Throws 401 UNAUTHORIZED.
 */
export async function verifyAccessToken(deps: AuthDeps, token: string): Promise<VerifiedAccess> {
  const now = deps.now();
  const check = await checkAccessTokenSignature(deps.jwt, token, now);
  if (!check.ok) {
    throw new AppError(401, 'UNAUTHORIZED', check.reason === 'expired' ? 'Session expired, please login again' : 'Invalid access token');
  }
  const repos = createAuthRepos(deps.db);
  const session = await repos.accessTokens.find(check.jti);
  if (!session || session.userId !== check.userId || session.revokedAt || session.expiresAt <= now) {
    throw new AppError(401, 'UNAUTHORIZED', 'Session expired, please login again');
  }
  const user = await repos.users.findById(session.userId);
  if (!user) throw new AppError(401, 'UNAUTHORIZED', 'Session expired, please login again');
  return { user: toAuthUser(user), userId: user.id, jti: session.jti, method: session.method, expiresAt: session.expiresAt };
}

/** Ends the session of this token; later requests with it answer 401. */
export async function logout(deps: AuthDeps, access: VerifiedAccess): Promise<void> {
  await createAuthRepos(deps.db).accessTokens.revoke(access.jti, deps.now());
}
