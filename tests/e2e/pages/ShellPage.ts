import { expect, type Locator, type Page } from '@playwright/test';

/** The layout every page shares: header, language selector, drawer, footer, toasts. */
export class ShellPage {
  readonly header: Locator;
  readonly mainNav: Locator;
  readonly languageButton: Locator;
  readonly menuButton: Locator;
  readonly drawer: Locator;
  readonly footer: Locator;
  readonly toasts: Locator;
  readonly notFound: Locator;

  constructor(readonly page: Page) {
    this.header = page.locator('header');
    this.mainNav = this.header.locator('nav').first();
    this.languageButton = this.header.getByRole('button', { name: /Current language|当前语言/ });
    this.menuButton = this.header.getByRole('button', { name: /Open menu|打开菜单/ });
    this.drawer = page.getByTestId('mobile-drawer');
    this.footer = page.locator('footer');
    this.toasts = page.getByTestId('toast');
    this.notFound = page.getByTestId('not-found');
  }

  async goto(path: string) {
    await this.page.goto(path);
    // Either React has hydrated the page, or the page is prerendered markup served by the boot script, which wakes
    // the app at the first interaction and replays a click held meanwhile (src/boot.ts).
    await expect(this.page.locator('html[data-app-ready="true"], html[data-boot="idle"]')).toBeAttached({ timeout: 15_000 });
    await expect(this.page.locator('#main')).toBeVisible();
    // Lazy pages show a spinner first; a page is ready once its heading is there.
    await expect(this.page.locator('#main h1').first()).toBeVisible();
  }

  /** Goes to `path` and waits until React runs it: on prerendered pages, a key press wakes the app (src/boot.ts). */
  async gotoHydrated(path: string) {
    await this.goto(path);
    await this.page.keyboard.press('Shift');
    await expect(this.page.locator('html[data-app-ready="true"]')).toBeAttached({ timeout: 15_000 });
  }

  async chooseLanguage(nativeName: 'English' | '简体中文') {
    await this.languageButton.click();
    await this.page.getByRole('button', { name: nativeName, exact: true }).click();
  }

  /** Client-side navigation, the way wouter's links do it. */
  async pushState(path: string) {
    await this.page.evaluate((p) => history.pushState(null, '', p), path);
  }

  async screenshot(name: string, fullPage = true) {
    await this.page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage });
  }
}
