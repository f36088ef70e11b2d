// Shared by `npm start` and `npm test`: each works on a fresh clone by itself.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

export function run(cmd, args, opts = {}) {
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

function newestMtime(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(p)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(path.join(p, entry)));
  }
  return newest;
}

/** Installs dependencies when node_modules is missing or older than the lockfile. */
export function ensureDependencies() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  const stale = !existsSync(marker) || (existsSync(lock) && statSync(lock).mtimeMs > statSync(marker).mtimeMs + 1000);
  if (!stale) return;
  console.log('\n> Installing dependencies (node_modules is missing or older than package-lock.json)…\n');
  // `npm install` rather than `npm ci`: the lockfile lacks some other-platform optional builds on this registry,
  // which makes `npm ci` fail; install honours the lockfile for everything it can resolve.
  const status = run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error']);
  if (status !== 0) {
    console.error('Dependency installation failed. Check your network access to the npm registry and retry.');
    process.exit(status);
  }
}

const buildInputs = [
  'src',
  'public',
  'index.html',
  'vite.config.ts',
  'package-lock.json',
  'scripts/prerender.mjs',
  'scripts/sitemap.mjs',
  'scripts/precompress.mjs',
  'content',
  'relay/protocol',
];

/** Builds the PWA when dist/ is missing or older than any of its sources. */
export function ensureBuild({ force = false } = {}) {
  const stamp = path.join(root, 'dist', 'index.html');
  const newestSource = Math.max(...buildInputs.map((p) => newestMtime(path.join(root, p))));
  if (!force && existsSync(stamp) && statSync(stamp).mtimeMs >= newestSource) return;
  console.log('\n> Building the web app…\n');
  const status = run('npm', ['run', 'build', '--silent']);
  if (status !== 0) process.exit(status);
}

/** Where scripts/build-relay.mjs puts the compiled relay (a dot folder: the static file server never serves it). */
export const relayOutDir = path.join(root, 'dist', '.relay');
export const relayEntry = path.join(relayOutDir, 'main.js');
const relayInputs = ['relay/server', 'relay/protocol', 'content', 'package-lock.json', 'scripts/build-relay.mjs'];

/** Compiles the relay when dist/.relay/main.js is missing or older than any of its sources (after ensureBuild). */
export async function ensureRelayBuild({ force = false } = {}) {
  const newestSource = Math.max(...relayInputs.map((p) => newestMtime(path.join(root, p))));
  if (!force && existsSync(relayEntry) && statSync(relayEntry).mtimeMs >= newestSource) return;
  console.log('\n> Compiling the relay…\n');
  const { buildRelay } = await import('./build-relay.mjs');
  await buildRelay();
}
