import type { Page } from '@playwright/test';

import { expect, test } from './fixtures';
import { accountScreenshot, type Lang, newUser, prefixOf, signUpFrom } from './pages/accountPages';

/**
 * The four account screens on a phone (375 px, light) and on a desktop (dark), in English and Chinese, for a new user
 * with some credits: nothing may stick out sideways; screenshots go to test-results/screenshots/account-*.png.
 */
const screens = [
  ['userinfo', '/userinfo', 'userinfo-page'],
  ['orders', '/orders', 'orders-page'],
  ['invitation', '/invitation', 'invitation-page'],
  ['code-exchange', '/code-exchange', 'code-exchange-page'],
] as const;

async function tourScreens(page: Page, project: string, promo: string) {
  const phone = project === 'phone';
  await page.addInitScript((theme) => localStorage.setItem('tern.theme', theme), phone ? 'tern-light' : 'tern-dark');
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signUpFrom(page, '/login?redirect=%2Fcode-exchange', newUser(`shots-${project}`), /\/code-exchange$/);
  await page.locator('#promo-code').fill(promo);
  await page.getByRole('button', { name: 'Redeem' }).click();
  await expect(page.getByTestId('exchange-success')).toBeVisible();

  for (const lang of ['en', 'zh'] as Lang[]) {
    for (const [name, path, testId] of screens) {
      await page.goto(`${prefixOf(lang)}${path}`);
      await expect(page.getByTestId(testId)).toBeVisible({ timeout: 15_000 });
      if (name === 'userinfo') {
        await expect(page.getByTestId('credits-card')).toBeVisible();
        // The lazily loaded uPlot chunk has drawn both charts.
        await expect(page.locator('[data-testid="uplot-host"] canvas')).toHaveCount(2);
      }
      if (name === 'invitation') await expect(page.getByTestId('invitation-code')).toBeVisible();
      if (name === 'orders') await expect(page.getByTestId('orders-empty')).toBeVisible();
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
        `${name} ${lang} overflows`,
      ).toBe(0);
      await accountScreenshot(page, project, name, lang);
    }
  }
}

test.describe('account screens', () => {
  // Each test signs a new user up through the real provider flow first.
  test.setTimeout(90_000);
  test('phone and desktop layouts in both languages, on desktop', async ({ page }, testInfo) => {
    await tourScreens(page, testInfo.project.name, 'E2E-PROMO-SHOT');
  });

  test('phone and desktop layouts in both languages, on a phone @phone', async ({ page }, testInfo) => {
    await tourScreens(page, testInfo.project.name, 'E2E-PROMO-PHONE');
  });
});
