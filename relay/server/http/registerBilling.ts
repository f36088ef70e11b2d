import type { FastifyError, FastifyInstance } from 'fastify';

import type { RelayConfig } from '../config';
import {
  type BillingDeps,
  type BillingSettings,
  createPaymentProvider,
  defaultBillingSettings,
  expireOrders,
  type PaymentProvider,
  pruneUsageRequests,
  seedCatalog,
} from '../core/billing';
import type { Database } from '../storage/database';
import { registerAccountRoutes } from './accountRoutes';
import { acceptEmptyJsonBodies, noStoreByDefault, registerApiErrorHandler, sendError } from './apiErrors';
import { registerBillingRoutes, registerWebhookRoutes } from './billingRoutes';
import { registerCheckoutRoutes } from './checkoutRoutes';

export interface BillingOptions {
  config: RelayConfig;
  db: Database;
  now?: () => Date;
  /** A provider to use instead of the configured one (tests). */
  provider?: PaymentProvider;
  settings?: Partial<BillingSettings>;
}

/** PostgreSQL "undefined table": the schema is not migrated (yet). */
const isUndefinedTable = (error: unknown): boolean => {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '42P01') return true;
  }
  return false;
};

/**
 * A scope with the API error envelope, plus DATABASE_TABLE_MISSING (503) when a billing table is missing: the envelope
 * handler sits on an outer scope, the inner one wraps it (no handler overridden in one scope).
 */
async function registerBillingScope(app: FastifyInstance, routes: (api: FastifyInstance) => void): Promise<void> {
  await app.register(async (outer) => {
    registerApiErrorHandler(outer);
    const base = outer.errorHandler;
    await outer.register(async (api) => {
      api.setErrorHandler((error: FastifyError, request, reply) => {
        if (isUndefinedTable(error)) {
          request.log.error({ err: error }, 'billing table missing');
          return sendError(reply, 503, {
            success: false,
            code: 'DATABASE_TABLE_MISSING',
            message: 'Database is being initialised, please retry later',
          });
        }
        return base.call(outer, error, request, reply);
      });
      routes(api);
    });
  });
}

/**
 * Plans, orders, payments (sandbox checkout page, Stripe webhook), dashboard stats, invitations and promo codes.
 * Seeds the plans on start. Returns the deps so sockets (usage:authorize / usage:report) share them.
 */
export async function registerBilling(app: FastifyInstance, options: BillingOptions): Promise<BillingDeps> {
  const deps: BillingDeps = {
    db: options.db,
    now: options.now ?? (() => new Date()),
    provider: options.provider ?? createPaymentProvider(options.config),
    settings: { ...defaultBillingSettings, ...options.settings },
  };
  await seedCatalog(deps.db);
  const publicUrl = options.config.PUBLIC_URL;
  await registerBillingScope(app, (api) => {
    acceptEmptyJsonBodies(api);
    noStoreByDefault(api);
    registerBillingRoutes(api, deps, { publicUrl });
    registerAccountRoutes(api, deps);
  });
  await registerBillingScope(app, (api) => registerWebhookRoutes(api, deps));
  await registerBillingScope(app, (api) => registerCheckoutRoutes(api, deps, { publicUrl }));

  // Hourly: pending orders past their expiry become expired; request counts older than the daily window go.
  const sweep = async () => {
    const now = deps.now();
    await expireOrders(deps.db, now);
    await pruneUsageRequests(deps.db, now);
  };
  const timer = setInterval(
    () => void sweep().catch((error: unknown) => app.log.warn({ err: error }, 'billing sweep failed')),
    60 * 60_000,
  );
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
  return deps;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Billing use cases' deps: `authorizeUsage(app.billing, …)` / `recordUsage(app.billing, …)` for the /cli socket. */
    billing: BillingDeps;
  }
}
