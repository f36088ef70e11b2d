import { z } from 'zod';

import { cleanText, isPlain } from '../../../protocol';

/**
 * Feishu Open Platform calls for the web login (self-built app):
 * 1. POST /open-apis/auth/v3/app_access_token/internal {app_id, app_secret} → {code, msg, app_access_token, expire}
 * 2. POST /open-apis/authen/v1/oidc/access_token, Bearer app token, {grant_type:'authorization_code', code}
 *    → {code, msg, data:{access_token, expires_in, refresh_token, …}}
 * 3. GET /open-apis/authen/v1/user_info, Bearer user token → {code, msg, data:{name, en_name, avatar_url, open_id,
 *    union_id, email?, enterprise_email?, …}}
 * Every answer carries `code` (0 = success) and `msg`.
 */

export class FeishuError extends Error {
  /** `rejected`: Feishu answered and refused (bad code or token); `unavailable`: it did not answer sensibly. */
  readonly kind: 'rejected' | 'unavailable';
  readonly feishuCode: number | null;
  constructor(kind: 'rejected' | 'unavailable', message: string, feishuCode: number | null = null) {
    super(message);
    this.name = 'FeishuError';
    this.kind = kind;
    this.feishuCode = feishuCode;
  }
}

const envelope = z.object({ code: z.number(), msg: z.string().optional() }).loose();
const appTokenBody = z.object({ app_access_token: z.string().min(1), expire: z.number().optional() });
const userTokenBody = z.object({ data: z.object({ access_token: z.string().min(1), expires_in: z.number().optional() }).loose() });
// Feishu's user info is data from outside (names are user-entered; issue #11): text keeps NUL and lone surrogates made
// storable (␀, U+FFFD; relay/protocol/text.ts), and an e-mail or avatar URL that is not plain is dropped, not stored.
const feishuText = z.string().transform(cleanText).optional();
const plainOrDropped = z
  .string()
  .transform((v) => (isPlain(v) ? v : undefined))
  .optional();
export const feishuUserInfoSchema = z
  .object({
    name: feishuText,
    en_name: feishuText,
    avatar_url: plainOrDropped,
    open_id: z.string().min(1),
    union_id: feishuText,
    user_id: feishuText,
    email: plainOrDropped,
    enterprise_email: plainOrDropped,
    tenant_key: feishuText,
  })
  .loose();
export type FeishuUserInfo = z.infer<typeof feishuUserInfoSchema>;

export interface FeishuClient {
  appId: string;
  /** The authorize page the browser popup opens. */
  authorizeUrl: string;
  /** Exchanges an authorization code for a user access token. */
  exchangeCode(code: string): Promise<string>;
  userInfo(userAccessToken: string): Promise<FeishuUserInfo>;
}

export function createFeishuClient(options: {
  baseUrl: string;
  appId: string;
  appSecret: string;
  fetch?: typeof fetch;
  now?: () => Date;
  timeoutMs?: number;
}): FeishuClient {
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? (() => new Date());
  const base = options.baseUrl.replace(/\/+$/, '');
  let appToken: { value: string; expiresAt: number } | null = null;

  async function call(path: string, init: RequestInit): Promise<Record<string, unknown>> {
    let response: Response;
    try {
      response = await doFetch(base + path, { ...init, signal: AbortSignal.timeout(options.timeoutMs ?? 10_000) });
    } catch (error) {
      throw new FeishuError('unavailable', `Feishu is unreachable: ${(error as Error).message}`);
    }
    const json: unknown = await response.json().catch(() => null);
    const parsed = envelope.safeParse(json);
    if (!parsed.success) throw new FeishuError('unavailable', `Feishu answered HTTP ${response.status} without a JSON body`);
    if (parsed.data.code !== 0) {
      throw new FeishuError('rejected', `Feishu error ${parsed.data.code}: ${parsed.data.msg ?? 'unknown'}`, parsed.data.code);
    }
    return parsed.data;
  }

  async function appAccessToken(): Promise<string> {
    // Cached until a minute before it expires (Feishu issues it for 2 hours).
    if (appToken && appToken.expiresAt > now().getTime()) return appToken.value;
    const body = await call('/open-apis/auth/v3/app_access_token/internal', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
      body: JSON.stringify({ app_id: options.appId, app_secret: options.appSecret }),
    });
    const parsed = appTokenBody.safeParse(body);
    if (!parsed.success) throw new FeishuError('unavailable', 'Feishu returned no app_access_token');
    const ttl = Math.max(0, (parsed.data.expire ?? 7200) - 60) * 1000;
    appToken = { value: parsed.data.app_access_token, expiresAt: now().getTime() + ttl };
    return appToken.value;
  }

  return {
    appId: options.appId,
    authorizeUrl: `${base}/open-apis/authen/v1/authorize`,

    async exchangeCode(code) {
      const token = await appAccessToken();
      const body = await call('/open-apis/authen/v1/oidc/access_token', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json; charset=utf-8', Authorization: `Bearer ${token}` },
        body: JSON.stringify({ grant_type: 'authorization_code', code }),
      });
      const parsed = userTokenBody.safeParse(body);
      if (!parsed.success) throw new FeishuError('unavailable', 'Feishu returned no user access_token');
      return parsed.data.data.access_token;
    },

    async userInfo(userAccessToken) {
      const body = await call('/open-apis/authen/v1/user_info', {
        method: 'GET',
        headers: { Authorization: `Bearer ${userAccessToken}` },
      });
      const parsed = feishuUserInfoSchema.safeParse(body.data);
      if (!parsed.success) throw new FeishuError('unavailable', 'Feishu returned no user info');
      return parsed.data;
    },
  };
}
