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
 * Prerendered pages that wake the app only on interaction: the boot script is all they load, plus, on /pricing, the
 * plan-card island (the plan list, its schema and the cards' markup, without the app).
 */
const lazyPages = [
  '/',
  '/zh',
  '/pricing',
  '/zh/pricing',
  '/leaderboard',
  '/leaderboard/claude-code',
  '/zh/use-cases/learning',
  '/install',
  '/help',
];
/**
 * Pages that load the app at once, with ceilings at today's size so they cannot grow unnoticed. /remote is over the
 * issue's target (130 KB); lowering this number is the work left.
 */
const eagerPages: [string, number][] = [['/remote', 185 * KB]];

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

  for (const path of lazyPages) {
    test(`${path}: JS ≤ 90 KB and critical CSS ≤ 12 KB`, async ({ page, request }) => {
      const { js, css } = await firstVisit(page, request, path);
      expect(js, 'JavaScript, gzipped').toBeLessThanOrEqual(90 * KB);
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
    // Waking: the app hydrates the island's cards (a mismatch would be a console error) and keeps their nodes.
    await page.keyboard.press('Shift');
    await expect(page.locator('html')).toHaveAttribute('data-app-ready', 'true');
    expect(await buy.evaluate((button) => (button as HTMLElement & { islandMark?: boolean }).islandMark)).toBe(true);
    await expect(cards).toHaveCount(5);
    expect(products, 'the plans are asked for once').toHaveLength(1);
    await buy.click();
    await expect(page).toHaveURL(/\/zh\/login\?redirect=%2Fzh%2Fpricing$/);
  });

  for (const [path, ceiling] of eagerPages) {
    test(`${path}: critical CSS ≤ 12 KB, JS under its ceiling`, async ({ page, request }) => {
      const { js, css } = await firstVisit(page, request, path);
      expect(css, 'critical CSS, gzipped').toBeLessThanOrEqual(12 * KB);
      expect(js, 'JavaScript, gzipped').toBeLessThanOrEqual(ceiling);
    });
  }
});
