import { randomBytes } from 'node:crypto';

import Fastify from 'fastify';

import type { FeishuUserInfo } from '../core/auth/feishuClient';

/**
 * TEST DOUBLE — a local stand-in for the three Feishu Open Platform endpoints the relay calls, with the request and
 * response shapes of the real ones (see core/auth/feishuClient.ts). Point FEISHU_BASE_URL at `url`. Not Feishu.
 */
export interface FeishuStandIn {
  url: string;
  appId: string;
  appSecret: string;
  /** Mints an authorization code that signs in as `user` (what the Feishu popup would put on the redirect). */
  issueCode(user: FeishuUserInfo): string;
  /** Paths called, in order. */
  calls: string[];
  close(): Promise<void>;
}

/** Who the stand-in's authorize page signs in (a browser test has no other way to pick). */
export const standInDefaultUser: FeishuUserInfo = {
  name: 'Feishu Tester',
  en_name: 'Feishu Tester',
  open_id: 'ou_standin_tester',
  union_id: 'on_standin_tester',
  enterprise_email: 'feishu.tester@corp.example',
};

export async function startFeishuStandIn(
  options: { appId?: string; appSecret?: string; defaultUser?: FeishuUserInfo } = {},
): Promise<FeishuStandIn> {
  const appId = options.appId ?? 'cli_standin';
  const appSecret = options.appSecret ?? 'standin-secret';
  const appTokens = new Set<string>();
  const codes = new Map<string, FeishuUserInfo>();
  const userTokens = new Map<string, FeishuUserInfo>();
  const calls: string[] = [];
  const token = (prefix: string) => `${prefix}-${randomBytes(12).toString('hex')}`;
  const issueCode = (user: FeishuUserInfo) => {
    const code = token('code');
    codes.set(code, user);
    return code;
  };
  const bearer = (header: string | undefined) => /^Bearer (\S+)$/.exec(header ?? '')?.[1] ?? '';

  const server = Fastify({ logger: false });
  server.addHook('onRequest', async (request) => {
    calls.push(`${request.method} ${request.url}`);
  });

  // The authorize page: approves at once and redirects with a code, as Feishu does after the user consents.
  server.get('/open-apis/authen/v1/authorize', async (request, reply) => {
    const query = request.query as { app_id?: string; redirect_uri?: string; state?: string };
    if (query.app_id !== appId || !query.redirect_uri)
      return reply.code(400).type('text/plain').send('stand-in: bad app_id or redirect_uri');
    const target = new URL(query.redirect_uri);
    target.searchParams.set('code', issueCode(options.defaultUser ?? standInDefaultUser));
    if (query.state !== undefined) target.searchParams.set('state', query.state);
    return reply.redirect(target.toString(), 302);
  });

  server.post('/open-apis/auth/v3/app_access_token/internal', async (request) => {
    const body = (request.body ?? {}) as { app_id?: string; app_secret?: string };
    if (body.app_id !== appId || body.app_secret !== appSecret) return { code: 10014, msg: 'app secret invalid' };
    const value = token('a');
    appTokens.add(value);
    return { code: 0, msg: 'ok', app_access_token: value, tenant_access_token: value, expire: 7200 };
  });

  server.post('/open-apis/authen/v1/oidc/access_token', async (request, reply) => {
    if (!appTokens.has(bearer(request.headers.authorization))) {
      return reply.code(400).send({ code: 99991663, msg: 'Invalid access token for authorization' });
    }
    const body = (request.body ?? {}) as { grant_type?: string; code?: string };
    const user = body.code ? codes.get(body.code) : undefined;
    if (body.grant_type !== 'authorization_code' || !user) return reply.code(400).send({ code: 20003, msg: 'invalid code' });
    codes.delete(body.code!);
    const accessToken = token('u');
    userTokens.set(accessToken, user);
    return {
      code: 0,
      msg: 'success',
      data: {
        access_token: accessToken,
        token_type: 'Bearer',
        expires_in: 6900,
        refresh_token: token('ur'),
        refresh_expires_in: 2592000,
        scope: '',
      },
    };
  });

  server.get('/open-apis/authen/v1/user_info', async (request, reply) => {
    const user = userTokens.get(bearer(request.headers.authorization));
    if (!user) return reply.code(401).send({ code: 99991668, msg: 'Invalid access token for authorization' });
    return { code: 0, msg: 'success', data: user };
  });

  await server.listen({ port: 0, host: '127.0.0.1' });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    appId,
    appSecret,
    calls,
    issueCode,
    close: () => server.close(),
  };
}
