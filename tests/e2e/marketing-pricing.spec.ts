import { expect, test } from './fixtures';
import { newUser, signUpHere } from './pages/accountPages';
import { installCreateOrderStandIn, PlanCardsArea, signInAsTestUser } from './pages/marketingPages';

const removeExpected = (errors: string[], prefix: string) =>
  errors.splice(0, errors.length, ...errors.filter((e) => !e.startsWith(prefix)));

/** /pricing against the real relay's seeded plans; stand-ins only force failures. */
test.describe('pricing', () => {
  test('page content and the plan cards from the products call', async ({ page, shell }) => {
    let productCalls = 0;
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/web-api/products') productCalls += 1;
    });
    await shell.goto('/pricing');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Plans that grow with you');
    await expect(page.getByTestId('shared-limits-note')).toContainText('shared across every Tern service');
    await expect(page.getByTestId('credit-notice')).toBeVisible();
    await expect(page.getByTestId('model-notice')).toBeVisible();
    await expect(page.getByTestId('faq-item')).toHaveCount(4);

    const plans = new PlanCardsArea(page);
    await expect(plans.cards).toHaveCount(5);
    expect(productCalls).toBe(1);

    // English page: the English translations only, no Chinese anywhere on the cards.
    for (const text of await plans.cards.allInnerTexts()) expect(text).not.toMatch(/\p{Script=Han}/u);
    const free = plans.card('Free');
    await expect(free).toHaveAttribute('data-plan-kind', 'free');
    await expect(free).toContainText('Free');
    await expect(free.getByRole('link', { name: 'Start for free' })).toHaveAttribute('href', '/install');

    // Recommended: 专业 in the canonical name (and 高性价比 in a highlight), though the page shows "Pro".
    const pro = plans.card('Pro');
    await expect(pro).toHaveAttribute('data-recommended', 'true');
    await expect(pro.getByTestId('plan-ribbon')).toHaveText('Recommended');
    await expect(pro.getByTestId('plan-price')).toHaveText('¥99');
    await expect(pro.getByTestId('plan-validity')).toHaveText('30-day validity');
    await expect(pro.getByRole('button', { name: 'Buy now: Pro' })).toBeVisible();
    await expect(pro.getByRole('list', { name: 'Highlights' }).getByRole('listitem')).toHaveText(['Best value', '10,000 credits']);
    await expect(plans.cards.filter({ has: page.getByTestId('plan-ribbon') })).toHaveCount(1);

    const basic = plans.card('Basic');
    await expect(basic).toHaveAttribute('data-plan-kind', 'basic');
    await expect(basic.getByTestId('plan-price')).toHaveText('¥29');
    await expect(plans.card('Pro Max').getByTestId('plan-price')).toHaveText('¥999');
    const enterprise = plans.card('Enterprise');
    await expect(enterprise).toHaveAttribute('data-plan-kind', 'enterprise');
    await expect(enterprise.getByRole('link', { name: 'Contact sales' })).toHaveAttribute('href', '/contact');

    // Desktop layout: the four purchasable plans share one row; Enterprise is a full-width card below them.
    if (test.info().project.name === 'desktop') {
      const boxes = await Promise.all(
        ['Free', 'Basic', 'Pro', 'Pro Max', 'Enterprise'].map(async (name) => (await plans.card(name).boundingBox())!),
      );
      const [first, , , last, wide] = boxes as [DOMRect, DOMRect, DOMRect, DOMRect, DOMRect];
      for (const box of boxes.slice(0, 4)) expect(Math.abs(box.y - first.y)).toBeLessThan(2);
      expect(wide.y).toBeGreaterThan(first.y + first.height);
      expect(Math.abs(wide.x - first.x)).toBeLessThan(2);
      expect(Math.abs(wide.x + wide.width - (last.x + last.width))).toBeLessThan(2);
    }
    await expect(enterprise).toHaveAttribute('data-plan-layout', 'wide');

    // Each family has its own icon.
    const icons = await plans.cards.locator('[data-plan-icon]').evaluateAll((els) => els.map((e) => e.getAttribute('data-plan-icon')));
    expect(new Set(icons)).toEqual(new Set(['free', 'basic', 'pro', 'enterprise']));
  });

  test('the older pricing text is shown as the earlier plan list, right after the live plans (spec §1, §9)', async ({ page, shell }) => {
    for (const [lang, title, prices] of [
      ['', 'Earlier plan list', ['Free$0', 'Pro$19/month', 'Team$49/month', 'EnterpriseCustom']],
      ['/zh', '早期套餐列表', ['免费版$0', '专业版$19/月', '团队版$49/月', '企业版定制']],
    ] as const) {
      await shell.goto(`${lang}/pricing`);
      const earlier = page.getByTestId('earlier-plans');
      await expect(earlier.getByRole('heading', { level: 2 })).toHaveText(title);
      await expect(earlier.getByRole('listitem')).toHaveText([...prices]);
      // Beside the live plans: the next block after the plan cards, and it sells nothing.
      const plans = new PlanCardsArea(page);
      await expect(plans.cards).toHaveCount(5);
      const lastPlan = (await plans.cards.last().boundingBox())!;
      expect((await earlier.boundingBox())!.y).toBeGreaterThan(lastPlan.y + lastPlan.height);
      await expect(earlier.getByRole('button')).toHaveCount(0);
      await expect(earlier.getByRole('link')).toHaveCount(0);
    }
  });

  test('skeletons while loading, a translated error with retry when the call fails', async ({ page, shell, consoleErrors }) => {
    // STAND-IN for the products call: held, then failing, then empty.
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
    const orders: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/web-api/payment/create-order')) orders.push(r.url());
    });
    await shell.goto('/zh/pricing');
    await new PlanCardsArea(page).card('专业版').getByRole('button').click();
    await expect(page).toHaveURL(/\/zh\/login\?redirect=%2Fzh%2Fpricing$/);
    expect(orders).toEqual([]);
  });

  test('Chinese: a new buyer gets an order, a saved pending order and the Chinese sandbox checkout', async ({ page }) => {
    await page.goto('/zh/login?redirect=%2Fzh%2Fpricing');
    await signUpHere(page, newUser('zh-buyer', '韩梅梅'), /\/zh\/pricing$/);
    // Chinese page: the canonical Chinese texts only; the same plan is recommended.
    const plans = new PlanCardsArea(page);
    await expect(plans.cards).toHaveCount(5);
    for (const text of await plans.cards.allInnerTexts()) expect(text).not.toMatch(/Free|Basic|Pro|Enterprise|credits|support/);
    await expect(plans.cards.filter({ has: page.getByTestId('plan-ribbon') }).getByRole('heading')).toHaveText('专业版');
    await expect(plans.card('旗舰版').getByTestId('plan-price')).toHaveText('¥999');
    await plans.card('专业版').getByRole('button', { name: '立即购买：专业版' }).click();
    await expect(page).toHaveURL(/\/checkout\/sandbox\/[^/?]+/, { timeout: 15_000 });
    await expect(page.getByRole('heading', { name: '沙盒收银台' })).toBeVisible();
    await expect(page.getByRole('definition').first()).toHaveText('专业版');
    const orderId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
    const pending = JSON.parse((await page.evaluate(() => localStorage.getItem('tern.pendingOrder')))!);
    expect(pending).toMatchObject({ orderId, amount: 99, currency: 'CNY', paymentMethod: 'sandbox' });
    expect(Date.parse(pending.expiresAt)).toBeGreaterThan(Date.now());
    // The checkout returns to the Chinese order page.
    await page.getByRole('button', { name: '立即支付' }).click();
    await expect(page).toHaveURL(new RegExp(`/zh/orders/${orderId}$`), { timeout: 15_000 });
    await expect(page.getByTestId('order-paid')).toContainText('支付成功，10,000 积分已到账。');
    await expect(page.getByTestId('field-productName')).toContainText('专业版');
    await expect(page.getByTestId('field-productName')).not.toContainText('Pro');
  });

  test('a failed order shows the error toast and the button is usable again', async ({ page, shell, consoleErrors }) => {
    await signInAsTestUser(page);
    await installCreateOrderStandIn(page, { success: false, message: 'Product is sold out' } as never);
    await shell.goto('/pricing');
    const buy = new PlanCardsArea(page).card('Basic').getByRole('button', { name: 'Buy now: Basic' });
    await buy.click();
    await expect(shell.toasts.filter({ hasText: 'Product is sold out' })).toBeVisible();
    await expect(buy).toBeEnabled();
    await expect(buy).toHaveText('Buy now');
    expect(await page.evaluate(() => localStorage.getItem('tern.pendingOrder'))).toBeNull();
    removeExpected(consoleErrors, 'Purchase failed');
  });

  test('an order answer without data says the order could not be created', async ({ page, shell, consoleErrors }) => {
    await signInAsTestUser(page);
    await installCreateOrderStandIn(page, { success: true });
    await shell.goto('/pricing');
    await new PlanCardsArea(page).card('Basic').getByRole('button').click();
    await expect(shell.toasts.filter({ hasText: 'The order could not be created. Please try again.' })).toBeVisible();
    removeExpected(consoleErrors, 'Purchase failed');
  });
});
