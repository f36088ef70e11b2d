import type { LoginResultData } from '../../../protocol';
import { createAuthRepos } from '../../storage/repos';
import { AppError } from '../appError';
import type { AuthDeps, RequestContext } from './deps';
import { randomSecret, sha256 } from './secrets';
import { issueSession, type VerifiedAccess } from './session';

/**
 * A signed-in client (typically `tern --cloud`) mints a code for `/token-login?code=…`; the browser trades it for its
 * own session of the same user, once, within 5 minutes.
 */
export async function createTempCode(deps: AuthDeps, access: VerifiedAccess): Promise<{ code: string; expiresAt: string }> {
  const code = randomSecret(24);
  const now = deps.now();
  const expiresAt = new Date(now.getTime() + deps.limits.tempCodeTtlMs);
  await createAuthRepos(deps.db).tempCodes.create({ codeHash: sha256(code), userId: access.userId, method: access.method, expiresAt, now });
  return { code, expiresAt: expiresAt.toISOString() };
}

export async function exchangeTempCode(deps: AuthDeps, code: string, context: RequestContext): Promise<LoginResultData> {
  const repos = createAuthRepos(deps.db);
  const invalid = () => new AppError(401, 'INVALID_CODE', 'The login code is invalid, used or expired');
  const owner = await repos.tempCodes.consume(sha256(code), deps.now());
  if (!owner) throw invalid();
  const user = await repos.users.findById(owner.userId);
  if (!user) throw invalid();
  return issueSession(deps, { user, method: owner.method, context });
}
