import { expect, test } from './fixtures';
import { installBillingStandIn, PlanCardsArea, signInAsTestUser } from './pages/marketingPages';

const removeExpected = (errors: string[], prefix: string) => errors.splice(0, errors.length, ...errors.filter((e) => !e.startsWith(prefix)));

test.describe('pricing', () => {
  test('page content and the plan cards from the products call', async ({ page, shell }) => {
    const billing = await installBillingStandIn(page);
    await shell.goto('/pricing');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Plans that grow with you');
    await expect(page.getByTestId('shared-limits-note')).toContainText('shared across every Tern service');
    await expect(page.getByTestId('credit-notice')).toBeVisible();
    await expect(page.getByTestId('model-notice')).toBeVisible();
    await expect(page.getByTestId('faq-item')).toHaveCount(4);

    const plans = new PlanCardsArea(page);
    // Inactive plans are not offered.
    await expect(plans.cards).toHaveCount(4);
    await expect(plans.card('Old plan')).toHaveCount(0);
    expect(billing.productCalls).toBe(1);

    const free = plans.card('免费版');
    await expect(free).toHaveAttribute('data-plan-kind', 'free');
    await expect(free).toContainText('Free');
    await expect(free.getByRole('link', { name: 'Start for free' })).toHaveAttribute('href', '/install');

    const pro = plans.card('专业版');
    await expect(pro).toHaveAttribute('data-recommended', 'true');
    await expect(pro.getByTestId('plan-ribbon')).toHaveText('Recommended');
    await expect(pro.getByTestId('plan-price')).toHaveText('¥99');
    await expect(pro.getByTestId('plan-validity')).toHaveText('30-day validity');
    await expect(pro.getByRole('button', { name: 'Buy 专业版' })).toBeVisible();

    await expect(plans.card('基础版')).toHaveAttribute('data-plan-kind', 'basic');
    await expect(plans.card('基础版').getByTestId('plan-ribbon')).toHaveCount(0);
    const enterprise = plans.card('Enterprise');
    await expect(enterprise).toHaveAttribute('data-plan-kind', 'enterprise');
    await expect(enterprise.getByRole('link', { name: 'Contact sales' })).toHaveAttribute('href', '/contact');

    // Each family has its own icon.
    const icons = await plans.cards.locator('[data-plan-icon]').evaluateAll((els) => els.map((e) => e.getAttribute('data-plan-icon')));
    expect(new Set(icons)).toEqual(new Set(['free', 'basic', 'pro', 'enterprise']));
  });

  test('skeletons while loading, a translated error with retry when the call fails', async ({ page, shell, consoleErrors }) => {
    let fail = true;
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    await page.route('**/web-api/products', async (route) => {
      await gate;
      if (fail) return route.fulfill({ status: 500, json: { success: false, message: 'Stand-in failure' } });
      return route.fulfill({ json: { success: true, data: [] } });
    });
    await shell.goto('/pricing');
    const plans = new PlanCardsArea(page);
    await expect(plans.skeletons).toBeVisible();
    release();
    await expect(plans.error).toContainText("We couldn't load the plans.", { timeout: 15_000 });
    fail = false;
    await plans.error.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByText('No plans are on sale right now.')).toBeVisible();
    // Chromium logs the stand-in's 500 answers (one try and one retry).
    removeExpected(consoleErrors, 'Failed to load resource: the server responded with a status of 500');
  });

  test('a visitor who is not signed in goes to login, keeping the language, and no order is made', async ({ page, shell }) => {
    const billing = await installBillingStandIn(page);
    await shell.goto('/zh/pricing');
    await new PlanCardsArea(page).card('专业版').getByRole('button').click();
    await expect(page).toHaveURL(/\/zh\/login\?redirect=%2Fzh%2Fpricing$/);
    expect(billing.orderBodies).toEqual([]);
  });

  test('a signed-in buyer gets an order, a saved pending order and the payment page', async ({ page, shell }) => {
    await signInAsTestUser(page);
    const billing = await installBillingStandIn(page, {
      order: {
        success: true,
        data: { order_id: 'ord_42', amount: 99, currency: 'CNY', payment_method: 'alipay', order_expires_at: '2030-01-01T00:00:00Z', payment_url: 'https://pay.example.test/checkout/ord_42' },
      },
    });
    // The payment provider is a stand-in page too.
    await page.route('https://pay.example.test/**', (route) => route.fulfill({ contentType: 'text/html', body: '<h1>Stand-in payment page</h1>' }));
    await shell.goto('/pricing');
    await new PlanCardsArea(page).card('专业版').getByRole('button', { name: 'Buy 专业版' }).click();
    await expect(page).toHaveURL('https://pay.example.test/checkout/ord_42');
    expect(billing.orderBodies).toEqual([{ product_sn: 'PRO-30' }]);
    await page.goBack();
    const pending = await page.evaluate(() => localStorage.getItem('tern.pendingOrder'));
    expect(JSON.parse(pending!)).toEqual({ orderId: 'ord_42', amount: 99, currency: 'CNY', paymentMethod: 'alipay', expiresAt: '2030-01-01T00:00:00Z' });
  });

  test('a failed order shows the error toast and the button is usable again', async ({ page, shell, consoleErrors }) => {
    await signInAsTestUser(page);
    await installBillingStandIn(page, { order: { success: false, message: 'Product is sold out' } as never });
    await shell.goto('/pricing');
    const buy = new PlanCardsArea(page).card('基础版').getByRole('button', { name: 'Buy 基础版' });
    await buy.click();
    await expect(shell.toasts.filter({ hasText: 'Product is sold out' })).toBeVisible();
    await expect(buy).toBeEnabled();
    await expect(buy).toHaveText('Buy now');
    expect(await page.evaluate(() => localStorage.getItem('tern.pendingOrder'))).toBeNull();
    removeExpected(consoleErrors, 'Purchase failed');
  });

  test('an order answer without data says the order could not be created', async ({ page, shell, consoleErrors }) => {
    await signInAsTestUser(page);
    await installBillingStandIn(page, { order: { success: true } });
    await shell.goto('/pricing');
    await new PlanCardsArea(page).card('基础版').getByRole('button').click();
    await expect(shell.toasts.filter({ hasText: 'The order could not be created. Please try again.' })).toBeVisible();
    removeExpected(consoleErrors, 'Purchase failed');
  });
});
