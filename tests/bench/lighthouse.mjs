// Lighthouse benchmark of the marketing pages: starts its own relay on a free port, runs Lighthouse (Debian's
// Chromium, headless) and prints performance, accessibility, best practices and SEO.
//
//   node tests/bench/lighthouse.mjs                 # the home page, mobile preset (Lighthouse's default)
//   node tests/bench/lighthouse.mjs / /pricing      # several paths
//   LH_PRESET=desktop node tests/bench/lighthouse.mjs
//   STATIC_DIR=/tmp/dist node tests/bench/lighthouse.mjs   # an existing build instead of dist/ (built when stale)
//
// Reports (JSON) go to reports/lighthouse/. Not part of `npm test`: scores depend on the machine.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { ensureBuild, root } from '../../scripts/lib.mjs';

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const paths = process.argv.slice(2).length ? process.argv.slice(2) : ['/'];
const preset = process.env.LH_PRESET === 'desktop' ? 'desktop' : 'mobile';
const categories = ['performance', 'accessibility', 'best-practices', 'seo'];

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url, relay, timeoutMs = 30_000) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    if (relay.exitCode !== null) throw new Error(`relay exited with code ${relay.exitCode}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`relay did not answer ${url}/healthz within ${timeoutMs} ms`);
}

const staticDir = process.env.STATIC_DIR ? path.resolve(process.env.STATIC_DIR) : (ensureBuild(), path.join(root, 'dist'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'tern-lighthouse-'));
const relay = spawn(process.execPath, ['--import', 'tsx', 'relay/server/main.ts'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', STATIC_DIR: staticDir, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'ignore', 'inherit'],
});

const outDir = path.join(root, 'reports', 'lighthouse');
mkdirSync(outDir, { recursive: true });
const rows = [];
let failed = false;
try {
  await waitForHealth(base, relay);
  for (const p of paths) {
    const name = p === '/' ? 'home' : p.replace(/^\//, '').replace(/[^\w-]+/g, '_');
    const out = path.join(outDir, `${name}-${preset}.json`);
    const args = [
      `${base}${p}`,
      `--chrome-flags=--headless --no-sandbox --disable-gpu`,
      `--only-categories=${categories.join(',')}`,
      '--output=json',
      `--output-path=${out}`,
      '--quiet',
      ...(preset === 'desktop' ? ['--preset=desktop'] : []),
    ];
    const run = spawnSync(path.join(root, 'node_modules', '.bin', 'lighthouse'), args, {
      cwd: root,
      env: { ...process.env, CHROME_PATH },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (run.status !== 0) {
      console.error(`Lighthouse failed on ${p} (exit ${run.status}).`);
      failed = true;
      continue;
    }
    const report = JSON.parse(readFileSync(out, 'utf8'));
    const score = (id) => Math.round((report.categories[id]?.score ?? 0) * 100);
    const metric = (id) => report.audits[id]?.displayValue ?? '-';
    rows.push({
      page: p,
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best practices': score('best-practices'),
      seo: score('seo'),
      FCP: metric('first-contentful-paint'),
      LCP: metric('largest-contentful-paint'),
      TBT: metric('total-blocking-time'),
      CLS: metric('cumulative-layout-shift'),
    });
  }
} finally {
  relay.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}

console.log(`\nLighthouse ${preset} (${CHROME_PATH}), reports in ${path.relative(root, outDir)}/`);
console.table(rows);
process.exit(failed ? 1 : 0);
