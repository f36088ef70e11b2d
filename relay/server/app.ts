import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';

import type { ErrorBody } from '../protocol';
import type { RelayConfig } from './config';
import type { AuthLimits, ScryptParams } from './core/auth';
import { sendError } from './http/apiErrors';
import { registerChangelogRoutes } from './http/changelogRoutes';
import { registerHealthRoutes } from './http/healthRoutes';
import { registerPairingRoutes } from './http/pairingRoutes';
import { registerPushRoutes } from './http/pushRoutes';
import { registerAuth } from './http/registerAuth';
import { type BillingOptions, registerBilling } from './http/registerBilling';
import { registerSecurityHeaders } from './http/securityHeaders';
import { registerStaticRoutes } from './http/staticRoutes';
import { registerTrailingSlashRedirect } from './http/trailingSlash';
import { registerLifecycle } from './lifecycle';
import { registerRemote } from './remote/registerRemote';
import type { RemoteOptions } from './remote/remoteHub';
import { openStorage, type Storage, storageOptions } from './storage/database';

export interface RelayDeps {
  config: RelayConfig;
  version: string;
  /** An open storage to use (tests share one); otherwise DATABASE_URL or DATA_DIR/pglite is opened and closed with the app. */
  storage?: Storage;
  /** The clock of every expiry decision (tests move it). */
  now?: () => Date;
  /** Auth rate limits and lifetimes, for tests. */
  authLimits?: Partial<AuthLimits>;
  /** Cost of new password hashes; tests pass a cheap one. */
  passwordHashing?: ScryptParams;
  /** Billing: a payment provider (a Stripe stand-in) and timings such as the order lifetime, for tests. */
  billing?: Pick<BillingOptions, 'provider' | 'settings'>;
  /** Remote-control timings (presence grace, lease, revocation check), for tests. */
  remote?: Partial<RemoteOptions>;
}

/** Builds the relay without listening, so tests start real instances on ephemeral ports. */
export async function createRelay({ config, version, ...deps }: RelayDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: config.LOG_LEVEL,
            // Tokens and passwords never reach the log.
            redact: [
              'req.headers.authorization',
              'req.headers.cookie',
              'body.password',
              'body.token',
              'body.code',
              'body.feishuAccessToken',
              'body.accessToken',
              'req.body.password',
              'req.body.token',
              'req.body.code',
              'req.body.feishuAccessToken',
            ],
          },
    trustProxy: config.TRUST_PROXY as FastifyServerOptions['trustProxy'],
    bodyLimit: 1024 * 1024,
    // A URL the router cannot take (bad percent-encoding, an encoded lone surrogate, an over-long path parameter)
    // answers the error envelope like every other 4xx, not Fastify's own body.
    frameworkErrors: (error, _request, reply) => {
      const status = typeof error.statusCode === 'number' && error.statusCode < 500 ? error.statusCode : 500;
      const body: ErrorBody =
        status < 500
          ? { success: false, code: status === 400 ? 'VALIDATION_ERROR' : 'BAD_REQUEST', message: error.message }
          : { success: false, code: 'INTERNAL_ERROR', message: 'Server error, please try again later' };
      void sendError(reply as FastifyReply, status, body);
    },
  });
  const startedAt = Date.now();
  registerSecurityHeaders(app);
  registerTrailingSlashRedirect(app);
  registerHealthRoutes(app, { version, startedAt });
  registerChangelogRoutes(app);

  const upkeep = { onError: (error: unknown) => app.log.warn({ err: error }, 'PGlite upkeep (VACUUM) failed') };
  const storage = deps.storage ?? (await openStorage(storageOptions(config, { upkeep })));
  if (!deps.storage) app.addHook('onClose', () => storage.close());
  try {
    const authDeps = await registerAuth(app, {
      config,
      db: storage.db,
      ...(deps.now && { now: deps.now }),
      ...(deps.authLimits && { limits: deps.authLimits }),
      ...(deps.passwordHashing && { passwordHashing: deps.passwordHashing }),
    });
    app.decorate('billing', await registerBilling(app, { config, db: storage.db, ...(deps.now && { now: deps.now }), ...deps.billing }));
    const hub = await registerRemote(app, { config, auth: authDeps, options: deps.remote });
    await registerPairingRoutes(app, {
      auth: authDeps,
      publicUrl: config.PUBLIC_URL,
      onCliTokenRevoked: (tokenId) => hub.disconnectCliToken(tokenId),
    });
    await registerPushRoutes(app, { push: hub.push, now: authDeps.now, allowLoopbackHttp: config.PUSH_ALLOW_LOOPBACK_HTTP });
    registerLifecycle(app, { io: hub.io, storage, version, config });
    await registerStaticRoutes(app, config.STATIC_DIR, { publicUrl: config.PUBLIC_URL });
  } catch (error) {
    await app.close();
    throw error;
  }
  return app;
}
