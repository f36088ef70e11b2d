import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

import type { Database } from '../../storage/database';
import { creditLedger, type LedgerRow } from '../../storage/schema';
import { DAY_MS } from './deps';

/**
 * The credit ledger: grants, spends and voids are rows; every balance is derived from them (nothing is cached).
 * A grant's remaining credits = its credits − spends drawn on it − voids of it. A grant counts while
 * effective_from ≤ now < expires_at.
 */

export type GrantSource = 'order' | 'promo' | 'invitation' | 'free' | 'operator';

export interface NewGrant {
  userId: string;
  sourceType: GrantSource;
  sourceId: string;
  credits: number;
  effectiveFrom: Date;
  expiresAt: Date | null;
  planType?: string | null;
  note?: string | null;
}

/** Adds a grant; null when this (source_type, source_id) was granted before (the unique index makes it impossible twice). */
export async function grantCredits(db: Database, grant: NewGrant): Promise<LedgerRow | null> {
  const [row] = await db
    .insert(creditLedger)
    .values({
      userId: grant.userId,
      kind: 'grant',
      sourceType: grant.sourceType,
      sourceId: grant.sourceId,
      credits: grant.credits,
      effectiveFrom: grant.effectiveFrom,
      expiresAt: grant.expiresAt,
      planType: grant.planType ?? null,
      note: grant.note ?? null,
    })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

export interface GrantBalance {
  grant: LedgerRow;
  /** Credits drawn by usage. */
  spent: number;
  /** Credits removed by a refund. */
  voided: number;
  /** A refund voided this grant. */
  isVoided: boolean;
  remaining: number;
}

/** Every grant of a user with what is left of it, oldest first. */
export async function grantBalances(db: Database, userId: string): Promise<GrantBalance[]> {
  const draws = alias(creditLedger, 'draws');
  const rows = await db
    .select({
      grant: creditLedger,
      spent: sql<number>`coalesce(-sum(case when ${draws.kind} = 'spend' then ${draws.credits} end), 0)`.mapWith(Number),
      voided: sql<number>`coalesce(-sum(case when ${draws.kind} = 'void' then ${draws.credits} end), 0)`.mapWith(Number),
      voids: sql<number>`count(case when ${draws.kind} = 'void' then 1 end)`.mapWith(Number),
    })
    .from(creditLedger)
    .leftJoin(draws, eq(draws.grantId, creditLedger.id))
    .where(and(eq(creditLedger.userId, userId), eq(creditLedger.kind, 'grant')))
    .groupBy(creditLedger.id)
    .orderBy(asc(creditLedger.effectiveFrom), asc(creditLedger.createdAt));
  return rows.map(({ voids, ...r }) => ({ ...r, isVoided: voids > 0, remaining: Math.max(0, r.grant.credits - r.spent - r.voided) }));
}

export const isActiveGrant = (b: GrantBalance, now: Date): boolean =>
  !b.isVoided &&
  b.grant.effectiveFrom.getTime() <= now.getTime() &&
  (b.grant.expiresAt === null || b.grant.expiresAt.getTime() > now.getTime());

/** Grants in force now (not expired, not voided), earliest expiry first: the order spends draw on them. */
export async function activeGrants(db: Database, userId: string, now: Date): Promise<GrantBalance[]> {
  const all = await grantBalances(db, userId);
  return all
    .filter((b) => isActiveGrant(b, now))
    .sort((a, b) => (a.grant.expiresAt?.getTime() ?? Infinity) - (b.grant.expiresAt?.getTime() ?? Infinity));
}

export async function availableCredits(db: Database, userId: string, now: Date): Promise<number> {
  return (await activeGrants(db, userId, now)).reduce((sum, b) => sum + b.remaining, 0);
}

/**
 * Spends `credits` for one usage record, drawing on the earliest-expiring active grants first. Run inside a
 * transaction: the user's grant rows are locked so two spends cannot both draw the same credits. What no grant covers
 * is recorded as a spend without a grant (the request was authorised while credits remained) and is not carried over.
 */
export async function spendCredits(tx: Database, userId: string, credits: number, usageId: string, now: Date): Promise<void> {
  if (credits <= 0) return;
  await tx
    .select({ id: creditLedger.id })
    .from(creditLedger)
    .where(and(eq(creditLedger.userId, userId), eq(creditLedger.kind, 'grant')))
    .for('update');
  let left = credits;
  const rows: (typeof creditLedger.$inferInsert)[] = [];
  for (const b of await activeGrants(tx, userId, now)) {
    if (left <= 0) break;
    const take = Math.min(left, b.remaining);
    if (take <= 0) continue;
    rows.push(spendRow(userId, usageId, -take, b.grant.id, now));
    left -= take;
  }
  if (left > 0) rows.push(spendRow(userId, usageId, -left, null, now));
  await tx.insert(creditLedger).values(rows);
}

const spendRow = (userId: string, usageId: string, credits: number, grantId: string | null, now: Date) => ({
  userId,
  kind: 'spend',
  sourceType: 'usage',
  sourceId: usageId,
  credits,
  grantId,
  effectiveFrom: now,
  expiresAt: null,
});

/** Voids what is left of a grant (a refund). Null when this source voided before. */
export async function voidGrant(tx: Database, grant: LedgerRow, sourceId: string, now: Date, note: string): Promise<LedgerRow | null> {
  const balance = (await grantBalances(tx, grant.userId)).find((b) => b.grant.id === grant.id);
  const remaining = balance ? balance.remaining : 0;
  const [row] = await tx
    .insert(creditLedger)
    .values({
      userId: grant.userId,
      kind: 'void',
      sourceType: 'refund',
      sourceId,
      credits: -remaining,
      grantId: grant.id,
      effectiveFrom: now,
      expiresAt: null,
      note,
    })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

export const addDays = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS);
