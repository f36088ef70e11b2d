import { expect, test } from './fixtures';
import { AccountArea, newUser, signUpHere } from './pages/accountPages';

/** /code-exchange against the real relay; the codes are seeded by tests/e2e/server.ts (E2E_PROMO_CODES). */
test.describe('promo codes', () => {
  // Each test signs a new user up through the real provider flow first.
  test.setTimeout(90_000);
  test('a code from the link survives the login round trip, grants credits once, then "already used"', async ({ page }) => {
    const area = new AccountArea(page);
    await page.goto('/code-exchange?code=e2e-promo-once');
    const input = page.locator('#promo-code');
    // Pre-filled from the URL, in upper case; the route itself is not guarded.
    await expect(input).toHaveValue('E2E-PROMO-ONCE');
    await expect(page.getByText('You need to sign in to redeem a code.')).toBeVisible();
    await page.getByRole('button', { name: 'Sign in to redeem' }).click();
    await expect(page).toHaveURL(/\/login\?redirect=%2Fcode-exchange%3Fcode%3DE2E-PROMO-ONCE$/);
    await signUpHere(page, newUser('promo'), /\/code-exchange\?code=E2E-PROMO-ONCE$/);
    await expect(input).toHaveValue('E2E-PROMO-ONCE');

    await page.getByRole('button', { name: 'Redeem', exact: true }).click();
    const success = page.getByTestId('exchange-success');
    await expect(success).toContainText('Code redeemed');
    await expect(success).toContainText('500 credits have been added to your account.');
    await expect(success).toContainText('Valid until');

    await area.open('/userinfo', 'userinfo-page');
    await expect(page.locator('[data-testid="active-quota"][data-source="promo"]')).toContainText('500');

    await area.open('/code-exchange', 'code-exchange-page');
    await input.fill('e2e-promo-once');
    await expect(input).toHaveValue('E2E-PROMO-ONCE');
    await page.getByRole('button', { name: 'Redeem', exact: true }).click();
    await expect(page.getByTestId('exchange-failure')).toContainText('This promo code has already been used.');
    await expect(page.getByTestId('exchange-card')).toHaveAttribute('data-state', 'failure');
    await page.getByRole('button', { name: 'Redeem another code' }).click();
    await expect(input).toHaveValue('');
    await expect(page.getByTestId('exchange-card')).toHaveAttribute('data-state', 'idle');
  });

  test('every promo message in both languages: required, format, not found, expired, exchange failed', async ({ page, consoleErrors }) => {
    await page.goto('/login?redirect=%2Fcode-exchange');
    await signUpHere(page, newUser('promo-errors'), /\/code-exchange$/);
    const messages = {
      en: {
        path: '/code-exchange',
        redeem: 'Redeem',
        required: 'Please enter promo code',
        format: 'Promo codes contain only uppercase letters, digits and hyphens.',
        notFound: 'This promo code does not exist.',
        expired: 'This promo code has expired.',
        failed: 'Exchange failed, please try again later',
      },
      zh: {
        path: '/zh/code-exchange',
        redeem: '兑换',
        required: '请输入兑换码',
        format: '兑换码只能包含大写字母、数字和连字符。',
        notFound: '兑换码不存在。',
        expired: '该兑换码已过期。',
        failed: '兑换失败，请稍后重试',
      },
    };
    for (const m of Object.values(messages)) {
      await page.goto(m.path);
      const input = page.locator('#promo-code');
      const submit = page.locator('form button[type="submit"]');
      await expect(submit).toHaveText(m.redeem);
      await submit.click();
      await expect(page.getByTestId('promo-code-help')).toHaveText(m.required);
      await input.fill('bad_code!');
      await submit.click();
      await expect(page.getByTestId('promo-code-help')).toHaveText(m.format);
      await input.fill('NO-SUCH-CODE-42');
      await submit.click();
      await expect(page.getByTestId('exchange-failure')).toContainText(m.notFound);
      await input.fill('E2E-PROMO-OLD');
      await submit.click();
      await expect(page.getByTestId('exchange-failure')).toContainText(m.expired);
      // Stand-in: force a server failure of the exchange call.
      await page.route('**/web-api/code/exchange-code', (route) =>
        route.fulfill({ status: 500, json: { success: false, code: 'STAND_IN', message: 'Stand-in failure' } }),
      );
      await input.fill('ANY-CODE-1');
      await submit.click();
      await expect(page.getByTestId('exchange-failure')).toContainText(m.failed);
      await page.unroute('**/web-api/code/exchange-code');
    }
    consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !/Promo code exchange failed|status of 500/.test(e)));
  });
});
