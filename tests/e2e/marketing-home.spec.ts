import type { Page } from '@playwright/test';

import { expect, test } from './fixtures';
import { HomeHero, installBillingStandIn, PlanCardsArea } from './pages/marketingPages';

/**
 * Waits until section #id sits at the top of the viewport, below the sticky header (the page's scroll-padding plus the
 * section's scroll-margin), or the page is scrolled to its end with the section showing. Polls the live position, so a
 * smooth scroll in flight or a page still loading is waited for; the last offset seen is reported on failure.
 */
async function expectScrolledTo(page: Page, id: string) {
  const section = page.locator(`#${id}`);
  await expect(section).toBeAttached();
  await expect
    .poll(
      () =>
        section.evaluate((el) => {
          const offset =
            (parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0) +
            (parseFloat(getComputedStyle(el).scrollMarginTop) || 0);
          const top = el.getBoundingClientRect().top - offset;
          const atEnd = scrollY >= document.documentElement.scrollHeight - innerHeight - 1;
          return Math.abs(top) <= 2 || (atEnd && top > 0 && top < innerHeight) ? 0 : Math.round(top);
        }),
      { message: `#${id} scrolled to the top of the page`, timeout: 15_000 },
    )
    .toBe(0);
  await expect(section).toBeInViewport();
}

test.describe('home page', () => {
  test('hero: title scramble after 500 ms, typewriter 1.5 s later (80 ms typing, 2 s pause, 40 ms deleting)', async ({ page, shell }) => {
    await installBillingStandIn(page);
    // Load the page once so its code and words are in memory, leave it, then freeze time with a fake clock and come
    // back through the router: the hero mounts at once, so its timers start exactly at the paused time. The app is
    // woken first (the prerendered page runs without it): leaving through the router would otherwise wait for the
    // whole app and the next page's chunk at once, longer than an assertion's default wait on a loaded machine.
    await shell.gotoHydrated('/');
    await shell.pushState('/leaderboard');
    await expect(page.getByRole('heading', { level: 1, name: 'AI coding CLIs, compared honestly' })).toBeVisible({ timeout: 15_000 });
    await page.clock.install({ time: new Date('2030-01-01T09:00:00Z') });
    await page.clock.pauseAt(new Date('2030-01-01T09:00:01Z'));
    await shell.pushState('/');
    const hero = new HomeHero(page);
    await expect(hero.title).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your AI pair programmer, right in the terminal');

    await expect(hero.title).toHaveAttribute('data-phase', 'idle');
    await page.clock.runFor(499);
    await expect(hero.title).toHaveAttribute('data-phase', 'idle');
    await page.clock.runFor(1); // 500 ms
    await expect(hero.title).toHaveAttribute('data-phase', 'scrambling');
    await page.clock.runFor(1000);
    await expect(hero.title).toHaveAttribute('data-phase', 'done');
    await expect(hero.title).toHaveText('Your AI pair programmer, right in the terminal');

    // t = 1500 ms: the typewriter has not started.
    await expect(hero.typewriter).toHaveAttribute('data-phase', 'waiting');
    await page.clock.runFor(499);
    await expect(hero.typewriter).toHaveText('');
    await page.clock.runFor(1); // t = 2000
    await expect(hero.typewriter).toHaveText('d');
    await page.clock.runFor(80);
    await expect(hero.typewriter).toHaveText('de');
    await page.clock.runFor(640); // t = 2720: the whole word
    await expect(hero.typewriter).toHaveText('developers');
    await expect(hero.typewriter).toHaveAttribute('data-phase', 'pausing');
    await page.clock.runFor(1999);
    await expect(hero.typewriter).toHaveText('developers');
    await page.clock.runFor(1); // t = 4720: deleting, one character every 40 ms
    await expect(hero.typewriter).toHaveText('developer');
    await page.clock.runFor(40);
    await expect(hero.typewriter).toHaveText('develope');
    await page.clock.runFor(320);
    await expect(hero.typewriter).toHaveText('');
    await page.clock.runFor(80);
    await expect(hero.typewriter).toHaveText('b');
    // 'builders': typed in 7 × 80 ms, held 2 s, deleted in 7 × 40 ms plus the last one, then 'engineers' starts.
    await page.clock.runFor(80 * 7 + 2000 + 40 * 7 + 80);
    await expect(hero.typewriter).toHaveText('e');
  });

  test('reduced motion: the final title and the first word at once, nothing cycles', async ({ page, shell }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await installBillingStandIn(page);
    await page.clock.install();
    await shell.gotoHydrated('/');
    const hero = new HomeHero(page);
    await expect(hero.title).toHaveAttribute('data-phase', 'static');
    await expect(hero.typewriter).toHaveAttribute('data-phase', 'static');
    await expect(hero.typewriter).toHaveText('developers');
    await page.clock.runFor(10_000);
    await expect(hero.typewriter).toHaveText('developers');
    await expect(hero.title).toHaveText('Your AI pair programmer, right in the terminal');
    // The use-case terminal shows its whole script straight away.
    await expect(page.locator('[data-terminal-line="hidden"]')).toHaveCount(0);
  });

  test('sections: six features, four use-case links with a demo, pricing, five FAQ, install call to action', async ({ page, shell }) => {
    await installBillingStandIn(page);
    await shell.goto('/');
    await expect(page.locator('#features').getByRole('listitem')).toHaveCount(6);
    const useCases = page.getByTestId('use-case-card');
    await expect(useCases).toHaveCount(4);
    for (const [name, href] of [
      ['Learn by building', '/use-cases/learning'],
      ['Ship full-stack features', '/use-cases/full-stack-development'],
      ['Review before you push', '/use-cases/code-review'],
      ['Roll out to your team', '/use-cases/enterprise'],
    ] as const) {
      await expect(page.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    // Picking a scenario shows its script.
    await page.getByRole('button', { name: 'Show the Review before you push example' }).click();
    await expect(page.getByRole('button', { name: 'Show the Review before you push example' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('figure', { name: 'Example session: Review before you push' })).toContainText('review my staged changes');

    await expect(page.locator('#pricing').getByTestId('plan-card')).toHaveCount(4);
    const faq = page.getByTestId('faq-item');
    await expect(faq).toHaveCount(5);
    await expect(faq.first()).not.toHaveAttribute('open');
    await faq.first().locator('summary').click();
    await expect(faq.first()).toHaveAttribute('open');
    await expect(page.getByRole('heading', { name: 'Start coding with Tern in a minute' })).toBeVisible();
  });

  test('anchors: /#pricing and /#features scroll to their sections', async ({ page, shell }) => {
    // The scroll is the app's (100 ms after the section renders, then smooth), so it waits for the bundle to load and
    // hydrate the prerendered page: on a busy machine that takes longer than a default expect. Each step therefore
    // polls until the section has SETTLED at the top (below the sticky header), rather than catching it in passing:
    // #features is partly visible on first paint already, so "in the viewport" alone proved nothing there.
    await installBillingStandIn(page);
    await shell.goto('/#pricing');
    await expectScrolledTo(page, 'pricing');
    await shell.goto('/about');
    await shell.goto('/#features');
    await expectScrolledTo(page, 'features');
    // The plan cards above the FAQ replace their placeholders when the products arrive; let that happen first, so
    // the hash change scrolls a settled page.
    await expect(new PlanCardsArea(page).cards.first()).toBeVisible();
    // A same-page hash change scrolls too.
    await page.evaluate(() => (location.hash = '#faq'));
    await expectScrolledTo(page, 'faq');
  });

  test('FAQ links navigate inside the app and keep the /zh prefix', async ({ page, shell }) => {
    await installBillingStandIn(page);
    await shell.goto('/zh');
    const security = page.locator('[data-faq-id="security"]');
    await security.locator('summary').click();
    const privacy = security.getByRole('link', { name: '隐私政策' });
    await expect(privacy).toHaveAttribute('href', '/zh/privacy');
    // In-app navigation: the page is not reloaded, so a marker set on window survives.
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await privacy.click();
    // A click before hydration is held and replayed once the app has woken (src/boot.ts), which the summary's click
    // started: on a loaded 2-core CI box that took over 7 s (layout.spec.ts), the default wait here.
    await expect(page).toHaveURL(/\/zh\/privacy$/, { timeout: 20_000 });
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
  });
});
