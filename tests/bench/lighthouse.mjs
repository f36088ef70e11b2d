// Lighthouse benchmark of the site: starts its own relay on a free port over the built site, runs Lighthouse
// (Debian's Chromium, headless) and prints performance, accessibility, best practices and SEO — the median of
// LH_RUNS runs per page (default 3), with the machine's load before and after (other work moves the timings).
//
//   node tests/bench/lighthouse.mjs                 # the issue #16 pages, mobile preset (Lighthouse's default)
//   node tests/bench/lighthouse.mjs / /pricing      # chosen pages
//   LH_RUNS=1 LH_PRESET=desktop node tests/bench/lighthouse.mjs
//   STATIC_DIR=dist-site node tests/bench/lighthouse.mjs   # an existing build instead of dist/ (built when stale)
//
// Targets (issue #16): ≥ 95 performance and 100 in the three others; /remote is noindex, so its SEO may stay lower.
// Reports (JSON) go to reports/lighthouse/. Not part of `npm test`: scores depend on the machine.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { machineLoad, root, siteDir, startRelay } from './lighthouseServer.mjs';

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const defaultPaths = ['/', '/zh', '/pricing', '/leaderboard', '/leaderboard/claude-code', '/use-cases/learning', '/install', '/remote'];
const paths = process.argv.slice(2).length ? process.argv.slice(2) : defaultPaths;
const preset = process.env.LH_PRESET === 'desktop' ? 'desktop' : 'mobile';
const runs = Math.max(1, Number(process.env.LH_RUNS ?? 3));
const categories = ['performance', 'accessibility', 'best-practices', 'seo'];
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const staticDir = siteDir();
const { base, stop } = await startRelay(staticDir);
const outDir = path.join(root, 'reports', 'lighthouse');
mkdirSync(outDir, { recursive: true });
const loadBefore = machineLoad();
const rows = [];
let failed = false;
try {
  for (const p of paths) {
    const name = p === '/' ? 'home' : p.replace(/^\//, '').replace(/[^\w-]+/g, '_');
    const reports = [];
    for (let run = 1; run <= runs; run++) {
      const out = path.join(outDir, `${name}-${preset}-${run}.json`);
      const result = spawnSync(
        path.join(root, 'node_modules', '.bin', 'lighthouse'),
        [
          `${base}${p}`,
          `--chrome-flags=--headless --no-sandbox --disable-gpu`,
          `--only-categories=${categories.join(',')}`,
          '--output=json',
          `--output-path=${out}`,
          '--quiet',
          ...(preset === 'desktop' ? ['--preset=desktop'] : []),
        ],
        { cwd: root, env: { ...process.env, CHROME_PATH }, stdio: ['ignore', 'ignore', 'inherit'] },
      );
      if (result.status !== 0) {
        console.error(`Lighthouse failed on ${p} (run ${run}, exit ${result.status}).`);
        failed = true;
        continue;
      }
      reports.push(JSON.parse(readFileSync(out, 'utf8')));
    }
    if (reports.length === 0) continue;
    const score = (id) => median(reports.map((r) => Math.round((r.categories[id]?.score ?? 0) * 100)));
    const ms = (id) => median(reports.map((r) => r.audits[id]?.numericValue ?? 0));
    const failing = (id) => [
      ...new Set(
        reports.flatMap((r) =>
          (r.categories[id]?.auditRefs ?? []).filter((a) => a.weight > 0 && (r.audits[a.id]?.score ?? 1) < 1).map((a) => a.id),
        ),
      ),
    ];
    rows.push({
      page: p,
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best practices': score('best-practices'),
      seo: score('seo'),
      FCP: `${(ms('first-contentful-paint') / 1000).toFixed(1)} s`,
      LCP: `${(ms('largest-contentful-paint') / 1000).toFixed(1)} s`,
      TBT: `${Math.round(ms('total-blocking-time'))} ms`,
      CLS: median(reports.map((r) => r.audits['cumulative-layout-shift']?.numericValue ?? 0)).toFixed(3),
      'not passed (a11y/bp/seo)': [...failing('accessibility'), ...failing('best-practices'), ...failing('seo')].join(' ') || '-',
    });
  }
} finally {
  stop();
}

console.log(
  `\nLighthouse ${preset}, median of ${runs} run(s) (${CHROME_PATH}, ${path.relative(root, staticDir)}), reports in ${path.relative(root, outDir)}/`,
);
console.log(`Machine: before ${loadBefore}; after ${machineLoad()}`);
console.table(rows);
process.exit(failed ? 1 : 0);
