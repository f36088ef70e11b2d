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
  const response = await page.goto(base + pagePath, { waitUntil: 'networkidle' });
  // Critical CSS is read from the HTML as served (after load, the boot script turns the deferred stylesheet on).
  const head = /<head>([\s\S]*?)<\/head>/.exec((await response.text()).replace(/<noscript>[\s\S]*?<\/noscript>/g, ''))?.[1] ?? '';
  const inlineCss = [...head.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]);
  const blockingCss = [...head.matchAll(/<link\b[^>]*>/g)]
    .map((m) => m[0])
    .filter((tag) => /rel="stylesheet"/.test(tag) && !/media="print"/.test(tag))
    .map((tag) => /href="([^"]+)"/.exec(tag)?.[1] ?? '');
  await context.close();
  const fileSize = (p) => {
    const file = path.join(staticDir, p);
    return existsSync(file) ? gz(readFileSync(file)) : 0;
  };
  const js = [...scripts].map((p) => ({ path: p, gzip: fileSize(p) })).sort((a, b) => b.gzip - a.gzip);
  const css = inlineCss.reduce((sum, text) => sum + gz(Buffer.from(text)), 0) + blockingCss.reduce((sum, p) => sum + fileSize(p), 0);
  return { page: pagePath, jsFiles: js.length, jsGzip: js.reduce((s, f) => s + f.gzip, 0), criticalCssGzip: css, js, blockingCss };
}

/** Requests that belong to the shell (document, scripts, styles, icons, manifest), not data or sockets. */
const isShell = (url, base) =>
  url.startsWith(base) && !/^\/(api|web-api|cli-api|auth|socket\.io|healthz)(\/|$)/.test(new URL(url).pathname);

/**
 * The installed console's repeat visit: a first visit to /remote (woken by a key press) installs the service worker (precache), then a new
 * visit in the same profile counts the shell requests that still reach the network: page requests not answered by
 * the service worker, and requests the service worker itself sends out.
 */
async function measureRepeatLoad(browser, base) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'allow',
  });
  // The install's own downloads (the precache) show that service-worker requests are seen at all.
  let precached = 0;
  let network = null;
  context.on('request', (req) => {
    if (!req.serviceWorker() || !isShell(req.url(), base)) return;
    if (network) network.push(`service worker → ${new URL(req.url()).pathname}`);
    else precached++;
  });
  const first = await context.newPage();
  await first.goto(`${base}/remote`, { waitUntil: 'networkidle' });
  // Signed out, /remote shows the sign-in page from the shell, and the app (which registers the service worker) wakes
  // at the visitor's first intent, as on every prerendered page: a key press, as a visitor who installs the app does.
  await first.keyboard.press('Shift');
  await first.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await first.close();
  const page = await context.newPage();
  network = [];
  const fromCache = [];
  page.on('response', (res) => {
    if (!isShell(res.url(), base)) return;
    (res.fromServiceWorker() ? fromCache : network).push(new URL(res.url()).pathname);
  });
  await page.goto(`${base}/remote`, { waitUntil: 'networkidle' });
  const controlled = await page.evaluate(() => navigator.serviceWorker.controller !== null);
  await context.close();
  return { controlled, precached, fromCache: fromCache.length, network };
}

const staticDir = siteDir();
const { base, stop } = await startRelay(staticDir);
// Lets Playwright report the requests a service worker sends (the repeat-load check counts them).
process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS = '1';
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
const results = [];
let repeat;
try {
  for (const p of paths) results.push(await measure(browser, base, staticDir, p));
  repeat = await measureRepeatLoad(browser, base);
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
writeFileSync(path.join(outDir, 'bundle-size.json'), JSON.stringify({ staticDir, budgets, results, repeat }, null, 2));
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
const repeatOk = repeat.controlled && repeat.precached > 0 && repeat.network.length === 0;
console.log(
  `\nInstalled console: the first visit's service worker downloaded ${repeat.precached} files; repeat visit of /remote: ${repeat.controlled ? 'controlled by the service worker' : 'NOT controlled'}, ` +
    `${repeat.fromCache} shell requests from its cache, ${repeat.network.length} to the network${repeat.network.length ? ': ' + repeat.network.join(', ') : ''} — ${repeatOk ? 'ok' : 'FAIL'}`,
);
process.exit(over || !repeatOk ? 1 : 0);
