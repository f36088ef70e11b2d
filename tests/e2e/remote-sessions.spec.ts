import { mkdirSync } from 'node:fs';
import path from 'node:path';

import type { Page } from '@playwright/test';

import { expect } from './fixtures';
import { type CliRun, RemoteConsole, signUpFrom, startCli } from './pages/remoteConsole';
import { remoteRig, remoteTest as test } from './pages/remoteHarness';

/**
 * Session management (issue #13, item 8) against a real `tern --cloud` offering two models (TERN_MODELS) and the
 * scripted model stand-in: order by last activity, slash-command autocomplete, the model shown and chosen per session,
 * rename and delete (with a confirm) told to the CLI and seen live by a second window, search by title and content.
 */

const rig = remoteRig('chat.json');
const shots = path.join(process.env.PW_OUTPUT_DIR ?? 'test-results', 'screenshots');

async function shot(page: Page, name: string) {
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: path.join(shots, `sessions-${name}.png`), animations: 'disabled' });
}

/** Pairs a CLI that offers `scripted` (its default) and `scripted-large`. */
async function pair(remote: RemoteConsole, baseURL: string): Promise<CliRun> {
  const { page } = remote;
  const cli = startCli(baseURL, rig.modelUrl(), { TERN_MODELS: 'scripted-large' });
  rig.clis.push(cli);
  const [, code] = await cli.proc.waitFor(/\/remote\/pair\?code=([A-Z0-9]{4}-?[A-Z0-9]{4})/);
  await page.goto(`/remote/pair?code=${code}`);
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page).toHaveURL(/\/remote$/, { timeout: 10_000 });
  await remote.expectConnected();
  return cli;
}

test.describe('remote console, session management', () => {
  test.describe.configure({ timeout: 150_000 });

  test('order by activity, slash autocomplete, model choice, rename, search and delete with the CLI told', async ({
    page,
    browser,
    baseURL,
  }) => {
    const remote = new RemoteConsole(page);
    await page.addInitScript(() => localStorage.setItem('tern.theme', 'tern-light'));
    await signUpFrom(page, '/remote');
    await remote.expectConnected();
    const cli = await pair(remote, baseURL!);
    const workName = path.basename(cli.workDir);
    const aside = page.locator('aside').first();
    await expect(aside.getByTestId('environment').filter({ hasText: workName })).toHaveAttribute('data-online', 'true', {
      timeout: 20_000,
    });
    await remote.pickEnvironment(workName, false);
    const rows = aside.getByTestId('session');
    const assistant = page.getByTestId('assistant-message');

    // Two sessions; the one talked to last comes first.
    await aside.getByTestId('new-session').click();
    await remote.send('Plan the rocket launch');
    await expect(assistant.last()).toContainText('launch checklist is ready', { timeout: 30_000 });
    await expect(rows).toHaveCount(1);
    const rocketId = (await rows.first().getAttribute('data-session-id'))!;
    await aside.getByTestId('new-session').click();
    await expect(rows).toHaveCount(2, { timeout: 10_000 });
    await remote.send('Say hello');
    await expect(assistant.last()).toHaveText('Noted.', { timeout: 30_000 });
    const helloId = (await rows.first().getAttribute('data-session-id'))!;
    expect(helloId).not.toBe(rocketId);
    await expect(rows.nth(1)).toHaveAttribute('data-session-id', rocketId);
    await aside.locator(`[data-session-id="${rocketId}"]`).click();
    await remote.send('One more thing');
    await expect(assistant.last()).toHaveText('Noted.', { timeout: 30_000 });
    await expect(rows.first()).toHaveAttribute('data-session-id', rocketId, { timeout: 10_000 });
    await expect(rows.nth(1)).toHaveAttribute('data-session-id', helloId);

    // Slash autocomplete: the CLI's own commands, as an accessible combobox driven from the keyboard.
    await expect(remote.composer).toHaveAttribute('role', 'combobox');
    await remote.composer.fill('/');
    const menu = page.getByTestId('slash-menu');
    await expect(menu).toBeVisible();
    await expect(remote.composer).toHaveAttribute('aria-expanded', 'true');
    await expect(menu.getByRole('option')).toHaveText([/\/help/, /\/clear/, /\/stats/, /\/login-link/, /\/exit/]);
    await shot(page, 'slash-desktop-en-light');
    await remote.composer.pressSequentially('st');
    await expect(menu.getByRole('option')).toHaveCount(1);
    await expect(menu.getByRole('option', { selected: true })).toContainText('Model requests and tokens of this session');
    await remote.composer.press('Enter');
    await expect(remote.composer).toHaveValue('/stats');
    await expect(menu).toBeHidden();
    await remote.composer.press('Enter');
    const notices = page.getByTestId('notice');
    await expect(notices.last()).toContainText('Model: scripted.', { timeout: 15_000 });
    // Arrow keys and Escape.
    await remote.composer.fill('/');
    await remote.composer.press('ArrowDown');
    await expect(menu.getByRole('option', { selected: true })).toContainText('/clear');
    await remote.composer.press('Escape');
    await expect(menu).toBeHidden();
    await expect(remote.composer).toHaveAttribute('aria-expanded', 'false');
    await remote.composer.fill('');

    // The model in use, and another one chosen for this session only: the CLI takes it and its requests use it.
    const model = page.getByTestId('model-select');
    await expect(model).toHaveValue('scripted');
    await expect(model.locator('option')).toHaveText(['scripted (default)', 'scripted-large']);
    await model.selectOption('scripted-large');
    await cli.proc.waitFor(/model: scripted-large/, 15_000);
    await expect(model).toBeEnabled();
    await remote.send('/stats');
    await expect(notices.last()).toContainText('Model: scripted-large.', { timeout: 15_000 });
    await aside.locator(`[data-session-id="${helloId}"]`).click();
    await expect(model).toHaveValue('scripted');
    await aside.locator(`[data-session-id="${rocketId}"]`).click();
    await expect(model).toHaveValue('scripted-large');

    // A second window of the same account takes the workspace over and manages the sessions; this window, read-only
    // now, still shows the list and sees each change live.
    const other = await browser.newContext({ storageState: await page.context().storageState(), baseURL: baseURL! });
    try {
      const page2 = await other.newPage();
      const remote2 = new RemoteConsole(page2);
      await page2.goto('/remote');
      await remote2.expectConnected();
      await remote2.pickEnvironment(workName, false);
      await page2.getByTestId('workspace-busy').getByRole('button', { name: 'Take over' }).click();
      const aside2 = page2.locator('aside').first();
      const rows2 = aside2.getByTestId('session');
      await expect(rows2).toHaveCount(2, { timeout: 15_000 });
      await expect(page.getByTestId('workspace-busy')).toBeVisible({ timeout: 15_000 });

      // Rename: saved on the relay, told to the CLI, seen live in the other window.
      const rocketRow = aside2.locator(`li[data-row-id="${rocketId}"]`);
      await rocketRow.getByTestId('session-actions').click();
      await rocketRow.getByTestId('session-rename').click();
      const title = rocketRow.getByLabel('Session title');
      await title.fill('   ');
      await expect(rocketRow.getByTestId('rename-save')).toBeDisabled();
      await expect(rocketRow).toContainText('The title cannot be empty.');
      await title.fill('Launch prep');
      await title.press('Enter');
      await expect(rocketRow.getByTestId('session-title')).toHaveText('Launch prep', { timeout: 10_000 });
      await cli.proc.waitFor(/renamed: Launch prep/, 15_000);
      await expect(aside.locator(`[data-session-id="${rocketId}"]`).getByTestId('session-title')).toHaveText('Launch prep', {
        timeout: 10_000,
      });

      // Search (reading needs no workspace): by title at once, by content through the relay (the checklist is only in
      // an earlier answer).
      const search = aside.getByTestId('session-search');
      await search.fill('launch prep');
      await expect(rows).toHaveCount(1);
      await search.fill('checklist');
      await expect(rows).toHaveCount(1, { timeout: 10_000 });
      await expect(rows.first()).toHaveAttribute('data-session-id', rocketId);
      await shot(page, 'search-desktop-en-light');
      await search.fill('nothing like this');
      await expect(aside.getByTestId('session-no-match')).toHaveText('No session matches “nothing like this”.', { timeout: 10_000 });
      await search.fill('');
      await expect(rows).toHaveCount(2);

      // Delete, with a confirm: Cancel keeps it; confirming deletes it there, on the CLI, and in this window.
      const helloRow = aside2.locator(`li[data-row-id="${helloId}"]`);
      await helloRow.getByTestId('session-actions').click();
      await helloRow.getByTestId('session-delete').click();
      const confirm = page2.getByRole('alertdialog', { name: 'Delete this session?' });
      await expect(confirm).toBeVisible();
      await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
      await shot(page2, 'delete-desktop-en-light');
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await expect(confirm).toBeHidden();
      await expect(rows2).toHaveCount(2);
      await helloRow.getByTestId('session-actions').click();
      await helloRow.getByTestId('session-delete').click();
      await confirm.getByRole('button', { name: 'Delete session' }).click();
      await expect(rows2).toHaveCount(1, { timeout: 10_000 });
      await cli.proc.waitFor(/deleted in the console; forgotten/, 15_000);
      await expect(rows).toHaveCount(1, { timeout: 10_000 });
      await expect(page.locator(`[data-session-id="${helloId}"]`)).toHaveCount(0);
    } finally {
      await other.close();
    }

    // After a reload the deleted session stays gone and the rename stays.
    await page.reload();
    await remote.expectConnected();
    await expect(rows).toHaveCount(1, { timeout: 15_000 });
    await expect(rows.first().getByTestId('session-title')).toHaveText('Launch prep');

    // Chinese, and a 390 px phone (the list in the picker sheet, the slash menu above the message box).
    await page.goto('/zh/remote');
    await remote.expectConnected();
    await expect(page.getByTestId('model-select').locator('option').first()).toHaveText('scripted（默认）', { timeout: 15_000 });
    await aside.getByTestId('session-search').fill('检查');
    await expect(aside.getByTestId('session-no-match')).toContainText('没有与“检查”匹配的会话。', { timeout: 10_000 });
    await aside.getByTestId('session-search').fill('');
    await remote.composer.fill('/');
    await expect(page.getByTestId('slash-option').first()).toContainText('列出所有命令');
    await shot(page, 'slash-desktop-zh-light');
    await remote.composer.fill('');
    await aside.locator('li[data-row-id]').first().getByTestId('session-actions').click();
    await shot(page, 'menu-desktop-zh-light');
    await page.keyboard.press('Escape');

    // This window leaves the console (its workspace lock goes with its socket), so the phone can drive.
    await page.goto('/');
    const phone = await browser.newContext({
      storageState: await page.context().storageState(),
      baseURL: baseURL!,
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    try {
      const p = await phone.newPage();
      await p.addInitScript(() => localStorage.setItem('tern.theme', 'tern-dark'));
      const onPhone = new RemoteConsole(p);
      await p.goto('/remote');
      await onPhone.expectConnected();
      await onPhone.pickEnvironment(workName, true);
      const sheet = p.getByTestId('picker-sheet');
      await expect(sheet.getByTestId('session')).toHaveCount(1, { timeout: 15_000 });
      await shot(p, 'list-phone-en-dark');
      await sheet.getByTestId('session').first().tap();
      await expect(onPhone.composer).toBeVisible();
      await onPhone.composer.fill('/');
      await expect(p.getByTestId('slash-menu')).toBeVisible();
      await shot(p, 'slash-phone-en-dark');
      // Touch: a tap takes the command.
      await p.getByTestId('slash-option').filter({ hasText: '/stats' }).tap();
      await expect(onPhone.composer).toHaveValue('/stats');
      await onPhone.composer.fill('');
      await p.goto('/zh/remote');
      await onPhone.expectConnected();
      await p.getByTestId('open-picker').click();
      await sheet
        .locator('li')
        .filter({ has: p.getByTestId('session') })
        .first()
        .getByTestId('session-actions')
        .tap();
      await sheet.getByTestId('session-delete').tap();
      await expect(p.getByRole('alertdialog', { name: '删除此会话？' })).toBeVisible();
      await shot(p, 'delete-phone-zh-dark');
      await p.getByRole('alertdialog').getByRole('button', { name: '取消' }).tap();
    } finally {
      await phone.close();
    }
  });

  test('the ⋯ menu from the keyboard: Enter/Space/arrows open it on an item, arrows move, Escape and Tab close', async ({
    page,
    baseURL,
  }) => {
    const remote = new RemoteConsole(page);
    await page.addInitScript(() => localStorage.setItem('tern.theme', 'tern-light'));
    await signUpFrom(page, '/remote');
    await remote.expectConnected();
    const cli = await pair(remote, baseURL!);
    const workName = path.basename(cli.workDir);
    const aside = page.locator('aside').first();
    await expect(aside.getByTestId('environment').filter({ hasText: workName })).toHaveAttribute('data-online', 'true', {
      timeout: 20_000,
    });
    await remote.pickEnvironment(workName, false);
    await aside.getByTestId('new-session').click();
    await remote.send('Say hello');
    await expect(page.getByTestId('assistant-message').last()).toHaveText('Noted.', { timeout: 30_000 });

    const setTheme = (theme: string) => page.evaluate((t) => (document.documentElement.dataset.theme = t), theme);
    /** Opens the first row's menu with Enter and moves to Delete: both items are there, Delete focused. */
    const openOnDelete = async (scope: typeof aside) => {
      const row = scope.locator('li[data-row-id]').first();
      const actions = row.getByTestId('session-actions');
      await actions.focus();
      await page.keyboard.press('Enter');
      await expect(row.getByRole('menu')).toBeVisible();
      await expect(row.getByTestId('session-rename')).toBeFocused();
      await page.keyboard.press('ArrowDown');
      await expect(row.getByTestId('session-delete')).toBeFocused();
      return { row, actions };
    };

    const { row, actions } = await openOnDelete(aside);
    const menu = row.getByRole('menu');
    await expect(actions).toHaveAttribute('aria-expanded', 'true');
    await shot(page, 'menu-keys-desktop-en-light');
    await setTheme('tern-dark');
    await shot(page, 'menu-keys-desktop-en-dark');
    await setTheme('tern-light');
    await page.keyboard.press('ArrowDown');
    await expect(row.getByTestId('session-rename')).toBeFocused();
    await page.keyboard.press('End');
    await expect(row.getByTestId('session-delete')).toBeFocused();
    await page.keyboard.press('Home');
    await expect(row.getByTestId('session-rename')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(actions).toBeFocused();
    await expect(actions).toHaveAttribute('aria-expanded', 'false');
    // Space opens on the first item and stays open; ArrowUp opens on the last; Tab closes and goes on.
    await page.keyboard.press('Space');
    await expect(row.getByTestId('session-rename')).toBeFocused();
    await expect(menu).toBeVisible();
    await page.keyboard.press('Escape');
    await page.keyboard.press('ArrowUp');
    await expect(row.getByTestId('session-delete')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(menu).toBeHidden();
    await expect(actions).not.toBeFocused();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);

    // A 390 px phone: the list in the picker sheet; Escape closes the menu, not the sheet.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('open-picker').click();
    const sheet = page.getByTestId('picker-sheet');
    await openOnDelete(sheet);
    await shot(page, 'menu-keys-phone-en-light');
    await setTheme('tern-dark');
    await shot(page, 'menu-keys-phone-en-dark');
    await page.keyboard.press('Escape');
    await expect(sheet.getByRole('menu')).toBeHidden();
    await expect(sheet).toBeVisible();
    await expect(sheet.getByTestId('session-actions').first()).toBeFocused();
  });
});
