import { and, count, eq, gte, inArray, lt } from 'drizzle-orm';

import type { UsageAuthorizeAck, UsageReport, UsageSource } from '../../../protocol';
import type { Database } from '../../storage/database';
import { transaction } from '../../storage/database';
import { creditLedger, orders, type ProductRow, products, usageRecords, usageRequests, users } from '../../storage/schema';
import { AppError } from '../appError';
import { FREE_PRODUCT_SN } from './catalog';
import type { BillingDeps } from './deps';
import { activeGrants, addDays, availableCredits, grantCredits, spendCredits } from './ledger';

/**
 * Model usage: limits before a request, pricing and the ledger spend after it.
 *
 * Pricing: the relay computes the cost (USD) from its own table, per million tokens (input, output, cache creation,
 * cache read), matched by the first pattern found in the model name; an unknown model is priced like
 * `DEFAULT_MODEL_PRICE` (Claude Sonnet's prices). Credits: 1 credit = US$0.001, rounded up per request, and any
 * request with tokens costs at least 1 credit (so 1,000 input + 200 output Sonnet tokens = US$0.006 = 6 credits).
 *
 * Limits: per-minute and per-day request counts (UTC day) of the user's best active plan (the Free plan row when no
 * paid plan is active), shared by CLI, web and API because every source records an authorised request in
 * usage_requests. A request also needs remaining credits.
 */

export interface ModelPrice {
  input: number;
  output: number;
  cacheCreation: number;
  cacheRead: number;
}

/** USD per million tokens. */
export const MODEL_PRICES: readonly (readonly [RegExp, ModelPrice])[] = [
  [/opus/i, { input: 15, output: 75, cacheCreation: 18.75, cacheRead: 1.5 }],
  [/sonnet/i, { input: 3, output: 15, cacheCreation: 3.75, cacheRead: 0.3 }],
  [/haiku/i, { input: 0.8, output: 4, cacheCreation: 1, cacheRead: 0.08 }],
  [/gpt-4o-mini/i, { input: 0.15, output: 0.6, cacheCreation: 0.15, cacheRead: 0.075 }],
  [/gpt-4o|gpt-4\.1/i, { input: 2.5, output: 10, cacheCreation: 2.5, cacheRead: 1.25 }],
  [/gemini.*flash/i, { input: 0.3, output: 2.5, cacheCreation: 0.3, cacheRead: 0.075 }],
  [/gemini/i, { input: 1.25, output: 10, cacheCreation: 1.25, cacheRead: 0.31 }],
  [/deepseek/i, { input: 0.27, output: 1.1, cacheCreation: 0.27, cacheRead: 0.07 }],
];
export const DEFAULT_MODEL_PRICE: ModelPrice = { input: 3, output: 15, cacheCreation: 3.75, cacheRead: 0.3 };

/** 1 credit = US$0.001. */
export const USD_PER_CREDIT = 0.001;

export const priceOf = (model: string): ModelPrice => MODEL_PRICES.find(([pattern]) => pattern.test(model))?.[1] ?? DEFAULT_MODEL_PRICE;

export function costOf(report: Pick<UsageReport, 'model' | 'inputTokens' | 'outputTokens' | 'cacheCreationTokens' | 'cacheReadTokens'>): {
  cost: number;
  credits: number;
} {
  const p = priceOf(report.model);
  const cost =
    (report.inputTokens * p.input +
      report.outputTokens * p.output +
      report.cacheCreationTokens * p.cacheCreation +
      report.cacheReadTokens * p.cacheRead) /
    1_000_000;
  const tokens = report.inputTokens + report.outputTokens + report.cacheCreationTokens + report.cacheReadTokens;
  // Rounded to micro-dollars first so floating-point noise never adds a credit.
  const micro = Math.round(cost * 1_000_000);
  const credits = tokens > 0 ? Math.max(1, Math.ceil(micro / (USD_PER_CREDIT * 1_000_000))) : 0;
  return { cost: micro / 1_000_000, credits };
}

const startOfUtcDay = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
const startOfUtcMonth = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1));

async function freeProduct(db: Database): Promise<ProductRow> {
  const [row] = await db.select().from(products).where(eq(products.productSn, FREE_PRODUCT_SN)).limit(1);
  if (!row) throw new AppError(503, 'QUOTA_CONFIG_NOT_FOUND', 'Quota configuration is being initialised, please refresh and retry');
  return row;
}

/** The Free plan's monthly allowance (a ledger grant per user and UTC month, expiring at the month's end). */
export async function ensureFreeAllowance(db: Database, userId: string, now: Date): Promise<void> {
  const free = await freeProduct(db);
  if (!free.isActive || free.credits <= 0) return;
  const from = startOfUtcMonth(now);
  const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  await grantCredits(db, {
    userId,
    sourceType: 'free',
    sourceId: `${userId}:${from.toISOString().slice(0, 7)}`,
    credits: free.credits,
    effectiveFrom: from,
    expiresAt: to,
    planType: 'free',
  });
}

export interface PlanState {
  plan: ProductRow;
  perMinute: number;
  perDay: number;
  /** Expiry of the plan's grant (null for the free plan). */
  expiresAt: Date | null;
}

/** The user's best active paid plan (highest per-day limit), else the Free plan. */
export async function currentPlan(db: Database, userId: string, now: Date): Promise<PlanState> {
  const grants = (await activeGrants(db, userId, now)).filter((g) => g.grant.sourceType === 'order');
  let best: PlanState | null = null;
  if (grants.length) {
    const rows = await db
      .select({ order: orders, product: products })
      .from(orders)
      .innerJoin(products, eq(products.id, orders.productId))
      .where(
        inArray(
          orders.id,
          grants.map((g) => g.grant.sourceId),
        ),
      );
    for (const { order, product } of rows) {
      const grant = grants.find((g) => g.grant.sourceId === order.id);
      if (!best || product.perDayLimit > best.perDay) {
        best = { plan: product, perMinute: product.perMinuteLimit, perDay: product.perDayLimit, expiresAt: grant?.grant.expiresAt ?? null };
      }
    }
  }
  if (best) return best;
  const free = await freeProduct(db);
  return { plan: free, perMinute: free.perMinuteLimit, perDay: free.perDayLimit, expiresAt: null };
}

export async function requestCounts(
  db: Database,
  userId: string,
  now: Date,
): Promise<{ lastMinute: number; today: number; oldestInMinute: Date | null }> {
  const minuteAgo = new Date(now.getTime() - 60_000);
  const [today] = await db
    .select({ n: count() })
    .from(usageRequests)
    .where(and(eq(usageRequests.userId, userId), gte(usageRequests.createdAt, startOfUtcDay(now))));
  const recent = await db
    .select({ createdAt: usageRequests.createdAt })
    .from(usageRequests)
    .where(and(eq(usageRequests.userId, userId), gte(usageRequests.createdAt, minuteAgo)))
    .orderBy(usageRequests.createdAt);
  return { lastMinute: recent.length, today: today?.n ?? 0, oldestInMinute: recent[0]?.createdAt ?? null };
}

/**
 * May this user make one more model request now? On yes, the request is counted against the limits (one
 * transaction, the user row locked, so concurrent callers cannot both take the last slot).
 */
export async function authorizeUsage(
  deps: Pick<BillingDeps, 'db' | 'now'>,
  userId: string,
  source: UsageSource,
): Promise<
  | Extract<UsageAuthorizeAck, { ok: true }>
  | { ok: false; code: 'RATE_LIMITED' | 'QUOTA_EXCEEDED'; message: string; retryAfterSeconds?: number }
> {
  const now = deps.now();
  await ensureFreeAllowance(deps.db, userId, now);
  return transaction(deps.db, async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const plan = await currentPlan(tx, userId, now);
    const counts = await requestCounts(tx, userId, now);
    if (counts.lastMinute >= plan.perMinute) {
      const retry = counts.oldestInMinute ? Math.max(1, Math.ceil((counts.oldestInMinute.getTime() + 60_000 - now.getTime()) / 1000)) : 60;
      return {
        ok: false as const,
        code: 'RATE_LIMITED' as const,
        message: `Rate limit: ${plan.perMinute} requests per minute`,
        retryAfterSeconds: retry,
      };
    }
    if (counts.today >= plan.perDay) {
      const tomorrow = addDays(startOfUtcDay(now), 1);
      return {
        ok: false as const,
        code: 'RATE_LIMITED' as const,
        message: `Daily limit: ${plan.perDay} requests per day`,
        retryAfterSeconds: Math.max(1, Math.ceil((tomorrow.getTime() - now.getTime()) / 1000)),
      };
    }
    if ((await availableCredits(tx, userId, now)) <= 0) {
      return { ok: false as const, code: 'QUOTA_EXCEEDED' as const, message: 'No credits left: buy a plan or redeem a promo code' };
    }
    await tx.insert(usageRequests).values({ userId, source, createdAt: now });
    return { ok: true as const };
  });
}

/**
 * Records one finished model request: prices it, writes the usage row and the ledger spend in one transaction.
 * Idempotent on requestId: a repeated report returns the first result and charges nothing.
 */
export async function recordUsage(
  deps: Pick<BillingDeps, 'db' | 'now'>,
  userId: string,
  report: UsageReport,
  source: UsageSource = 'cli',
): Promise<{ credits: number; cost: number; duplicate: boolean }> {
  const now = deps.now();
  await ensureFreeAllowance(deps.db, userId, now);
  const { cost, credits } = costOf(report);
  return transaction(deps.db, async (tx) => {
    const [row] = await tx
      .insert(usageRecords)
      .values({
        requestId: report.requestId,
        userId,
        source,
        model: report.model,
        inputTokens: report.inputTokens,
        outputTokens: report.outputTokens,
        cacheCreationTokens: report.cacheCreationTokens,
        cacheReadTokens: report.cacheReadTokens,
        cost,
        credits,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) {
      const [first] = await tx.select().from(usageRecords).where(eq(usageRecords.requestId, report.requestId)).limit(1);
      if (first && first.userId !== userId)
        throw new AppError(409, 'USAGE_REQUEST_CONFLICT', 'This requestId was reported by another account');
      return { credits: first?.credits ?? 0, cost: first?.cost ?? 0, duplicate: true };
    }
    await spendCredits(tx, userId, credits, row.id, now);
    return { credits, cost, duplicate: false };
  });
}

/** Credits drawn by spends in the ledger (for tests and the dashboard). */
export async function spentCredits(db: Database, userId: string): Promise<number> {
  const rows = await db
    .select({ credits: creditLedger.credits })
    .from(creditLedger)
    .where(and(eq(creditLedger.userId, userId), eq(creditLedger.kind, 'spend')));
  return -rows.reduce((s, r) => s + r.credits, 0);
}

/** Usage request ids are kept two days for idempotency (a CLI resends within minutes); older ones are pruned. */
export async function pruneUsageRequests(db: Database, now: Date): Promise<void> {
  await db.delete(usageRequests).where(lt(usageRequests.createdAt, new Date(now.getTime() - 2 * 24 * 3600_000)));
}
