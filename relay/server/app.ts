import Fastify, { type FastifyInstance } from 'fastify';

import type { RelayConfig } from './config';
import { registerHealthRoutes } from './http/healthRoutes';
import { registerSecurityHeaders } from './http/securityHeaders';
import { registerStaticRoutes } from './http/staticRoutes';
import { registerTrailingSlashRedirect } from './http/trailingSlash';

export interface RelayDeps {
  config: RelayConfig;
  version: string;
}

/** Builds the relay without listening, so tests start real instances on ephemeral ports. */
export async function createRelay({ config, version }: RelayDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: config.LOG_LEVEL,
            // Tokens and passwords never reach the log.
            redact: ['req.headers.authorization', 'req.headers.cookie', 'body.password', 'body.token'],
          },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
  });
  const startedAt = Date.now();
  registerSecurityHeaders(app);
  registerTrailingSlashRedirect(app);
  registerHealthRoutes(app, { version, startedAt });
  await registerStaticRoutes(app, config.STATIC_DIR);
  return app;
}
