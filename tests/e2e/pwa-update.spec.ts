import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { cpSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

import { expect, test } from './fixtures';

/**
 * Issue #14: after a new deployment the installed app offers the update, and accepting reloads onto the new build.
 * A relay of its own (tests/e2e/server.ts on a free port) serves a copy of the built site; the page installs the service
 * worker; then the site is rebuilt (vite build with another TERN_APP_VERSION, so the code and the precache differ) and
 * the relay restarted on it, as a deployment does; the page checks for updates and shows the prompt; "Update now"
 * activates the new worker and reloads onto the new build's scripts.
 */

test.use({ serviceWorkers: 'allow' });

const repo = process.cwd();
const staticDir = process.env.STATIC_DIR ?? 'dist';

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

function startRelay(port: number, dir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/e2e/server.ts'], {
    cwd: repo,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', STATIC_DIR: dir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    const late = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`relay did not listen within 60 s: ${out}`));
    }, 60_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      if (!out.includes('e2e relay on')) return;
      clearTimeout(late);
      resolve(child);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(late);
      reject(new Error(`relay exited (${code}): ${out}`));
    });
  });
}

/** SIGTERM (the relay drains), then SIGKILL if it has not exited within 5 s: a stop never holds the test. */
const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const kill = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });

const moduleScripts = () => [...document.querySelectorAll<HTMLScriptElement>('script[type=module][src]')].map((s) => s.src);

test('a new deployment shows the update prompt, and Update now reloads onto the new build', async ({ page, consoleErrors }, testInfo) => {
  test.setTimeout(240_000);
  const dir = testInfo.outputPath('site');
  cpSync(staticDir, dir, { recursive: true });
  const port = await freePort();
  let relay = await startRelay(port, dir);
  try {
    const origin = `http://127.0.0.1:${port}`;
    // Each phase a step with its own limit: a hang names where it was rather than running out the test's time.
    const before = await test.step('the first build installs its service worker', async () => {
      await page.goto(`${origin}/login`);
      await expect
        .poll(() => page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => !!r?.active)), { timeout: 30_000 })
        .toBe(true);
      await page.reload();
      await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null)).toBe('activated');
      const scripts = await page.evaluate(moduleScripts);
      expect(scripts.length).toBeGreaterThan(0);
      await expect(page.getByTestId('update-prompt')).toHaveCount(0);
      return scripts;
    });

    await test.step('the deployment: a new build in place, the relay restarted on it', async () => {
      execFileSync(process.execPath, [path.join(repo, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', dir, '--emptyOutDir'], {
        cwd: repo,
        env: { ...process.env, TERN_APP_VERSION: `update-e2e-${Date.now()}` },
        stdio: 'pipe',
        timeout: 150_000,
      });
      await stop(relay);
      relay = await startRelay(port, dir);
    });

    await test.step('the page finds the new worker and shows the prompt; Update now reloads onto the new build', async () => {
      // The page looks for a new worker, as the browser does on navigation and periodically.
      await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));
      const prompt = page.getByTestId('update-prompt');
      await expect(prompt).toBeVisible({ timeout: 30_000 });
      await expect(prompt).toContainText('A new version of Tern is ready.');
      await page.screenshot({ path: testInfo.outputPath('update-prompt.png'), animations: 'disabled' });
      await prompt.getByRole('button', { name: 'Update now' }).click();
      // The page reloads under the poll: a read that meets the navigation counts as "not yet".
      await expect.poll(() => page.evaluate(moduleScripts).catch(() => before), { timeout: 30_000 }).not.toEqual(before);
      await expect(page.getByTestId('update-prompt')).toHaveCount(0);
    });
  } finally {
    await stop(relay);
  }
  // While the relay restarted (the deployment), a request of the page could meet the closed port: Chromium logs the
  // refused connection. That gap is part of the scenario; any other console error still fails the test.
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !/net::ERR_CONNECTION_REFUSED/.test(e)));
});
