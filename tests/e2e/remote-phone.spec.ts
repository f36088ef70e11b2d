import path from 'node:path';

import { expect, type Locator, type Page } from '@playwright/test';

import { RemoteConsole, signUpFrom } from './pages/remoteConsole';
import { pairCli, remoteRig, remoteTest as test } from './pages/remoteHarness';

/**
 * Issue #13, items 6 and 7, on a 390×844 phone against a real `tern --cloud` and the scripted model stand-in: one
 * compact bar (≤ 12% of the height), one-line tool cards that open on tap, a session that opens at its latest message
 * and stays there, an "n new" pill once the reader scrolled up, and the summary of what happened while the page was in
 * the background. The timeline renders only the rows around the screen.
 */

const rig = remoteRig('edit-file.json');
const VIEWPORT = { width: 390, height: 844 };
test.use({ viewport: VIEWPORT });

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${process.env.PW_OUTPUT_DIR ?? 'test-results'}/screens/phone-${name}.png`, animations: 'disabled' });
}

/** Distance of the chat from its end (0 when the latest message is in view at the bottom). */
const fromEnd = (scroller: Locator) => scroller.evaluate((el) => Math.round(el.scrollHeight - el.scrollTop - el.clientHeight));

/** The page goes to the background or comes back, as when the phone switches apps (the Page Visibility API). */
async function setVisibility(page: Page, state: 'hidden' | 'visible'): Promise<void> {
  await page.evaluate((s) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => s });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => s === 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  }, state);
}

test.describe('the console on a phone', () => {
  test.describe.configure({ timeout: 180_000 });

  test('compact bar, one-line tool cards, opens at the latest message, n new pill, while-you-were-away summary @phone', async ({
    page,
    context,
    baseURL,
    networkCut,
  }) => {
    const remote = new RemoteConsole(page);
    // This device already answered the one-time offer of notifications (its toast would cover the bottom of the chat).
    await page.addInitScript(() => localStorage.setItem('tern.pushAsked', '2026-01-01T00:00:00.000Z'));
    await signUpFrom(page, '/remote');
    await remote.expectConnected();
    const cli = await pairCli(remote, baseURL!, rig.modelUrl(), rig.clis);
    const workName = path.basename(cli.workDir);
    const sheet = await remote.pickEnvironment(workName, true);
    await expect(sheet.getByTestId('environment').filter({ hasText: workName })).toHaveAttribute('aria-pressed', 'true');
    await sheet.getByTestId('new-session').click();
    await expect(sheet).toBeHidden();
    await expect(remote.composer).toBeVisible();
    const scroller = page.getByTestId('chat-scroller');

    // One compact bar: the site header is folded into it; both legs of the link stay visible.
    await expect(page.locator('header').first()).toBeHidden();
    await expect(page.getByTestId('console-bar')).toBeVisible();
    await expect(page.getByTestId('link-browser')).toHaveAttribute('data-state', 'connected');
    await expect(page.getByTestId('link-cli')).toHaveAttribute('data-state', 'online');
    await expect(page.getByTestId('link-cli')).toBeVisible();
    const chromeAbove = await scroller.evaluate((el) => el.getBoundingClientRect().top);
    expect(chromeAbove).toBeLessThanOrEqual(VIEWPORT.height * 0.12);

    // The scripted model plans, reads and asks to edit while the page is in the background.
    await setVisibility(page, 'hidden');
    await remote.send('Update greeting.txt so it says hello, tern');
    const prompt = page.getByTestId('permission-prompt').first();
    await expect(prompt).toHaveAttribute('data-state', 'pending', { timeout: 30_000 });
    await expect(page.getByTestId('away-summary')).toHaveCount(0);
    await setVisibility(page, 'visible');
    const away = page.getByTestId('away-summary');
    await expect(away).toBeVisible();
    await expect(away.getByTestId('away-approvals')).toContainText('1 needs approval');
    await expect(away.getByTestId('away-tools')).toContainText(/\d+ tool calls?/);
    await shot(page, 'away-en');
    // The card asking for approval is open (pending approvals expand) and the summary jumps to it.
    const editCard = page.getByTestId('tool-card').filter({ has: prompt });
    await expect(editCard).toHaveAttribute('data-expanded', 'true');
    await away.getByTestId('away-approvals').click();
    await expect(prompt).toBeInViewport();
    await away.getByRole('button', { name: 'Dismiss summary' }).click();
    await expect(away).toHaveCount(0);

    // Away again while the approved edit runs and the turn finishes: files changed, turn finished.
    await setVisibility(page, 'hidden');
    await prompt.getByRole('button', { name: 'Allow once' }).click();
    await expect(page.getByTestId('assistant-message').last()).toContainText('Both tasks are complete', { timeout: 30_000 });
    // The turn's end has arrived too (Interrupt goes with it).
    await expect(page.getByTestId('interrupt')).toHaveCount(0, { timeout: 15_000 });
    await setVisibility(page, 'visible');
    await expect(away.getByTestId('away-files')).toContainText('1 file changed · greeting.txt');
    await expect(away.getByTestId('away-turn')).toContainText('Turn finished');
    await expect(away.getByTestId('away-approvals')).toHaveCount(0);
    await away.getByRole('button', { name: 'Dismiss summary' }).click();

    // The Tasks badge counts what is done out of how many.
    await expect(page.getByTestId('todos-badge')).toHaveText('2/2');

    // Shell commands: one line per tool card (name, target, state, duration); the output opens on tap.
    for (let i = 1; i <= 10; i++) await remote.send(`!echo phone-row-${i}`);
    const last = page.getByTestId('tool-card').filter({ hasText: 'phone-row-10' });
    await expect(last).toHaveAttribute('data-status', 'completed', { timeout: 30_000 });
    // Following the conversation: the latest card is at the bottom of the screen.
    await expect.poll(() => fromEnd(scroller)).toBeLessThanOrEqual(1);
    await expect(last).toBeInViewport();
    await expect(last).toHaveAttribute('data-expanded', 'false');
    await expect(last.getByTestId('tool-output')).toHaveCount(0);
    await expect(last.getByTestId('tool-duration')).toHaveText(/\d+(\.\d)? s/);
    const box = await last.boundingBox();
    expect(box!.height).toBeLessThanOrEqual(56);
    await shot(page, 'cards-en');
    await last.getByTestId('tool-toggle').click();
    await expect(last.getByTestId('tool-output')).toContainText('phone-row-10');
    await last.getByTestId('tool-toggle').click();
    await expect(last.getByTestId('tool-output')).toHaveCount(0);

    // A reload opens the session at its latest message, with a bounded number of rows in the DOM.
    await page.reload();
    await remote.expectConnected();
    await expect(last).toHaveAttribute('data-status', 'completed', { timeout: 15_000 });
    await expect.poll(() => fromEnd(scroller)).toBeLessThanOrEqual(1);
    await expect(last).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);

    // Scrolled up, new rows do not move the view; a pill counts them and jumps back down.
    await remote.send('!sleep 6; echo slow-one');
    await remote.send('!echo after-the-pill');
    await expect(remote.timeline.getByTestId('user-message').filter({ hasText: 'after-the-pill' })).toBeVisible({ timeout: 15_000 });
    await scroller.evaluate((el) => el.scrollTo({ top: 0 }));
    await expect.poll(() => fromEnd(scroller)).toBeGreaterThan(200);
    const pill = page.getByTestId('new-pill');
    await expect(pill).toBeVisible({ timeout: 30_000 });
    await expect(pill).toContainText(/\d+ new/);
    expect(await scroller.evaluate((el) => el.scrollTop)).toBeLessThan(200);
    await shot(page, 'pill-en');
    await pill.click();
    await expect.poll(() => fromEnd(scroller)).toBeLessThanOrEqual(1);
    await expect(pill).toBeHidden();
    await expect(page.getByTestId('tool-card').filter({ hasText: 'after-the-pill' })).toHaveAttribute('data-status', 'completed', {
      timeout: 30_000,
    });

    // Offline: the bar keeps its one line and the settings gear stays on screen.
    networkCut.on = true;
    await context.setOffline(true);
    await expect(remote.status).toHaveAttribute('data-state', 'reconnecting', { timeout: 10_000 });
    const gear = (await page.getByTestId('open-settings').boundingBox())!;
    expect(gear.x + gear.width).toBeLessThanOrEqual(VIEWPORT.width);
    expect((await page.getByTestId('console-bar').boundingBox())!.height).toBeLessThanOrEqual(49);
    await shot(page, 'offline-en');
    await context.setOffline(false);
    await remote.expectConnected();
    networkCut.on = false;

    // The same in Chinese, then in the dark theme and on a desktop.
    await page.goto('/zh/remote');
    await remote.expectConnected();
    await expect(page.getByTestId('tool-card').filter({ hasText: 'after-the-pill' })).toBeVisible({ timeout: 15_000 });
    await expect.poll(() => fromEnd(scroller)).toBeLessThanOrEqual(1);
    expect(await scroller.evaluate((el) => el.getBoundingClientRect().top)).toBeLessThanOrEqual(VIEWPORT.height * 0.12);
    await shot(page, 'zh');
    // The header's theme switch is in the settings sheet on a phone.
    await page.getByTestId('open-settings').click();
    await page.getByTestId('settings-site').getByRole('button').last().click();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('settings-sheet')).toBeHidden();
    await shot(page, 'zh-dark');
    // On a desktop the site header stays and the same bar sits under it.
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(page.locator('header').first()).toBeVisible();
    await expect(page.getByTestId('console-bar')).toBeVisible();
    await expect.poll(() => fromEnd(scroller)).toBeLessThanOrEqual(1);
    await shot(page, 'desktop-zh-dark');
    await page.goto('/remote');
    await remote.expectConnected();
    await expect(page.getByTestId('tool-card').filter({ hasText: 'after-the-pill' })).toBeVisible({ timeout: 15_000 });
    await shot(page, 'desktop-en-dark');
    // Inside the installed app (display-mode standalone) the site header is not shown at any width. Chromium cannot
    // emulate that display mode here, so the page's own style sheets are read: a rule under that media query hides
    // this header.
    const hiddenWhenInstalled = await page
      .locator('header')
      .first()
      .evaluate((header) => {
        const hides = (rules: CSSRuleList, installed: boolean): boolean =>
          [...rules].some((rule) => {
            if (rule instanceof CSSMediaRule)
              return hides(rule.cssRules, installed || rule.conditionText.includes('display-mode: standalone'));
            if (rule instanceof CSSStyleRule) return installed && rule.style.display === 'none' && header.matches(rule.selectorText);
            return 'cssRules' in rule ? hides((rule as CSSGroupingRule).cssRules, installed) : false;
          });
        return [...document.styleSheets].some((sheet) => hides(sheet.cssRules, false));
      });
    expect(hiddenWhenInstalled).toBe(true);
    await expect(page.getByTestId('console-bar').getByTestId('session-title')).toHaveText('Update greeting.txt so it says hello, tern');
  });
});
