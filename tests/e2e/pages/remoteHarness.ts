import { execFileSync } from 'node:child_process';

import { expect, test as shared } from '../fixtures';
import { type CliRun, type Proc, type RemoteConsole, saveRemoteScreenshot, startCli, startModelStandIn } from './remoteConsole';

/**
 * Shared by the remote e2e specs: the console-error fixture that tolerates the network errors a test causes on
 * purpose, and pairing a real `tern --cloud` through the PWA.
 */
export const remoteTest = shared.extend<{ networkCut: { on: boolean } }>({
  // Playwright needs the destructuring pattern even when a fixture uses no other fixture.
  // eslint-disable-next-line no-empty-pattern
  networkCut: async ({}, use) => {
    await use({ on: false });
  },
  // Overrides the fixture of the same name (which stays automatic).
  consoleErrors: async ({ page, networkCut }, use) => {
    const errors: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() !== 'error') return;
      const text = msg.text();
      if (/Failed to load resource: the server responded with a status of 4\d\d/.test(text)) return;
      if (networkCut.on && /ERR_INTERNET_DISCONNECTED|WebSocket connection to .* failed|ERR_NETWORK_CHANGED|net::ERR_/.test(text)) return;
      errors.push(text);
    });
    page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
    if (process.env.REMOTE_E2E_VERBOSE) page.on('console', (msg) => console.log(`[browser ${msg.type()}] ${msg.text()}`));
    await use(errors);
    expect(errors, 'console errors').toEqual([]);
  },
});

export interface RemoteRig {
  /** Every CLI a test started: their output is attached on failure, and they are cleaned up after the file. */
  readonly clis: CliRun[];
  /** The model stand-in's URL (started in `beforeAll`). */
  modelUrl(): string;
}

/**
 * The model stand-in and CLIs of one spec file: starts the stand-in with `script` before the file's tests, attaches the
 * page URL and the CLIs' and the stand-in's output to a failed test, and stops everything after the file.
 */
export function remoteRig(script: string): RemoteRig {
  let standIn: { proc: Proc; url: string } | null = null;
  const clis: CliRun[] = [];

  remoteTest.beforeAll(async () => {
    standIn = await startModelStandIn(script);
  });

  // On failure the CLI's and the stand-in's output is what explains it.
  remoteTest.afterEach(async ({ page }, testInfo) => {
    if (testInfo.status === testInfo.expectedStatus) return;
    await testInfo.attach('console url', { body: page.url(), contentType: 'text/plain' });
    for (const cli of clis) await testInfo.attach('tern --cloud output', { body: cli.proc.output, contentType: 'text/plain' });
    if (standIn) await testInfo.attach('model stand-in output', { body: standIn.proc.output, contentType: 'text/plain' });
    if (process.env.REMOTE_E2E_VERBOSE) for (const cli of clis) console.log(cli.proc.output);
  });

  remoteTest.afterAll(async () => {
    for (const cli of clis.splice(0)) await cli.cleanup();
    await standIn?.proc.kill();
    standIn = null;
  });

  return {
    clis,
    modelUrl() {
      if (!standIn) throw new Error('the model stand-in is not running (remoteRig starts it in beforeAll)');
      return standIn.url;
    },
  };
}

/** Starts a CLI (kept in `clis` for cleanup), approves its pairing in the browser and waits until the console is connected. */
export async function pairCli(remote: RemoteConsole, baseURL: string, modelUrl: string, clis: CliRun[], shot?: string): Promise<CliRun> {
  const { page } = remote;
  const cli = startCli(baseURL, modelUrl);
  clis.push(cli);
  const [, code] = await cli.proc.waitFor(/\/remote\/pair\?code=([A-Z0-9]{4}-?[A-Z0-9]{4})/);
  await page.goto(`/remote/pair?code=${code}`);
  await expect(page.getByTestId('pair-code')).toHaveText(code!.includes('-') ? code! : `${code!.slice(0, 4)}-${code!.slice(4)}`);
  if (shot) await saveRemoteScreenshot(page, shot);
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page).toHaveURL(/\/remote$/, { timeout: 10_000 });
  await remote.expectConnected();
  return cli;
}

/** The command lines of every process below `pid` (from `ps`), to check that a killed command is really gone. */
export function descendantCommands(pid: number): string[] {
  const rows = execFileSync('ps', ['-eo', 'pid=,ppid=,args='], { encoding: 'utf8' })
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line))
    .filter((m): m is RegExpExecArray => !!m)
    .map((m) => ({ pid: Number(m[1]), ppid: Number(m[2]), args: m[3]! }));
  const found: string[] = [];
  const parents = new Set([pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const row of rows) {
      if (parents.has(row.ppid) && !parents.has(row.pid)) {
        parents.add(row.pid);
        found.push(row.args);
        grew = true;
      }
    }
  }
  return found;
}
