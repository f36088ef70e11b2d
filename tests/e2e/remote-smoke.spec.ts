// TEMPORARY smoke (deleted before handing over): drives the UI with /tmp/rui/fakecli.mts.
import { spawn } from 'node:child_process';
import { expect, test } from './fixtures';
import { Proc, RemoteConsole, signUpFrom } from './pages/remoteConsole';

for (const phone of [false, true]) test(`smoke ${phone ? '@phone' : ''}`, async ({ page, baseURL, context }) => {
  test.setTimeout(120_000);
  const remote = new RemoteConsole(page);
  await signUpFrom(page, '/remote');
  await remote.expectConnected();
  const proc = new Proc('fake', spawn(process.execPath, ['--import', 'tsx', '/tmp/rui/fakecli.mts', baseURL!], { cwd: '/work/main', stdio: ['ignore', 'pipe', 'pipe'] }));
  try {
    const [, code] = await proc.waitFor(/code=([A-Z0-9-]+)/);
    await page.goto(`/remote/pair?code=${code}`);
    await page.screenshot({ path: `/tmp/rui/pair-${phone}.png` });
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page).toHaveURL(/\/remote$/);
    await proc.waitFor(/HELLO/);
    await remote.expectConnected();
    await page.screenshot({ path: `/tmp/rui/select-${phone}.png` });
    const sheet = await remote.pickEnvironment('fakebox', phone);
    await sheet.getByTestId('new-session').click();
    await remote.send('Update greeting.txt');
    await expect(page.getByTestId('permission-prompt')).toBeVisible();
    await page.getByRole('button', { name: 'Allow once' }).click();
    await expect(page.getByText('Both tasks are')).toBeVisible();
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `/tmp/rui/chat-${phone}.png`, fullPage: false });
    await remote.send('!seq');
    await expect(page.getByTestId('tool-output').last()).toContainText('line-1');
    await context.setOffline(true);
    await page.waitForTimeout(1000);
    await page.screenshot({ path: `/tmp/rui/offline-${phone}.png` });
    await page.waitForTimeout(2500);
    await context.setOffline(false);
    await remote.expectConnected();
    await page.waitForTimeout(1500);
    console.log('OUTPUT', await page.getByTestId('tool-output').last().textContent());
    await page.screenshot({ path: `/tmp/rui/after-${phone}.png` });
  } finally {
    console.log(proc.output);
    await proc.kill();
  }
});
