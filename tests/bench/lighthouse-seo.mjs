// Lighthouse SEO audit of prerendered pages, against a relay this script starts itself on the built site.
//
//   npm run build && node tests/bench/lighthouse-seo.mjs
//   STATIC_DIR=/tmp/dist-x LH_PORT=4433 node tests/bench/lighthouse-seo.mjs /pricing /zh/install
//
// Prints the SEO score of each page (target 100) and the audits that failed; exits 1 when a page is below target.
// Chromium comes from CHROME_PATH (default /usr/bin/chromium), headless, sandbox off for containers.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const port = Number(process.env.LH_PORT ?? 4433);
const staticDir = path.resolve(root, process.env.STATIC_DIR ?? 'dist');
const target = Number(process.env.LH_TARGET ?? 100);
const pages = process.argv.slice(2).length
  ? process.argv.slice(2)
  : [
      '/',
      '/zh',
      '/pricing',
      '/use-cases/learning',
      '/zh/use-cases/enterprise',
      '/install',
      '/zh/changelog',
      '/help',
      '/zh/privacy',
      '/leaderboard/claude-code',
    ];

const dataDir = mkdtempSync(path.join(tmpdir(), 'tern-lighthouse-'));
const relay = spawn(process.execPath, ['--import', 'tsx', 'relay/server/main.ts'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', STATIC_DIR: staticDir, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const base = `http://127.0.0.1:${port}`;
let chrome;

async function waitForRelay() {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    if (relay.exitCode !== null) throw new Error(`the relay exited with code ${relay.exitCode}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the relay did not start within 120 s');
}

async function main() {
  await waitForRelay();
  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: (process.env.LH_CHROME_FLAGS ?? '--headless --no-sandbox --disable-gpu').split(/\s+/),
  });
  const results = [];
  for (const page of pages) {
    const runner = await lighthouse(`${base}${page}`, { port: chrome.port, onlyCategories: ['seo'], output: 'json', logLevel: 'error' });
    const lhr = runner.lhr;
    const score = Math.round((lhr.categories.seo.score ?? 0) * 100);
    const failed = lhr.categories.seo.auditRefs
      .map((ref) => lhr.audits[ref.id])
      .filter(
        (audit) =>
          audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== 'manual' && audit.scoreDisplayMode !== 'notApplicable',
      )
      .map((audit) => `${audit.id}: ${audit.title}`);
    results.push({ page, score, failed });
    console.log(`${String(score).padStart(3)}  ${page}${failed.length ? `\n       failed: ${failed.join('; ')}` : ''}`);
  }
  const below = results.filter((r) => r.score < target);
  const mean = results.reduce((sum, r) => sum + r.score, 0) / results.length;
  console.log(
    `\nLighthouse ${lighthouseVersion()} SEO: mean ${mean.toFixed(1)} over ${results.length} pages, ${below.length} below ${target}`,
  );
  return below.length === 0 ? 0 : 1;
}

function lighthouseVersion() {
  try {
    return JSON.parse(readFileSync(path.join(root, 'node_modules/lighthouse/package.json'), 'utf8')).version;
  } catch {
    return '';
  }
}

let code = 1;
try {
  code = await main();
} catch (error) {
  console.error(error);
} finally {
  await chrome?.kill();
  relay.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(code);
