// Shared by the site benches (tests/bench/lighthouse.mjs, tests/bench/bundle-size.mjs): starts the relay on a free
// port over a built site (STATIC_DIR, else dist/ built when stale) with a throw-away data directory.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';

import { ensureBuild, root } from '../../scripts/lib.mjs';

export { root };

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

async function waitForHealth(url, relay, timeoutMs = 60_000) {
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

/** The built site the benches measure: STATIC_DIR, else dist/ (rebuilt when older than its sources). */
export function siteDir() {
  if (process.env.STATIC_DIR) return path.resolve(process.env.STATIC_DIR);
  ensureBuild();
  return path.join(root, 'dist');
}

/** Starts a relay serving `staticDir`; resolves to { base, stop }. */
export async function startRelay(staticDir) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tern-site-bench-'));
  const relay = spawn(process.execPath, ['--import', 'tsx', 'tests/bench/lighthouseRelay.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', STATIC_DIR: staticDir, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = () => {
    relay.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(base, relay);
  } catch (error) {
    stop();
    throw error;
  }
  return { base, stop };
}

/** The machine's load, printed with every figure (other work on a shared machine moves the timings). */
export const machineLoad = () =>
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ')} (1 / 5 / 15 min)`;
