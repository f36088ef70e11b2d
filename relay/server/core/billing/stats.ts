import { and, eq, gte, sql } from 'drizzle-orm';

import type { ActiveQuota, PlanType, QuotaSource, UserStats } from '../../../protocol';
import { usageRecords } from '../../storage/schema';
import type { BillingDeps } from './deps';
import { grantBalances, isActiveGrant } from './ledger';
import { currentPlan, DEFAULT_MODEL_PRICE, ensureFreeAllowance, requestCounts, USD_PER_CREDIT } from './usage';

/**
 * GET /web-api/user/stats, derived from the ledger and usage rows. creditLimit / creditsUsed cover the grants in
 * force now; quotas are what is left: requests today (per-day limit), cost (USD the remaining credits buy) and tokens
 * (that cost in Sonnet input tokens, the default price). accountStatus: active while credits remain, else inactive.
 */

const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;
const planTypes: readonly PlanType[] = ['free', 'basic', 'pro', 'enterprise', 'custom'];
const quotaSources: readonly QuotaSource[] = ['order', 'promo', 'invitation', 'free'];

export async function userStats(deps: Pick<BillingDeps, 'db' | 'now'>, userId: string): Promise<UserStats> {
  const now = deps.now();
  await ensureFreeAllowance(deps.db, userId, now);
  const db = deps.db;
  const [plan, balances, counts] = await Promise.all([
    currentPlan(db, userId, now),
    grantBalances(db, userId),
    requestCounts(db, userId, now),
  ]);
  const active = balances.filter((b) => isActiveGrant(b, now));
  const creditLimit = active.reduce((s, b) => s + b.grant.credits, 0);
  const creditsUsed = active.reduce((s, b) => s + b.spent, 0);
  const remaining = active.reduce((s, b) => s + b.remaining, 0);

  const [totals] = await db
    .select({
      requests: sql<number>`count(*)`.mapWith(Number),
      cost: sql<number>`coalesce(sum(${usageRecords.cost}), 0)`.mapWith(Number),
      inputTokens: sql<number>`coalesce(sum(${usageRecords.inputTokens}), 0)`.mapWith(Number),
      outputTokens: sql<number>`coalesce(sum(${usageRecords.outputTokens}), 0)`.mapWith(Number),
      cacheCreationTokens: sql<number>`coalesce(sum(${usageRecords.cacheCreationTokens}), 0)`.mapWith(Number),
      cacheReadTokens: sql<number>`coalesce(sum(${usageRecords.cacheReadTokens}), 0)`.mapWith(Number),
    })
    .from(usageRecords)
    .where(eq(usageRecords.userId, userId));
  const t = totals ?? { requests: 0, cost: 0, inputTokens: 0, outputTokens: 0, cacheCreationTokens: 0, cacheReadTokens: 0 };

  const tokensExpr =
    sql<number>`coalesce(sum(${usageRecords.inputTokens} + ${usageRecords.outputTokens} + ${usageRecords.cacheCreationTokens} + ${usageRecords.cacheReadTokens}), 0)`.mapWith(
      Number,
    );
  const series = async (format: string, since: Date) => {
    const bucket = sql<string>`to_char(${usageRecords.createdAt} at time zone 'UTC', ${sql.raw(`'${format}'`)})`;
    const rows = await db
      .select({
        bucket,
        requests: sql<number>`count(*)`.mapWith(Number),
        tokens: tokensExpr,
        credits: sql<number>`coalesce(sum(${usageRecords.credits}), 0)`.mapWith(Number),
      })
      .from(usageRecords)
      .where(and(eq(usageRecords.userId, userId), gte(usageRecords.createdAt, since)))
      .groupBy(bucket);
    return new Map(rows.map((r) => [r.bucket, r]));
  };
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const thisHour = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
  const [days, hours] = await Promise.all([
    series('YYYY-MM-DD', new Date(today - 29 * DAY_MS)),
    series('YYYY-MM-DD"T"HH24', new Date(thisHour - 23 * HOUR_MS)),
  ]);
  const daily = Array.from({ length: 30 }, (_, i) => {
    const date = new Date(today - (29 - i) * DAY_MS).toISOString().slice(0, 10);
    const r = days.get(date);
    return { date, requests: r?.requests ?? 0, tokens: r?.tokens ?? 0, credits: r?.credits ?? 0 };
  });
  const hourly = Array.from({ length: 24 }, (_, i) => {
    const hour = new Date(thisHour - (23 - i) * HOUR_MS).toISOString();
    const r = hours.get(hour.slice(0, 13));
    return { hour, requests: r?.requests ?? 0, tokens: r?.tokens ?? 0, credits: r?.credits ?? 0 };
  });

  const activeQuotas: ActiveQuota[] = active.map((b) => ({
    id: b.grant.id,
    source: quotaSources.includes(b.grant.sourceType as QuotaSource) ? (b.grant.sourceType as QuotaSource) : 'promo',
    credits: b.grant.credits,
    used: b.spent,
    effectiveFrom: b.grant.effectiveFrom.toISOString(),
    expiresAt: b.grant.expiresAt ? b.grant.expiresAt.toISOString() : null,
  }));
  const remainingCost = remaining * USD_PER_CREDIT;
  const planType = planTypes.includes(plan.plan.planType as PlanType) ? (plan.plan.planType as PlanType) : 'custom';
  return {
    userId,
    planType,
    accountStatus: remaining > 0 ? 'active' : 'inactive',
    quotas: {
      requests: Math.max(0, plan.perDay - counts.today),
      tokens: Math.floor((remainingCost * 1_000_000) / DEFAULT_MODEL_PRICE.input),
      cost: Math.round(remainingCost * 1000) / 1000,
    },
    creditsUsed,
    creditLimit,
    usageRate: creditLimit > 0 ? Math.min(1, creditsUsed / creditLimit) : 0,
    totals: {
      requests: t.requests,
      tokens: t.inputTokens + t.outputTokens + t.cacheCreationTokens + t.cacheReadTokens,
      cost: Math.round(t.cost * 1_000_000) / 1_000_000,
      cacheHitTokens: t.cacheReadTokens,
      inputTokens: t.inputTokens,
      outputTokens: t.outputTokens,
      cacheCreationTokens: t.cacheCreationTokens,
      cacheReadTokens: t.cacheReadTokens,
    },
    activeQuotas,
    limits: { perMinute: plan.perMinute, perDay: plan.perDay, usedThisMinute: counts.lastMinute, usedToday: counts.today },
    daily,
    hourly,
  };
}
