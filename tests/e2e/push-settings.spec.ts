import { expect, test as shared } from './fixtures';
import { RemoteConsole, signUpFrom } from './pages/remoteConsole';

/**
 * Issue #14, the console's settings: this device's notifications (off until turned on from a click, never asked on
 * load), and installing the app — a Home Screen hint on iOS, where the browser offers no install prompt and push needs
 * the installed app. Screenshots: desktop and 390 px phone, en and zh, light and dark.
 */

/** Chromium's own console error when a page calls PushManager.subscribe in an incognito-like context (every Playwright context is one). */
const INCOGNITO_PUSH = /does not support the Push API in incognito mode/;
const test = shared.extend({
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (msg) => {
      const text = msg.text();
      if (msg.type() !== 'error' || /Failed to load resource: the server responded with a status of 4\d\d/.test(text)) return;
      if (!INCOGNITO_PUSH.test(text)) errors.push(text);
    });
    page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
    await use(errors);
    expect(errors, 'console errors').toEqual([]);
  },
});

test.use({ serviceWorkers: 'allow' });

for (const { lang, theme, width } of [
  { lang: 'en', theme: 'tern-light', width: 1280 },
  { lang: 'zh', theme: 'tern-dark', width: 390 },
  { lang: 'en', theme: 'tern-dark', width: 390 },
  { lang: 'zh', theme: 'tern-light', width: 1280 },
] as const) {
  test(`settings offer notifications per device (${lang}, ${theme}, ${width} px)`, async ({ page }, testInfo) => {
    await page.addInitScript((theme) => localStorage.setItem('tern.theme', theme), theme);
    await page.setViewportSize({ width, height: width < 500 ? 844 : 800 });
    const remote = new RemoteConsole(page);
    await signUpFrom(page, lang === 'zh' ? '/zh/remote' : '/remote');
    await remote.expectConnected();
    // Nothing is asked on page load.
    await expect(page.getByTestId('push-opt-in')).toHaveCount(0);
    expect(await page.evaluate(() => Notification.permission)).toBe('default');
    await page.getByTestId('open-settings').click();
    const settings = page.getByTestId('push-settings');
    await expect(settings).toHaveAttribute('data-status', 'off');
    await expect(settings.getByRole('button', { name: lang === 'zh' ? '开启通知' : 'Turn on notifications' })).toBeVisible();
    await expect(settings).toContainText(lang === 'zh' ? '通知' : 'Notifications');
    await page.screenshot({ path: testInfo.outputPath(`settings-${lang}-${theme}-${width}.png`), animations: 'disabled' });
  });
}

test('turning notifications on asks the browser from the click; where subscribing fails, the settings say so', async ({
  page,
  context,
  baseURL,
}, testInfo) => {
  await context.grantPermissions(['notifications'], { origin: baseURL! });
  const remote = new RemoteConsole(page);
  await signUpFrom(page, '/remote');
  await remote.expectConnected();
  await page.getByTestId('open-settings').click();
  const settings = page.getByTestId('push-settings');
  await expect(settings).toHaveAttribute('data-status', 'off');
  await settings.getByRole('button', { name: 'Turn on notifications' }).click();
  // Permission is granted, but a Playwright context (like incognito) has no Push API: subscribe fails, the settings say so.
  await expect(settings).toHaveAttribute('data-status', 'failed', { timeout: 20_000 });
  await expect(settings).toContainText('Notifications could not be turned on. Try again.');
  await page.screenshot({ path: testInfo.outputPath('settings-after-enable.png'), animations: 'disabled' });
});

test('the install button follows the browser’s install offer and opens its dialog', async ({ page }) => {
  const remote = new RemoteConsole(page);
  await signUpFrom(page, '/remote');
  await remote.expectConnected();
  await page.getByTestId('open-settings').click();
  await expect(page.getByTestId('install-app')).toHaveCount(0);
  // Chromium makes this offer only for an installable site in a real profile; the event is dispatched here as the
  // browser would, with a prompt() that records the call in place of the browser's install dialog.
  await page.evaluate(() => {
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: () => {
        (window as unknown as { installPrompted: boolean }).installPrompted = true;
        return Promise.resolve();
      },
      userChoice: Promise.resolve({ outcome: 'accepted' }),
    });
    window.dispatchEvent(offer);
  });
  const install = page.getByTestId('install-app');
  await install.getByRole('button', { name: 'Install Tern' }).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { installPrompted?: boolean }).installPrompted)).toBe(true);
  await expect(install).toHaveCount(0);
});

test.describe('on an iPhone', () => {
  test.use({
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
    viewport: { width: 390, height: 844 },
  });

  test('Safari gets the Add to Home Screen hint for installing, and for notifications', async ({ page }, testInfo) => {
    await page.addInitScript(() => {
      // iOS Safari outside an installed app has no PushManager.
      delete (window as unknown as { PushManager?: unknown }).PushManager;
    });
    const remote = new RemoteConsole(page);
    await signUpFrom(page, '/remote');
    await remote.expectConnected();
    await page.getByTestId('open-settings').click();
    await expect(page.getByTestId('install-ios')).toContainText('Add to Home Screen');
    await expect(page.getByTestId('push-settings')).toHaveAttribute('data-status', 'needsInstall');
    await page.screenshot({ path: testInfo.outputPath('settings-ios.png'), animations: 'disabled' });
  });
});
