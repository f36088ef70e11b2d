import { randomUUID } from 'node:crypto';

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  type CheckoutLang,
  createOrderResponseSchema,
  exchangeCodeResultSchema,
  invitationStatsSchema,
  loginResultResponseSchema,
  myInvitationCodeSchema,
  oneTimeTokenResponseSchema,
  orderPageSchema,
  orderSchema,
  productListSchema,
  userStatsSchema,
} from '../../protocol';
import { runBillingCommand } from '../admin/billing';
import { authorizeUsage, recordUsage } from '../core/billing';
import { creditLedger, products } from '../storage/schema';
import { expectError } from '../testing/expectError';
import { call } from '../testing/http';
import { createTestRelay, RELAY_START_TIMEOUT_MS, type TestRelay } from '../testing/testRelay';

/**
 * Billing over HTTP on one PGlite relay with the default sandbox provider: plans, the purchase loop through the
 * checkout page, orders, stats, promo codes, invitations, limits, refunds and every error code of these routes.
 */

let relay: TestRelay;
let offsetMs = 0;
const now = () => new Date(Date.now() + offsetMs);

beforeAll(async () => {
  relay = await createTestRelay({ now, authLimits: { perIpPerMinute: 100_000, perEmailPerMinute: 100_000 } });
}, RELAY_START_TIMEOUT_MS);
afterAll(async () => {
  await relay?.close();
}, RELAY_START_TIMEOUT_MS);

const get = (path: string, token?: string) => call(relay, 'GET', path, { ...(token && { token }) });
const post = (path: string, body?: unknown, token?: string) =>
  call(relay, 'POST', path, { ...(body !== undefined && { body }), ...(token && { token }) });

let seq = 0;
async function signIn(invitationCode?: string): Promise<{ userId: string; jwt: string; email: string; name: string }> {
  const name = `Buyer ${++seq}`;
  const email = `buyer${seq}-${randomUUID().slice(0, 6)}@example.com`;
  const signup = await post('/auth/tern/signup', {
    email,
    password: 'correct horse',
    username: name,
    ...(invitationCode && { invitationCode }),
  });
  expect(signup.status, JSON.stringify(signup.body)).toBe(200);
  const { token, user_id } = oneTimeTokenResponseSchema.parse(signup.body).data;
  const login = await post('/auth/jwt/tern-login', { token, user_id, plat: 'web' });
  return { userId: user_id, jwt: loginResultResponseSchema.parse(login.body).data.accessToken, email, name };
}

/** The HTML checkout page; its forms post back to the relay (no script). */
async function fetchPage(path: string, init: RequestInit = {}) {
  return fetch(relay.url + path, { redirect: 'manual', ...init });
}

async function buy(jwt: string, productSn = 'BASIC-30', lang?: CheckoutLang) {
  const res = await post('/web-api/payment/create-order', { product_sn: productSn, ...(lang && { lang }) }, jwt);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return createOrderResponseSchema.parse(res.body).data!;
}

async function payViaPage(orderId: string) {
  return fetchPage(`/checkout/sandbox/${orderId}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
  });
}

async function stats(jwt: string) {
  const res = await get('/web-api/user/stats', jwt);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return userStatsSchema.parse(res.body.data);
}

const report = (model = 'claude-sonnet-4', inputTokens = 1000, outputTokens = 200) => ({
  requestId: randomUUID(),
  model,
  inputTokens,
  outputTokens,
  cacheCreationTokens: 0,
  cacheReadTokens: 0,
});

describe('plans', () => {
  it('lists the seeded active plans in the Product shape, seeding idempotently', async () => {
    const res = await get('/web-api/products');
    expect(res.status).toBe(200);
    const list = productListSchema.parse(res.body.data);
    expect(list.map((p) => p.productSn)).toEqual(['FREE', 'BASIC-30', 'PRO-30', 'PRO-MAX-30', 'ENTERPRISE']);
    expect(list.find((p) => p.productSn === 'FREE')?.price).toBe(0);
    expect(list.find((p) => p.productSn === 'BASIC-30')).toMatchObject({ price: 29, priceUnit: 'CNY', validityDays: 30 });
    // Canonical texts are Chinese (the spec's recommended rule reads 专业 / 高性价比); English comes in translations.
    expect(list.find((p) => p.productSn === 'PRO-30')).toMatchObject({
      productName: '专业版',
      description: { highlights: ['高性价比', '10,000 积分'] },
      translations: { en: { productName: 'Pro', description: { highlights: ['Best value', '10,000 credits'] } } },
    });
    expect(list.map((p) => [p.productName, p.translations?.en?.productName])).toEqual([
      ['免费版', 'Free'],
      ['基础版', 'Basic'],
      ['专业版', 'Pro'],
      ['旗舰版', 'Pro Max'],
      ['企业版', 'Enterprise'],
    ]);

    // A second start seeds nothing twice; a deactivated plan disappears.
    const { seedCatalog } = await import('../core/billing');
    await seedCatalog(relay.storage.db);
    await relay.storage.db.update(products).set({ isActive: false }).where(eq(products.productSn, 'ENTERPRISE'));
    const after = productListSchema.parse((await get('/web-api/products')).body.data);
    expect(after.map((p) => p.productSn)).toEqual(['FREE', 'BASIC-30', 'PRO-30', 'PRO-MAX-30']);
    await relay.storage.db.update(products).set({ isActive: true }).where(eq(products.productSn, 'ENTERPRISE'));
  });

  it('a relay seeded with the old bilingual texts gets the new ones on start, order snapshots included; prices stay', async () => {
    const user = await signIn();
    const order = await buy(user.jwt, 'BASIC-30', 'en');
    const { seedCatalog } = await import('../core/billing');
    const { orders } = await import('../storage/schema');
    // The state of a relay seeded before the texts were split: mixed names, no translations; an operator's price.
    await relay.storage.db
      .update(products)
      .set({
        productName: 'Basic 基础版',
        subtitle: '2,000 credits for 30 days · 30 天 2,000 积分',
        usageRules: 'Can be bought again · 可重复购买',
        description: { highlights: ['2,000 credits · 2,000 积分'], features: ['All models · 全部模型'] },
        translations: null,
        priceMinor: 3900,
      })
      .where(eq(products.productSn, 'BASIC-30'));
    await relay.storage.db
      .update(orders)
      .set({ productName: 'Basic 基础版', description: '2,000 credits for 30 days · 30 天 2,000 积分', productNameTranslations: null })
      .where(eq(orders.id, order.order_id));
    // An order of a renamed product (not a legacy seed name) keeps its snapshot.
    const other = await buy(user.jwt, 'PRO-30', 'en');
    await relay.storage.db
      .update(orders)
      .set({ productName: '专业版（旧）', productNameTranslations: null })
      .where(eq(orders.id, other.order_id));

    await seedCatalog(relay.storage.db);
    await seedCatalog(relay.storage.db);

    const basic = productListSchema.parse((await get('/web-api/products')).body.data).find((p) => p.productSn === 'BASIC-30')!;
    expect(basic).toMatchObject({
      productName: '基础版',
      subtitle: '30 天 2,000 积分',
      price: 39,
      description: { highlights: ['2,000 积分'], features: ['全部模型', '远程控制', '邮件支持'] },
      translations: { en: { productName: 'Basic', subtitle: '2,000 credits for 30 days' } },
    });
    expect(basic.usageRules).not.toContain('·');
    const renamed = orderSchema.parse((await get(`/web-api/orders/${order.order_id}`, user.jwt)).body.data);
    expect(renamed).toMatchObject({
      productName: '基础版',
      description: '30 天 2,000 积分',
      translations: { en: { productName: 'Basic', description: '2,000 credits for 30 days' } },
    });
    const list = orderPageSchema.parse((await get('/web-api/orders', user.jwt)).body.data);
    expect(list.items.find((o) => o.orderId === other.order_id)).toMatchObject({ productName: '专业版（旧）' });
    expect(list.items.find((o) => o.orderId === other.order_id)?.translations).toBeUndefined();
    await relay.storage.db.update(products).set({ priceMinor: 2900 }).where(eq(products.productSn, 'BASIC-30'));
  });
});

describe('sandbox purchase loop', () => {
  it('create-order → checkout page → pay → order paid → 2,000 credits on the dashboard', async () => {
    const user = await signIn();
    const before = await stats(user.jwt);
    expect(before.planType).toBe('free');

    const order = await buy(user.jwt, 'BASIC-30', 'zh');
    expect(order).toMatchObject({ amount: 29, currency: 'CNY', payment_method: 'sandbox' });
    expect(order.payment_url).toBe(`${relay.url}/checkout/sandbox/${order.order_id}`);
    expect(new Date(order.order_expires_at).getTime() - Date.now()).toBeGreaterThan(29 * 60_000);

    const page = await fetchPage(new URL(order.payment_url).pathname);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await page.text();
    expect(html).toContain('沙盒收银台');
    expect(html).toContain('<dd>基础版</dd>');
    expect(html).not.toContain('Basic');
    expect(html).toContain('¥29.00');
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain(`action="/checkout/sandbox/${order.order_id}/pay?lang=zh"`);
    const en = await (await fetchPage(`${new URL(order.payment_url).pathname}?lang=en`)).text();
    expect(en).toContain('Sandbox checkout');
    expect(en).toContain('<dd>Basic</dd>');

    const pending = orderSchema.parse((await get(`/web-api/orders/${order.order_id}`, user.jwt)).body.data);
    expect(pending).toMatchObject({
      orderStatus: 'pending',
      paymentStatus: 'unpaid',
      paymentUrl: order.payment_url,
      paidAt: null,
      quotaCode: null,
    });
    expect(pending).toMatchObject({
      productName: '基础版',
      description: '30 天 2,000 积分',
      translations: { en: { productName: 'Basic', description: '2,000 credits for 30 days' } },
    });

    const paid = await payViaPage(order.order_id);
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${relay.url}/zh/orders/${order.order_id}`);

    const detail = orderSchema.parse((await get(`/web-api/orders/${order.order_id}`, user.jwt)).body.data);
    expect(detail).toMatchObject({
      orderStatus: 'paid',
      paymentStatus: 'paid',
      paymentMethod: 'sandbox',
      productSn: 'BASIC-30',
      amount: 29,
      totalAmount: 29,
      originalAmount: 29,
      discountAmount: 0,
      validityDays: 30,
      credits: 2000,
      type: 'purchase',
      paymentUrl: null,
    });
    expect(detail.paidAt).not.toBeNull();
    expect(detail.quotaCode).toMatch(/^[0-9a-f-]{36}$/);
    expect(detail.transactionId).toBeTruthy();

    const after = await stats(user.jwt);
    expect(after.planType).toBe('basic');
    const orderQuota = after.activeQuotas.find((q) => q.source === 'order');
    expect(orderQuota).toMatchObject({ credits: 2000, used: 0, id: detail.quotaCode });
    expect(new Date(orderQuota!.expiresAt!).getTime() - new Date(orderQuota!.effectiveFrom).getTime()).toBe(30 * 24 * 3600_000);
    expect(after.creditLimit).toBe(before.creditLimit + 2000);
    expect(after.limits).toMatchObject({ perMinute: 30, perDay: 1000 });

    // Paying again (a double click, a replay) grants nothing more.
    const again = await payViaPage(order.order_id);
    expect(again.status).toBe(303);
    expect((await stats(user.jwt)).creditLimit).toBe(after.creditLimit);
    const grants = await relay.storage.db.select().from(creditLedger).where(eq(creditLedger.sourceId, order.order_id));
    expect(grants).toHaveLength(1);
  });

  it('cancels from the checkout page and via the API; a cancelled or expired order cannot be paid', async () => {
    const user = await signIn();
    const a = await buy(user.jwt);
    const cancelled = await fetchPage(`/checkout/sandbox/${a.order_id}/cancel`, { method: 'POST' });
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get('location')).toBe(`${relay.url}/orders/${a.order_id}`);
    expect((await get(`/web-api/orders/${a.order_id}`, user.jwt)).body.data.orderStatus).toBe('cancelled');
    const late = await payViaPage(a.order_id);
    expect(late.status).toBe(409);
    expect(await late.text()).toContain('can no longer be paid');

    const b = await buy(user.jwt);
    // A bodiless POST that still says application/json is fine.
    const res = await call(relay, 'POST', `/web-api/orders/${b.order_id}/cancel`, { rawBody: '', token: user.jwt });
    expect(res.status).toBe(200);
    expect(orderSchema.parse(res.body.data).orderStatus).toBe('cancelled');
    expectError(await post(`/web-api/orders/${b.order_id}/cancel`, undefined, user.jwt), 409, 'ORDER_NOT_PENDING');

    const c = await buy(user.jwt);
    offsetMs = 31 * 60_000;
    try {
      const page = await (await fetchPage(`/checkout/sandbox/${c.order_id}`)).text();
      expect(page).toContain('expired');
      expect(page).not.toContain('/pay?');
      const pay = await payViaPage(c.order_id);
      expect(pay.status).toBe(409);
      expect((await get(`/web-api/orders/${c.order_id}`, user.jwt)).body.data).toMatchObject({
        orderStatus: 'expired',
        paymentStatus: 'unpaid',
      });
    } finally {
      offsetMs = 0;
    }
    expect((await stats(user.jwt)).planType).toBe('free');
  });

  it('refuses cross-site form posts and unknown checkout links', async () => {
    const user = await signIn();
    const order = await buy(user.jwt);
    const res = await fetchPage(`/checkout/sandbox/${order.order_id}/pay`, { method: 'POST', headers: { origin: 'https://evil.example' } });
    expect(res.status).toBe(403);
    expect((await get(`/web-api/orders/${order.order_id}`, user.jwt)).body.data.orderStatus).toBe('pending');
    expect((await fetchPage(`/checkout/sandbox/${randomUUID()}`)).status).toBe(404);
    expect((await fetchPage('/checkout/sandbox/not-an-id')).status).toBe(404);
  });
});

describe('orders', () => {
  it('pages the list newest first and hides other users’ orders (404)', async () => {
    const a = await signIn();
    const b = await signIn();
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) ids.push((await buy(a.jwt, i === 2 ? 'PRO-30' : 'BASIC-30')).order_id);
    const page1 = orderPageSchema.parse((await get('/web-api/orders?page=1&pageSize=2', a.jwt)).body.data);
    expect(page1).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(page1.items.map((o) => o.orderId)).toEqual([ids[2], ids[1]]);
    const page2 = orderPageSchema.parse((await get('/web-api/orders?page=2&pageSize=2', a.jwt)).body.data);
    expect(page2.items.map((o) => o.orderId)).toEqual([ids[0]]);
    expect(orderPageSchema.parse((await get('/web-api/orders', a.jwt)).body.data).pageSize).toBe(10);

    expect(orderPageSchema.parse((await get('/web-api/orders', b.jwt)).body.data).total).toBe(0);
    expectError(await get(`/web-api/orders/${ids[0]}`, b.jwt), 404, 'ORDER_NOT_FOUND');
    expectError(await post(`/web-api/orders/${ids[0]}/cancel`, undefined, b.jwt), 404, 'ORDER_NOT_FOUND');
    expectError(await get('/web-api/orders/nope', a.jwt), 404, 'ORDER_NOT_FOUND');
    expectError(await get('/web-api/orders?pageSize=1000', a.jwt), 400, 'VALIDATION_ERROR');
  });

  it('rejects unknown, free and contact-only plans and unauthenticated calls', async () => {
    const user = await signIn();
    expectError(await post('/web-api/payment/create-order', { product_sn: 'NOPE' }, user.jwt), 404, 'PRODUCT_NOT_FOUND');
    expectError(await post('/web-api/payment/create-order', { product_sn: 'FREE' }, user.jwt), 400, 'PRODUCT_NOT_PURCHASABLE');
    expectError(await post('/web-api/payment/create-order', { product_sn: 'ENTERPRISE' }, user.jwt), 400, 'PRODUCT_NOT_PURCHASABLE');
    expectError(await post('/web-api/payment/create-order', {}, user.jwt), 400, 'VALIDATION_ERROR');
    expectError(await post('/web-api/payment/create-order', { product_sn: 'BASIC-30' }), 401, 'UNAUTHORIZED');
    for (const path of ['/web-api/orders', '/web-api/user/stats', '/web-api/invitation/my-code', '/web-api/invitation/stats']) {
      expectError(await get(path), 401, 'UNAUTHORIZED');
    }
    expectError(await post('/web-api/code/exchange-code', { code: 'X' }), 401, 'UNAUTHORIZED');
  });

  it('cancels the subscription: the plan stays until it expires; none → NO_ACTIVE_SUBSCRIPTION', async () => {
    const user = await signIn();
    expectError(await post('/web-api/subscriptions/cancel', undefined, user.jwt), 409, 'NO_ACTIVE_SUBSCRIPTION');
    const order = await buy(user.jwt);
    await payViaPage(order.order_id);
    const res = await post('/web-api/subscriptions/cancel', undefined, user.jwt);
    expect(res.status).toBe(200);
    expect(res.body.data.cancelled).toBe(true);
    expect(new Date(res.body.data.activeUntil).getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600_000);
    expect((await stats(user.jwt)).planType).toBe('basic');
    expectError(await post('/web-api/subscriptions/cancel', undefined, user.jwt), 409, 'NO_ACTIVE_SUBSCRIPTION');
  });

  it('refunds by operator command within 7 days only; the rest of the grant is void', async () => {
    const user = await signIn();
    const deps = relay.app.billing;
    const lines: string[] = [];
    const out = (l: string) => lines.push(l);
    const order = await buy(user.jwt);
    await payViaPage(order.order_id);
    await recordUsage(deps, user.userId, report());
    const limitBefore = (await stats(user.jwt)).creditLimit;

    expect(await runBillingCommand(['order-refund', '--order', order.order_id], deps, out)).toBe(0);
    expect(lines.at(-1)).toContain(`Refunded order ${order.order_id}`);
    const refunded = orderSchema.parse((await get(`/web-api/orders/${order.order_id}`, user.jwt)).body.data);
    expect(refunded).toMatchObject({ orderStatus: 'refunded', paymentStatus: 'refunded' });
    const after = await stats(user.jwt);
    expect(after.creditLimit).toBe(limitBefore - 2000);
    expect(after.activeQuotas.some((q) => q.source === 'order')).toBe(false);
    expect(after.planType).toBe('free');
    // Twice: refused.
    expect(await runBillingCommand(['order-refund', '--order', order.order_id], deps, out)).toBe(1);

    const late = await buy(user.jwt);
    await payViaPage(late.order_id);
    offsetMs = 8 * 24 * 3600_000;
    try {
      expect(await runBillingCommand(['order-refund', '--order', late.order_id], deps, out)).toBe(1);
    } finally {
      offsetMs = 0;
    }
    expect((await get(`/web-api/orders/${late.order_id}`, user.jwt)).body.data.orderStatus).toBe('paid');
    expect(await runBillingCommand(['order-refund', '--order', randomUUID()], deps, out)).toBe(1);
  });
});

describe('promo codes', () => {
  it('creates a batch by operator command and redeems a code once', async () => {
    const lines: string[] = [];
    expect(
      await runBillingCommand(
        ['promo-create', '--credits', '300', '--count', '3', '--days', '10', '--prefix', 'welcome'],
        relay.app.billing,
        (l) => lines.push(l),
      ),
    ).toBe(0);
    const codes = lines.slice(0, 3);
    expect(lines[3]).toBe('3 promo code(s) created');
    for (const code of codes) expect(code).toMatch(/^WELCOME-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    expect(new Set(codes).size).toBe(3);

    const user = await signIn();
    const before = (await stats(user.jwt)).creditLimit;
    const res = await post('/web-api/code/exchange-code', { code: codes[0] }, user.jwt);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const result = exchangeCodeResultSchema.parse(res.body.data);
    expect(result).toMatchObject({ code: codes[0], credits: 300 });
    expect(new Date(result.expiresAt!).getTime() - Date.now()).toBeGreaterThan(9.9 * 24 * 3600_000);
    const after = await stats(user.jwt);
    expect(after.creditLimit).toBe(before + 300);
    expect(after.activeQuotas.find((q) => q.source === 'promo')).toMatchObject({ credits: 300 });

    const other = await signIn();
    expectError(await post('/web-api/code/exchange-code', { code: codes[0] }, other.jwt), 400, 'PROMO_ALREADY_USED');
    expectError(await post('/web-api/code/exchange-code', { code: codes[0] }, user.jwt), 400, 'PROMO_ALREADY_USED');
  });

  it('answers 400 for format, not found and expired codes', async () => {
    const user = await signIn();
    expectError(await post('/web-api/code/exchange-code', { code: 'lower-case' }, user.jwt), 400, 'PROMO_INVALID_FORMAT');
    expectError(await post('/web-api/code/exchange-code', { code: 'HAS SPACE' }, user.jwt), 400, 'PROMO_INVALID_FORMAT');
    expectError(await post('/web-api/code/exchange-code', { code: '' }, user.jwt), 400, 'PROMO_INVALID_FORMAT');
    expectError(await post('/web-api/code/exchange-code', {}, user.jwt), 400, 'PROMO_INVALID_FORMAT');
    expectError(await post('/web-api/code/exchange-code', { code: 'NO-SUCH-CODE' }, user.jwt), 400, 'PROMO_NOT_FOUND');
    const lines: string[] = [];
    const yesterday = new Date(Date.now() - 2 * 24 * 3600_000).toISOString().slice(0, 10);
    await runBillingCommand(['promo-create', '--credits', '5', '--count', '1', '--code-expires', yesterday], relay.app.billing, (l) =>
      lines.push(l),
    );
    expectError(await post('/web-api/code/exchange-code', { code: lines[0] }, user.jwt), 400, 'PROMO_EXPIRED');
    expect(await runBillingCommand(['promo-create', '--credits', '0', '--count', '1'], relay.app.billing, () => undefined)).toBe(1);
  });

  it('50 concurrent exchanges of one code: exactly one success, one grant', async () => {
    const lines: string[] = [];
    await runBillingCommand(['promo-create', '--credits', '100', '--count', '1', '--prefix', 'RACE'], relay.app.billing, (l) =>
      lines.push(l),
    );
    const code = lines[0]!;
    const users = await Promise.all(Array.from({ length: 5 }, () => signIn()));
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => post('/web-api/code/exchange-code', { code }, users[i % 5]!.jwt)),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const failures = results.filter((r) => r.status !== 200);
    expect(failures).toHaveLength(49);
    for (const f of failures) expectError(f, 400, 'PROMO_ALREADY_USED');
    const grants = await relay.storage.db.select().from(creditLedger).where(eq(creditLedger.note, code));
    expect(grants).toHaveLength(1);
  });
});

describe('invitations', () => {
  it('creates my code once, lists invitees (masked, paged), rewards the first paid order once', async () => {
    const inviter = await signIn();
    const first = myInvitationCodeSchema.parse((await get('/web-api/invitation/my-code', inviter.jwt)).body.data);
    expect(first.code).toMatch(/^[A-Z0-9]{8}$/);
    expect(first).toMatchObject({ totalInvitations: 0, rewardedTimes: 0, remainingRewards: 10, active: true });
    expect(myInvitationCodeSchema.parse((await get('/web-api/invitation/my-code', inviter.jwt)).body.data).code).toBe(first.code);

    const invitee = await signIn(first.code);
    const second = await signIn(first.code.toLowerCase()); // the sign-in form upper-cases
    let list = invitationStatsSchema.parse((await get('/web-api/invitation/stats', inviter.jwt)).body.data);
    expect(list).toMatchObject({ total: 2, page: 1, pageSize: 20, summary: { totalInvitations: 2, rewardedTimes: 0, rewardCredits: 500 } });
    expect(list.items.map((i) => i.rewardStatus)).toEqual(['pending', 'pending']);
    expect(list.items.map((i) => i.orderStatus)).toEqual(['none', 'none']);
    expect(list.items.map((i) => i.name)).toEqual([second.name, invitee.name]);
    expect(list.items[1]!.email).toBe('b***@example.com');
    const paged = invitationStatsSchema.parse((await get('/web-api/invitation/stats?page=2&pageSize=1', inviter.jwt)).body.data);
    expect(paged.items.map((i) => i.name)).toEqual([invitee.name]);
    expectError(await get('/web-api/invitation/stats?page=0', inviter.jwt), 400, 'VALIDATION_ERROR');

    const inviterBefore = (await stats(inviter.jwt)).creditLimit;
    const o1 = await buy(invitee.jwt);
    await payViaPage(o1.order_id);
    list = invitationStatsSchema.parse((await get('/web-api/invitation/stats', inviter.jwt)).body.data);
    const rewarded = list.items.find((i) => i.name === invitee.name)!;
    expect(list.items.find((i) => i.name === second.name)).toMatchObject({ rewardStatus: 'pending', orderStatus: 'none' });
    expect(rewarded).toMatchObject({ rewardStatus: 'rewarded', orderStatus: 'paid' });
    expect(rewarded.rewardGrantedAt).not.toBeNull();
    expect(list.summary).toMatchObject({ rewardedTimes: 1, remainingRewards: 9 });
    const inviterAfter = await stats(inviter.jwt);
    expect(inviterAfter.creditLimit).toBe(inviterBefore + 500);
    expect(inviterAfter.activeQuotas.filter((q) => q.source === 'invitation')).toHaveLength(1);

    // The invitee's second order rewards nothing.
    const o2 = await buy(invitee.jwt);
    await payViaPage(o2.order_id);
    expect((await stats(inviter.jwt)).creditLimit).toBe(inviterBefore + 500);
    expect(myInvitationCodeSchema.parse((await get('/web-api/invitation/my-code', inviter.jwt)).body.data)).toMatchObject({
      totalInvitations: 2,
      rewardedTimes: 1,
      remainingRewards: 9,
    });
  });

  it('marks a self-invite and a code used before it existed as invalid, rewarding nothing', async () => {
    // A code given out before its owner existed cannot have invited them: the invitee signs up, then the code is made
    // and the invitee's stored code is set to it (the only way to get such a pair), like a reused code.
    const invitee = await signIn('ZZZZ9999');
    const inviter = await signIn();
    const { invitationCodes, users } = await import('../storage/schema');
    const code = myInvitationCodeSchema.parse((await get('/web-api/invitation/my-code', inviter.jwt)).body.data).code;
    await relay.storage.db.update(users).set({ invitationCodeUsed: code }).where(eq(users.id, invitee.userId));
    const before = (await stats(inviter.jwt)).creditLimit;
    const o = await buy(invitee.jwt);
    await payViaPage(o.order_id);
    let list = invitationStatsSchema.parse((await get('/web-api/invitation/stats', inviter.jwt)).body.data);
    expect(list.items[0]).toMatchObject({ rewardStatus: 'invalid', rewardGrantedAt: null });
    expect((await stats(inviter.jwt)).creditLimit).toBe(before);

    // Self-invite: the user's stored code is their own.
    const self = await signIn();
    const own = myInvitationCodeSchema.parse((await get('/web-api/invitation/my-code', self.jwt)).body.data).code;
    await relay.storage.db
      .update(invitationCodes)
      .set({ createdAt: new Date(0) })
      .where(eq(invitationCodes.code, own));
    await relay.storage.db.update(users).set({ invitationCodeUsed: own }).where(eq(users.id, self.userId));
    const selfBefore = (await stats(self.jwt)).creditLimit;
    const so = await buy(self.jwt);
    await payViaPage(so.order_id);
    list = invitationStatsSchema.parse((await get('/web-api/invitation/stats', self.jwt)).body.data);
    expect(list.items[0]).toMatchObject({ rewardStatus: 'invalid' });
    expect((await stats(self.jwt)).creditLimit).toBe(selfBefore + 2000);
  });
});

describe('usage, limits and stats', () => {
  it('records usage idempotently, spends the earliest-expiring grant first and fills the series', async () => {
    const user = await signIn();
    const deps = relay.app.billing;
    const order = await buy(user.jwt);
    await payViaPage(order.order_id);
    const r = report('claude-sonnet-4', 1000, 200);
    expect(await authorizeUsage(deps, user.userId, 'cli')).toEqual({ ok: true });
    const first = await recordUsage(deps, user.userId, r);
    expect(first).toEqual({ credits: 6, cost: 0.006, duplicate: false });
    expect(await recordUsage(deps, user.userId, r)).toEqual({ credits: 6, cost: 0.006, duplicate: true });
    await recordUsage(deps, user.userId, { ...report('unknown-model-x', 0, 0), cacheReadTokens: 10 });

    const s = await stats(user.jwt);
    // The free allowance expires at the month's end, before the 30-day plan: it is drawn first.
    const free = s.activeQuotas.find((q) => q.source === 'free')!;
    const paid = s.activeQuotas.find((q) => q.source === 'order')!;
    expect(free.used + paid.used).toBe(7);
    if (new Date(free.expiresAt!).getTime() < new Date(paid.expiresAt!).getTime()) expect(free.used).toBe(7);
    expect(s.creditsUsed).toBe(7);
    expect(s.totals).toMatchObject({
      requests: 2,
      inputTokens: 1000,
      outputTokens: 200,
      cacheReadTokens: 10,
      cacheHitTokens: 10,
      tokens: 1210,
    });
    expect(s.limits.usedThisMinute).toBe(1);
    expect(s.limits.usedToday).toBe(1);
    expect(s.quotas.requests).toBe(999);
    expect(s.usageRate).toBeCloseTo(7 / s.creditLimit, 6);
    expect(s.accountStatus).toBe('active');
    expect(s.daily).toHaveLength(30);
    expect(s.hourly).toHaveLength(24);
    expect(s.daily.at(-1)).toMatchObject({ date: new Date().toISOString().slice(0, 10), requests: 2, tokens: 1210, credits: 7 });
    expect(s.daily.slice(0, -1).every((d) => d.requests === 0)).toBe(true);
    expect(s.hourly.at(-1)).toMatchObject({ requests: 2, credits: 7 });
    expect(new Date(s.hourly.at(-1)!.hour).getTime()).toBe(Math.floor(Date.now() / 3600_000) * 3600_000);
    expect(new Date(s.hourly[0]!.hour).getTime()).toBe(Math.floor(Date.now() / 3600_000) * 3600_000 - 23 * 3600_000);
    // Another user's report of the same requestId is refused.
    const other = await signIn();
    await expect(recordUsage(deps, other.userId, r)).rejects.toMatchObject({ code: 'USAGE_REQUEST_CONFLICT' });
  });

  it('enforces per-minute and per-day limits (RATE_LIMITED) shared by every source, and credits (QUOTA_EXCEEDED)', async () => {
    const deps = relay.app.billing;
    const user = await signIn();
    const sources = ['cli', 'web', 'api'] as const;
    for (let i = 0; i < 10; i += 1) expect((await authorizeUsage(deps, user.userId, sources[i % 3]!)).ok).toBe(true);
    const limited = await authorizeUsage(deps, user.userId, 'web');
    expect(limited).toMatchObject({ ok: false, code: 'RATE_LIMITED' });
    expect((limited as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(0);
    expect((limited as { retryAfterSeconds: number }).retryAfterSeconds).toBeLessThanOrEqual(60);

    // Per day: the Free plan allows 200 a day; 61 s later the minute window is clear, the day is not.
    const { usageRequests } = await import('../storage/schema');
    const earlier = new Date(Date.now() - 5 * 60_000);
    await relay.storage.db
      .insert(usageRequests)
      .values(Array.from({ length: 190 }, () => ({ userId: user.userId, source: 'api', createdAt: earlier })));
    if (new Date(Date.now() - 5 * 60_000).getUTCDate() === new Date().getUTCDate()) {
      offsetMs = 61_000;
      try {
        const daily = await authorizeUsage(deps, user.userId, 'cli');
        expect(daily).toMatchObject({ ok: false, code: 'RATE_LIMITED' });
        expect((daily as { message: string }).message).toContain('Daily limit');
      } finally {
        offsetMs = 0;
      }
    }

    // Credits: spend the whole free allowance, then no more requests.
    const broke = await signIn();
    expect((await authorizeUsage(deps, broke.userId, 'cli')).ok).toBe(true);
    await recordUsage(deps, broke.userId, report('claude-opus-4', 10_000, 0)); // $0.15 = 150 credits > 100 free
    const s = await stats(broke.jwt);
    expect(s.creditsUsed).toBe(100);
    expect(s.accountStatus).toBe('inactive');
    expect(s.quotas).toMatchObject({ cost: 0, tokens: 0 });
    expect(await authorizeUsage(deps, broke.userId, 'cli')).toMatchObject({ ok: false, code: 'QUOTA_EXCEEDED' });
    const lines: string[] = [];
    expect(await runBillingCommand(['grant-credits', '--email', broke.email, '--credits', '50'], deps, (l) => lines.push(l))).toBe(0);
    expect(await authorizeUsage(deps, broke.userId, 'cli')).toEqual({ ok: true });
  });

  it('answers QUOTA_CONFIG_NOT_FOUND when the free plan row is missing', async () => {
    const user = await signIn();
    const [free] = await relay.storage.db.select().from(products).where(eq(products.productSn, 'FREE'));
    await relay.storage.db.update(products).set({ productSn: 'FREE-MOVED' }).where(eq(products.productSn, 'FREE'));
    try {
      expectError(await get('/web-api/user/stats', user.jwt), 503, 'QUOTA_CONFIG_NOT_FOUND');
    } finally {
      await relay.storage.db.update(products).set({ productSn: free!.productSn }).where(eq(products.id, free!.id));
    }
    expect((await get('/web-api/user/stats', user.jwt)).status).toBe(200);
  });
});

describe('infrastructure errors', () => {
  it('answers 404 on the Stripe webhook while the sandbox provider is active', async () => {
    const res = await call(relay, 'POST', '/web-api/payment/stripe/webhook', {
      rawBody: '{}',
      headers: { 'stripe-signature': 't=1,v1=x' },
    });
    expectError(res, 404, 'NOT_FOUND');
  });

  // Last: it drops a table of this file's relay.
  it('answers DATABASE_TABLE_MISSING (503) when a billing table is missing', async () => {
    const user = await signIn();
    await relay.storage.db.execute(sql`DROP TABLE promo_codes`);
    expectError(await post('/web-api/code/exchange-code', { code: 'SOME-CODE' }, user.jwt), 503, 'DATABASE_TABLE_MISSING');
  });
});
