import { type Browser, expect, type Locator, type Page } from '@playwright/test';

import type { Language } from '../../../relay/protocol/languages';
import { LoginPage, uniqueEmail } from './LoginPage';

/** The served languages (the app's own type). */
export type Lang = Language;
export const prefixOf = (lang: Lang) => (lang === 'zh' ? '/zh' : '');

export interface TestUser {
  email: string;
  password: string;
  username: string;
}

export const newUser = (tag: string, username = 'Grace Hopper'): TestUser => ({
  email: uniqueEmail(tag),
  password: 'compiler-1952',
  username,
});

/**
 * Signs up a new Tern account through the real provider flow (login page → Tern account page → callback), starting
 * from `from` (a protected page or /login?redirect=…), and waits until the browser is back at `landing`.
 */
export async function signUpFrom(page: Page, from: string, user: TestUser, landing: RegExp): Promise<void> {
  const login = new LoginPage(page);
  await page.goto(from);
  await expect(login.ternButton).toBeVisible();
  await login.terms.check();
  await login.ternButton.click();
  await login.fillAccount('signup', user);
  await expect(page).toHaveURL(landing, { timeout: 15_000 });
}

/** The sign-up flow when the browser is already on the login page (after a redirect to it). */
export async function signUpHere(page: Page, user: TestUser, landing: RegExp): Promise<void> {
  const login = new LoginPage(page);
  await expect(login.ternButton).toBeVisible();
  await login.terms.check();
  await login.ternButton.click();
  await login.fillAccount('signup', user);
  await expect(page).toHaveURL(landing, { timeout: 15_000 });
}

/** The seeded Basic plan card on /pricing (or the home page's #pricing), in English or Chinese. */
export const basicCard = (page: Page): Locator =>
  page.getByTestId('plan-card').filter({ has: page.getByRole('heading', { name: /^(Basic|基础版)$/ }) });

/** Buys Basic on the current /pricing page and pays on the relay's sandbox checkout; ends on the order page. */
export async function buyBasicWithSandbox(page: Page, lang: Lang = 'en'): Promise<string> {
  await basicCard(page).getByRole('button').click();
  await expect(page).toHaveURL(/\/checkout\/sandbox\/[^/?]+/, { timeout: 15_000 });
  const orderId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
  await page.getByRole('button', { name: lang === 'zh' ? '立即支付' : 'Pay now' }).click();
  await expect(page).toHaveURL(new RegExp(`${prefixOf(lang)}/orders/${orderId}$`), { timeout: 15_000 });
  return orderId;
}

export class AccountArea {
  readonly toasts: Locator;
  constructor(readonly page: Page) {
    this.toasts = page.getByTestId('toast');
  }
  async open(path: string, testId: string) {
    await this.page.goto(path);
    await expect(this.page.getByTestId(testId)).toBeVisible({ timeout: 15_000 });
  }
  field(name: string): Locator {
    return this.page.getByTestId(`field-${name}`);
  }
}

/** A second, separate browser (another person) with the same console-error rule as the fixture. */
export async function otherPerson(
  browser: Browser,
  baseURL: string | undefined,
): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
  const context = await browser.newContext({ ...(baseURL && { baseURL }), locale: 'en-US', serviceWorkers: 'block' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !/Failed to load resource: the server responded with a status of 4\d\d/.test(msg.text()))
      errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  return { page, errors, close: () => context.close() };
}

/** Full-page screenshot under test-results/screenshots/account-<project>-<name>-<lang>.png. */
export async function accountScreenshot(page: Page, project: string, name: string, lang: Lang): Promise<void> {
  await page.screenshot({
    path: `test-results/screenshots/account-${project}-${name}-${lang}.png`,
    fullPage: true,
    animations: 'disabled',
  });
}

/** Removes expected console lines (a stand-in's forced 5xx, a logged failure) from the fixture's list. */
export const removeExpected = (errors: string[], pattern: RegExp) =>
  errors.splice(0, errors.length, ...errors.filter((e) => !pattern.test(e)));
