import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { Connector } from '../../relay/cli/connector';
import { expect, test } from './fixtures';
import { newUser, signUpFrom } from './pages/accountPages';

/**
 * "Usage moves the charts": the reference CLI's connector (relay/cli/connector.ts), paired with the user's account
 * through the real pairing endpoints, reports a model request over the /cli socket (`usage:report`); the dashboard's
 * 30-second poll picks it up and the usage rate, totals and both charts change.
 */
test('a CLI session reports usage; after the next poll the usage rate and the charts move', async ({ page, baseURL, request }) => {
  test.setTimeout(90_000);
  // A controllable clock, so the 30 s refetch can be reached without waiting for it.
  await page.clock.install();
  await signUpFrom(page, '/login?redirect=%2Fuserinfo', newUser('usage'), /\/userinfo$/);
  await expect(page.getByTestId('usage-rate')).toHaveText('0%');
  await expect(page.getByTestId('chart-hourly')).toHaveAttribute('data-total-requests', '0');
  await expect(page.getByTestId('chart-daily-summary')).toHaveText('No usage in this period yet.');

  // Pair a CLI: the CLI asks, the signed-in browser approves, the CLI collects its token.
  const pairing = await (await request.post('/cli-api/pairing', { data: { hostname: 'e2e-host', platform: 'linux' } })).json();
  const { pairingCode, deviceCode } = pairing.data as { pairingCode: string; deviceCode: string };
  const status = await page.evaluate(async (code) => {
    const response = await fetch('/web-api/pairing/approve', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${localStorage.getItem('tern.accessToken')}` },
      body: JSON.stringify({ pairingCode: code }),
    });
    return response.status;
  }, pairingCode);
  expect(status).toBe(200);
  const polled = await (await request.post('/cli-api/pairing/poll', { data: { deviceCode } })).json();
  expect(polled.data.status).toBe('approved');

  const home = mkdtempSync(path.join(tmpdir(), 'tern-e2e-cli-'));
  const lines: string[] = [];
  const connector = new Connector({
    relayUrl: baseURL!,
    token: polled.data.cliToken as string,
    instanceId: randomUUID(),
    home,
    cwd: home,
    model: null,
    log: (line) => lines.push(line),
    onUnauthorized: (reason) => lines.push(`unauthorized: ${reason}`),
    persistOutbox: false,
  });
  try {
    connector.start();
    await expect.poll(() => connector.connected, { timeout: 10_000 }).toBe(true);
    // 5,000 input + 1,000 output Sonnet tokens = US$0.03 = 30 credits.
    await connector.usageHooks.report({
      requestId: randomUUID(),
      model: 'claude-sonnet-4',
      inputTokens: 5000,
      outputTokens: 1000,
      cacheReadTokens: 0,
      cacheCreationTokens: 0,
    });
    expect(lines.filter((l) => /usage:report/.test(l))).toEqual([]);
  } finally {
    await connector.stop();
    rmSync(home, { recursive: true, force: true });
  }

  // Nothing changes until the dashboard polls again (every 30 s).
  await expect(page.getByTestId('usage-rate')).toHaveText('0%');
  await page.clock.fastForward(31_000);
  await expect(page.getByTestId('usage-rate')).not.toHaveText('0%');
  await expect(page.getByTestId('usage-rate')).toHaveAttribute('data-rate', /^0\.\d+$/);
  await expect(page.getByTestId('chart-hourly')).toHaveAttribute('data-total-requests', '1');
  await expect(page.getByTestId('chart-daily')).toHaveAttribute('data-total-requests', '1');
  await expect(page.getByTestId('chart-daily-summary')).toContainText('1 requests');
  await expect(page.getByTestId('total-requests')).toContainText('1');
  await expect(page.getByTestId('total-input')).toContainText('5,000');
  await expect(page.getByTestId('total-output')).toContainText('1,000');
});
