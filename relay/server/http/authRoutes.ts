import type { FastifyInstance, FastifyRequest } from 'fastify';

import {
  type LoginResultData,
  type LoginResultResponse,
  loginResultResponseSchema,
  logoutResponseSchema,
  meResponseSchema,
  oneTimeTokenResponseSchema,
  tempCodeExchangeRequestSchema,
  tempCodeExchangeResponseSchema,
  tempCodeResponseSchema,
  ternLoginRequestSchema,
  ternSigninRequestSchema,
  ternSignupRequestSchema,
} from '../../protocol';
import {
  type AuthDeps,
  createTempCode,
  exchangeTempCode,
  logout,
  type RequestContext,
  ternLogin,
  ternSignin,
  ternSignup,
} from '../core/auth';
import { isAppErrorCode, limitGuesses } from '../core/auth/guessLimit';
import { parseBody } from './apiErrors';

export const requestContext = (request: FastifyRequest, clientInfo?: Record<string, unknown>): RequestContext => ({
  ip: request.ip,
  clientInfo,
});

/** Spec §3 login result at the top level, mirrored in `data` for clients that read the envelope. */
export const loginResultBody = (result: LoginResultData): LoginResultResponse =>
  loginResultResponseSchema.parse({ success: true, ...result, data: result });

/** The tern account service, the session (me, logout) and temp codes. */
export function registerAuthRoutes(app: FastifyInstance, deps: AuthDeps): void {
  app.post('/auth/tern/signup', async (request) => {
    const body = parseBody(ternSignupRequestSchema, request.body);
    const { token, userId } = await ternSignup(deps, body, requestContext(request));
    return oneTimeTokenResponseSchema.parse({ success: true, data: { token, user_id: userId } });
  });

  app.post('/auth/tern/signin', async (request) => {
    const body = parseBody(ternSigninRequestSchema, request.body);
    const { token, userId } = await ternSignin(deps, body, requestContext(request));
    return oneTimeTokenResponseSchema.parse({ success: true, data: { token, user_id: userId } });
  });

  app.post('/auth/jwt/tern-login', async (request) => {
    const body = parseBody(ternLoginRequestSchema, request.body);
    const context = requestContext(request, { plat: body.plat, ...body.clientInfo });
    const result = await limitGuesses(
      deps,
      'login-token',
      request.ip,
      () => ternLogin(deps, body, context),
      isAppErrorCode('INVALID_TOKEN'),
    );
    return loginResultBody(result);
  });

  app.post('/auth/temp-code', { preHandler: app.authenticate }, async (request) => {
    const data = await createTempCode(deps, request.access!);
    return tempCodeResponseSchema.parse({ success: true, data });
  });

  app.post('/auth/temp-code/exchange', async (request) => {
    const body = parseBody(tempCodeExchangeRequestSchema, request.body);
    const context = requestContext(request, { via: 'temp-code' });
    const result = await limitGuesses(
      deps,
      'temp-code',
      request.ip,
      () => exchangeTempCode(deps, body.code, context),
      isAppErrorCode('INVALID_CODE'),
    );
    return tempCodeExchangeResponseSchema.parse({
      success: true,
      token: result.accessToken,
      tokenType: 'Bearer',
      expiresIn: result.expiresIn,
      expiresAt: result.expiresAt,
      user: result.user,
      loginMethod: result.loginMethod,
      data: result,
    });
  });

  app.get('/web-api/auth/me', { preHandler: app.authenticate }, async (request) =>
    meResponseSchema.parse({ success: true, data: request.user }),
  );

  app.post('/web-api/auth/logout', { preHandler: app.authenticate }, async (request) => {
    await logout(deps, request.access!);
    return logoutResponseSchema.parse({ success: true });
  });
}
