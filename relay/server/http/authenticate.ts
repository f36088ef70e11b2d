import type { FastifyInstance, FastifyRequest } from 'fastify';

import type { AuthUser } from '../../protocol';
import { AppError } from '../core/appError';
import type { VerifiedAccess } from '../core/auth';

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler for routes that need a signed-in user: sets `request.user` and `request.access`, or answers 401. */
    authenticate: (request: FastifyRequest) => Promise<void>;
    /** The same check for other transports (Socket.IO `io.use`): throws AppError 401. */
    verifyAccessToken: (token: string) => Promise<VerifiedAccess>;
  }
  interface FastifyRequest {
    /** The signed-in user, after `app.authenticate`. */
    user: AuthUser | null;
    /** The verified session (jti, login method, expiry), after `app.authenticate`. */
    access: VerifiedAccess | null;
  }
}

/** `Authorization: Bearer <jwt>`; null when absent or another scheme. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1]! : null;
}

/** Decorates the root instance, so every feature's routes can use `{ preHandler: app.authenticate }`. */
export function registerAuthentication(app: FastifyInstance, verify: (token: string) => Promise<VerifiedAccess>): void {
  app.decorateRequest('user', null);
  app.decorateRequest('access', null);
  app.decorate('verifyAccessToken', verify);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) throw new AppError(401, 'UNAUTHORIZED', 'Unauthorized: sign in first');
    const access = await verify(token);
    request.access = access;
    request.user = access.user;
  });
}
