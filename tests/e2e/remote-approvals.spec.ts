import { readFileSync } from 'node:fs';
import path from 'node:path';

import type { Page } from '@playwright/test';

import { expect } from './fixtures';
import { RemoteConsole, signUpFrom } from './pages/remoteConsole';
import { pairCli as pair, remoteRig, remoteTest as test } from './pages/remoteHarness';

/**
 * Issue #13 item 4: an approval card shows what will happen before the user decides — the diff of an edit (old and
 * new line) and the full command with its working directory — against a real `tern --cloud` and the scripted model
 * (relay/cli/testing/scripts/approvals.json: edit greeting.txt, then run a command, then answer).
 */

const rig = remoteRig('approvals.json');

const shotDir = path.join(process.env.PW_OUTPUT_DIR ?? 'test-results', 'screenshots');
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(shotDir, `approval-${name}.png`), animations: 'disabled' });

test.describe('approval cards', () => {
  test.describe.configure({ timeout: 180_000 });

  test('show the diff before an edit and the command with its directory before a shell run', async ({ page, baseURL }) => {
    const remote = new RemoteConsole(page);
    await signUpFrom(page, '/remote');
    await remote.expectConnected();
    const cli = await pair(remote, baseURL!, rig.modelUrl(), rig.clis);
    const env = page
      .locator('aside')
      .first()
      .getByTestId('environment')
      .filter({ hasText: path.basename(cli.workDir) });
    await expect(env).toHaveAttribute('data-online', 'true', { timeout: 20_000 });
    await env.click();
    await page.locator('aside').first().getByTestId('new-session').click();
    await remote.send('Update greeting.txt so it says hello, tern');

    // The edit's card: the diff (old line and new line) is on screen before anything is allowed or expanded.
    const prompt = page.locator('[data-tool="edit_file"]').getByTestId('permission-prompt');
    await expect(prompt).toHaveAttribute('data-state', 'pending', { timeout: 30_000 });
    const preview = prompt.getByTestId('permission-preview');
    await expect(preview).toHaveAttribute('data-kind', 'diff');
    await expect(preview).toContainText('greeting.txt');
    const diff = preview.getByTestId('diff-view');
    await expect(diff).toBeVisible({ timeout: 15_000 });
    // The old line and the new line, each in a cell of its own (side by side here, one above the other on a phone).
    const oldLine = diff.getByRole('cell', { name: 'hello', exact: true });
    const newLine = diff.getByRole('cell', { name: 'hello, tern', exact: true });
    await expect(oldLine).toBeVisible();
    await expect(newLine).toBeVisible();
    await expect(diff).toContainText('hello, tern');
    expect(readFileSync(path.join(cli.workDir, 'greeting.txt'), 'utf8')).toBe('hello\n');
    await prompt.scrollIntoViewIfNeeded();
    await shot(page, 'desktop-en');

    // The same pending card on a phone (unified diff), in English and in Chinese, and on the desktop in Chinese.
    const desktopSize = page.viewportSize()!;
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(newLine).toBeVisible();
    await expect(oldLine).toBeVisible();
    await prompt.scrollIntoViewIfNeeded();
    await shot(page, 'phone-en');
    await page.goto('/zh/remote');
    await remote.expectConnected();
    await expect(prompt).toHaveAttribute('data-state', 'pending', { timeout: 15_000 });
    await expect(prompt).toContainText('需要你的授权');
    await expect(newLine).toBeVisible({ timeout: 15_000 });
    await prompt.scrollIntoViewIfNeeded();
    await shot(page, 'phone-zh');
    await page.setViewportSize(desktopSize);
    await prompt.scrollIntoViewIfNeeded();
    await shot(page, 'desktop-zh');

    // Allow once completes the edit.
    await prompt.getByRole('button', { name: '允许一次' }).click();
    await expect(prompt).toHaveAttribute('data-state', 'allow', { timeout: 15_000 });
    await expect(page.locator('[data-tool="edit_file"]')).toHaveAttribute('data-status', 'completed', { timeout: 30_000 });
    expect(readFileSync(path.join(cli.workDir, 'greeting.txt'), 'utf8')).toBe('hello, tern\n');

    // The shell command's card: the full command and the working directory, then Allow once runs it.
    const shellPrompt = page.locator('[data-tool="run_command"]').getByTestId('permission-prompt');
    await expect(shellPrompt).toHaveAttribute('data-state', 'pending', { timeout: 30_000 });
    await expect(shellPrompt.getByTestId('permission-command')).toHaveText('$ cat greeting.txt && echo approved-run-ok');
    await expect(shellPrompt.getByTestId('permission-cwd')).toContainText(path.basename(cli.workDir));
    await expect(shellPrompt).toContainText('工作目录');
    await shellPrompt.scrollIntoViewIfNeeded();
    await shot(page, 'command-desktop-zh');
    await shellPrompt.getByRole('button', { name: '允许一次' }).click();
    await expect(page.locator('[data-tool="run_command"]').getByTestId('tool-output')).toContainText('approved-run-ok', {
      timeout: 30_000,
    });
    await expect(page.getByTestId('assistant-message').last()).toContainText('the greeting now says hello, tern', { timeout: 30_000 });
  });
});
