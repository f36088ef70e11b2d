import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { expect, type Locator, type Page } from '@playwright/test';

import { LoginPage, uniqueEmail } from './LoginPage';

const repo = path.resolve(import.meta.dirname, '../../..');
/** Absolute, so the CLI can run with a temp folder as its working directory. */
const tsxLoader = path.join(repo, 'node_modules/tsx/dist/loader.mjs');

/** A child process with its output collected, so a test can wait for a line and print it on failure. */
export class Proc {
  output = '';
  exited: number | null = null;
  constructor(
    readonly name: string,
    readonly child: ChildProcess,
  ) {
    child.stdout?.on('data', (d: Buffer) => (this.output += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (this.output += d.toString()));
    child.on('exit', (code) => (this.exited = code ?? -1));
  }

  async waitFor(pattern: RegExp, timeoutMs = 30_000): Promise<RegExpMatchArray> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const match = pattern.exec(this.output);
      if (match) return match;
      if (this.exited !== null) throw new Error(`${this.name} exited (${this.exited}) before printing ${pattern}:\n${this.output}`);
      if (Date.now() > deadline) throw new Error(`${this.name} did not print ${pattern} within ${timeoutMs} ms:\n${this.output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** Ends the process (and waits for it), by its own pid only. */
  async kill(): Promise<void> {
    if (this.exited !== null || this.child.pid === undefined) return;
    const done = new Promise((r) => this.child.once('exit', r));
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 3000);
    await done;
    clearTimeout(timer);
  }
}

/** The scripted OpenAI-compatible model stand-in (relay/cli/testing), playing `script`. */
export async function startModelStandIn(script = 'edit-file.json'): Promise<{ proc: Proc; url: string }> {
  const child = spawn(
    process.execPath,
    ['--import', tsxLoader, 'relay/cli/testing/scriptedModelStandIn.ts', '--script', `relay/cli/testing/scripts/${script}`, '--port', '0'],
    {
      cwd: repo,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const proc = new Proc('model stand-in', child);
  const [url] = await proc.waitFor(/http:\/\/127\.0\.0\.1:\d+\/v1/);
  return { proc, url };
}

export interface CliRun {
  proc: Proc;
  workDir: string;
  home: string;
  cleanup(): Promise<void>;
}

/** A real `tern --cloud` in a fresh TERN_HOME, working in a temp folder holding greeting.txt. */
export function startCli(relayUrl: string, modelUrl: string, env: Record<string, string> = {}): CliRun {
  const workDir = mkdtempSync(path.join(tmpdir(), 'tern-rui-work-'));
  const home = mkdtempSync(path.join(tmpdir(), 'tern-rui-home-'));
  writeFileSync(path.join(workDir, 'greeting.txt'), 'hello\n');
  const child = spawn(process.execPath, ['--import', tsxLoader, path.join(repo, 'relay/cli/bin.ts'), '--cloud', '--relay', relayUrl], {
    cwd: workDir,
    env: {
      ...process.env,
      TERN_HOME: home,
      // An empty HOME: the CLI's `!cmd` login shells skip this machine's profile (see vitest.config.ts).
      HOME: home,
      TERN_MODEL_URL: modelUrl,
      TERN_MODEL: 'scripted',
      TERN_API_KEY: 'stand-in',
      NO_COLOR: '1',
      FORCE_COLOR: '0',
      ...env,
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const proc = new Proc('tern --cloud', child);
  return {
    proc,
    workDir,
    home,
    async cleanup() {
      await proc.kill();
      rmSync(workDir, { recursive: true, force: true });
      rmSync(home, { recursive: true, force: true });
    },
  };
}

/** Signs up a fresh Tern account starting from a guarded page, and lands back there. */
export async function signUpFrom(page: Page, target: string): Promise<void> {
  const login = new LoginPage(page);
  await page.goto(target);
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await login.terms.check();
  await login.ternButton.click();
  await login.fillAccount('signup', { email: uniqueEmail('remote'), password: 'remote-console-1', username: 'Remote Tester' });
  await expect(page).toHaveURL(new RegExp(`${target.replace(/[?]/g, '\\?')}$`), { timeout: 15_000 });
}

/** The /remote console. */
export class RemoteConsole {
  readonly status: Locator;
  readonly composer: Locator;
  readonly timeline: Locator;

  constructor(readonly page: Page) {
    this.status = page.getByTestId('connection-status');
    this.composer = page.locator('#remote-composer');
    this.timeline = page.getByTestId('timeline');
  }

  async expectConnected() {
    await expect(this.status).toHaveAttribute('data-state', 'connected', { timeout: 15_000 });
  }

  /** On a phone the pickers live in a sheet. */
  async pickEnvironment(hostnameOrCwd: string | RegExp, phone: boolean) {
    if (phone) await this.page.getByTestId('open-picker').click();
    const scope = phone ? this.page.getByTestId('picker-sheet') : this.page.locator('aside').first();
    await scope.getByTestId('environment').filter({ hasText: hostnameOrCwd }).click();
    return scope;
  }

  async send(text: string) {
    await this.composer.fill(text);
    await this.composer.press('Enter');
  }
}

export async function saveRemoteScreenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `test-results/screenshots/remote-${name}.png`, animations: 'disabled' });
}
