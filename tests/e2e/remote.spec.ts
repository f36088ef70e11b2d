import { readFileSync } from 'node:fs';
import path from 'node:path';

import { expect } from './fixtures';
import { RemoteConsole, saveRemoteScreenshot, signUpFrom } from './pages/remoteConsole';
import { pairCli as pair, remoteRig, remoteTest as test } from './pages/remoteHarness';

/**
 * Issue #4 end to end: a real `tern --cloud` (relay/cli) driven by the scripted model stand-in, paired through the
 * PWA, used from /remote, and a dropped browser connection that must not lose, repeat or reorder any event.
 */

const rig = remoteRig('edit-file.json');

const pairCli = (remote: RemoteConsole, baseURL: string, shot: string) => pair(remote, baseURL, rig.modelUrl(), rig.clis, shot);

const lineOrder = (text: string) => [...text.matchAll(/line-(\d+)/g)].map((m) => Number(m[1]));

test.describe('remote console', () => {
  test.describe.configure({ timeout: 180_000 });

  test('pair a CLI, edit a file with approval, and lose nothing across a dropped connection', async ({
    page,
    context,
    baseURL,
    networkCut,
  }) => {
    const remote = new RemoteConsole(page);
    // Desktop screenshots in the dark theme, the phone ones in the light theme.
    await page.addInitScript(() => localStorage.setItem('tern.theme', 'tern-dark'));
    await signUpFrom(page, '/remote');
    await remote.expectConnected();
    // No CLI yet: the setup steps, with the commands to copy.
    await expect(page.getByTestId('setup-guide')).toBeVisible();
    await expect(page.getByTestId('setup-guide')).toContainText('tern --cloud');

    const cli = await pairCli(remote, baseURL!, 'pair-desktop-en');
    const workName = path.basename(cli.workDir);
    const env = page.locator('aside').first().getByTestId('environment').filter({ hasText: workName });
    await expect(env).toHaveAttribute('data-online', 'true', { timeout: 20_000 });
    await expect(page.getByTestId('select-workspace')).toBeVisible();
    await env.click();
    await page.locator('aside').first().getByTestId('new-session').click();
    await expect(remote.composer).toBeVisible();

    // The scripted model plans (todos), reads, asks to edit, edits, completes the todos and answers.
    await remote.send('Update greeting.txt so it says hello, tern');
    await expect(remote.timeline.getByTestId('user-message').first()).toContainText('Update greeting.txt');
    const prompt = page.getByTestId('permission-prompt').first();
    await expect(prompt).toBeVisible({ timeout: 30_000 });
    await prompt.getByRole('button', { name: 'Allow once' }).click();
    await expect(prompt).toHaveAttribute('data-state', 'allow', { timeout: 15_000 });

    const editCard = page
      .getByTestId('tool-card')
      .filter({ has: page.getByTestId('file-diff') })
      .first();
    await expect(editCard).toHaveAttribute('data-status', 'completed', { timeout: 30_000 });
    await expect(editCard.getByTestId('file-diff')).toContainText('greeting.txt');
    await expect(editCard.getByTestId('diff-view')).toContainText('tern', { timeout: 15_000 });
    const todos = page.locator('aside').last().getByTestId('todo-list');
    await expect(todos.locator('li')).toHaveCount(2);
    await expect(todos.locator('li[data-status="completed"]')).toHaveCount(2, { timeout: 30_000 });
    await expect(page.getByTestId('assistant-message').last()).toContainText('Both tasks are complete', { timeout: 30_000 });
    // A highlighted code block arrived from its own lazy chunk.
    await expect(page.getByTestId('assistant-message').last().locator('pre')).toContainText('hello, tern');
    expect(readFileSync(path.join(cli.workDir, 'greeting.txt'), 'utf8')).toBe('hello, tern\n');
    await editCard.getByTestId('file-diff').scrollIntoViewIfNeeded();
    await saveRemoteScreenshot(page, 'desktop-en');

    // The settings sheet lists the paired CLI.
    await page.getByTestId('open-settings').click();
    await expect(page.getByTestId('settings-sheet').getByTestId('paired-cli')).toHaveCount(1);
    await page.getByTestId('settings-sheet').getByRole('button', { name: 'Close' }).last().click();
    await expect(page.getByTestId('settings-sheet')).toBeHidden();

    // Now a shell command that prints for ~2.4 s, and the browser drops off while it runs.
    await remote.send('!for i in $(seq 1 12); do echo line-$i; sleep 0.2; done');
    const shellCard = page.getByTestId('tool-card').filter({ hasText: 'seq 1 12' }).last();
    await expect(shellCard.getByTestId('tool-output')).toContainText('line-1', { timeout: 20_000 });
    networkCut.on = true;
    await context.setOffline(true);
    await expect(remote.status).toHaveAttribute('data-state', 'reconnecting', { timeout: 10_000 });
    await expect(page.getByTestId('link-down')).toBeVisible();
    // Typed while offline: queued with its clientMsgId, sent when the link returns.
    await remote.send('!echo queued-while-offline');
    await expect(page.locator('[data-kind="pending"]')).toContainText('queued-while-offline');
    await page.waitForTimeout(3000);
    await context.setOffline(false);
    await remote.expectConnected();
    networkCut.on = false;

    await expect(shellCard).toHaveAttribute('data-status', 'completed', { timeout: 20_000 });
    const output = (await shellCard.getByTestId('tool-output').textContent()) ?? '';
    expect(lineOrder(output)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    const queuedCard = page.getByTestId('tool-card').filter({ hasText: 'queued-while-offline' });
    await expect(queuedCard).toHaveCount(1, { timeout: 20_000 });
    await expect(page.locator('[data-kind="pending"]')).toHaveCount(0);
    await expect(remote.timeline.getByTestId('user-message').filter({ hasText: 'queued-while-offline' })).toHaveCount(1);
    // Every event once and in order: timeline items carry their first seq, strictly increasing.
    const seqs = await remote.timeline
      .locator(':scope > li[data-seq]')
      .evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-seq'))));
    expect(seqs.length).toBeGreaterThan(5);
    expect(seqs).toEqual([...new Set(seqs)].sort((a, b) => a - b));

    // The same console in Chinese (the tab keeps its workspace lock and its events).
    await page.goto('/zh/remote');
    await remote.expectConnected();
    await expect(page.getByTestId('permission-prompt').first()).toContainText('已允许一次', { timeout: 15_000 });
    await saveRemoteScreenshot(page, 'desktop-zh');
  });

  test('one-handed on a phone: pair, pick from the sheet, run a command @phone', async ({ page, baseURL }) => {
    const remote = new RemoteConsole(page);
    await signUpFrom(page, '/remote');
    await remote.expectConnected();
    await expect(page.getByTestId('setup-guide')).toBeVisible();
    const cli = await pairCli(remote, baseURL!, 'pair-phone-en');
    const workName = path.basename(cli.workDir);

    const sheet = await remote.pickEnvironment(workName, true);
    await expect(sheet.getByTestId('environment').filter({ hasText: workName })).toHaveAttribute('aria-pressed', 'true');
    await sheet.getByTestId('new-session').click();
    await expect(sheet).toBeHidden();
    await remote.send('!echo phone-ok');
    const card = page.getByTestId('tool-card').filter({ hasText: 'phone-ok' }).last();
    await expect(card).toHaveAttribute('data-status', 'completed', { timeout: 20_000 });
    // On a phone a tool card is one line; its output opens on tap.
    await card.getByTestId('tool-toggle').click();
    await expect(card.getByTestId('tool-output')).toContainText('phone-ok');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    await saveRemoteScreenshot(page, 'phone-en');

    await page.goto('/zh/remote');
    await remote.expectConnected();
    await expect(remote.timeline.getByText('phone-ok').first()).toBeVisible({ timeout: 15_000 });
    await saveRemoteScreenshot(page, 'phone-zh');
  });
});
