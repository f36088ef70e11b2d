import type { LoginResultData } from '../../../protocol';
import { createAuthRepos } from '../../storage/repos';
import { AppError } from '../appError';
import type { AuthDeps, RequestContext } from './deps';
import { sha256 } from './secrets';
import { issueSession } from './session';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Trades a one-time login token (from sign-up or sign-in) for a session; the token works once, for its user only. */
export async function ternLogin(
  deps: AuthDeps,
  input: { token: string; user_id: string; invitationCode?: string | undefined },
  context: RequestContext,
): Promise<LoginResultData> {
  const invalid = () => new AppError(401, 'INVALID_TOKEN', 'The login link is invalid or has expired; please sign in again');
  if (!UUID.test(input.user_id)) throw invalid();
  const repos = createAuthRepos(deps.db);
  const consumed = await repos.loginTokens.consume({ tokenHash: sha256(input.token), userId: input.user_id, now: deps.now() });
  if (!consumed) throw invalid();
  const user = await repos.users.findById(input.user_id);
  if (!user) throw invalid();
  return issueSession(deps, { user, method: 'tern', invitationCode: input.invitationCode, context });
}
