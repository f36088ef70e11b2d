import type { FastifyError, FastifyInstance } from 'fastify';

import type { RelayConfig } from '../config';
import { type BillingDeps, type BillingSettings, createPaymentProvider, defaultBillingSettings, type PaymentProvider, seedCatalog } from '../core/billing';
import type { Database } from '../storage/database';
import { registerAccountRoutes } from './accountRoutes';
import { registerApiErrorHandler, sendError } from './apiErrors';
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

/** The API error envelope, plus DATABASE_TABLE_MISSING (503) when a billing table is missing. */
function registerBillingErrors(api: FastifyInstance): void {
  registerApiErrorHandler(api);
  const base = api.errorHandler;
  api.setErrorHandler((error: FastifyError, request, reply) => {
    if (isUndefinedTable(error)) {
      request.log.error({ err: error }, 'billing table missing');
      return sendError(reply, 503, { success: false, code: 'DATABASE_TABLE_MISSING', message: 'Database is being initialised, please retry later' });
    }
    return base.call(api, error, request, reply);
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
  await app.register(async (api) => {
    registerBillingErrors(api);
    api.addHook('onSend', async (_request, reply) => {
      if (!reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
    });
    registerBillingRoutes(api, deps, { publicUrl });
    registerAccountRoutes(api, deps);
  });
  await app.register(async (api) => {
    registerBillingErrors(api);
    registerWebhookRoutes(api, deps);
  });
  await app.register(async (api) => {
    registerBillingErrors(api);
    registerCheckoutRoutes(api, deps, { publicUrl });
  });
  return deps;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Billing use cases' deps: `authorizeUsage(app.billing, …)` / `recordUsage(app.billing, …)` for the /cli socket. */
    billing: BillingDeps;
  }
}
