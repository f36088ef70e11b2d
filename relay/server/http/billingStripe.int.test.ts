import { randomUUID } from 'node:crypto';

import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  createOrderResponseSchema,
  loginResultResponseSchema,
  oneTimeTokenResponseSchema,
  orderSchema,
  userStatsSchema,
} from '../../protocol';
import { runBillingCommand } from '../admin/billing';
import { creditLedger, paymentEvents } from '../storage/schema';
import { expectError } from '../testing/expectError';
import { call } from '../testing/http';
import { startStripeStandIn, type StripeStandIn } from '../testing/stripeStandIn';
import { createTestRelay, RELAY_START_TIMEOUT_MS, type TestRelay } from '../testing/testRelay';

/**
 * The Stripe provider: Checkout sessions go to a local Stripe API stand-in (never the network); webhooks are signed
 * test payloads (`generateTestHeaderString`), checked with the real `stripe.webhooks.constructEvent`.
 */

const WEBHOOK_SECRET = 'whsec_test_secret_for_billing_tests';
const signer = new Stripe('sk_test_signer_only');
let relay: TestRelay;
let standIn: StripeStandIn;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  relay = await createTestRelay({
    env: {
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_standin',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: standIn.url,
    },
    authLimits: { perIpPerMinute: 100_000 },
  });
}, RELAY_START_TIMEOUT_MS);
afterAll(async () => {
  await relay?.close();
  await standIn?.close();
}, RELAY_START_TIMEOUT_MS);

const get = (path: string, token?: string) => call(relay, 'GET', path, { ...(token && { token }) });
const post = (path: string, body?: unknown, token?: string) =>
  call(relay, 'POST', path, { ...(body !== undefined && { body }), ...(token && { token }) });

async function signIn() {
  const email = `stripe-${randomUUID().slice(0, 8)}@example.com`;
  const signup = await post('/auth/tern/signup', { email, password: 'correct horse', username: 'Stripe Buyer' });
  const { token, user_id } = oneTimeTokenResponseSchema.parse(signup.body).data;
  const login = await post('/auth/jwt/tern-login', { token, user_id, plat: 'web' });
  return { userId: user_id, jwt: loginResultResponseSchema.parse(login.body).data.accessToken };
}

function completedEvent(orderId: string, sessionId: string, eventId = `evt_${randomUUID().replace(/-/g, '')}`) {
  return JSON.stringify({
    id: eventId,
    object: 'event',
    type: 'checkout.session.completed',
    data: {
      object: {
        id: sessionId,
        object: 'checkout.session',
        client_reference_id: orderId,
        metadata: { orderId },
        payment_status: 'paid',
        status: 'complete',
        payment_intent: 'pi_test_123',
      },
    },
  });
}

const sendWebhook = (payload: string, signature = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET })) =>
  call(relay, 'POST', '/web-api/payment/stripe/webhook', { rawBody: payload, headers: { 'stripe-signature': signature } });

const orderCredits = async (orderId: string) => relay.storage.db.select().from(creditLedger).where(eq(creditLedger.sourceId, orderId));

describe('Stripe provider', () => {
  it('creates a Checkout session for the order and answers its URL', async () => {
    const user = await signIn();
    const res = await post('/web-api/payment/create-order', { product_sn: 'BASIC-30', lang: 'zh' }, user.jwt);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const order = createOrderResponseSchema.parse(res.body).data!;
    expect(order.payment_method).toBe('stripe');
    const session = standIn.sessions.at(-1)!;
    expect(order.payment_url).toBe(session.url);
    expect(session.form).toMatchObject({
      mode: 'payment',
      client_reference_id: order.order_id,
      'metadata[orderId]': order.order_id,
      'line_items[0][price_data][currency]': 'cny',
      'line_items[0][price_data][unit_amount]': '2900',
      'line_items[0][quantity]': '1',
      success_url: `${relay.url}/zh/orders/${order.order_id}`,
    });
    const detail = orderSchema.parse((await get(`/web-api/orders/${order.order_id}`, user.jwt)).body.data);
    expect(detail).toMatchObject({ paymentMethod: 'stripe', paymentId: session.id, orderStatus: 'pending' });
  });

  it('pays on a signed checkout.session.completed; a replay or a second event grants nothing twice', async () => {
    const user = await signIn();
    const order = createOrderResponseSchema.parse(
      (await post('/web-api/payment/create-order', { product_sn: 'BASIC-30' }, user.jwt)).body,
    ).data!;
    const sessionId = standIn.sessions.at(-1)!.id;
    const payload = completedEvent(order.order_id, sessionId, 'evt_replay_me');

    const first = await sendWebhook(payload);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data.outcome).toBe('paid');
    const detail = orderSchema.parse((await get(`/web-api/orders/${order.order_id}`, user.jwt)).body.data);
    expect(detail).toMatchObject({ orderStatus: 'paid', paymentStatus: 'paid', transactionId: 'pi_test_123', paymentId: sessionId });
    const stats = userStatsSchema.parse((await get('/web-api/user/stats', user.jwt)).body.data);
    expect(stats.activeQuotas.find((q) => q.source === 'order')?.credits).toBe(2000);

    const replay = await sendWebhook(payload);
    expect(replay.status).toBe(200);
    expect(replay.body.data.outcome).toBe('duplicate-event');
    const another = await sendWebhook(completedEvent(order.order_id, sessionId));
    expect(another.body.data.outcome).toBe('already-paid');
    expect(await orderCredits(order.order_id)).toHaveLength(1);
    const events = await relay.storage.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, 'evt_replay_me'));
    expect(events).toHaveLength(1);
    expect((await get('/web-api/user/stats', user.jwt)).body.data.creditLimit).toBe(stats.creditLimit);

    // Operator refund goes through Stripe's refunds API.
    expect(await runBillingCommand(['order-refund', '--order', order.order_id], relay.app.billing, () => undefined)).toBe(0);
    expect(standIn.refunds.at(-1)).toMatchObject({ payment_intent: 'pi_test_123' });
  });

  it('rejects a bad or missing signature with 400 and changes nothing', async () => {
    const user = await signIn();
    const order = createOrderResponseSchema.parse(
      (await post('/web-api/payment/create-order', { product_sn: 'BASIC-30' }, user.jwt)).body,
    ).data!;
    const payload = completedEvent(order.order_id, standIn.sessions.at(-1)!.id);
    const forged = signer.webhooks.generateTestHeaderString({ payload, secret: 'whsec_wrong' });
    expectError(await sendWebhook(payload, forged), 400, 'WEBHOOK_SIGNATURE_INVALID');
    expectError(await call(relay, 'POST', '/web-api/payment/stripe/webhook', { rawBody: payload }), 400, 'WEBHOOK_SIGNATURE_INVALID');
    // A body altered after signing fails too.
    const signed = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    expectError(await sendWebhook(payload.replace('pi_test_123', 'pi_test_999'), signed), 400, 'WEBHOOK_SIGNATURE_INVALID');
    expect((await get(`/web-api/orders/${order.order_id}`, user.jwt)).body.data.orderStatus).toBe('pending');
    expect(await orderCredits(order.order_id)).toHaveLength(0);
  });

  it('expires the order on checkout.session.expired and ignores other events', async () => {
    const user = await signIn();
    const order = createOrderResponseSchema.parse(
      (await post('/web-api/payment/create-order', { product_sn: 'PRO-30' }, user.jwt)).body,
    ).data!;
    const expired = JSON.stringify({
      id: `evt_${randomUUID().replace(/-/g, '')}`,
      object: 'event',
      type: 'checkout.session.expired',
      data: {
        object: {
          id: 'cs_x',
          object: 'checkout.session',
          metadata: { orderId: order.order_id },
          client_reference_id: order.order_id,
          payment_status: 'unpaid',
        },
      },
    });
    expect((await sendWebhook(expired)).body.data.outcome).toBe('expired');
    expect((await get(`/web-api/orders/${order.order_id}`, user.jwt)).body.data.orderStatus).toBe('expired');
    const other = JSON.stringify({
      id: 'evt_other',
      object: 'event',
      type: 'customer.created',
      data: { object: { id: 'cus_1', object: 'customer' } },
    });
    expect((await sendWebhook(other)).body.data.outcome).toBe('ignored');
    // A paid session of an order this relay does not know: acknowledged, nothing granted.
    const unknown = await sendWebhook(completedEvent(randomUUID(), 'cs_unknown'));
    expect(unknown.status).toBe(200);
    expect(unknown.body.data.outcome).toBe('ignored');
  });

  it('answers PAYMENT_PROVIDER_ERROR (502) when Stripe fails, leaving no payable order', async () => {
    const user = await signIn();
    standIn.failWith = 400;
    try {
      expectError(await post('/web-api/payment/create-order', { product_sn: 'BASIC-30' }, user.jwt), 502, 'PAYMENT_PROVIDER_ERROR');
    } finally {
      standIn.failWith = null;
    }
    const list = (await get('/web-api/orders', user.jwt)).body.data;
    expect(list.items[0]).toMatchObject({ orderStatus: 'cancelled', paymentStatus: 'failed' });
  });
});
