import path from 'node:path';

import { devices, type Locator, type Page } from '@playwright/test';

import { expect } from './fixtures';
import { RemoteConsole, signUpFrom } from './pages/remoteConsole';
import { pairCli, remoteRig, remoteTest as test } from './pages/remoteHarness';

/**
 * Issue #13 item 1 against a real `tern --cloud`: a window that is gone holds nothing (closing /remote and opening it in
 * a new tab is not "busy"), a real second window is told which device holds the workspace and when it was last active,
 * and a take-over hands over cleanly: the old window says so, stays readable but read-only, and can take it back.
 */

const rig = remoteRig('edit-file.json');

const shotDir = path.join(process.env.PW_OUTPUT_DIR ?? 'test-results', 'screenshots');
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(shotDir, `workspace-${name}.png`), animations: 'disabled' });

/** Signs up, pairs a CLI, attaches its environment and opens a new session; the CLI's folder name. */
async function openSession(remote: RemoteConsole, baseURL: string, phone: boolean): Promise<string> {
  const { page } = remote;
  await signUpFrom(page, '/remote');
  await remote.expectConnected();
  const cli = await pairCli(remote, baseURL, rig.modelUrl(), rig.clis);
  const workName = path.basename(cli.workDir);
  if (!phone)
    await expect(page.locator('aside').first().getByTestId('environment').filter({ hasText: workName })).toHaveAttribute(
      'data-online',
      'true',
      { timeout: 20_000 },
    );
  const picker = await remote.pickEnvironment(workName, phone);
  await picker.getByTestId('new-session').click();
  await expect(remote.composer).toBeEnabled();
  return workName;
}

/** Runs a shell command from the console and waits for its card to complete. */
async function run(remote: RemoteConsole, text: string): Promise<void> {
  await remote.send(`!echo ${text}`);
  await expect(toolCard(remote.page, text)).toHaveAttribute('data-status', 'completed', { timeout: 20_000 });
}
const toolCard = (page: Page, text: string): Locator => page.getByTestId('tool-card').filter({ hasText: text }).last();
const held = (page: Page) => page.getByTestId('workspace-busy');

test.describe('one window drives a workspace', () => {
  test.describe.configure({ timeout: 150_000 });

  test('a new tab is not busy; a real second window is, with its device; take-over and take-back hand over cleanly', async ({
    page,
    baseURL,
  }) => {
    const context = page.context();
    await openSession(new RemoteConsole(page), baseURL!, false);
    await run(new RemoteConsole(page), 'before-the-new-tab');

    // Close /remote and open it in a new tab (a new window id): the closed window holds nothing, the session resumes.
    await page.close();
    const tab = new RemoteConsole(await context.newPage());
    await tab.page.goto('/remote');
    await tab.expectConnected();
    await expect(tab.composer).toBeEnabled({ timeout: 15_000 });
    await expect(held(tab.page)).toHaveCount(0);
    await expect(toolCard(tab.page, 'before-the-new-tab')).toBeVisible();
    await run(tab, 'from-the-new-tab');

    // A second window while that tab is open is busy: it names the holder's device and its last activity, and shows
    // the session read-only.
    const second = new RemoteConsole(await context.newPage());
    await second.page.goto('/remote');
    await second.expectConnected();
    await expect(held(second.page)).toHaveAttribute('data-status', 'busy', { timeout: 15_000 });
    await expect(held(second.page)).toContainText('This workspace is busy');
    await expect(held(second.page).getByTestId('workspace-holder')).toHaveText('Open in Chrome on Windows, last active just now.');
    await expect(second.composer).toBeDisabled();
    await expect(toolCard(second.page, 'from-the-new-tab')).toBeVisible();
    // Read-only, yet live: what the holder runs shows here as it happens.
    await run(tab, 'seen-while-busy');
    await expect(toolCard(second.page, 'seen-while-busy')).toHaveAttribute('data-status', 'completed', { timeout: 15_000 });
    await shot(second.page, 'busy-desktop-en');

    // Take over: the second window drives; the tab says it was taken over, by which device, and goes read-only, while
    // still showing what the new holder runs.
    await held(second.page).getByRole('button', { name: 'Take over' }).click();
    await expect(second.composer).toBeEnabled({ timeout: 15_000 });
    await expect(held(second.page)).toHaveCount(0);
    await expect(held(tab.page)).toHaveAttribute('data-status', 'lost', { timeout: 15_000 });
    await expect(held(tab.page)).toContainText('Another window took over this workspace.');
    await expect(held(tab.page)).toContainText('This window is read-only now.');
    await expect(held(tab.page).getByTestId('workspace-holder')).toHaveText('Taken over by Chrome on Windows, just now.');
    await expect(tab.composer).toBeDisabled();
    await run(second, 'after-the-take-over');
    await expect(toolCard(tab.page, 'after-the-take-over')).toHaveAttribute('data-status', 'completed', { timeout: 15_000 });
    await shot(tab.page, 'lost-desktop-en');

    // Take it back: the tab drives again, the second window is the one taken over.
    await held(tab.page).getByRole('button', { name: 'Take it back' }).click();
    await expect(tab.composer).toBeEnabled({ timeout: 15_000 });
    await expect(held(tab.page)).toHaveCount(0);
    await expect(held(second.page)).toHaveAttribute('data-status', 'lost', { timeout: 15_000 });
    await expect(second.composer).toBeDisabled();

    // Reloading the second window (the same window id) while the tab holds it: busy, in Chinese.
    await second.page.goto('/zh/remote');
    await second.expectConnected();
    await expect(held(second.page)).toHaveAttribute('data-status', 'busy', { timeout: 15_000 });
    await expect(held(second.page).getByTestId('workspace-holder')).toHaveText('正在 Windows 上的 Chrome 中使用，最近活动：刚刚。');
    await expect(held(second.page).getByRole('button', { name: '接管' })).toBeEnabled();
    await shot(second.page, 'busy-desktop-zh');
  });

  test('a window that never held the workspace lists its sessions and watches one read-only; lost keeps the list', async ({
    page,
    browser,
    baseURL,
  }) => {
    const remote = new RemoteConsole(page);
    const workName = await openSession(remote, baseURL!, false);
    await run(remote, 'first-session');
    const aside = page.locator('aside').first();
    await aside.getByTestId('new-session').click();
    await expect(aside.getByTestId('session')).toHaveCount(2, { timeout: 15_000 });
    await run(remote, 'second-session');

    // Another device (a fresh context: no cached list) while this window holds the workspace.
    const open = async (viewport: { width: number; height: number }, lang: '' | '/zh', phone: boolean) => {
      const context = await browser.newContext({
        ...(phone ? { ...devices['Pixel 7'], viewport } : { ...devices['Desktop Chrome'], viewport }),
        storageState: await page.context().storageState(),
        baseURL: baseURL!,
        locale: lang ? 'zh-CN' : 'en-US',
        serviceWorkers: 'block',
      });
      const other = new RemoteConsole(await context.newPage());
      await other.page.goto(`${lang}/remote`);
      await other.expectConnected();
      const scope = await other.pickEnvironment(workName, phone);
      await expect(held(other.page)).toHaveAttribute('data-status', 'busy', { timeout: 15_000 });
      const rows = scope.getByTestId('session');
      await expect(rows).toHaveCount(2, { timeout: 15_000 });
      await expect(rows.filter({ hasText: 'echo second-session' })).toHaveCount(1);
      return { context, other, scope, rows };
    };

    const desktop = await open({ width: 1280, height: 800 }, '', false);
    try {
      const { other, rows } = desktop;
      await shot(other.page, 'busy-list-desktop-en');
      // Open the first session: shown read-only, and live.
      await rows.filter({ hasText: 'echo first-session' }).click();
      await expect(toolCard(other.page, 'first-session')).toBeVisible({ timeout: 15_000 });
      await expect(other.composer).toBeDisabled();
      await expect(held(other.page)).toHaveAttribute('data-status', 'busy');
      await aside.locator('li[data-row-id]').filter({ hasText: 'echo first-session' }).getByTestId('session').click();
      await run(remote, 'watched-live');
      await expect(toolCard(other.page, 'watched-live')).toHaveAttribute('data-status', 'completed', { timeout: 15_000 });
      await shot(other.page, 'busy-open-desktop-en');

      // Take over, then this window takes it back: the other one is lost and keeps its list.
      await held(other.page).getByRole('button', { name: 'Take over' }).click();
      await expect(other.composer).toBeEnabled({ timeout: 15_000 });
      await held(page).getByRole('button', { name: 'Take it back' }).click();
      await expect(held(other.page)).toHaveAttribute('data-status', 'lost', { timeout: 15_000 });
      await expect(rows).toHaveCount(2);
      await expect(toolCard(other.page, 'watched-live')).toBeVisible();
    } finally {
      await desktop.context.close();
    }

    // Desktop in Chinese, and a 375 px phone in both languages: the list (in the picker sheet on the phone, which covers
    // the busy notice), then a session opened from it, read-only, under the busy banner.
    for (const [name, viewport, lang, phone] of [
      ['desktop-zh', { width: 1280, height: 800 }, '/zh', false],
      ['phone-en', { width: 375, height: 812 }, '', true],
      ['phone-zh', { width: 375, height: 812 }, '/zh', true],
    ] as const) {
      const seen = await open(viewport, lang, phone);
      try {
        await shot(seen.other.page, `busy-list-${name}`);
        await seen.rows.filter({ hasText: 'echo first-session' }).click();
        await expect(toolCard(seen.other.page, 'watched-live')).toBeVisible({ timeout: 15_000 });
        await expect(held(seen.other.page)).toHaveAttribute('data-status', 'busy');
        await expect(seen.other.composer).toBeDisabled();
        await shot(seen.other.page, `busy-open-${name}`);
      } finally {
        await seen.context.close();
      }
    }
  });

  test('a phone taken over from a desktop window shows it, read-only, and takes it back @phone', async ({ page, browser, baseURL }) => {
    const phone = new RemoteConsole(page);
    const workName = await openSession(phone, baseURL!, true);
    await run(phone, 'from-the-phone');

    const desktopContext = await browser.newContext({
      ...devices['Desktop Chrome'],
      storageState: await page.context().storageState(),
      baseURL: baseURL!,
      locale: 'en-US',
      serviceWorkers: 'block',
    });
    try {
      const desktop = new RemoteConsole(await desktopContext.newPage());
      await desktop.page.goto('/remote');
      await desktop.expectConnected();
      await desktop.pickEnvironment(workName, false);
      await expect(held(desktop.page)).toHaveAttribute('data-status', 'busy', { timeout: 15_000 });
      await expect(held(desktop.page).getByTestId('workspace-holder')).toHaveText('Open in Chrome on Android, last active just now.');
      await held(desktop.page).getByRole('button', { name: 'Take over' }).click();
      await expect(held(desktop.page)).toHaveCount(0, { timeout: 15_000 });

      await expect(held(page)).toHaveAttribute('data-status', 'lost', { timeout: 15_000 });
      await expect(held(page).getByTestId('workspace-holder')).toHaveText('Taken over by Chrome on Windows, just now.');
      await expect(phone.composer).toBeDisabled();
      await expect(toolCard(page, 'from-the-phone')).toBeVisible();
      await expect(held(page).getByRole('button', { name: 'Take it back' })).toBeInViewport();
      await shot(page, 'lost-phone-en');

      // The phone in Chinese: busy while the desktop holds it, then taken back.
      await page.goto('/zh/remote');
      await phone.expectConnected();
      await expect(held(page)).toHaveAttribute('data-status', 'busy', { timeout: 15_000 });
      await expect(held(page).getByTestId('workspace-holder')).toHaveText('正在 Windows 上的 Chrome 中使用，最近活动：刚刚。');
      await shot(page, 'busy-phone-zh');
      await held(page).getByRole('button', { name: '接管' }).click();
      await expect(phone.composer).toBeEnabled({ timeout: 15_000 });
      await expect(held(desktop.page)).toHaveAttribute('data-status', 'lost', { timeout: 15_000 });
    } finally {
      await desktopContext.close();
    }
  });
});
