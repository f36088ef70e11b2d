import type { FastifyInstance } from 'fastify';

import type { RelayConfig } from '../config';
import {
  type AuthDeps,
  type AuthLimits,
  createFeishuClient,
  DEFAULT_SCRYPT,
  defaultAuthLimits,
  resolveJwtSecret,
  type ScryptParams,
  verifyAccessToken,
} from '../core/auth';
import { parseCidrList } from '../core/network/ip';
import type { Database } from '../storage/database';
import { createAuthRepos } from '../storage/repos';
import { acceptEmptyJsonBodies, noStoreByDefault, registerApiErrorHandler } from './apiErrors';
import { registerAuthentication } from './authenticate';
import { registerAuthRoutes } from './authRoutes';
import { registerLoginRoutes } from './loginRoutes';

export interface AuthOptions {
  config: RelayConfig;
  db: Database;
  now?: () => Date;
  /** Used for Feishu calls; tests pass none and point FEISHU_BASE_URL at a stand-in. */
  fetch?: typeof fetch;
  limits?: Partial<AuthLimits>;
  passwordHashing?: ScryptParams;
}

export function buildAuthDeps({ config, db, now = () => new Date(), fetch, limits, passwordHashing }: AuthOptions): AuthDeps {
  const feishuConfigured = Boolean(config.FEISHU_APP_ID && config.FEISHU_APP_SECRET);
  return {
    db,
    now,
    jwt: {
      secret: resolveJwtSecret(config.JWT_SECRET, config.DATA_DIR),
      audience: config.JWT_AUDIENCE,
      issuer: config.JWT_ISSUER,
      ttlSeconds: config.TOKEN_TTL_SECONDS,
    },
    limits: { ...defaultAuthLimits, ...limits },
    network: {
      whitelist: parseCidrList(config.WHITELIST_CIDRS.join(',')).cidrs,
      china: parseCidrList(config.CHINA_CIDRS.join(',')).cidrs,
      feishuConfigured,
      feishuAllowed: config.FEISHU_ALLOWED,
    },
    feishu: feishuConfigured
      ? createFeishuClient({
          baseUrl: config.FEISHU_BASE_URL,
          appId: config.FEISHU_APP_ID!,
          appSecret: config.FEISHU_APP_SECRET!,
          ...(fetch && { fetch }),
          now,
        })
      : null,
    passwordHashing: passwordHashing ?? DEFAULT_SCRYPT,
  };
}

const PRUNE_EVERY_MS = 60 * 60_000;
const KEEP_ATTEMPTS_MS = 24 * 60 * 60_000;

/**
 * Sign-in for the relay: decorates `app.authenticate` / `app.verifyAccessToken` on the root (every feature reuses
 * them) and registers the auth routes in their own scope with the API error envelope. Expired tokens, codes and old
 * login attempts are pruned hourly.
 */
export async function registerAuth(app: FastifyInstance, options: AuthOptions): Promise<AuthDeps> {
  const deps = buildAuthDeps(options);
  registerAuthentication(app, (token) => verifyAccessToken(deps, token));
  await app.register(async (api) => {
    registerApiErrorHandler(api);
    acceptEmptyJsonBodies(api);
    noStoreByDefault(api);
    registerAuthRoutes(api, deps);
    registerLoginRoutes(api, deps, { publicUrl: options.config.PUBLIC_URL });
  });

  const prune = async () => {
    const repos = createAuthRepos(deps.db);
    const now = deps.now();
    await repos.loginTokens.pruneExpired(now);
    await repos.tempCodes.pruneExpired(now);
    await repos.accessTokens.pruneExpired(now);
    await repos.loginAttempts.pruneBefore(new Date(now.getTime() - KEEP_ATTEMPTS_MS));
  };
  const timer = setInterval(
    () => void prune().catch((error: unknown) => app.log.warn({ err: error }, 'auth prune failed')),
    PRUNE_EVERY_MS,
  );
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
  return deps;
}
