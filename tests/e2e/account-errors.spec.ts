import type { Page, Route } from '@playwright/test';

import { expect, test } from './fixtures';
import { AccountArea, basicCard, type Lang, newUser, prefixOf, removeExpected, signUpFrom } from './pages/accountPages';

/**
 * Spec §8 messages of the account and purchase screens, in both languages, against the real relay. Server failures
 * are forced with page.route STAND-INS (named `standIn…`); everything else is the relay's own answer.
 */
const text = {
  en: {
    serverError: 'Server error, please try again later',
    notFoundToast: 'Requested resource not found',
    quotaConfig: 'Your quota configuration is being initialised. Refresh and try again.',
    tableMissing: 'The database is being initialised. Please try again later.',
    statsFailed: "We couldn't load your usage.",
    ordersFailed: 'Failed to load your orders.',
    orderFailed: 'Failed to load this order.',
    orderNotFound: 'This order does not exist or belongs to another account.',
    paymentFailed: 'The payment for this order failed.',
    invitationFailed: 'Failed to load your invitations.',
    noCode: 'You have no invitation code yet. Please try again later.',
    purchaseFailed: 'Purchase failed, please try again later',
    orderCreateFailed: 'The order could not be created. Please try again.',
    orderCreateFallback: 'Something went wrong while creating your order. Please try again later.',
    noPlan: 'No available plan.',
    usageWarning: 'You have used more than 90% of your credits.',
  },
  zh: {
    serverError: '服务器错误，请稍后重试',
    notFoundToast: '请求的资源不存在',
    quotaConfig: '额度配置正在初始化，请刷新后重试。',
    tableMissing: '数据库正在初始化，请稍后重试。',
    statsFailed: '用量数据加载失败。',
    ordersFailed: '订单列表加载失败。',
    orderFailed: '订单详情加载失败。',
    orderNotFound: '该订单不存在，或属于其他账户。',
    paymentFailed: '该订单支付失败',
    invitationFailed: '邀请数据加载失败。',
    noCode: '你还没有邀请码，请稍后再试。',
    purchaseFailed: '购买失败，请稍后重试',
    orderCreateFailed: '订单创建失败，请重试。',
    orderCreateFallback: '创建订单时出了点问题，请稍后再试。',
    noPlan: '暂无可用套餐。',
    usageWarning: '你的积分已使用超过 90%',
  },
} as const;

/** STAND-IN: answers a relay path with a forced failure and counts the calls. */
async function standInFailure(page: Page, pattern: string, status: number, body: object): Promise<{ calls: number }> {
  const counter = { calls: 0 };
  await page.route(pattern, (route: Route) => {
    counter.calls += 1;
    return route.fulfill({ status, json: body });
  });
  return counter;
}

async function checkScreens(page: Page, lang: Lang, consoleErrors: string[]) {
  const t = text[lang];
  const p = prefixOf(lang);
  const area = new AccountArea(page);
  const toast = (s: string) => area.toasts.filter({ hasText: s });
  await signUpFrom(page, `${p}/login?redirect=${encodeURIComponent(`${p}/orders`)}`, newUser(`errors-${lang}`), new RegExp(`${p}/orders$`));

  // Dashboard: the two configuration codes toast once and are not retried; a 500 is retried twice.
  let stats = await standInFailure(page, '**/web-api/user/stats', 200, {
    success: false,
    code: 'QUOTA_CONFIG_NOT_FOUND',
    message: 'Quota configuration not found',
  });
  await page.goto(`${p}/userinfo`);
  await expect(toast(t.quotaConfig)).toBeVisible();
  await expect(page.getByTestId('stats-error')).toContainText(t.statsFailed);
  await page.waitForTimeout(2500);
  expect(stats.calls).toBe(1);
  await page.unroute('**/web-api/user/stats');

  stats = await standInFailure(page, '**/web-api/user/stats', 503, {
    success: false,
    code: 'DATABASE_TABLE_MISSING',
    message: 'Database is being initialised, please retry later',
  });
  await page.goto(`${p}/userinfo`);
  await expect(toast(t.tableMissing)).toBeVisible();
  await expect(page.getByTestId('stats-error')).toContainText(t.statsFailed);
  await page.waitForTimeout(2500);
  expect(stats.calls).toBe(1);
  await page.unroute('**/web-api/user/stats');

  stats = await standInFailure(page, '**/web-api/user/stats', 500, { success: false, code: 'STAND_IN', message: 'Stand-in failure' });
  await page.goto(`${p}/userinfo`);
  // The toast shows at the first failure and lasts 4 s (the retries' repeats of it show once): watched from the start,
  // not after the retries, which a loaded machine can stretch past its life.
  const toastShown = expect(toast(t.serverError)).toBeVisible({ timeout: 10_000 });
  // Retried after 1 s and 2 s, then the error shows.
  await expect(page.getByTestId('stats-error')).toContainText(t.statsFailed, { timeout: 10_000 });
  expect(stats.calls).toBe(3);
  await toastShown;
  await page.unroute('**/web-api/user/stats');
  await page.getByTestId('stats-error').getByRole('button').click();
  await expect(page.getByTestId('credits-card')).toBeVisible();

  // No plan at all, and usage above 90 %: the relay's real answer, reshaped by a STAND-IN.
  await page.route('**/web-api/user/stats', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: Record<string, unknown> };
    return route.fulfill({
      response,
      json: { ...body, data: { ...body.data, activeQuotas: [], creditLimit: 0, creditsUsed: 0, usageRate: 0 } },
    });
  });
  await page.goto(`${p}/userinfo`);
  await expect(page.getByTestId('no-plan')).toContainText(t.noPlan);
  await page.unroute('**/web-api/user/stats');
  await page.route('**/web-api/user/stats', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: Record<string, unknown> };
    return route.fulfill({ response, json: { ...body, data: { ...body.data, creditLimit: 100, creditsUsed: 95, usageRate: 0.95 } } });
  });
  await page.goto(`${p}/userinfo`);
  await expect(page.getByTestId('usage-warning')).toContainText(t.usageWarning);
  await expect(page.getByTestId('usage-rate')).toHaveText('95%');
  await page.unroute('**/web-api/user/stats');

  // Orders list and detail.
  await standInFailure(page, '**/web-api/orders?*', 500, { success: false, code: 'STAND_IN', message: 'Stand-in failure' });
  await page.goto(`${p}/orders`);
  await expect(page.getByTestId('orders-error')).toContainText(t.ordersFailed, { timeout: 10_000 });
  await expect(toast(t.serverError)).toBeVisible();
  await page.unroute('**/web-api/orders?*');

  await page.goto(`${p}/orders/00000000-0000-4000-8000-000000000000`);
  await expect(page.getByTestId('order-not-found')).toContainText(t.orderNotFound);
  await expect(toast(t.notFoundToast)).toBeVisible();

  await standInFailure(page, '**/web-api/orders/ord-stand-in', 500, { success: false, code: 'STAND_IN', message: 'Stand-in failure' });
  await page.goto(`${p}/orders/ord-stand-in`);
  await expect(page.getByTestId('order-error')).toContainText(t.orderFailed, { timeout: 10_000 });

  // Invitation: load failure, and no code yet.
  await standInFailure(page, '**/web-api/invitation/my-code', 500, { success: false, code: 'STAND_IN', message: 'Stand-in failure' });
  await standInFailure(page, '**/web-api/invitation/stats?*', 500, { success: false, code: 'STAND_IN', message: 'Stand-in failure' });
  await page.goto(`${p}/invitation`);
  await expect(page.getByTestId('code-error')).toContainText(t.invitationFailed, { timeout: 10_000 });
  await expect(page.getByTestId('invitees-error')).toContainText(t.invitationFailed);
  await page.unroute('**/web-api/invitation/my-code');
  await page.unroute('**/web-api/invitation/stats?*');
  await standInFailure(page, '**/web-api/invitation/my-code', 404, {
    success: false,
    code: 'INVITATION_NOT_FOUND',
    message: 'No invitation code yet',
  });
  await page.goto(`${p}/invitation`);
  await expect(page.getByTestId('no-invitation-code')).toHaveText(t.noCode, { timeout: 10_000 });
  await page.unroute('**/web-api/invitation/my-code');

  // Purchase: a dropped connection, an answer without data, a Chinese server message (all toasts, logged).
  await page.goto(`${p}/pricing`);
  const buy = basicCard(page).getByRole('button');
  await page.route('**/web-api/payment/create-order', (route) => route.abort('failed'));
  await buy.click();
  await expect(toast(t.purchaseFailed)).toBeVisible();
  await page.unroute('**/web-api/payment/create-order');
  await page.route('**/web-api/payment/create-order', (route) => route.fulfill({ json: { success: true } }));
  await buy.click();
  await expect(toast(t.orderCreateFailed)).toBeVisible();
  await page.unroute('**/web-api/payment/create-order');
  await page.route('**/web-api/payment/create-order', (route) => route.fulfill({ json: { success: false, message: '库存不足' } }));
  await buy.click();
  await expect(toast(t.orderCreateFallback)).toBeVisible();
  await page.unroute('**/web-api/payment/create-order');
  await expect(buy).toBeEnabled();

  // Order payment failed: a real pending order whose payment the STAND-IN reports as failed.
  await buy.click();
  await expect(page).toHaveURL(/\/checkout\/sandbox\//, { timeout: 15_000 });
  const orderId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
  await page.route(`**/web-api/orders/${orderId}`, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: Record<string, unknown> };
    return route.fulfill({ response, json: { ...body, data: { ...body.data, paymentStatus: 'failed' } } });
  });
  await page.goto(`${p}/orders/${orderId}`);
  await expect(page.getByTestId('order-payment-failed')).toContainText(t.paymentFailed);

  removeExpected(consoleErrors, /status of 5\d\d|Purchase failed|net::ERR_FAILED/);
}

test.describe('account error messages (spec §8)', () => {
  test.setTimeout(120_000);
  test('in English', async ({ page, consoleErrors }) => {
    await checkScreens(page, 'en', consoleErrors);
  });
  test('in Chinese', async ({ page, consoleErrors }) => {
    await checkScreens(page, 'zh', consoleErrors);
  });
});
