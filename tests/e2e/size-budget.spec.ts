/**
 * Size budget (issue #16), on the built site: a first visit (empty cache, no service worker) on a 390 px phone,
 * counting every JavaScript file fetched until the network is idle, and the CSS on the critical path (inline
 * <style> plus render-blocking stylesheets in the served HTML), as gzip -9 sizes. Sizes, not timings: the full
 * report with timings is `npm run bench` (tests/bench/bundle-size.mjs, tests/bench/lighthouse.mjs).
 */
import { gzipSync } from 'node:zlib';

import { type APIRequestContext, type Page } from '@playwright/test';

import { expect, test } from './fixtures';

const KB = 1024;
const gz = (body: Buffer) => gzipSync(body, { level: 9 }).length;

/**
 * Pages that wake the app only on interaction, with their JavaScript budgets: the boot script is all most of them
 * load; /pricing adds the plan-card island (the plan list, its schema and the cards' markup), and /remote, signed out,
 * shows the sign-in page from the shell with the sign-in island (the sign-in options and their schema).
 */
const pages: [string, number][] = [
  ...['/', '/zh', '/pricing', '/zh/pricing', '/leaderboard', '/leaderboard/claude-code', '/zh/use-cases/learning', '/install', '/help'].map(
    (path): [string, number] => [path, 90 * KB],
  ),
  ['/remote', 130 * KB],
  ['/zh/remote', 130 * KB],
];

async function firstVisit(page: Page, request: APIRequestContext, path: string) {
  const scripts = new Set<string>();
  page.on('request', (req) => {
    if (req.resourceType() === 'script') scripts.add(req.url());
  });
  const response = await page.goto(path, { waitUntil: 'networkidle' });
  let js = 0;
  for (const url of scripts) js += gz(await (await request.get(url)).body());
  const head = /<head>([\s\S]*?)<\/head>/.exec((await response!.text()).replace(/<noscript>[\s\S]*?<\/noscript>/g, ''))?.[1] ?? '';
  let css = 0;
  for (const [, text] of head.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)) css += gz(Buffer.from(text ?? ''));
  for (const [tag] of head.matchAll(/<link\b[^>]*>/g)) {
    if (!/rel="stylesheet"/.test(tag) || /media="print"/.test(tag)) continue;
    css += gz(await (await request.get(/href="([^"]+)"/.exec(tag)![1]!)).body());
  }
  return { js, css, files: scripts.size };
}

test.describe('size budget, first visit on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  for (const [path, budget] of pages) {
    test(`${path}: JS ≤ ${budget / KB} KB and critical CSS ≤ 12 KB`, async ({ page, request }) => {
      const { js, css } = await firstVisit(page, request, path);
      expect(js, 'JavaScript, gzipped').toBeLessThanOrEqual(budget);
      expect(css, 'critical CSS, gzipped').toBeLessThanOrEqual(12 * KB);
      expect(css, 'critical CSS is inlined').toBeGreaterThan(0);
    });
  }

  test('/pricing: the plan cards are drawn without the app, which hydrates over them when it wakes', async ({ page, request }) => {
    const products: string[] = [];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname === '/web-api/products') products.push(req.url());
    });
    const { js } = await firstVisit(page, request, '/zh/pricing');
    expect(js, 'JavaScript, gzipped').toBeLessThanOrEqual(90 * KB);
    const cards = page.getByTestId('plan-card');
    await expect(cards).toHaveCount(5);
    await expect(page.locator('html')).toHaveAttribute('data-boot', 'idle');
    await expect(page.locator('html')).not.toHaveAttribute('data-app-ready', /.*/);
    const buy = cards.filter({ has: page.getByRole('heading', { name: '专业版', exact: true }) }).getByRole('button');
    await buy.evaluate((button) => ((button as HTMLElement & { islandMark?: boolean }).islandMark = true));
    // A mouse move that moves nothing (what Chromium sends when the layout changes under a resting cursor, and a
    // headless shell at load) is not the visitor's: the app stays asleep.
    await page.mouse.move(0, 0);
    await page.mouse.move(0, 0);
    expect(await page.evaluate(() => document.documentElement.dataset.boot)).toBe('idle');
    // Waking by moving the mouse: the app hydrates the island's cards (a mismatch would be a console error) and keeps
    // their nodes.
    await page.mouse.move(120, 300);
    await expect(page.locator('html')).toHaveAttribute('data-app-ready', 'true');
    expect(await buy.evaluate((button) => (button as HTMLElement & { islandMark?: boolean }).islandMark)).toBe(true);
    await expect(cards).toHaveCount(5);
    expect(products, 'the plans are asked for once').toHaveLength(1);
    await buy.click();
    await expect(page).toHaveURL(/\/zh\/login\?redirect=%2Fzh%2Fpricing$/);
  });

  test('/remote signed out: the sign-in page comes from the shell, and the app hydrates it when it wakes', async ({ page, request }) => {
    const { js } = await firstVisit(page, request, '/remote');
    expect(js, 'JavaScript, gzipped').toBeLessThanOrEqual(130 * KB);
    await expect(page).toHaveURL(/\/login\?redirect=%2Fremote$/);
    await expect(page).toHaveTitle(/Sign in/);
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-boot', 'idle');
    await expect(html).not.toHaveAttribute('data-app-ready', /.*/);
    // The relay sees this browser on a private network: the company e-mail sign-in is offered, the check is done.
    await expect(page.getByRole('button', { name: 'Company email sign-in' })).toBeVisible();
    await expect(page.getByRole('status')).toHaveCount(0);
    const tern = page.getByRole('button', { name: 'Continue with a Tern account' });
    await tern.evaluate((button) => ((button as HTMLElement & { shellMark?: boolean }).shellMark = true));
    expect(await page.evaluate(() => sessionStorage.getItem('tern.loginRedirect'))).toBe('/remote');
    // Waking: the app hydrates the sign-in page (a mismatch would be a console error) and keeps its nodes.
    await page.keyboard.press('Shift');
    await expect(html).toHaveAttribute('data-app-ready', 'true');
    expect(await tern.evaluate((button) => (button as HTMLElement & { shellMark?: boolean }).shellMark)).toBe(true);
    await expect(page.getByRole('button', { name: 'Company email sign-in' })).toHaveCount(1);
  });
});
