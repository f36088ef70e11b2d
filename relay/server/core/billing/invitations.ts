import { randomInt } from 'node:crypto';

import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';

import type { InvitationStats, Invitee, MyInvitationCode, OrderStatus, PageQuery } from '../../../protocol';
import type { Database } from '../../storage/database';
import { isUniqueViolation } from '../../storage/repos';
import { invitationCodes, invitationRewards, orders, users } from '../../storage/schema';
import type { BillingDeps } from './deps';
import { addDays, grantCredits } from './ledger';

/**
 * Invitations. A user's code is created on first request (8 uppercase letters/digits). An invitee is a user whose
 * users.invitation_code_used (taken at first sign-in by core/auth) names the code. The invitee's first paid order
 * decides the reward, once, in the payment's transaction: rewarded (inviter gets credits) or invalid (self-invite,
 * the invitee registered before the code existed, or the inviter's reward limit is reached). No row = pending.
 */

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const newCode = () => Array.from({ length: 8 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

async function ensureCode(db: Database, userId: string, now: Date) {
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const [existing] = await db.select().from(invitationCodes).where(eq(invitationCodes.userId, userId)).limit(1);
    if (existing) return existing;
    try {
      const [row] = await db
        .insert(invitationCodes)
        .values({ userId, code: newCode(), createdAt: now })
        .onConflictDoNothing({ target: invitationCodes.userId })
        .returning();
      if (row) return row;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error; // another user's code: draw again
    }
  }
  throw new Error('Could not allocate an invitation code');
}

async function summary(deps: BillingDeps, inviterId: string, code: string) {
  const [invited] = await deps.db.select({ n: count() }).from(users).where(eq(users.invitationCodeUsed, code));
  const [rewarded] = await deps.db
    .select({ n: count() })
    .from(invitationRewards)
    .where(and(eq(invitationRewards.inviterId, inviterId), eq(invitationRewards.status, 'rewarded')));
  const rewardedTimes = rewarded?.n ?? 0;
  return {
    totalInvitations: invited?.n ?? 0,
    rewardedTimes,
    remainingRewards: Math.max(0, deps.settings.maxInvitationRewards - rewardedTimes),
    rewardCredits: deps.settings.invitationRewardCredits,
  };
}

export async function getMyInvitationCode(deps: BillingDeps, userId: string): Promise<MyInvitationCode> {
  const row = await ensureCode(deps.db, userId, deps.now());
  const { totalInvitations, rewardedTimes, remainingRewards } = await summary(deps, userId, row.code);
  return { code: row.code, totalInvitations, rewardedTimes, remainingRewards, createdAt: row.createdAt.toISOString(), active: row.active };
}

/** a***@example.com */
export const maskEmail = (email: string | null): string => {
  if (!email) return '';
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
};

export async function getInvitationStats(deps: BillingDeps, userId: string, query: PageQuery): Promise<InvitationStats> {
  const code = await ensureCode(deps.db, userId, deps.now());
  const sum = await summary(deps, userId, code.code);
  const invitees = await deps.db
    .select({ id: users.id, name: users.username, email: users.email, createdAt: users.createdAt, reward: invitationRewards })
    .from(users)
    .leftJoin(invitationRewards, eq(invitationRewards.inviteeId, users.id))
    .where(eq(users.invitationCodeUsed, code.code))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const ids = invitees.map((i) => i.id);
  const firstOrders = new Map<string, OrderStatus>();
  if (ids.length) {
    // The invitee's decisive order: the first paid one, else the latest.
    const rows = await deps.db
      .select({ userId: orders.userId, status: orders.status, paidAt: orders.paidAt, createdAt: orders.createdAt })
      .from(orders)
      .where(inArray(orders.userId, ids))
      .orderBy(sql`${orders.paidAt} asc nulls last`, desc(orders.createdAt));
    for (const row of rows) if (!firstOrders.has(row.userId)) firstOrders.set(row.userId, row.status as OrderStatus);
  }
  const items: Invitee[] = invitees.map((i) => ({
    name: i.name,
    email: maskEmail(i.email),
    registeredAt: i.createdAt.toISOString(),
    orderStatus: firstOrders.get(i.id) ?? 'none',
    rewardStatus: i.reward ? (i.reward.status as 'rewarded' | 'invalid') : i.id === userId ? 'invalid' : 'pending',
    rewardGrantedAt: i.reward?.status === 'rewarded' ? i.reward.decidedAt.toISOString() : null,
  }));
  return { items, total: sum.totalInvitations, page: query.page, pageSize: query.pageSize, summary: sum };
}

/**
 * Called in the transaction that pays an order: when it is the buyer's first paid order and the buyer was invited,
 * records the outcome once (the invitee is the primary key) and grants the inviter's reward.
 */
export async function settleInvitationReward(
  tx: Database,
  deps: Pick<BillingDeps, 'settings'>,
  input: { buyerId: string; orderId: string; now: Date },
): Promise<void> {
  const [buyer] = await tx.select().from(users).where(eq(users.id, input.buyerId)).limit(1);
  if (!buyer?.invitationCodeUsed) return;
  const [paidBefore] = await tx
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.userId, input.buyerId), inArray(orders.status, ['paid', 'refunded']), sql`${orders.id} <> ${input.orderId}`));
  if ((paidBefore?.n ?? 0) > 0) return;
  const [code] = await tx.select().from(invitationCodes).where(eq(invitationCodes.code, buyer.invitationCodeUsed)).limit(1);
  if (!code) return; // an unknown code invites nobody
  // Serialise rewards of one inviter so the limit holds under concurrent payments.
  await tx.select({ id: users.id }).from(users).where(eq(users.id, code.userId)).for('update');
  const [rewarded] = await tx
    .select({ n: count() })
    .from(invitationRewards)
    .where(and(eq(invitationRewards.inviterId, code.userId), eq(invitationRewards.status, 'rewarded')));
  let reason: string | null = null;
  if (code.userId === buyer.id) reason = 'self-invite';
  else if (!code.active) reason = 'code inactive';
  else if (buyer.createdAt.getTime() < code.createdAt.getTime()) reason = 'registered before the code existed';
  else if ((rewarded?.n ?? 0) >= deps.settings.maxInvitationRewards) reason = 'reward limit reached';
  const [decided] = await tx
    .insert(invitationRewards)
    .values({
      inviteeId: buyer.id,
      inviterId: code.userId,
      status: reason ? 'invalid' : 'rewarded',
      orderId: input.orderId,
      reason,
      decidedAt: input.now,
    })
    .onConflictDoNothing()
    .returning();
  if (!decided || reason) return;
  const grant = await grantCredits(tx, {
    userId: code.userId,
    sourceType: 'invitation',
    sourceId: buyer.id,
    credits: deps.settings.invitationRewardCredits,
    effectiveFrom: input.now,
    expiresAt: addDays(input.now, deps.settings.invitationRewardDays),
    note: `invitation reward for order ${input.orderId}`,
  });
  if (grant) await tx.update(invitationRewards).set({ grantId: grant.id }).where(eq(invitationRewards.inviteeId, buyer.id));
}
