import { readFileSync } from 'node:fs';
import path from 'node:path';

import type { BrowserContext, CDPSession, Page } from '@playwright/test';

import { pushPayloadSchema } from '../../relay/protocol/push';
import { type PushServiceStandIn, startPushServiceStandIn } from '../../relay/server/testing/pushServiceStandIn';
import { expect } from './fixtures';
import { RemoteConsole, signUpFrom } from './pages/remoteConsole';
import { pairCli as pair, remoteRig, remoteTest as test } from './pages/remoteHarness';

/**
 * Issue #14, push notifications, end to end: a real `tern --cloud` (scripted model: edit greeting.txt, then run a
 * command), the relay, and the built PWA with its real service worker. A TEST STAND-IN for the push service
 * (relay/server/testing/pushServiceStandIn.ts) holds this device's subscription keys: it receives the relay's
 * encrypted push and decrypts it. The decrypted data is then handed to the service worker the way Chromium's own push
 * service would, through the DevTools protocol (ServiceWorker.deliverPushMessage); the worker shows the notification.
 * Headless Chromium cannot click a notification's action button, so the Allow tap is the worker's own
 * `notificationclick` listener receiving a NotificationEvent for the shown notification with action 'allow', dispatched
 * inside the service worker (Playwright's worker.evaluate). Not driven: the OS notification UI itself, and
 * PushManager.subscribe (headless Chromium has no push service), so the stand-in's subscription is stored for this
 * device with the same PUT the settings make.
 */

const rig = remoteRig('approvals.json');
let pushService: PushServiceStandIn;
test.beforeAll(async () => {
  pushService = await startPushServiceStandIn();
});
test.afterAll(async () => {
  await pushService?.close();
});

test.use({ serviceWorkers: 'allow' });

const shotDir = path.join(process.env.PW_OUTPUT_DIR ?? 'test-results', 'screenshots');

/** The page's service worker registration id (for deliverPushMessage), once the worker is active. */
async function activeRegistration(page: Page, cdp: CDPSession): Promise<string> {
  const ids = new Map<string, string>();
  cdp.on('ServiceWorker.workerVersionUpdated', (e) => {
    for (const v of e.versions) if (v.status === 'activated') ids.set(v.registrationId, v.scriptURL);
  });
  await cdp.send('ServiceWorker.enable');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => ids.size, { timeout: 20_000 }).toBeGreaterThan(0);
  return [...ids.keys()][0]!;
}

/** The page's visibility as the console sees it (see the note where it is used). */
async function setHidden(page: Page, hidden: boolean): Promise<void> {
  await page.evaluate((hidden) => {
    if (hidden) Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    else delete (document as unknown as { visibilityState?: string }).visibilityState;
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
  await expect.poll(() => page.evaluate(() => document.visibilityState)).toBe(hidden ? 'hidden' : 'visible');
}

interface Shown {
  title: string;
  body: string;
  tag: string;
  actions: string[];
}
const notifications = (page: Page): Promise<Shown[]> =>
  page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      actions: ((n as Notification & { actions?: { action: string }[] }).actions ?? []).map((a) => a.action),
    })),
  );

/** The user taps an action of the shown notification with this tag: the worker's notificationclick listener runs. */
async function tapAction(context: BrowserContext, tag: string, action: string): Promise<void> {
  const [worker] = context.serviceWorkers();
  await worker!.evaluate(
    async ({ tag, action }) => {
      const sw = self as unknown as ServiceWorkerGlobalScope;
      const [notification] = await sw.registration.getNotifications({ tag });
      if (!notification) throw new Error(`no notification with tag ${tag}`);
      // A script-made event cannot extend its lifetime (waitUntil throws); the listener's work has started by then.
      try {
        sw.dispatchEvent(new NotificationEvent('notificationclick', { notification, action }));
      } catch {
        // (the waitUntil InvalidStateError surfaces here or in the listener; the answer is already on its way)
      }
    },
    { tag, action },
  );
}

test.describe('push notifications', () => {
  test.describe.configure({ timeout: 180_000 });

  test('an approval push shows in the real worker, Allow from it completes the edit, a replay is told already answered', async ({
    page,
    context,
    baseURL,
  }) => {
    await context.grantPermissions(['notifications'], { origin: baseURL! });
    const remote = new RemoteConsole(page);
    await signUpFrom(page, '/remote');
    await remote.expectConnected();
    const cdp = await context.newCDPSession(page);
    const registrationId = await activeRegistration(page, cdp);

    // This device's subscription (the stand-in holds its keys), stored with the settings' own request.
    const sub = pushService.subscribe();
    const stored = await page.evaluate(async (subscription) => {
      const res = await fetch('/web-api/push/subscription', {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${localStorage.getItem('tern.accessToken')}` },
        body: JSON.stringify({
          deviceId: crypto.randomUUID(),
          subscription,
          prefs: { approval: true, turnDone: true, turnFailed: true, cliOffline: true, quietHours: null },
          lang: 'en',
        }),
      });
      return res.status;
    }, sub.json);
    expect(stored).toBe(200);

    const cli = await pair(remote, baseURL!, rig.modelUrl(), rig.clis);
    const env = page
      .locator('aside')
      .first()
      .getByTestId('environment')
      .filter({ hasText: path.basename(cli.workDir) });
    await expect(env).toHaveAttribute('data-online', 'true', { timeout: 20_000 });
    await env.click();
    await page.locator('aside').first().getByTestId('new-session').click();
    // The user switches away: the console reports itself hidden, nobody is watching. Headless Chromium keeps every page
    // visible (a new tab, a minimised window and switching tabs through the DevTools protocol were tried), so the page's
    // document.visibilityState is overridden and the browser's own visibilitychange event dispatched to the console's
    // real listener, which tells the relay over /web.
    await setHidden(page, true);
    await remote.send('Update greeting.txt so it says hello, tern');

    // Exactly one push reaches the push service, encrypted for this subscription, short and in English.
    const [received] = await pushService.waitForCount(1);
    expect(received!.subscriptionId).toBe(sub.id);
    expect(received!.headers['content-encoding']).toBe('aes128gcm');
    const payload = pushPayloadSchema.parse(received!.payload);
    expect(payload).toMatchObject({ kind: 'approval', title: 'Approval needed', lang: 'en', badge: 1 });
    expect(payload.body).toMatch(/^edit_file in “.*” is waiting for you$/);
    expect(payload.approval).toMatchObject({ allowLabel: 'Allow', denyLabel: 'Deny' });
    expect(JSON.stringify(payload)).not.toContain('hello, tern"');

    // Chromium's push service would now hand the decrypted data to the worker: the DevTools protocol does that here.
    const deliver = () =>
      cdp.send('ServiceWorker.deliverPushMessage', { origin: new URL(baseURL!).origin, registrationId, data: JSON.stringify(payload) });
    await deliver();
    await expect
      .poll(() => notifications(page), { timeout: 15_000 })
      .toEqual([{ title: 'Approval needed', body: payload.body, tag: payload.tag, actions: ['allow', 'deny'] }]);

    // Back to the console window (visible again), then Allow from the notification: the CLI's edit goes through.
    await setHidden(page, false);
    expect(readFileSync(path.join(cli.workDir, 'greeting.txt'), 'utf8')).toBe('hello\n');
    await tapAction(context, payload.tag, 'allow');
    await expect
      .poll(() => notifications(page), { timeout: 15_000 })
      .toEqual([{ title: 'Allowed', body: expect.any(String), tag: payload.tag, actions: [] }]);
    const prompt = page.locator('[data-tool="edit_file"]').getByTestId('permission-prompt');
    await expect(prompt).toHaveAttribute('data-state', 'allow', { timeout: 15_000 });
    await expect(page.locator('[data-tool="edit_file"]')).toHaveAttribute('data-status', 'completed', { timeout: 30_000 });
    expect(readFileSync(path.join(cli.workDir, 'greeting.txt'), 'utf8')).toBe('hello, tern\n');

    // The command's approval comes while the window is visible: answered here, and no push for it or the turn's end.
    const shellPrompt = page.locator('[data-tool="run_command"]').getByTestId('permission-prompt');
    await expect(shellPrompt).toHaveAttribute('data-state', 'pending', { timeout: 30_000 });
    await page.screenshot({ path: path.join(shotDir, 'push-allowed-from-notification.png'), animations: 'disabled' });
    await shellPrompt.getByRole('button', { name: 'Allow once' }).click();
    await expect(page.getByTestId('assistant-message').last()).toContainText('the greeting now says hello, tern', { timeout: 30_000 });
    expect(pushService.received.filter((r) => r.subscriptionId === sub.id)).toHaveLength(1);

    // A replay of the same push and a second Allow: the relay refuses to apply it twice, the worker says so.
    await deliver();
    await expect.poll(() => notifications(page), { timeout: 15_000 }).toContainEqual(expect.objectContaining({ title: 'Approval needed' }));
    await tapAction(context, payload.tag, 'allow');
    await expect
      .poll(() => notifications(page), { timeout: 15_000 })
      .toEqual([{ title: 'Already answered', body: 'This request was already allowed.', tag: payload.tag, actions: [] }]);
    const replay = await page.evaluate(
      (token) =>
        fetch('/web-api/push/answer', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ token, decision: 'deny' }),
        }).then((r) => r.json()),
      payload.approval!.token,
    );
    expect(replay.data).toMatchObject({ outcome: 'already', decision: 'allow' });

    // Where notifications have no buttons (iOS), a tap opens the console on that session's request.
    await page.locator('aside').first().getByTestId('new-session').click();
    await expect(page.locator('[data-tool="edit_file"]')).toHaveCount(0);
    await deliver();
    await expect.poll(() => notifications(page), { timeout: 15_000 }).toContainEqual(expect.objectContaining({ title: 'Approval needed' }));
    await tapAction(context, payload.tag, '');
    await expect(page.locator('[data-tool="edit_file"]').getByTestId('permission-prompt')).toHaveAttribute('data-state', 'allow', {
      timeout: 20_000,
    });
    await expect(page).toHaveURL(/\/remote$/);
  });

  test('the one-time offer of notifications follows the first approval request, and does not come back; the app badge counts pending approvals', async ({
    page,
    baseURL,
  }, testInfo) => {
    // The Badging API's calls are recorded (headless Chromium draws no app icon), then passed on to the real API.
    await page.addInitScript(() => {
      const nav = navigator as Navigator & { setAppBadge?: (n?: number) => Promise<void>; clearAppBadge?: () => Promise<void> };
      const calls: Array<number> = [];
      (window as unknown as { badgeCalls: number[] }).badgeCalls = calls;
      const set = nav.setAppBadge?.bind(nav);
      const clear = nav.clearAppBadge?.bind(nav);
      nav.setAppBadge = (n?: number) => (calls.push(n ?? 0), set ? set(n) : Promise.resolve());
      nav.clearAppBadge = () => (calls.push(0), clear ? clear() : Promise.resolve());
    });
    const badge = () => page.evaluate(() => (window as unknown as { badgeCalls: number[] }).badgeCalls.at(-1) ?? null);
    const remote = new RemoteConsole(page);
    await signUpFrom(page, '/remote');
    await remote.expectConnected();
    await expect(page.getByTestId('push-opt-in')).toHaveCount(0);
    const cli = await pair(remote, baseURL!, rig.modelUrl(), rig.clis);
    const env = page
      .locator('aside')
      .first()
      .getByTestId('environment')
      .filter({ hasText: path.basename(cli.workDir) });
    await expect(env).toHaveAttribute('data-online', 'true', { timeout: 20_000 });
    await env.click();
    await page.locator('aside').first().getByTestId('new-session').click();
    await expect(page.getByTestId('push-opt-in')).toHaveCount(0);
    await remote.send('Update greeting.txt so it says hello, tern');
    const prompt = page.locator('[data-tool="edit_file"]').getByTestId('permission-prompt');
    await expect(prompt).toHaveAttribute('data-state', 'pending', { timeout: 30_000 });
    const offer = page.getByTestId('push-opt-in');
    await expect(offer).toContainText('Get notified when the CLI needs you?');
    // The app badge counts the pending approval.
    await expect.poll(badge).toBe(1);
    await page.screenshot({ path: testInfo.outputPath('opt-in.png'), animations: 'disabled' });
    await offer.getByRole('button', { name: 'Not now' }).click();
    await expect(offer).toHaveCount(0);
    await page.reload();
    await remote.expectConnected();
    await expect(prompt).toHaveAttribute('data-state', 'pending', { timeout: 30_000 });
    await expect(page.getByTestId('push-opt-in')).toHaveCount(0);
    // The installed app's store screenshots (public/screenshots, named in the manifest) are taken from this console.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: testInfo.outputPath('console-wide.png'), animations: 'disabled' });
    await page.setViewportSize({ width: 390, height: 844 });
    await prompt.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath('console-phone.png'), animations: 'disabled' });
    // Answered, the count goes down; the model then asks to run a command (a new pending request), and once that is
    // answered too and the turn is over, the badge is cleared.
    await expect.poll(badge).toBe(1);
    await prompt.getByRole('button', { name: 'Deny' }).click();
    await expect(prompt).toHaveAttribute('data-state', 'deny', { timeout: 15_000 });
    const shellPrompt = page.locator('[data-tool="run_command"]').getByTestId('permission-prompt');
    await expect(shellPrompt).toHaveAttribute('data-state', 'pending', { timeout: 30_000 });
    await expect.poll(badge).toBe(1);
    await shellPrompt.getByRole('button', { name: 'Deny' }).click();
    await expect(shellPrompt).toHaveAttribute('data-state', 'deny', { timeout: 15_000 });
    await expect.poll(badge).toBe(0);
  });
});
