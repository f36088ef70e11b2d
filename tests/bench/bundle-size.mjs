// Bundle-size report of the built site (issue #16): for each page, the JavaScript a 390 px phone fetches until the
// network goes idle, and the CSS on the critical path (inline <style> plus render-blocking stylesheets), gzipped.
// First visit: empty cache, no service worker yet. Sizes are the gzip -9 size of each fetched file of the build.
//
//   node tests/bench/bundle-size.mjs                     # the default pages
//   node tests/bench/bundle-size.mjs / /zh/pricing       # chosen pages
//   STATIC_DIR=dist-site node tests/bench/bundle-size.mjs
//
// Budgets: JS ≤ 90 KB on marketing pages, ≤ 130 KB on /remote; critical CSS ≤ 12 KB. Exits 1 when one is exceeded.
// The JSON report goes to reports/bench/bundle-size.json.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

import { chromium } from '@playwright/test';

import { machineLoad, root, siteDir, startRelay } from './lighthouseServer.mjs';

export const KB = 1024;
export const budgets = { marketingJs: 90 * KB, remoteJs: 130 * KB, criticalCss: 12 * KB };
const defaultPaths = [
  '/',
  '/zh',
  '/pricing',
  '/zh/pricing',
  '/leaderboard',
  '/leaderboard/claude-code',
  '/use-cases/learning',
  '/install',
  '/remote',
];
const paths = process.argv.slice(2).length ? process.argv.slice(2) : defaultPaths;

const gz = (buf) => gzipSync(buf, { level: 9 }).length;
const fmt = (bytes) => `${(bytes / KB).toFixed(1)} KB`;

/** Measures one page: JS files fetched until network idle, and critical CSS, as gzip sizes of the built files. */
async function measure(browser, base, staticDir, pagePath) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  const scripts = new Set();
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.origin === base && (req.resourceType() === 'script' || url.pathname.endsWith('.js'))) scripts.add(url.pathname);
  });
  await page.goto(base + pagePath, { waitUntil: 'networkidle' });
  const { inlineCss, blockingCss } = await page.evaluate(() => ({
    inlineCss: [...document.querySelectorAll('head style')].map((s) => s.textContent ?? ''),
    blockingCss: [...document.querySelectorAll('head link[rel="stylesheet"]')]
      .filter((l) => !l.media || l.media === 'all' || matchMedia(l.media).matches)
      .map((l) => new URL(l.href).pathname),
  }));
  await context.close();
  const fileSize = (p) => {
    const file = path.join(staticDir, p);
    return existsSync(file) ? gz(readFileSync(file)) : 0;
  };
  const js = [...scripts].map((p) => ({ path: p, gzip: fileSize(p) })).sort((a, b) => b.gzip - a.gzip);
  const css = inlineCss.reduce((sum, text) => sum + gz(Buffer.from(text)), 0) + blockingCss.reduce((sum, p) => sum + fileSize(p), 0);
  return { page: pagePath, jsFiles: js.length, jsGzip: js.reduce((s, f) => s + f.gzip, 0), criticalCssGzip: css, js, blockingCss };
}

const staticDir = siteDir();
const { base, stop } = await startRelay(staticDir);
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
const results = [];
try {
  for (const p of paths) results.push(await measure(browser, base, staticDir, p));
} finally {
  await browser.close();
  stop();
}

let over = false;
const rows = results.map((r) => {
  const jsBudget = /^\/(zh\/)?remote(\/|$)/.test(r.page) ? budgets.remoteJs : budgets.marketingJs;
  const ok = r.jsGzip <= jsBudget && r.criticalCssGzip <= budgets.criticalCss;
  over ||= !ok;
  return {
    page: r.page,
    'JS files': r.jsFiles,
    'JS gzip': fmt(r.jsGzip),
    'JS budget': fmt(jsBudget),
    'critical CSS gzip': fmt(r.criticalCssGzip),
    verdict: ok ? 'ok' : 'OVER',
  };
});
const outDir = path.join(root, 'reports', 'bench');
mkdirSync(outDir, { recursive: true });
writeFileSync(path.join(outDir, 'bundle-size.json'), JSON.stringify({ staticDir, budgets, results }, null, 2));
console.log(`\nBundle size, first visit on a 390 px phone, until network idle (${path.relative(root, staticDir)}; ${machineLoad()})`);
console.table(rows);
for (const r of results) {
  console.log(
    `${r.page}: ${r.js
      .slice(0, 6)
      .map((f) => `${path.basename(f.path)} ${fmt(f.gzip)}`)
      .join(', ')}${r.js.length > 6 ? ', …' : ''}`,
  );
}
process.exit(over ? 1 : 0);
