import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import {
  checkoutLangSchema,
  orderStatusSchema,
  orderTypeSchema,
  paymentMethodSchema,
  paymentStatusSchema,
  planTypeSchema,
} from '../../protocol';
import { oneOf } from './columns';
import { users } from './schema.auth';

/**
 * Billing tables (re-exported by schema.ts). One credit ledger is the truth for balances: every grant (paid order,
 * promo code, invitation reward, free allowance, operator grant) and every spend (model usage) or void (refund) is a
 * row. Double grants are impossible: a grant or void is unique per (source_type, source_id).
 * Money is stored in minor units (fen / cents) as integers; credits are whole numbers.
 */

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => ts('created_at').notNull().defaultNow();

/** The `translations` of a product (relay/protocol/billing.ts productTranslationsSchema). */
export interface ProductTranslationsColumn {
  en?: { productName: string; subtitle: string; usageRules: string; description: { highlights: string[]; features: string[] } };
}

/** Plans (spec §3 Product). Seeded on start: upserted by product_sn (see core/billing/catalog.ts). */
export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productSn: text('product_sn').notNull(),
    productName: text('product_name').notNull(),
    subtitle: text('subtitle').notNull().default(''),
    /** Minor units of `price_unit` (fen for CNY). */
    priceMinor: integer('price_minor').notNull(),
    priceUnit: text('price_unit').notNull(),
    validityDays: integer('validity_days').notNull(),
    /** Credits one purchase (or the monthly free allowance) grants. */
    credits: integer('credits').notNull(),
    /** 'free' | 'basic' | 'pro' | 'enterprise' | 'custom' */
    planType: text('plan_type').notNull(),
    /** Requests per minute / per day while this plan is the user's best active plan (shared by CLI, web and API). */
    perMinuteLimit: integer('per_minute_limit').notNull(),
    perDayLimit: integer('per_day_limit').notNull(),
    /** Checkout possible (false for Free and the contact-only Enterprise plan). */
    purchasable: boolean('purchasable').notNull(),
    repeatable: boolean('repeatable').notNull().default(true),
    isActive: boolean('is_active').notNull().default(true),
    usageRules: text('usage_rules').notNull().default(''),
    description: jsonb('description').$type<{ highlights: string[]; features: string[] }>().notNull(),
    /** Display texts in other languages (the fields above are canonical, Chinese); null = none. */
    translations: jsonb('translations').$type<ProductTranslationsColumn>(),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('products_sn_unique').on(t.productSn), check('products_plan_type_check', oneOf(t.planType, planTypeSchema.options))],
);

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    /** Snapshots: a later price change does not alter an order. */
    productSn: text('product_sn').notNull(),
    productName: text('product_name').notNull(),
    /** Snapshot of the product name (and subtitle as description) in other languages; null = none. */
    productNameTranslations: jsonb('product_name_translations').$type<{ en?: { productName: string; description?: string } }>(),
    description: text('description').notNull().default(''),
    /** 'purchase' | 'renewal' */
    type: text('type').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    originalAmountMinor: integer('original_amount_minor').notNull(),
    discountAmountMinor: integer('discount_amount_minor').notNull().default(0),
    currency: text('currency').notNull(),
    credits: integer('credits').notNull(),
    validityDays: integer('validity_days').notNull(),
    /** 'pending' | 'paid' | 'cancelled' | 'expired' | 'refunded' */
    status: text('status').notNull(),
    /** 'unpaid' | 'paid' | 'failed' | 'refunded' */
    paymentStatus: text('payment_status').notNull(),
    /** 'sandbox' | 'stripe' */
    paymentMethod: text('payment_method').notNull(),
    paymentId: text('payment_id'),
    paymentUrl: text('payment_url'),
    transactionId: text('transaction_id'),
    /** 'en' | 'zh': the sandbox page and its return link follow the page that made the order. */
    lang: text('lang').notNull().default('en'),
    /** The ledger grant the payment made (spec "quota code"). */
    grantId: uuid('grant_id'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    paidAt: ts('paid_at'),
    cancelledAt: ts('cancelled_at'),
    refundedAt: ts('refunded_at'),
    /** Set by "cancel subscription": the plan runs until it expires and is not offered for renewal. */
    renewalCancelledAt: ts('renewal_cancelled_at'),
  },
  (t) => [
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_payment_idx').on(t.paymentMethod, t.paymentId),
    check('orders_type_check', oneOf(t.type, orderTypeSchema.options)),
    check('orders_status_check', oneOf(t.status, orderStatusSchema.options)),
    check('orders_payment_status_check', oneOf(t.paymentStatus, paymentStatusSchema.options)),
    check('orders_payment_method_check', oneOf(t.paymentMethod, paymentMethodSchema.options)),
    check('orders_lang_check', oneOf(t.lang, checkoutLangSchema.options)),
  ],
);

/** Every payment-provider event handled; a replayed event id is recognised and ignored. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    orderId: uuid('order_id'),
    payload: jsonb('payload').$type<unknown>(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('payment_events_provider_event_unique').on(t.provider, t.eventId)],
);

/**
 * The credit ledger. kind 'grant' (credits > 0, effective_from / expires_at), 'spend' (credits < 0, grant_id = the
 * grant it draws on, or null when nothing was left), 'void' (credits < 0, grant_id = the voided grant: refunds).
 * Grant and void rows are unique per (source_type, source_id); spends are idempotent through usage_records.
 */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'grant' | 'spend' | 'void' */
    kind: text('kind').notNull(),
    /** grant: 'order' | 'promo' | 'invitation' | 'free' | 'operator'; spend: 'usage'; void: 'refund' */
    sourceType: text('source_type').notNull(),
    sourceId: text('source_id').notNull(),
    credits: integer('credits').notNull(),
    grantId: uuid('grant_id'),
    /** Plan type a grant confers ('basic', 'pro' …) for order grants. */
    planType: text('plan_type'),
    effectiveFrom: ts('effective_from').notNull(),
    expiresAt: ts('expires_at'),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('credit_ledger_source_unique')
      .on(t.sourceType, t.sourceId)
      .where(sql`${t.kind} <> 'spend'`),
    index('credit_ledger_user_idx').on(t.userId, t.kind, t.expiresAt),
    index('credit_ledger_grant_idx').on(t.grantId),
  ],
);

/** One row per model request (unique request_id), priced by the relay. */
export const usageRecords = pgTable(
  'usage_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'cli' | 'web' | 'api' */
    source: text('source').notNull(),
    model: text('model').notNull(),
    inputTokens: integer('input_tokens').notNull(),
    outputTokens: integer('output_tokens').notNull(),
    cacheCreationTokens: integer('cache_creation_tokens').notNull(),
    cacheReadTokens: integer('cache_read_tokens').notNull(),
    /** USD, computed by the relay from its price table. */
    cost: doublePrecision('cost').notNull(),
    credits: integer('credits').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('usage_records_request_unique').on(t.requestId), index('usage_records_user_idx').on(t.userId, t.createdAt)],
);

/** One row per authorised model request: the per-minute and per-day limits count these, across CLI, web and API. */
export const usageRequests = pgTable(
  'usage_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('usage_requests_user_idx').on(t.userId, t.createdAt)],
);

/** A user's own invitation code (created on first request). */
export const invitationCodes = pgTable(
  'invitation_codes',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('invitation_codes_code_unique').on(t.code)],
);

/**
 * The outcome of one invitee (users.invitation_code_used names the inviter's code; no row = pending). One row per
 * invitee, written in the transaction that pays the invitee's first order.
 */
export const invitationRewards = pgTable(
  'invitation_rewards',
  {
    inviteeId: uuid('invitee_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    inviterId: uuid('inviter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'rewarded' | 'invalid' */
    status: text('status').notNull(),
    orderId: uuid('order_id'),
    grantId: uuid('grant_id'),
    reason: text('reason'),
    decidedAt: ts('decided_at').notNull(),
  },
  (t) => [index('invitation_rewards_inviter_idx').on(t.inviterId)],
);

/** Promo codes: single use, enforced by a conditional UPDATE of redeemed_by. */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    credits: integer('credits').notNull(),
    /** How long the granted credits last. */
    validityDays: integer('validity_days').notNull(),
    /** The code itself can no longer be redeemed after this (null: never). */
    expiresAt: ts('expires_at'),
    batchId: text('batch_id').notNull(),
    redeemedBy: uuid('redeemed_by'),
    redeemedAt: ts('redeemed_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('promo_codes_code_unique').on(t.code)],
);

export const billingSchema = {
  products,
  orders,
  paymentEvents,
  creditLedger,
  usageRecords,
  usageRequests,
  invitationCodes,
  invitationRewards,
  promoCodes,
};
export type ProductRow = typeof products.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type LedgerRow = typeof creditLedger.$inferSelect;
export type PromoCodeRow = typeof promoCodes.$inferSelect;
