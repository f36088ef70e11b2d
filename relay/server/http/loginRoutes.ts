import type { FastifyInstance, FastifyRequest } from 'fastify';

import {
  cheetahLoginRequestSchema,
  cheetahLoginResponseSchema,
  clientConfigResponseSchema,
  feishuExchangeRequestSchema,
  feishuExchangeResponseSchema,
  feishuLoginRequestSchema,
  loginPermissionSchema,
} from '../../protocol';
import { AppError } from '../core/appError';
import { assertCompanyNetwork, type AuthDeps, cheetahLogin, feishuExchange, feishuLogin, loginPermission } from '../core/auth';
import { parseBody } from './apiErrors';
import { loginResultBody, requestContext } from './authRoutes';

/**
 * The Feishu popup's redirect URI must be exactly PUBLIC_URL/callback, or — without PUBLIC_URL — this request's own
 * origin + /callback.
 */
export function allowedRedirectUris(publicUrl: string | undefined, request: FastifyRequest): string[] {
  const origin = publicUrl ? publicUrl.replace(/\/+$/, '') : `${request.protocol}://${request.host}`;
  // The PWA's callback needs its type and login method in the query; both forms are exact, fixed strings.
  return [`${origin}/callback`, `${origin}/callback?type=authlogin&logintype=feishu`];
}

/** Network-dependent logins: the permission probe, client config, Feishu and cheetah. */
export function registerLoginRoutes(app: FastifyInstance, deps: AuthDeps, options: { publicUrl?: string | undefined }): void {
  app.get('/api/client/feishu-allowed', async (request) =>
    loginPermissionSchema.parse(loginPermission(deps.network, request.ip, deps.now())),
  );

  // The spec's client config also carries the Feishu appSecret; a browser never gets it (docs/auth.md).
  app.get('/api/config/client', async () =>
    clientConfigResponseSchema.parse({
      success: true,
      data: { feishu: deps.feishu ? { appId: deps.feishu.appId, authorizeUrl: deps.feishu.authorizeUrl } : { appId: null } },
    }),
  );

  app.post('/api/auth/feishu/exchange', async (request) => {
    const body = parseBody(feishuExchangeRequestSchema, request.body);
    const accessToken = await feishuExchange(
      deps,
      { ...body, allowedRedirectUris: allowedRedirectUris(options.publicUrl, request) },
      requestContext(request),
    );
    return feishuExchangeResponseSchema.parse({ success: true, data: { accessToken } });
  });

  app.post('/auth/jwt/feishu-login', async (request) => {
    const body = parseBody(feishuLoginRequestSchema, request.body);
    const result = await feishuLogin(deps, body, requestContext(request, body.clientInfo));
    return loginResultBody(result);
  });

  app.post('/auth/jwt/cheetah-login', async (request) => {
    // The network check comes first: outside the company network nothing else is revealed.
    assertCompanyNetwork(deps, request.ip);
    let body;
    try {
      body = parseBody(cheetahLoginRequestSchema, request.body);
    } catch (error) {
      // The internal login screen maps INVALID_EMAIL to its own message.
      const emailIssue = error instanceof AppError ? error.details?.find((d) => d.path === 'email') : undefined;
      if (emailIssue) throw new AppError(400, 'INVALID_EMAIL', emailIssue.message, (error as AppError).details);
      throw error;
    }
    const result = await cheetahLogin(deps, body, requestContext(request, body.clientInfo));
    return cheetahLoginResponseSchema.parse({
      success: true,
      tokenPair: { accessToken: result.accessToken },
      expiresIn: result.expiresIn,
      expiresAt: result.expiresAt,
      user: result.user,
      loginMethod: 'cheetah',
      data: result,
    });
  });
}
