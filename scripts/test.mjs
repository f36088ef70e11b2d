// `npm test`: lint, typecheck, unit and integration tests (Vitest), then the end-to-end suite (Playwright on
// Debian's Chromium). Ends with one summary line "N passed, N failed".
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

import { chromiumPath as CHROMIUM, headlessShellPath as HEADLESS_SHELL } from './chromium.mjs';
import { ensureBuild, ensureDependencies, root, run } from './lib.mjs';

function ensureChromium() {
  ensureChromiumItself();
  // The headless shell runs the end-to-end suite in half the time (playwright.config.ts); chromium does without it.
  if (!existsSync(HEADLESS_SHELL) && !process.env.CHROMIUM_PATH && process.getuid?.() === 0) {
    console.log("\n> Installing Debian's chromium-headless-shell with apt-get…\n");
    run('apt-get', ['install', '-y', '-qq', 'chromium-headless-shell'], { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  }
}

function ensureChromiumItself() {
  if (existsSync(CHROMIUM)) return;
  if (process.getuid?.() === 0) {
    console.log("\n> Chromium is missing: installing Debian's chromium and fonts-noto-cjk with apt-get…\n");
    run('apt-get', ['update', '-qq']);
    const status = run('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-noto-cjk'], {
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (status === 0 && existsSync(CHROMIUM)) return;
  }
  console.error(`Chromium not found at ${CHROMIUM}. Install it with: sudo apt-get install -y chromium fonts-noto-cjk`);
  process.exit(1);
}

/** Runs npm scripts one after another, each one's output printed when it ends; answers [name, exit status] pairs. */
async function inTurn(scripts) {
  const done = [];
  for (const [name, script] of scripts) {
    const code = await new Promise((resolve) => {
      const child = spawn('npm', ['run', script, '--silent'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
      const out = [];
      child.stdout.on('data', (chunk) => out.push(chunk));
      child.stderr.on('data', (chunk) => out.push(chunk));
      child.on('error', () => resolve(1));
      child.on('close', (exit) => {
        console.log(`\n> ${name}`);
        if (out.length > 0) process.stdout.write(Buffer.concat(out));
        resolve(exit ?? 1);
      });
    });
    done.push([name, code]);
  }
  return done;
}

ensureDependencies();
const reports = path.join(root, 'reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

let passed = 0;
let failed = 0;
const steps = [];
const step = (name, status) => {
  steps.push(`${status === 0 ? 'ok  ' : 'FAIL'} ${name}`);
  return status;
};

// The static checks are single-threaded: two at a time (each one's output printed whole when it ends).
const checks = await Promise.all([
  inTurn([
    ['typecheck', 'typecheck'],
    ['size limits', 'check:size'],
  ]),
  inTurn([
    ['lint', 'lint'],
    ['format (prettier --check)', 'format:check'],
  ]),
]);
let status = 0;
for (const [name, code] of checks.flat()) status = step(name, code) || status;

const vitestReport = path.join(reports, 'vitest.json');
status =
  step(
    'unit + integration (vitest)',
    run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${vitestReport}`]),
  ) || status;
if (existsSync(vitestReport)) {
  const r = JSON.parse(readFileSync(vitestReport, 'utf8'));
  passed += r.numPassedTests ?? 0;
  // A suite that fails to load has no failed tests of its own; count it once.
  failed += Math.max(r.numFailedTests ?? 0, r.numFailedTestSuites ?? 0);
} else if (status !== 0) failed += 1;

ensureChromium();
ensureBuild();
const pwReport = path.join(reports, 'playwright.json');
const e2e = run('npx', ['playwright', 'test'], { env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: pwReport } });
status = step('end to end (playwright)', e2e) || status;
if (existsSync(pwReport)) {
  const r = JSON.parse(readFileSync(pwReport, 'utf8'));
  passed += r.stats?.expected ?? 0;
  failed += r.stats?.unexpected ?? 0;
} else if (e2e !== 0) failed += 1;

console.log('\n' + steps.join('\n'));
if (status !== 0 && failed === 0) failed = 1;
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(status === 0 ? 0 : 1);
