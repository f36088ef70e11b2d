import { spawn } from 'node:child_process';
import path from 'node:path';

import { expect, type Page } from '@playwright/test';

import { type CliRun, Proc, RemoteConsole, signUpFrom } from './pages/remoteConsole';
import { pairCli, remoteRig, remoteTest as test } from './pages/remoteHarness';

/**
 * Issue #13, items 2 and 3, against a real `tern --cloud`: after a SIGKILL of the CLI the session view shows the
 * relay ↔ CLI leg offline (within 5 s), input typed meanwhile visibly waits for the CLI and no turn looks like it runs;
 * after the restart the tool call that was running is closed (also after a reload) and the waiting input runs.
 */

const rig = remoteRig('edit-file.json');
const repo = path.resolve(import.meta.dirname, '../..');

/** The same CLI again (same TERN_HOME and working folder, so the same instance and its stored sessions). */
function restartCli(cli: CliRun, relayUrl: string): Proc {
  const child = spawn(
    process.execPath,
    ['--import', path.join(repo, 'node_modules/tsx/dist/loader.mjs'), path.join(repo, 'relay/cli/bin.ts'), '--cloud', '--relay', relayUrl],
    {
      cwd: cli.workDir,
      env: {
        ...process.env,
        TERN_HOME: cli.home,
        HOME: cli.home,
        TERN_MODEL_URL: rig.modelUrl(),
        TERN_MODEL: 'scripted',
        TERN_API_KEY: 'stand-in',
        NO_COLOR: '1',
        FORCE_COLOR: '0',
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  return new Proc('tern --cloud (restarted)', child);
}

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${process.env.PW_OUTPUT_DIR ?? 'test-results'}/screens/dead-cli-${name}.png`, animations: 'disabled' });
}

test.describe('a CLI that dies', () => {
  test.describe.configure({ timeout: 150_000 });

  test('shows offline in the session view, queues input for the CLI and leaves no tool executing', async ({ page, baseURL }) => {
    const remote = new RemoteConsole(page);
    await signUpFrom(page, '/remote');
    await remote.expectConnected();
    const cli = await pairCli(remote, baseURL!, rig.modelUrl(), rig.clis);
    const workName = path.basename(cli.workDir);
    const aside = page.locator('aside').first();
    await expect(aside.getByTestId('environment').filter({ hasText: workName })).toHaveAttribute('data-online', 'true', {
      timeout: 20_000,
    });
    await remote.pickEnvironment(workName, false);
    await aside.getByTestId('new-session').click();
    await expect(remote.composer).toBeVisible();
    const cliLeg = page.getByTestId('link-cli');
    const browserLeg = page.getByTestId('link-browser');
    await expect(cliLeg).toHaveAttribute('data-state', 'online');
    await expect(browserLeg).toHaveAttribute('data-state', 'connected');

    await remote.send('!sleep 25; echo late');
    const sleepCard = page.getByTestId('tool-card').filter({ hasText: 'sleep 25' }).last();
    await expect(sleepCard).toHaveAttribute('data-status', 'executing', { timeout: 15_000 });
    await expect(page.getByTestId('interrupt')).toBeVisible();

    // SIGKILL: no goodbye, the socket just closes. The session view says so within 5 s; the browser leg stays up.
    cli.proc.child.kill('SIGKILL');
    await expect(cliLeg).toHaveAttribute('data-state', 'offline', { timeout: 5_000 });
    await expect(cliLeg).toContainText('Offline since');
    await expect(browserLeg).toHaveAttribute('data-state', 'connected');
    await expect(page.getByTestId('interrupt')).toBeHidden();
    await expect(page.getByLabel('Working')).toBeHidden();

    // Input typed now is stored by the relay and visibly waits for the CLI: no typing dots, no Interrupt.
    await remote.send('!echo back-again');
    await expect(remote.timeline.getByTestId('user-message').filter({ hasText: 'back-again' })).toBeVisible({ timeout: 10_000 });
    await expect(page.getByTestId('waiting-for-cli')).toBeVisible();
    await expect(page.getByLabel('Working')).toBeHidden();
    await expect(page.getByTestId('interrupt')).toBeHidden();
    await shot(page, 'desktop-en');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByTestId('waiting-for-cli')).toBeVisible();
    await shot(page, 'phone-en');
    await page.goto('/zh/remote');
    await remote.expectConnected();
    await expect(page.getByTestId('waiting-for-cli')).toBeVisible({ timeout: 15_000 });
    await expect(cliLeg).toContainText('离线');
    await shot(page, 'phone-zh');
    await page.setViewportSize({ width: 1280, height: 800 });
    await shot(page, 'desktop-zh');
    await page.goto('/remote');
    await remote.expectConnected();

    // The CLI comes back: the interrupted turn is closed, its tool call too, and the waiting input runs.
    const restarted = restartCli(cli, baseURL!);
    rig.clis.push({ ...cli, proc: restarted, cleanup: () => restarted.kill() });
    await expect(cliLeg).toHaveAttribute('data-state', 'online', { timeout: 30_000 });
    await expect(sleepCard).toHaveAttribute('data-status', 'failed', { timeout: 15_000 });
    // One message for the interrupt (the CLI's notice): the card says it in its state only, with the reason as its title.
    await expect(sleepCard.locator('[data-status="interrupted"]')).toHaveText('Interrupted');
    await expect(sleepCard.locator('[data-status="interrupted"]')).toHaveAttribute('title', /Interrupted: the turn ended/);
    await expect(page.getByTestId('notice').filter({ hasText: 'the turn that was running was interrupted' })).toHaveCount(1);
    await expect(remote.timeline.locator('li[data-kind="turnEnd"]')).toHaveCount(0);
    const echoCard = page.getByTestId('tool-card').filter({ hasText: 'back-again' }).last();
    await expect(echoCard).toHaveAttribute('data-status', 'completed', { timeout: 20_000 });
    await expect(page.getByTestId('waiting-for-cli')).toBeHidden();
    await expect(page.locator('[data-testid="tool-card"][data-status="executing"]')).toHaveCount(0);

    // Also from the stored history after a reload.
    await page.reload();
    await remote.expectConnected();
    await expect(echoCard).toHaveAttribute('data-status', 'completed', { timeout: 15_000 });
    await expect(sleepCard).toHaveAttribute('data-status', 'failed');
    await expect(page.locator('[data-testid="tool-card"][data-status="executing"]')).toHaveCount(0);
    await shot(page, 'desktop-en-recovered');
  });
});
