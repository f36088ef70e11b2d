import { readFileSync } from 'node:fs';
import path from 'node:path';

import { expect } from './fixtures';
import { type CliRun, RemoteConsole, saveRemoteScreenshot, signUpFrom, startModelStandIn } from './pages/remoteConsole';
import { descendantCommands, pairCli, remoteRig, remoteTest as test } from './pages/remoteHarness';

/**
 * The rest of issue #4 against a real `tern --cloud`: deny a permission, interrupt a long command, take a workspace
 * over from a second window, revoke the paired CLI; on a phone, the "Permission needed" pill. Own CLI and stand-in.
 */

const rig = remoteRig('edit-file.json');

/** Signs up, pairs a CLI, attaches its environment and opens a new session. */
async function openSession(remote: RemoteConsole, baseURL: string, phone: boolean, modelUrl = rig.modelUrl()): Promise<CliRun> {
  const { page } = remote;
  await signUpFrom(page, '/remote');
  await remote.expectConnected();
  const cli = await pairCli(remote, baseURL, modelUrl, rig.clis);
  const workName = path.basename(cli.workDir);
  const scope = phone ? page : page.locator('aside').first();
  if (!phone)
    await expect(scope.getByTestId('environment').filter({ hasText: workName })).toHaveAttribute('data-online', 'true', {
      timeout: 20_000,
    });
  const picker = await remote.pickEnvironment(workName, phone);
  await picker.getByTestId('new-session').click();
  await expect(remote.composer).toBeVisible();
  return cli;
}

test.describe('remote console, more', () => {
  test.describe.configure({ timeout: 120_000 });

  test('deny a permission, interrupt a long run, lose the workspace to a take-over, revoke the CLI', async ({ page, browser, baseURL }) => {
    const remote = new RemoteConsole(page);
    await page.addInitScript(() => localStorage.setItem('tern.theme', 'tern-light'));
    const cli = await openSession(remote, baseURL!, false);

    // Deny the edit: the prompt sits in the edit's tool card and shows the decision there; the file is untouched.
    await remote.send('Update greeting.txt so it says hello, tern');
    const editCard = page
      .getByTestId('tool-card')
      .filter({ has: page.getByTestId('permission-prompt') })
      .first();
    await expect(editCard.getByTestId('permission-prompt')).toHaveAttribute('data-state', 'pending', { timeout: 30_000 });
    await expect(editCard).toHaveAttribute('data-tool', 'edit_file');
    await saveRemoteScreenshot(page, 'permission-desktop-en-light');
    await editCard.getByRole('button', { name: 'Deny' }).click();
    await expect(editCard.getByTestId('permission-prompt')).toHaveAttribute('data-state', 'deny', { timeout: 15_000 });
    await expect(editCard.getByTestId('permission-prompt')).toContainText('Denied');
    await expect(editCard).toHaveAttribute('data-status', 'failed', { timeout: 15_000 });
    await expect(editCard.getByTestId('tool-error')).toContainText(/denied/i);
    await expect(page.getByTestId('assistant-message').last()).toContainText('Both tasks are complete', { timeout: 30_000 });
    expect(readFileSync(path.join(cli.workDir, 'greeting.txt'), 'utf8')).toBe('hello\n');
    // The session list previews the last answer as plain text, not markdown.
    const preview = page.locator('aside').first().getByTestId('session-preview').first();
    await expect(preview).toContainText('Done. greeting.txt now reads: hello, tern', { timeout: 15_000 });
    await expect(preview).not.toContainText('`');

    // Interrupt a long command: the turn ends interrupted and the process is gone.
    await remote.send('!sleep 30');
    const sleepCard = page.getByTestId('tool-card').filter({ hasText: 'sleep 30' }).last();
    await expect(sleepCard).toHaveAttribute('data-status', 'executing', { timeout: 15_000 });
    await expect.poll(() => descendantCommands(cli.proc.child.pid!).some((c) => /\bsleep 30\b/.test(c)), { timeout: 10_000 }).toBe(true);
    await page.getByTestId('interrupt').click();
    await expect(sleepCard).toHaveAttribute('data-status', 'failed', { timeout: 15_000 });
    await expect(remote.timeline.locator(':scope > li[data-kind="turnEnd"]').last()).toHaveText('Interrupted');
    await expect(page.getByTestId('interrupt')).toHaveCount(0);
    await expect.poll(() => descendantCommands(cli.proc.child.pid!).some((c) => /\bsleep 30\b/.test(c)), { timeout: 10_000 }).toBe(false);
    await saveRemoteScreenshot(page, 'desktop-en-light');
    await page.goto('/zh/remote');
    await remote.expectConnected();
    await expect(page.getByTestId('permission-prompt').first()).toContainText('已拒绝', { timeout: 15_000 });
    await saveRemoteScreenshot(page, 'desktop-zh-light');
    await page.goto('/remote');
    await remote.expectConnected();
    await expect(remote.composer).toBeVisible();

    // A second window on the same account finds the workspace busy and takes it over; the first one is told.
    const other = await browser.newContext({ storageState: await page.context().storageState(), baseURL: baseURL! });
    try {
      const page2 = await other.newPage();
      const remote2 = new RemoteConsole(page2);
      await page2.goto('/remote');
      await remote2.expectConnected();
      await remote2.pickEnvironment(path.basename(cli.workDir), false);
      const busy2 = page2.getByTestId('workspace-busy');
      await expect(busy2).toBeVisible({ timeout: 15_000 });
      await busy2.getByRole('button', { name: 'Take over' }).click();
      await expect(busy2).toBeHidden({ timeout: 15_000 });
      await expect(page.getByTestId('workspace-busy')).toContainText('Another window took over this workspace.', { timeout: 15_000 });
      // Taken over: the session stays readable here, read-only.
      await expect(remote.composer).toBeDisabled();
    } finally {
      await other.close();
    }

    // Revoke the paired CLI: it is signed out at once and its environment goes offline.
    await page.getByTestId('open-settings').click();
    const paired = page.getByTestId('settings-sheet').getByTestId('paired-cli');
    await expect(paired).toHaveCount(1);
    page.once('dialog', (dialog) => void dialog.accept());
    await paired.getByRole('button', { name: 'Revoke' }).click();
    await expect(paired).toHaveCount(0, { timeout: 10_000 });
    await cli.proc.waitFor(/revoked|unpaired/i, 15_000);
    await page.getByTestId('settings-sheet').getByRole('button', { name: 'Close' }).last().click();
    const env = page
      .locator('aside')
      .first()
      .getByTestId('environment')
      .filter({ hasText: path.basename(cli.workDir) });
    await expect(env).toHaveAttribute('data-online', 'false', { timeout: 20_000 });
  });

  test('a sub-agent’s tool calls sit inside its card; CLI notices are translated', async ({ page, baseURL }) => {
    const remote = new RemoteConsole(page);
    await page.addInitScript(() => localStorage.setItem('tern.theme', 'tern-dark'));
    const subagentModel = await startModelStandIn('subagent.json');
    try {
      await openSession(remote, baseURL!, false, subagentModel.url);
      await expect(page.getByTestId('notice').first()).toContainText('Ready in', { timeout: 15_000 });
      await remote.send('Review greeting.txt please');
      const card = page.getByTestId('subagent-card').first();
      await expect(card).toHaveAttribute('data-status', 'completed', { timeout: 30_000 });
      const nested = card.getByTestId('subagent-children').getByTestId('tool-card');
      await expect(nested).toHaveCount(1);
      await expect(nested).toHaveAttribute('data-tool', 'read_file');
      await expect(nested).toHaveAttribute('data-status', 'completed');
      // Not in the main stream as well.
      await expect(remote.timeline.locator(':scope > li > [data-testid="tool-card"][data-tool="read_file"]')).toHaveCount(0);
      await expect(page.getByTestId('assistant-message').last()).toContainText('The sub-agent reports', { timeout: 30_000 });
      await remote.send('/help');
      await expect(page.getByTestId('notice-help')).toContainText('Commands', { timeout: 15_000 });
      // The CLI's command list renders as markdown (a list, inline code) under the translated heading.
      await expect(page.getByTestId('notice-help').locator('li code').filter({ hasText: '/clear' })).toHaveCount(1);
      await card.scrollIntoViewIfNeeded();
      await saveRemoteScreenshot(page, 'subagent-desktop-en');
      await page.goto('/zh/remote');
      await remote.expectConnected();
      await expect(page.getByTestId('notice').first()).toContainText('已就绪', { timeout: 15_000 });
      await expect(page.getByTestId('notice-help')).toContainText('可用命令');
      await expect(page.getByTestId('subagent-card').first()).toContainText('子代理');
    } finally {
      await subagentModel.proc.kill();
    }
  });

  test('a waiting permission gets a jump pill when scrolled away, and the prompt is easy to hit @phone', async ({ page, baseURL }) => {
    const remote = new RemoteConsole(page);
    await page.addInitScript(() => localStorage.setItem('tern.theme', 'tern-dark'));
    // This device already answered the one-time offer of notifications (its toast would cover the pill).
    await page.addInitScript(() => localStorage.setItem('tern.pushAsked', '2026-01-01T00:00:00.000Z'));
    const cli = await openSession(remote, baseURL!, true);
    // Enough output to make the chat scroll (a phone shows a tool card as one line: its output opens on tap).
    await remote.send('!seq 1 120');
    const seqCard = page.getByTestId('tool-card').filter({ hasText: 'seq 1 120' }).last();
    await expect(seqCard).toHaveAttribute('data-status', 'completed', { timeout: 20_000 });
    await seqCard.getByTestId('tool-toggle').click();
    await expect(seqCard.getByTestId('tool-output')).toContainText('120');
    await remote.send('Update greeting.txt so it says hello, tern');
    const prompt = page.locator('[data-testid="permission-prompt"][data-state="pending"]');
    await expect(prompt).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('permission-jump')).toHaveCount(0);
    for (const name of ['Allow once', 'Allow for session', 'Deny']) {
      const box = await prompt.getByRole('button', { name }).boundingBox();
      expect(box!.height).toBeGreaterThanOrEqual(40);
      expect(box!.width).toBeGreaterThanOrEqual(120);
    }
    await saveRemoteScreenshot(page, 'permission-phone-en-dark');

    await page.getByTestId('chat-scroller').evaluate((el) => el.scrollTo({ top: 0 }));
    const pill = page.getByTestId('permission-jump');
    await expect(pill).toBeVisible();
    await expect(pill).toHaveText(/Permission needed/);
    await pill.click();
    await expect(prompt).toBeInViewport();
    await expect(pill).toBeHidden();
    await prompt.getByRole('button', { name: 'Allow once' }).click();
    await expect(page.getByTestId('permission-prompt').first()).toHaveAttribute('data-state', 'allow', { timeout: 15_000 });
    await expect(page.getByTestId('assistant-message').last()).toContainText('Both tasks are complete', { timeout: 30_000 });
    expect(readFileSync(path.join(cli.workDir, 'greeting.txt'), 'utf8')).toBe('hello, tern\n');
    // The console fills the viewport below the header: the composer sits at its bottom and the chat scrolls in its
    // own pane; no footer under the console, so the page itself does not scroll.
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollHeight - document.documentElement.clientHeight)).toBeLessThanOrEqual(1);
    expect(await page.getByTestId('chat-scroller').evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    const viewport = page.viewportSize()!;
    const composerBox = await page.locator('form:has(#remote-composer)').boundingBox();
    expect(composerBox!.y + composerBox!.height).toBeLessThanOrEqual(viewport.height + 1);
    expect(composerBox!.y + composerBox!.height).toBeGreaterThan(viewport.height - 4);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    await saveRemoteScreenshot(page, 'phone-en-dark');
    await page.goto('/zh/remote');
    await remote.expectConnected();
    await expect(page.getByTestId('notice').first()).toContainText('已就绪', { timeout: 15_000 });
    // The answer as rendered markdown (its lazy chunk loaded again after the reload), not the plain-text stand-in.
    await expect(page.getByTestId('assistant-message').last().locator('pre')).toBeVisible();
    await saveRemoteScreenshot(page, 'phone-zh-dark');
  });
});
