import { expect, test } from './fixtures';
import { AccountArea, accountScreenshot, basicCard, buyBasicWithSandbox, newUser, removeExpected, signUpHere } from './pages/accountPages';

/**
 * The account screens against the real relay (nothing configured: sandbox payments, seeded plans, promo codes seeded
 * by tests/e2e/server.ts). Page routes appear only as named stand-ins that force a server failure.
 */
test.describe('buying a plan', () => {
  // Each test signs a new user up through the real provider flow first.
  test.setTimeout(90_000);
  test('a visitor buys Basic: login round trip, sandbox checkout, paid order in list and detail, 2,000 credits on the dashboard', async ({
    page,
    shell,
    consoleErrors,
  }, testInfo) => {
    const area = new AccountArea(page);
    await shell.goto('/pricing');
    // The seeded plans: recommended ribbon on the professional plan, a free label, contact for enterprise.
    const cards = page.getByTestId('plan-card');
    await expect(cards).toHaveCount(5);
    await expect(cards.filter({ has: page.getByTestId('plan-ribbon') })).toHaveCount(1);
    await expect(cards.filter({ has: page.getByTestId('plan-ribbon') }).getByRole('heading')).toHaveText('Pro');
    await expect(basicCard(page).getByTestId('plan-price')).toHaveText('¥29');
    await expect(basicCard(page).getByTestId('plan-validity')).toHaveText('30-day validity');
    await expect(cards.filter({ hasText: 'Enterprise' }).getByRole('link', { name: 'Contact sales' })).toHaveAttribute('href', '/contact');
    await expect(
      cards.filter({ has: page.getByRole('heading', { name: 'Free', exact: true }) }).getByRole('link', { name: 'Start for free' }),
    ).toBeVisible();

    // Not signed in: buying goes to login and comes back to /pricing.
    await basicCard(page).getByRole('button').click();
    await expect(page).toHaveURL(/\/login\?redirect=%2Fpricing$/);
    await signUpHere(page, newUser('buyer'), /\/pricing$/);

    const orderId = await buyBasicWithSandbox(page);
    await expect(page.getByTestId('order-paid')).toContainText('Payment received. 2,000 credits have been added to your account.');
    await expect(area.field('orderStatus')).toContainText('Paid');
    await expect(area.field('paymentStatus')).toContainText('Paid');
    await expect(area.field('orderId')).toContainText(orderId);
    // The order's name snapshot in the page's language (the canonical one is Chinese).
    await expect(area.field('productName')).toHaveText(/Basic$/);
    await expect(area.field('description')).toContainText('2,000 credits for 30 days');
    await expect(area.field('totalAmount')).toContainText('¥29.00');
    await expect(area.field('paymentMethod')).toContainText('Sandbox checkout');
    await expect(area.field('validityDays')).toContainText('30 days');
    await expect(area.field('paidAt')).not.toContainText('—');
    await expect(area.field('quotaCode')).not.toContainText('—');
    for (const name of [
      'description',
      'type',
      'productSn',
      'amount',
      'originalAmount',
      'discountAmount',
      'currency',
      'paymentId',
      'transactionId',
      'createdAt',
      'updatedAt',
      'expiresAt',
    ]) {
      await expect(area.field(name)).toBeVisible();
    }
    // Settled: the saved pending order is gone; nothing left to pay or cancel.
    expect(await page.evaluate(() => localStorage.getItem('tern.pendingOrder'))).toBeNull();
    await expect(page.getByTestId('pay-now')).toHaveCount(0);
    await accountScreenshot(page, testInfo.project.name, 'order-detail', 'en');

    await page.getByRole('link', { name: 'All orders' }).click();
    const row = page
      .getByTestId('order-row')
      .filter({ has: page.locator(`[data-order-id="${orderId}"]`) })
      .or(page.locator(`[data-testid="order-row"][data-order-id="${orderId}"]`));
    await expect(row).toContainText('Paid');
    await expect(row).toContainText('¥29.00');
    await expect(row.locator('td').first()).toHaveText('Basic');
    await accountScreenshot(page, testInfo.project.name, 'orders-paid', 'en');

    await area.open('/userinfo', 'userinfo-page');
    const purchased = page.locator('[data-testid="active-quota"][data-source="order"]');
    await expect(purchased).toContainText('2,000');
    await expect(page.getByTestId('plan-type')).toHaveText('Basic plan');
    await expect(page.getByTestId('credit-limit')).toHaveAttribute('data-limit', /^2\d{3}$/);
    await expect(page.getByTestId('chart-daily-table').locator('tbody tr')).toHaveCount(30);
    await expect(page.getByTestId('chart-hourly-table').locator('tbody tr')).toHaveCount(24);
    // No breadcrumbs on the dashboard.
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveCount(0);

    // Cancel subscription: a forced failure first (stand-in), then the real one.
    await page.route('**/web-api/subscriptions/cancel', (route) =>
      route.fulfill({ status: 500, json: { success: false, code: 'STAND_IN', message: 'Stand-in failure' } }),
    );
    await page.getByTestId('cancel-subscription').click();
    await page.getByTestId('cancel-subscription-modal').getByRole('button', { name: 'Cancel subscription' }).click();
    await expect(area.toasts.filter({ hasText: 'Failed to cancel the subscription. Please try again later.' })).toBeVisible();
    await page.unroute('**/web-api/subscriptions/cancel');
    await page.getByTestId('cancel-subscription').click();
    await page.getByTestId('cancel-subscription-modal').getByRole('button', { name: 'Cancel subscription' }).click();
    await expect(area.toasts.filter({ hasText: 'Your subscription is cancelled.' })).toBeVisible();
    removeExpected(consoleErrors, /Cancel subscription failed|status of 500/);
  });

  test('a pending order can be cancelled from its page, and pay now leads to the checkout', async ({ page, shell }) => {
    const area = new AccountArea(page);
    await page.goto('/login?redirect=%2Fpricing');
    await signUpHere(page, newUser('canceller'), /\/pricing$/);
    await expect(basicCard(page)).toBeVisible();
    await basicCard(page).getByRole('button').click();
    await expect(page).toHaveURL(/\/checkout\/sandbox\//, { timeout: 15_000 });
    const orderId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('tern.pendingOrder')))!)).toMatchObject({
      orderId,
      currency: 'CNY',
      paymentMethod: 'sandbox',
    });

    await area.open(`/orders/${orderId}`, 'order-detail-page');
    await expect(page.getByTestId('order-pending')).toBeVisible();
    await expect(area.field('orderStatus')).toContainText('Pending payment');
    await expect(page.getByTestId('pay-now')).toHaveAttribute('href', new RegExp(`/checkout/sandbox/${orderId}`));
    await area.open('/orders', 'orders-page');
    await expect(page.getByTestId('pending-banner')).toBeVisible();
    await page.getByTestId('pending-banner').getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/orders/${orderId}$`));
    await page.getByTestId('cancel-order').click();
    await page.getByTestId('cancel-order-modal').getByRole('button', { name: 'Cancel order' }).click();
    await expect(area.toasts.filter({ hasText: 'The order is cancelled.' })).toBeVisible();
    await expect(page.getByTestId('order-cancelled')).toBeVisible();
    await expect(area.field('orderStatus')).toContainText('Cancelled');
    expect(await page.evaluate(() => localStorage.getItem('tern.pendingOrder'))).toBeNull();
    void shell;
  });

  test('orders list: 10 a page by default, pages, and a page-size selector (10/20/50)', async ({ page }) => {
    await page.goto('/login?redirect=%2Forders');
    await signUpHere(page, newUser('many-orders'), /\/orders$/);
    await expect(page.getByTestId('orders-empty')).toBeVisible();
    // Twelve real pending orders, made through the create-order endpoint with the user's session.
    const created = await page.evaluate(async () => {
      const ids: string[] = [];
      for (let i = 0; i < 12; i++) {
        const response = await fetch('/web-api/payment/create-order', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${localStorage.getItem('tern.accessToken')}` },
          body: JSON.stringify({ product_sn: i % 2 ? 'BASIC-30' : 'PRO-30' }),
        });
        ids.push(((await response.json()) as { data: { order_id: string } }).data.order_id);
      }
      return ids;
    });
    expect(created).toHaveLength(12);
    await page.reload();
    const rows = page.getByTestId('order-row');
    await expect(rows).toHaveCount(10);
    await expect(page.getByTestId('orders-range')).toHaveText('1–10 of 12');
    await expect(rows.first().getByTestId('order-status')).toHaveText('Pending payment');
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/\/orders\?page=2$/);
    await expect(rows).toHaveCount(2);
    await expect(page.getByTestId('orders-range')).toHaveText('11–12 of 12');
    await page.getByLabel('Per page').selectOption('20');
    await expect(page).toHaveURL(/\/orders\?pageSize=20$/);
    await expect(rows).toHaveCount(12);
    await expect(page.getByRole('navigation', { name: 'Pages' })).toHaveCount(0);
    // Newest first.
    await expect(rows.first()).toHaveAttribute('data-order-id', created[11]!);
  });
});
