import { z } from 'zod';

import { orderStatusSchema, paymentMethodSchema, paymentStatusSchema } from './billing';
import { plain } from './text';

/**
 * Account screens: orders, user stats (dashboard), invitations and promo codes. Every `data` shape of the agreed
 * billing API. Browser-safe (zod only). Additive changes only; a renamed field is a new field.
 */

/** Error codes of these endpoints (`code` of the error envelope). */
export const accountErrorCodes = {
  quotaConfigNotFound: 'QUOTA_CONFIG_NOT_FOUND',
  databaseTableMissing: 'DATABASE_TABLE_MISSING',
  promoInvalidFormat: 'PROMO_INVALID_FORMAT',
  promoNotFound: 'PROMO_NOT_FOUND',
  promoAlreadyUsed: 'PROMO_ALREADY_USED',
  promoExpired: 'PROMO_EXPIRED',
  productNotFound: 'PRODUCT_NOT_FOUND',
  productNotPurchasable: 'PRODUCT_NOT_PURCHASABLE',
  orderNotFound: 'ORDER_NOT_FOUND',
  orderNotPending: 'ORDER_NOT_PENDING',
  orderExpired: 'ORDER_EXPIRED',
  noActiveSubscription: 'NO_ACTIVE_SUBSCRIPTION',
  invitationNotFound: 'INVITATION_NOT_FOUND',
  paymentProviderError: 'PAYMENT_PROVIDER_ERROR',
  webhookSignatureInvalid: 'WEBHOOK_SIGNATURE_INVALID',
  /** Operator refunds only. */
  orderNotPaid: 'ORDER_NOT_PAID',
  refundWindowPassed: 'REFUND_WINDOW_PASSED',
  /** Usage reports: the requestId belongs to another account. */
  usageRequestConflict: 'USAGE_REQUEST_CONFLICT',
} as const;
export type AccountErrorCode = (typeof accountErrorCodes)[keyof typeof accountErrorCodes];

/** Codes the dashboard must not retry on (spec §7 user stats). */
export const noRetryErrorCodes: readonly string[] = [accountErrorCodes.quotaConfigNotFound, accountErrorCodes.databaseTableMissing];

const isoDate = z.string();
const nullableIso = isoDate.nullable();

// ---------------------------------------------------------------------------------------------------------------
// Pagination

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** Orders list defaults to 10 a page; the UI offers a page-size selector. */
export const orderPageSizes = [10, 20, 50] as const;
export const ordersQuerySchema = pageQuerySchema.extend({
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});
export type OrdersQuery = z.infer<typeof ordersQuerySchema>;

function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int().nonnegative(),
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1),
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Orders (spec §3 Order display fields)

export const orderTypeSchema = z.enum(['purchase', 'renewal']);

/**
 * Additive: the order's product name (and description) snapshot in other languages; `productName` and `description`
 * are the canonical, Chinese ones.
 */
export const orderNameTranslationsSchema = z.object({
  en: z.object({ productName: z.string().min(1), description: z.string().optional() }).optional(),
});
export type OrderNameTranslations = z.infer<typeof orderNameTranslationsSchema>;

export const orderSummarySchema = z.object({
  orderId: z.string(),
  productName: z.string(),
  productSn: z.string(),
  translations: orderNameTranslationsSchema.optional(),
  amount: z.number().nonnegative(),
  currency: z.string(),
  orderStatus: orderStatusSchema,
  paymentStatus: paymentStatusSchema,
  paymentMethod: paymentMethodSchema,
  createdAt: isoDate,
  expiresAt: isoDate,
  paidAt: nullableIso,
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

export const orderSchema = orderSummarySchema.extend({
  description: z.string(),
  type: orderTypeSchema,
  totalAmount: z.number().nonnegative(),
  originalAmount: z.number().nonnegative(),
  discountAmount: z.number().nonnegative(),
  paymentId: z.string().nullable(),
  transactionId: z.string().nullable(),
  updatedAt: isoDate,
  validityDays: z.number().int().nonnegative(),
  /** Credits the order grants (the quota it buys). */
  credits: z.number().int().nonnegative(),
  /** Id of the credit grant the payment made (null until paid). */
  quotaCode: z.string().nullable(),
  /** Where the buyer pays while the order is pending (null once settled). */
  paymentUrl: z.string().nullable(),
  refundedAt: nullableIso,
});
export type Order = z.infer<typeof orderSchema>;

export const orderPageSchema = pageOf(orderSummarySchema);
export type OrderPage = z.infer<typeof orderPageSchema>;

/** `data` of POST /web-api/subscriptions/cancel: the plan stays usable until it expires; no renewal reminder. */
export const subscriptionCancelResultSchema = z.object({
  cancelled: z.boolean(),
  activeUntil: nullableIso,
});
export type SubscriptionCancelResult = z.infer<typeof subscriptionCancelResultSchema>;

// ---------------------------------------------------------------------------------------------------------------
// User stats (dashboard)

export const planTypeSchema = z.enum(['free', 'basic', 'pro', 'enterprise', 'custom']);
export type PlanType = z.infer<typeof planTypeSchema>;
export const accountStatusSchema = z.enum(['active', 'inactive', 'abnormal']);
export type AccountStatus = z.infer<typeof accountStatusSchema>;
export const quotaSourceSchema = z.enum(['order', 'promo', 'invitation', 'free']);
export type QuotaSource = z.infer<typeof quotaSourceSchema>;

export const activeQuotaSchema = z.object({
  id: z.string(),
  source: quotaSourceSchema,
  credits: z.number().nonnegative(),
  used: z.number().nonnegative(),
  effectiveFrom: isoDate,
  expiresAt: nullableIso,
});
export type ActiveQuota = z.infer<typeof activeQuotaSchema>;

export const dailyPointSchema = z.object({
  /** YYYY-MM-DD (UTC). */
  date: z.string(),
  requests: z.number().int().nonnegative(),
  tokens: z.number().int().nonnegative(),
  credits: z.number().nonnegative(),
});
export type DailyPoint = z.infer<typeof dailyPointSchema>;

export const hourlyPointSchema = z.object({
  /** Start of the hour, ISO 8601 (UTC). */
  hour: isoDate,
  requests: z.number().int().nonnegative(),
  tokens: z.number().int().nonnegative(),
  credits: z.number().nonnegative(),
});
export type HourlyPoint = z.infer<typeof hourlyPointSchema>;

export const userStatsSchema = z.object({
  userId: z.string(),
  planType: planTypeSchema,
  accountStatus: accountStatusSchema,
  /** Remaining allowance today: requests (per-day limit), tokens and cost (USD) that remaining credits cover. */
  quotas: z.object({ requests: z.number().nonnegative(), tokens: z.number().nonnegative(), cost: z.number().nonnegative() }),
  creditsUsed: z.number().nonnegative(),
  creditLimit: z.number().nonnegative(),
  /** creditsUsed / creditLimit of the active quotas, 0..1. */
  usageRate: z.number().min(0).max(1),
  totals: z.object({
    requests: z.number().int().nonnegative(),
    tokens: z.number().int().nonnegative(),
    cost: z.number().nonnegative(),
    cacheHitTokens: z.number().int().nonnegative(),
    inputTokens: z.number().int().nonnegative(),
    outputTokens: z.number().int().nonnegative(),
    cacheCreationTokens: z.number().int().nonnegative(),
    cacheReadTokens: z.number().int().nonnegative(),
  }),
  activeQuotas: z.array(activeQuotaSchema),
  limits: z.object({
    perMinute: z.number().int().nonnegative(),
    perDay: z.number().int().nonnegative(),
    usedThisMinute: z.number().int().nonnegative(),
    usedToday: z.number().int().nonnegative(),
  }),
  /** 30 items, oldest first, zero-filled. */
  daily: z.array(dailyPointSchema),
  /** 24 items, oldest first, zero-filled. */
  hourly: z.array(hourlyPointSchema),
});
export type UserStats = z.infer<typeof userStatsSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Invitations

export const invitationRewardStatusSchema = z.enum(['pending', 'rewarded', 'invalid']);
export type InvitationRewardStatus = z.infer<typeof invitationRewardStatusSchema>;

export const myInvitationCodeSchema = z.object({
  /** 8 uppercase letters/digits. */
  code: z.string().regex(/^[A-Z0-9]{6,10}$/),
  totalInvitations: z.number().int().nonnegative(),
  rewardedTimes: z.number().int().nonnegative(),
  remainingRewards: z.number().int().nonnegative(),
  createdAt: isoDate,
  active: z.boolean(),
});
export type MyInvitationCode = z.infer<typeof myInvitationCodeSchema>;

export const inviteeSchema = z.object({
  name: z.string(),
  /** Masked, e.g. `a***@example.com`; empty when the invitee has no e-mail. */
  email: z.string(),
  registeredAt: isoDate,
  /** Status of the invitee's first order, or `none`. */
  orderStatus: z.union([orderStatusSchema, z.literal('none')]),
  rewardStatus: invitationRewardStatusSchema,
  rewardGrantedAt: nullableIso,
});
export type Invitee = z.infer<typeof inviteeSchema>;

export const invitationSummarySchema = z.object({
  totalInvitations: z.number().int().nonnegative(),
  rewardedTimes: z.number().int().nonnegative(),
  remainingRewards: z.number().int().nonnegative(),
  /** Credits one reward grants the inviter. */
  rewardCredits: z.number().int().nonnegative(),
});
export type InvitationSummary = z.infer<typeof invitationSummarySchema>;

export const invitationStatsSchema = pageOf(inviteeSchema).extend({ summary: invitationSummarySchema });
export type InvitationStats = z.infer<typeof invitationStatsSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Promo codes

/** Uppercase letters, digits and hyphens (spec §5). */
export const promoCodePattern = /^[A-Z0-9-]{4,64}$/;
export const promoCodeSchema = z.string().regex(promoCodePattern, 'Invalid promo code format');

/** Body of POST /web-api/code/exchange-code. The format is checked by the relay (400 PROMO_INVALID_FORMAT). */
export const exchangeCodeRequestSchema = z.object({
  code: plain(z.string()).trim().min(1, 'Please enter promo code').max(200),
});
export type ExchangeCodeRequest = z.infer<typeof exchangeCodeRequestSchema>;

export const exchangeCodeResultSchema = z.object({
  code: z.string(),
  credits: z.number().int().nonnegative(),
  expiresAt: nullableIso,
});
export type ExchangeCodeResult = z.infer<typeof exchangeCodeResultSchema>;
