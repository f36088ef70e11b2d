import { spawn } from 'node:child_process';
import path from 'node:path';

import { expect, type Page } from '@playwright/test';

import { type CliRun, Proc, RemoteConsole, signUpFrom } from './pages/remoteConsole';
import { pairCli, remoteRig, remoteTest as test } from './pages/remoteHarness';

/**
 * Issue #13, item 5, against a real `tern --cloud` and the relay: with the service worker allowed, an offline reload
 * opens the console onto the last session (history read from IndexedDB, the CLI "last seen", never "online"); a message
 * typed offline waits in the durable outbox (also across a second offline reload) with its delivery state, and arrives
 * exactly once when the connection returns: at the relay while the CLI is stopped ("waiting for the CLI" until its turn
 * starts), then its turn runs once the CLI is back. Also the "at the CLI" and "dropped" states of a message queued
 * behind a running turn.
 */

test.use({ serviceWorkers: 'allow' });

const rig = remoteRig('edit-file.json');
const repo = path.resolve(import.meta.dirname, '../..');

/** The same CLI again (same TERN_HOME and working folder: the same instance, its sessions kept on disk). */
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
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  return new Proc('tern --cloud (restarted)', child);
}

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${process.env.PW_OUTPUT_DIR ?? 'test-results'}/screens/offline-${name}.png`, animations: 'disabled' });
}

/** Every value of an IndexedDB store as JSON (without creating the database when it does not exist yet). */
function readStore(page: Page, db: string, store: string): Promise<string[]> {
  return page.evaluate(
    async ([dbName, storeName]) => {
      if (!(await indexedDB.databases()).some((d) => d.name === dbName)) return [];
      return new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open(dbName);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const conn = open.result;
          if (!conn.objectStoreNames.contains(storeName)) {
            conn.close();
            return resolve([]);
          }
          const all = conn.transaction(storeName).objectStore(storeName).getAll();
          all.onerror = () => reject(all.error);
          all.onsuccess = () => {
            conn.close();
            resolve((all.result as unknown[]).map((v) => JSON.stringify(v)));
          };
        };
      });
    },
    [db, store] as const,
  );
}
/**
 * The controls of the console's bars (the site header, the console bar, the link status, the composer) that something
 * else lies on top of at their centre (a toast, say), each with what covers it. Controls outside the viewport or
 * folded away are left out.
 */
function coveredControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const scopes = ['header', '[data-testid="console-bar"]', '[data-testid="link-status"]', 'form:has(#remote-composer)'];
    const controls = scopes.flatMap((scope) =>
      [...document.querySelectorAll(scope)].flatMap((root) => [
        ...root.querySelectorAll<HTMLElement>('button, a[href], textarea, input, select, [role="switch"]'),
      ]),
    );
    const covered: string[] = [];
    for (const el of new Set(controls)) {
      const box = el.getBoundingClientRect();
      if (!el.checkVisibility() || box.width < 4 || box.height < 4) continue;
      const [x, y] = [box.left + box.width / 2, box.top + box.height / 2];
      if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) continue;
      // A disabled button takes no pointer events (daisyUI): let it be hit, to see whether it is on top.
      const pointerEvents = el.style.pointerEvents;
      el.style.pointerEvents = 'auto';
      const hit = document.elementFromPoint(x, y);
      el.style.pointerEvents = pointerEvents;
      if (hit && (el.contains(hit) || hit.closest('label')?.contains(el))) continue;
      const name = el.getAttribute('aria-label') ?? el.dataset.testid ?? (el.textContent?.trim() || el.id || el.tagName);
      covered.push(`${name} under ${hit?.closest('[data-testid]')?.getAttribute('data-testid') ?? hit?.tagName ?? 'nothing'}`);
    }
    return covered;
  });
}

/**
 * Offline, the console says so once, in its own banner (no "You are offline" toast repeating it), and every control
 * of its bars can be reached. Not retried: a toast lives 4 s, so a retrying check would only wait it out.
 */
async function expectToldOnceUncovered(page: Page, lang: 'en' | 'zh'): Promise<void> {
  await expect(page.getByTestId('link-down')).toContainText(lang === 'en' ? 'Network connection lost.' : '网络连接已断开。');
  await expect(page.locator('#remote-composer')).toBeVisible();
  expect(await page.getByTestId('toast').allTextContents()).toEqual([]);
  expect(await coveredControls(page)).toEqual([]);
}
const outboxTexts = async (page: Page) =>
  (await readStore(page, 'tern-remote-outbox', 'outbox')).map((v) => (JSON.parse(v) as { text: string }).text);
const cachedValues = (page: Page) => readStore(page, 'tern-remote', 'cache');

test.describe('the console offline', () => {
  test.describe.configure({ timeout: 240_000 });

  test('an offline reload opens the last session, and a message typed then arrives exactly once', async ({
    page,
    context,
    baseURL,
    networkCut,
  }) => {
    const remote = new RemoteConsole(page);
    await signUpFrom(page, '/remote');
    await remote.expectConnected();
    const cli = await pairCli(remote, baseURL!, rig.modelUrl(), rig.clis);
    const workName = path.basename(cli.workDir);
    const aside = page.locator('aside').first();
    const environment = aside.getByTestId('environment').filter({ hasText: workName });
    await expect(environment).toHaveAttribute('data-online', 'true', { timeout: 20_000 });
    await remote.pickEnvironment(workName, false);
    await aside.getByTestId('new-session').click();
    await expect(remote.composer).toBeVisible();

    await remote.send('!echo online-first');
    const firstCard = page.getByTestId('tool-card').filter({ hasText: 'online-first' }).last();
    await expect(firstCard).toHaveAttribute('data-status', 'completed', { timeout: 20_000 });
    const firstMessage = remote.timeline.getByTestId('user-message').filter({ hasText: 'online-first' });
    await expect(firstMessage.getByTestId('delivery')).toHaveAttribute('data-stage', 'started');

    // The service worker is installed (precache done) and controls the page after a reload; the session's events are cached.
    await page.evaluate(async () => void (await navigator.serviceWorker.ready));
    await page.reload();
    await remote.expectConnected();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await expect(firstCard).toHaveAttribute('data-status', 'completed', { timeout: 15_000 });
    // Cache writes are batched: wait until the completed tool call itself is in the cache, not only the session's start.
    await expect
      .poll(async () =>
        (await cachedValues(page)).some((v) => v.includes('online-first') && v.includes('"seq"') && v.includes('"status":"completed"')),
      )
      .toBe(true);

    // Offline, reload: the console opens from the service worker onto the last session, read from IndexedDB.
    networkCut.on = true;
    await context.setOffline(true);
    await expect(remote.status).not.toHaveAttribute('data-state', 'connected');
    await page.reload();
    await expect(firstMessage).toBeVisible({ timeout: 15_000 });
    await expectToldOnceUncovered(page, 'en');
    await expect(firstCard).toHaveAttribute('data-status', 'completed');
    await expect(page.getByTestId('select-workspace')).toHaveCount(0);
    const cliLeg = page.getByTestId('link-cli');
    await expect(cliLeg).toHaveAttribute('data-state', 'unknown');
    await expect(cliLeg).toContainText('Last seen');
    await expect(page.getByTestId('link-browser')).not.toHaveAttribute('data-state', 'connected');
    await expect(environment).toHaveAttribute('data-online', 'unknown');
    await expect(environment.getByTestId('environment-state')).toContainText('Last seen');
    await expect(environment).not.toContainText('Online');
    await expect(page.getByLabel('Working')).toBeHidden();

    // The message box works: the message waits in the durable outbox, "queued on this device".
    await remote.send('!echo typed-offline');
    const typed = remote.timeline.getByTestId('user-message').filter({ hasText: 'typed-offline' });
    await expect(typed.getByTestId('delivery')).toHaveAttribute('data-stage', 'device');
    await expect.poll(() => outboxTexts(page)).toEqual(['!echo typed-offline']);
    await shot(page, 'desktop-en');

    // A second reload while still offline: the history and the queued message are back, still queued (sent nowhere).
    await page.reload();
    await expect(firstMessage).toBeVisible({ timeout: 15_000 });
    await expect(typed.getByTestId('delivery')).toHaveAttribute('data-stage', 'device');
    await expect(typed).toHaveCount(1);
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(typed).toBeVisible();
    await expectToldOnceUncovered(page, 'en');
    await shot(page, 'phone-en');
    await page.goto('/zh/remote');
    await expect(typed.getByTestId('delivery')).toHaveAttribute('data-stage', 'device', { timeout: 15_000 });
    await expect(cliLeg).toContainText('上次在线');
    await expectToldOnceUncovered(page, 'zh');
    await shot(page, 'phone-zh');
    await page.setViewportSize({ width: 1280, height: 800 });
    await expectToldOnceUncovered(page, 'zh');
    await shot(page, 'desktop-zh');

    // A killed tab (its renderer crashes: no unload, nothing flushed at the end): a new tab, still offline, opens from
    // the service worker and finds the message in the outbox, still queued.
    const cdp = await context.newCDPSession(page);
    const crashed = page.waitForEvent('crash');
    void cdp.send('Page.crash').catch(() => undefined);
    await crashed;
    await page.close();
    const tab = await context.newPage();
    // The new tab in the dark theme: the screenshots from here on show both themes.
    await tab.addInitScript(() => localStorage.setItem('tern.theme', 'tern-dark'));
    const tabErrors: string[] = [];
    tab.on('pageerror', (error) => tabErrors.push(error.message));
    await tab.goto('/remote');
    const console2 = new RemoteConsole(tab);
    const typed2 = console2.timeline.getByTestId('user-message').filter({ hasText: 'typed-offline' });
    const cliLeg2 = tab.getByTestId('link-cli');
    await expect(typed2.getByTestId('delivery')).toHaveAttribute('data-stage', 'device', { timeout: 15_000 });
    await expect(console2.timeline.getByTestId('user-message').filter({ hasText: 'online-first' })).toBeVisible();
    expect(await outboxTexts(tab)).toEqual(['!echo typed-offline']);
    await expectToldOnceUncovered(tab, 'en');
    await shot(tab, 'desktop-en-dark-new-tab');

    // The connection returns while the CLI is stopped: the message is stored at the relay (once) and visibly waits
    // for the CLI; the outbox is empty.
    await cli.proc.kill();
    await context.setOffline(false);
    networkCut.on = false;
    await console2.expectConnected();
    await expect(typed2.getByTestId('delivery')).toHaveAttribute('data-stage', 'relay', { timeout: 15_000 });
    await expect(cliLeg2).toHaveAttribute('data-state', 'offline');
    await expect(tab.getByTestId('waiting-for-cli')).toBeVisible();
    await expect.poll(() => outboxTexts(tab)).toEqual([]);
    await shot(tab, 'desktop-en-at-relay');

    // The CLI comes back: the message's turn starts (the notice goes with it) and runs, exactly once.
    const restarted = restartCli(cli, baseURL!);
    rig.clis.push({ ...cli, proc: restarted, cleanup: () => restarted.kill() });
    await expect(cliLeg2).toHaveAttribute('data-state', 'online', { timeout: 30_000 });
    const typedCard = tab.getByTestId('tool-card').filter({ hasText: 'typed-offline' });
    await expect(typedCard).toHaveAttribute('data-status', 'completed', { timeout: 30_000 });
    await expect(typed2.getByTestId('delivery')).toHaveAttribute('data-stage', 'started');
    await expect(tab.getByTestId('waiting-for-cli')).toBeHidden();
    await expect(typed2).toHaveCount(1);
    await expect(typedCard).toHaveCount(1);
    expect(restarted.output.match(/\] !echo typed-offline$/gm) ?? []).toHaveLength(1);
    await tab.reload();
    await console2.expectConnected();
    await expect(typedCard).toHaveAttribute('data-status', 'completed', { timeout: 15_000 });
    await expect(typed2).toHaveCount(1);
    await expect(typedCard).toHaveCount(1);

    // A message sent while a turn runs is at the CLI (behind it); an interrupt drops it before it runs.
    await console2.send('!sleep 30');
    const sleepCard = tab.getByTestId('tool-card').filter({ hasText: 'sleep 30' });
    await expect(sleepCard).toHaveAttribute('data-status', 'executing', { timeout: 15_000 });
    await console2.send('!echo queued-behind');
    const behind = console2.timeline.getByTestId('user-message').filter({ hasText: 'queued-behind' });
    await expect(behind.getByTestId('delivery')).toHaveAttribute('data-stage', 'cli', { timeout: 15_000 });
    await shot(tab, 'desktop-en-at-cli');
    await tab.setViewportSize({ width: 375, height: 812 });
    await shot(tab, 'phone-en-at-cli');
    await tab.getByTestId('interrupt').click();
    await expect(behind.getByTestId('delivery')).toHaveAttribute('data-stage', 'dropped', { timeout: 15_000 });
    await expect(tab.getByTestId('tool-card').filter({ hasText: 'queued-behind' })).toHaveCount(0);
    await shot(tab, 'phone-en-dropped');
    expect(restarted.output.match(/\] !echo typed-offline$/gm) ?? []).toHaveLength(1);
    expect(tabErrors).toEqual([]);
  });
});
