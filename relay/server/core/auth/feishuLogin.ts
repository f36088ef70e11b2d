import { cleanText, type LoginResultData } from '../../../protocol';
import { transaction } from '../../storage/database';
import { createAuthRepos, isUniqueViolation } from '../../storage/repos';
import type { UserRow } from '../../storage/schema';
import { AppError } from '../appError';
import type { AuthDeps, RequestContext } from './deps';
import { type FeishuClient, FeishuError, type FeishuUserInfo } from './feishuClient';
import { loginPermission } from './loginPermission';
import { issueSession } from './session';

function requireFeishu(deps: AuthDeps, ip: string): FeishuClient {
  if (!deps.feishu) throw new AppError(503, 'FEISHU_NOT_CONFIGURED', 'Feishu login is not configured on this server');
  if (!loginPermission(deps.network, ip, deps.now()).feishuLoginAllowed) {
    throw new AppError(403, 'ACCESS_DENIED', 'Feishu login is not available from your network');
  }
  return deps.feishu;
}

function feishuFailure(error: unknown, rejected: AppError): never {
  if (error instanceof FeishuError) {
    if (error.kind === 'rejected') throw rejected;
    throw new AppError(502, 'FEISHU_ERROR', 'Feishu is not answering, please try again later');
  }
  throw error;
}

/**
 * Exchanges the authorization code from the Feishu popup for a Feishu user access token. The redirect URI must be
 * exactly one this relay allows, so a code minted for another site is not accepted here.
 */
export async function feishuExchange(
  deps: AuthDeps,
  input: { code: string; redirect_uri: string; allowedRedirectUris: readonly string[] },
  context: RequestContext,
): Promise<string> {
  const feishu = requireFeishu(deps, context.ip);
  if (!input.allowedRedirectUris.includes(input.redirect_uri)) {
    throw new AppError(400, 'INVALID_REDIRECT_URI', 'redirect_uri is not allowed', [
      { path: 'redirect_uri', message: `Expected ${input.allowedRedirectUris.join(' or ')}` },
    ]);
  }
  try {
    return await feishu.exchangeCode(input.code);
  } catch (error) {
    feishuFailure(error, new AppError(400, 'FEISHU_ERROR', 'The Feishu authorization code is invalid or has expired'));
  }
}

const emailOf = (info: FeishuUserInfo): string | null => {
  const raw = (info.enterprise_email || info.email || '').trim().toLowerCase();
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(raw) ? raw : null;
};

/**
 * Signs in with a Feishu user access token: the user is found by Feishu open_id, or created on the first login.
 * Feishu e-mails are admin-entered and unverified, so they never link to an existing account; a Feishu account whose
 * e-mail is already taken keeps no e-mail.
 */
export async function feishuLogin(
  deps: AuthDeps,
  input: { feishuAccessToken: string; invitationCode?: string | undefined },
  context: RequestContext,
): Promise<LoginResultData> {
  const feishu = requireFeishu(deps, context.ip);
  let info: FeishuUserInfo;
  try {
    info = await feishu.userInfo(input.feishuAccessToken);
  } catch (error) {
    feishuFailure(error, new AppError(401, 'INVALID_TOKEN', 'The Feishu access token is invalid or has expired'));
  }
  const user = await upsertFeishuUser(deps, info).catch(async (error: unknown) => {
    // Two first logins of one person racing: the loser finds the winner's identity.
    if (isUniqueViolation(error)) return upsertFeishuUser(deps, info);
    throw error;
  });
  return issueSession(deps, { user, method: 'feishu', invitationCode: input.invitationCode, context });
}

async function upsertFeishuUser(deps: AuthDeps, info: FeishuUserInfo): Promise<UserRow> {
  const profile = {
    name: info.name,
    en_name: info.en_name,
    open_id: info.open_id,
    union_id: info.union_id,
    tenant_key: info.tenant_key,
  };
  return transaction(deps.db, async (tx) => {
    const repos = createAuthRepos(tx);
    const now = deps.now();
    const existingId = await repos.identities.findUserId('feishu', info.open_id);
    if (existingId) {
      await repos.identities.updateProfile('feishu', info.open_id, profile, now);
      const refreshed = await repos.users.updateProfile(existingId, info.avatar_url ? { avatar: info.avatar_url } : {}, now);
      if (refreshed) return refreshed;
    }
    let email = emailOf(info);
    if (email && (await repos.users.findByEmail(email))) email = null;
    const user = await repos.users.create({
      // Cut to 40 code units; a surrogate pair cut in two leaves U+FFFD, not a lone half.
      username: cleanText((info.name || info.en_name || 'Feishu user').slice(0, 40)),
      email,
      avatar: info.avatar_url || null,
      provider: 'feishu',
      now,
    });
    await repos.identities.link({ provider: 'feishu', subject: info.open_id, userId: user.id, profile, now });
    return user;
  });
}
