import { expect, type Locator, type Page } from '@playwright/test';

/** /login, the agree modal, the internal-login modal and the Tern account page. */
export class LoginPage {
  readonly ternButton: Locator;
  readonly feishuButton: Locator;
  readonly cheetahButton: Locator;
  readonly terms: Locator;
  readonly invitation: Locator;
  readonly agreeModal: Locator;
  readonly internal: Locator;

  constructor(readonly page: Page) {
    this.ternButton = page.getByRole('button', { name: /Continue with a Tern account|使用 Tern 账号继续/ });
    this.feishuButton = page.getByRole('button', { name: /Sign in with Feishu|使用飞书登录/ });
    this.cheetahButton = page.getByRole('button', { name: /Company email sign-in|公司邮箱登录/ });
    this.terms = page.getByRole('checkbox');
    this.invitation = page.locator('#login-invitation');
    this.agreeModal = page.getByTestId('agree-modal');
    this.internal = page.getByTestId('internal-login');
  }

  async goto(prefix = '', query = '') {
    await this.page.goto(`${prefix}/login${query}`);
    await expect(this.ternButton).toBeVisible();
  }

  /** The Tern account service form, reached through the Tern button. */
  async fillAccount(mode: 'signin' | 'signup', user: { email: string; password: string; username?: string }) {
    const page = this.page;
    await expect(page).toHaveURL(/\/account\?/);
    if (mode === 'signup') {
      await page.getByRole('tab', { name: /Create account|注册账号/ }).click();
      await page.locator('#account-username').fill(user.username ?? 'Tester');
      await page.locator('#account-confirm').fill(user.password);
    }
    await page.locator('#account-email').fill(user.email);
    await page.locator('#account-password').fill(user.password);
    await page
      .locator('form')
      .getByRole('button', { name: mode === 'signup' ? /Create account|创建账号/ : /^(Sign in|登录)$/ })
      .click();
  }
}

export const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
