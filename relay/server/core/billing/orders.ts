import { and, count, desc, eq, gt, isNull, lte } from 'drizzle-orm';

import type {
  CheckoutLang,
  Order,
  OrderPage,
  OrderStatus,
  OrderSummary,
  PaymentMethod,
  PaymentStatus,
  SubscriptionCancelResult,
} from '../../../protocol';
import type { Database } from '../../storage/database';
import { transaction } from '../../storage/database';
import { creditLedger, type OrderRow, orders, paymentEvents, products, users } from '../../storage/schema';
import { AppError } from '../appError';
import { findProductBySn, productNameTranslations } from './catalog';
import { type BillingDeps } from './deps';
import { settleInvitationReward } from './invitations';
import { addDays, grantCredits, voidGrant } from './ledger';
import type { WebhookEvent } from './payment';

/**
 * Orders: pending (payable until expires_at, 30 min) → paid (ledger grant in the same transaction) | cancelled |
 * expired; paid → refunded (operator, within 7 days; the rest of the grant is voided). Paying is idempotent: a paid
 * order is never granted twice (the grant is unique per order, and a replayed provider event is recorded once).
 */

const money = (minor: number) => minor / 100;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function orderSummary(row: OrderRow): OrderSummary {
  return {
    orderId: row.id,
    productName: row.productName,
    productSn: row.productSn,
    ...(row.productNameTranslations?.en && { translations: { en: row.productNameTranslations.en } }),
    amount: money(row.amountMinor),
    currency: row.currency,
    orderStatus: row.status as OrderStatus,
    paymentStatus: row.paymentStatus as PaymentStatus,
    paymentMethod: row.paymentMethod as PaymentMethod,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    paidAt: iso(row.paidAt),
  };
}

export function orderDetail(row: OrderRow): Order {
  return {
    ...orderSummary(row),
    description: row.description,
    type: row.type as Order['type'],
    totalAmount: money(row.amountMinor),
    originalAmount: money(row.originalAmountMinor),
    discountAmount: money(row.discountAmountMinor),
    paymentId: row.paymentId,
    transactionId: row.transactionId,
    updatedAt: row.updatedAt.toISOString(),
    validityDays: row.validityDays,
    credits: row.credits,
    quotaCode: row.grantId,
    paymentUrl: row.status === 'pending' ? row.paymentUrl : null,
    refundedAt: iso(row.refundedAt),
  };
}

/** The order's product name in a language: the English snapshot when there is one, else the canonical name. */
export function orderProductName(row: Pick<OrderRow, 'productName' | 'productNameTranslations'>, lang: CheckoutLang): string {
  return (lang === 'en' && row.productNameTranslations?.en?.productName) || row.productName;
}

/** Marks pending orders past their expiry as expired (lazily, before any read or payment). */
export async function expireOrders(db: Database, now: Date, userId?: string): Promise<number> {
  const rows = await db
    .update(orders)
    .set({ status: 'expired', updatedAt: now })
    .where(and(eq(orders.status, 'pending'), lte(orders.expiresAt, now), ...(userId ? [eq(orders.userId, userId)] : [])))
    .returning({ id: orders.id });
  return rows.length;
}

export async function createOrder(
  deps: BillingDeps,
  userId: string,
  input: { productSn: string; lang: CheckoutLang; origin: string },
): Promise<{ order: OrderRow; paymentUrl: string }> {
  const product = await findProductBySn(deps.db, input.productSn);
  if (!product || !product.isActive) throw new AppError(404, 'PRODUCT_NOT_FOUND', 'Product not found');
  if (!product.purchasable || product.priceMinor <= 0) {
    throw new AppError(400, 'PRODUCT_NOT_PURCHASABLE', 'This plan cannot be bought online');
  }
  const now = deps.now();
  const [paidAny] = await deps.db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.productId, product.id), eq(orders.status, 'paid')));
  if (!product.repeatable && (paidAny?.n ?? 0) > 0) throw new AppError(400, 'PRODUCT_NOT_PURCHASABLE', 'This plan can be bought only once');
  const [order] = await deps.db
    .insert(orders)
    .values({
      userId,
      productId: product.id,
      productSn: product.productSn,
      productName: product.productName,
      productNameTranslations: productNameTranslations(product),
      description: product.subtitle,
      type: (paidAny?.n ?? 0) > 0 ? 'renewal' : 'purchase',
      amountMinor: product.priceMinor,
      originalAmountMinor: product.priceMinor,
      discountAmountMinor: 0,
      currency: product.priceUnit,
      credits: product.credits,
      validityDays: product.validityDays,
      status: 'pending',
      paymentStatus: 'unpaid',
      paymentMethod: deps.provider.name,
      lang: input.lang,
      createdAt: now,
      updatedAt: now,
      expiresAt: new Date(now.getTime() + deps.settings.orderTtlMs),
    })
    .returning();
  if (!order) throw new Error('order insert returned nothing');
  let checkout: { paymentUrl: string; paymentId: string };
  try {
    checkout = await deps.provider.createCheckout(
      {
        id: order.id,
        productName: orderProductName(order, input.lang),
        amountMinor: order.amountMinor,
        currency: order.currency,
        expiresAt: order.expiresAt,
        lang: input.lang,
      },
      { origin: input.origin },
    );
  } catch (error) {
    await deps.db
      .update(orders)
      .set({ status: 'cancelled', paymentStatus: 'failed', cancelledAt: now, updatedAt: now })
      .where(eq(orders.id, order.id));
    throw error;
  }
  const [updated] = await deps.db
    .update(orders)
    .set({ paymentId: checkout.paymentId, paymentUrl: checkout.paymentUrl })
    .where(eq(orders.id, order.id))
    .returning();
  return { order: updated ?? order, paymentUrl: checkout.paymentUrl };
}

/** The order of this user (404 for anyone else's: their existence is not revealed). */
export async function getOrder(deps: BillingDeps, userId: string, orderId: string): Promise<OrderRow> {
  await expireOrders(deps.db, deps.now(), userId);
  const row = await findOrder(deps.db, orderId);
  if (!row || row.userId !== userId) throw new AppError(404, 'ORDER_NOT_FOUND', 'Order not found');
  return row;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function findOrder(db: Database, orderId: string): Promise<OrderRow | null> {
  if (!UUID.test(orderId)) return null;
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  return row ?? null;
}

export async function listOrders(deps: BillingDeps, userId: string, page: number, pageSize: number): Promise<OrderPage> {
  await expireOrders(deps.db, deps.now(), userId);
  const [total] = await deps.db.select({ n: count() }).from(orders).where(eq(orders.userId, userId));
  const rows = await deps.db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { items: rows.map(orderSummary), total: total?.n ?? 0, page, pageSize };
}

export async function cancelOrder(deps: BillingDeps, userId: string, orderId: string): Promise<OrderRow> {
  const order = await getOrder(deps, userId, orderId);
  const now = deps.now();
  const [row] = await deps.db
    .update(orders)
    .set({ status: 'cancelled', cancelledAt: now, updatedAt: now })
    .where(and(eq(orders.id, order.id), eq(orders.status, 'pending')))
    .returning();
  if (!row) throw new AppError(409, 'ORDER_NOT_PENDING', `The order is ${order.status}, not pending`);
  return row;
}

export interface PayInput {
  orderId: string;
  /** `sandbox` pays from its own page (expiry enforced); a provider's confirmation settles even a late order. */
  via: 'sandbox' | 'provider';
  paymentId?: string | null;
  transactionId?: string | null;
  /** The provider event (recorded once; a replay does nothing). */
  event?: { provider: string; eventId: string; type: string; payload: unknown };
}

export type PayOutcome = 'paid' | 'already-paid' | 'duplicate-event';

/** Pays an order: status, ledger grant and invitation reward in one transaction; safe to call again. */
export async function payOrder(deps: BillingDeps, input: PayInput): Promise<{ outcome: PayOutcome; order: OrderRow | null }> {
  const now = deps.now();
  return transaction(deps.db, async (tx) => {
    if (input.event) {
      const [recorded] = await tx
        .insert(paymentEvents)
        .values({ ...input.event, orderId: UUID.test(input.orderId) ? input.orderId : null, createdAt: now })
        .onConflictDoNothing()
        .returning({ id: paymentEvents.id });
      if (!recorded) return { outcome: 'duplicate-event' as const, order: await findOrder(tx, input.orderId) };
    }
    if (!UUID.test(input.orderId)) throw new AppError(404, 'ORDER_NOT_FOUND', 'Order not found');
    const [order] = await tx.select().from(orders).where(eq(orders.id, input.orderId)).for('update');
    if (!order) throw new AppError(404, 'ORDER_NOT_FOUND', 'Order not found');
    if (order.status === 'paid' || order.status === 'refunded') return { outcome: 'already-paid' as const, order };
    if (input.via === 'sandbox') {
      if (order.status === 'pending' && order.expiresAt.getTime() <= now.getTime()) {
        await tx.update(orders).set({ status: 'expired', updatedAt: now }).where(eq(orders.id, order.id));
        throw new AppError(409, 'ORDER_EXPIRED', 'The order has expired');
      }
      if (order.status === 'expired') throw new AppError(409, 'ORDER_EXPIRED', 'The order has expired');
      if (order.status !== 'pending') throw new AppError(409, 'ORDER_NOT_PENDING', `The order is ${order.status}, not pending`);
    }
    const planType = await planTypeOf(tx, order);
    const grant = await grantCredits(tx, {
      userId: order.userId,
      sourceType: 'order',
      sourceId: order.id,
      credits: order.credits,
      effectiveFrom: now,
      expiresAt: addDays(now, order.validityDays),
      planType,
      note: order.productSn,
    });
    const [paid] = await tx
      .update(orders)
      .set({
        status: 'paid',
        paymentStatus: 'paid',
        paidAt: now,
        updatedAt: now,
        ...(input.paymentId && { paymentId: input.paymentId }),
        transactionId: input.transactionId ?? `${order.paymentMethod}_tx_${order.id.slice(0, 8)}`,
        ...(grant && { grantId: grant.id }),
      })
      .where(eq(orders.id, order.id))
      .returning();
    await settleInvitationReward(tx, deps, { buyerId: order.userId, orderId: order.id, now });
    return { outcome: 'paid' as const, order: paid ?? order };
  });
}

async function planTypeOf(tx: Database, order: OrderRow): Promise<string | null> {
  const [row] = await tx.select({ planType: products.planType }).from(products).where(eq(products.id, order.productId)).limit(1);
  return row?.planType ?? null;
}

/** Applies a verified provider webhook (Stripe). */
export async function handleWebhookEvent(
  deps: BillingDeps,
  event: WebhookEvent,
  payload: unknown,
): Promise<PayOutcome | 'ignored' | 'expired'> {
  const record = { provider: deps.provider.name, eventId: event.eventId, type: event.type, payload };
  // An event for an order this relay does not know (another environment sharing the Stripe account) is recorded and
  // acknowledged, so Stripe does not retry it for days.
  if (event.kind === 'paid' && (await findOrder(deps.db, event.orderId))) {
    const result = await payOrder(deps, {
      orderId: event.orderId,
      via: 'provider',
      paymentId: event.paymentId,
      transactionId: event.transactionId,
      event: record,
    });
    return result.outcome;
  }
  const now = deps.now();
  await transaction(deps.db, async (tx) => {
    const [recorded] = await tx
      .insert(paymentEvents)
      .values({ ...record, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (recorded && event.kind === 'expired' && UUID.test(event.orderId)) {
      await tx
        .update(orders)
        .set({ status: 'expired', updatedAt: now })
        .where(and(eq(orders.id, event.orderId), eq(orders.status, 'pending')));
    }
  });
  return event.kind === 'expired' ? 'expired' : 'ignored';
}

/** Operator refund: a paid order within the refund window; the rest of its grant is voided. */
export async function refundOrder(deps: BillingDeps, orderId: string): Promise<OrderRow> {
  const now = deps.now();
  const order = await findOrder(deps.db, orderId);
  if (!order) throw new AppError(404, 'ORDER_NOT_FOUND', 'Order not found');
  if (order.status !== 'paid' || !order.paidAt) throw new AppError(409, 'ORDER_NOT_PAID', `The order is ${order.status}, not paid`);
  if (now.getTime() - order.paidAt.getTime() > deps.settings.refundWindowMs) {
    throw new AppError(409, 'REFUND_WINDOW_PASSED', 'Refunds are possible only within 7 days of payment');
  }
  await deps.provider.refund({ id: order.id, transactionId: order.transactionId });
  return transaction(deps.db, async (tx) => {
    const [locked] = await tx.select().from(orders).where(eq(orders.id, order.id)).for('update');
    if (!locked || locked.status !== 'paid') throw new AppError(409, 'ORDER_NOT_PAID', 'The order is not paid');
    if (locked.grantId) {
      const [grant] = await tx.select().from(creditLedger).where(eq(creditLedger.id, locked.grantId)).limit(1);
      if (grant) await voidGrant(tx, grant, locked.id, now, 'refund');
    }
    const [row] = await tx
      .update(orders)
      .set({ status: 'refunded', paymentStatus: 'refunded', refundedAt: now, updatedAt: now })
      .where(eq(orders.id, locked.id))
      .returning();
    return row!;
  });
}

/**
 * "Cancel subscription": plans are prepaid periods without automatic charges, so cancelling stops the current plan
 * from being renewed (renewal_cancelled_at on its order); the credits stay usable until the plan expires.
 */
export async function cancelSubscription(deps: BillingDeps, userId: string): Promise<SubscriptionCancelResult> {
  const now = deps.now();
  const rows = await deps.db
    .select({ order: orders, expiresAt: creditLedger.expiresAt })
    .from(orders)
    .innerJoin(creditLedger, eq(creditLedger.id, orders.grantId))
    .where(and(eq(orders.userId, userId), eq(orders.status, 'paid'), isNull(orders.renewalCancelledAt), gt(creditLedger.expiresAt, now)))
    .orderBy(desc(orders.paidAt));
  if (!rows.length) throw new AppError(409, 'NO_ACTIVE_SUBSCRIPTION', 'No active subscription to cancel');
  await deps.db
    .update(orders)
    .set({ renewalCancelledAt: now, updatedAt: now })
    .where(and(eq(orders.userId, userId), eq(orders.status, 'paid'), isNull(orders.renewalCancelledAt)));
  const activeUntil = rows.reduce<Date | null>((max, r) => (r.expiresAt && (!max || r.expiresAt > max) ? r.expiresAt : max), null);
  return { cancelled: true, activeUntil: iso(activeUntil) };
}

export async function findUserByEmail(db: Database, email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1);
  return row ?? null;
}
