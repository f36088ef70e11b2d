import { expect, type Locator, type Page } from '@playwright/test';

import type { Language } from '../../../relay/protocol/languages';

/** The content pages of issue #7: use cases, install guide, changelog, help, contact and the legal pages. */
export const contentPages = [
  {
    name: 'use-case-learning',
    path: '/use-cases/learning',
    h1: { en: 'Learn to code with a patient pair programmer', zh: '和耐心的结对伙伴一起学编程' },
  },
  {
    name: 'use-case-full-stack',
    path: '/use-cases/full-stack-development',
    h1: { en: 'From database schema to deployed app, in one terminal', zh: '从数据库表结构到上线部署，一个终端全搞定' },
  },
  {
    name: 'use-case-code-review',
    path: '/use-cases/code-review',
    h1: { en: 'Review every change before it reaches main', zh: '每一处改动，合并前都先评审' },
  },
  {
    name: 'use-case-enterprise',
    path: '/use-cases/enterprise',
    h1: { en: 'An AI coding assistant that fits your security model', zh: '契合你安全体系的 AI 编程助手' },
  },
  { name: 'install', path: '/install', h1: { en: 'Install Tern', zh: '安装 Tern' } },
  { name: 'changelog', path: '/changelog', h1: { en: 'Changelog', zh: '更新日志' } },
  { name: 'help', path: '/help', h1: { en: 'Help', zh: '帮助' } },
  { name: 'contact', path: '/contact', h1: { en: 'Contact us', zh: '联系我们' } },
  { name: 'about', path: '/about', h1: { en: 'About Tern', zh: '关于 Tern' } },
  { name: 'privacy', path: '/privacy', h1: { en: 'Privacy policy', zh: '隐私政策' } },
  { name: 'terms', path: '/terms', h1: { en: 'Terms of service', zh: '服务条款' } },
] as const;

/** The served languages (the app's own type). */
export type Lang = Language;
export const localize = (path: string, lang: Lang) => (lang === 'en' ? path : path === '/' ? '/zh' : `/zh${path}`);

export class ContentPage {
  readonly main: Locator;
  readonly h1: Locator;
  readonly alert: Locator;
  // Install guide
  readonly installDoc: Locator;
  readonly toc: Locator;
  readonly codeBlocks: Locator;
  // Changelog
  readonly releases: Locator;
  readonly seeMore: Locator;
  // Use cases
  readonly typewriterLine: Locator;
  readonly terminal: Locator;

  constructor(readonly page: Page) {
    this.main = page.locator('#main');
    this.h1 = this.main.locator('h1').first();
    this.alert = this.main.getByRole('alert');
    this.installDoc = page.getByTestId('install-doc');
    this.toc = page.getByRole('navigation', { name: /On this page|本页目录/ });
    this.codeBlocks = this.installDoc.locator('pre');
    this.releases = page.getByTestId('changelog-entry');
    this.seeMore = page.getByRole('button', { name: /See more releases|查看更多版本/ });
    this.typewriterLine = page.getByTestId('typewriter-line');
    this.terminal = this.main.locator('figure').first();
  }

  async open(path: string, lang: Lang = 'en') {
    await this.page.goto(localize(path, lang));
    await expect(this.h1).toBeVisible();
  }

  /** Wakes the app on a prerendered page the way a visitor does, by moving the pointer (src/boot.ts), and waits for it. */
  async wake() {
    await this.page.mouse.move(10, 10);
    await expect(this.page.locator('html[data-app-ready="true"]')).toBeAttached({ timeout: 15_000 });
  }

  /** Full-page screenshot under test-results/screenshots/, animations frozen so pages compare run to run. */
  async screenshot(name: string) {
    await this.page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: true, animations: 'disabled' });
  }

  async scrolledToBottom(): Promise<boolean> {
    return this.page.evaluate(() => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 4);
  }
}
