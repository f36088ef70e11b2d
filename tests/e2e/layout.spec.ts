import { expect, test } from './fixtures';

test.describe('layout', () => {
  test('header navigation, use-cases dropdown by keyboard, footer columns', async ({ shell, page }) => {
    await shell.goto('/');
    for (const name of ['Home', 'Pricing', 'Leaderboard', 'Install', 'Remote', 'Changelog', 'Help']) {
      await expect(shell.mainNav.getByRole('link', { name, exact: true })).toBeVisible();
    }
    const useCases = shell.mainNav.getByRole('button', { name: 'Use cases' });
    await useCases.focus();
    await page.keyboard.press('Enter');
    await expect(useCases).toHaveAttribute('aria-expanded', 'true');
    const items = shell.mainNav.getByRole('listitem').getByRole('link');
    await expect(items).toHaveText(['Learning', 'Full-stack development', 'Code review', 'Enterprise']);
    await page.keyboard.press('Escape');
    await expect(useCases).toHaveAttribute('aria-expanded', 'false');
    await expect(useCases).toBeFocused();
    for (const heading of ['Product', 'CLI guides', 'Use cases', 'Company']) {
      await expect(shell.footer.getByRole('heading', { name: heading })).toBeVisible();
    }
    await expect(shell.footer).toContainText(`© ${new Date().getFullYear()} Tern`);
    await expect(shell.header.getByRole('link', { name: 'Sign in' })).toBeVisible();
  });

  test('desktop header links Changelog and Help (spec §2), in both languages', async ({ shell, page }) => {
    for (const [lang, changelog, help, heading] of [
      ['', 'Changelog', 'Help', /Changelog/],
      ['/zh', '更新日志', '帮助', /更新日志/],
    ] as const) {
      await shell.goto(`${lang}/pricing`);
      const link = shell.mainNav.getByRole('link', { name: changelog, exact: true });
      await expect(link).toBeVisible();
      await expect(shell.mainNav.getByRole('link', { name: help, exact: true })).toHaveAttribute('href', `${lang}/help`);
      // Every item fits on one row, clear of the language button, down to the narrowest width the navigation shows at.
      for (const width of [1024, 1280]) {
        await page.setViewportSize({ width, height: 720 });
        const nav = (await shell.mainNav.boundingBox())!;
        const language = (await shell.languageButton.boundingBox())!;
        expect(nav.x + nav.width).toBeLessThanOrEqual(language.x);
        for (const item of await shell.mainNav.locator(':scope > a, :scope > div > button').all()) {
          expect((await item.boundingBox())!.height).toBeLessThan(44);
        }
        await shell.screenshot(`header${lang.replace('/', '-') || '-en'}-desktop-${width}`, false);
      }
      await link.click();
      await expect(page).toHaveURL(new RegExp(`${lang}/changelog$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(link).toHaveAttribute('aria-current', 'page');
    }
  });

  test('breadcrumbs show the trail on every page, home and 404 included', async ({ shell, page }) => {
    await shell.goto('/leaderboard/qwen-code');
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.getByRole('listitem')).toHaveText(['Home', 'AI coding CLI leaderboard', 'Qwen Code']);
    await crumbs.getByRole('link', { name: 'AI coding CLI leaderboard' }).click();
    await expect(page).toHaveURL(/\/leaderboard$/);
    await shell.goto('/');
    await expect(crumbs.getByRole('listitem')).toHaveText(['Home']);
    await expect(crumbs.getByRole('listitem')).toHaveAttribute('aria-current', 'page');
    await shell.goto('/zh/nowhere');
    await expect(page.getByRole('navigation', { name: '面包屑导航' }).getByRole('listitem')).toHaveText(['首页', '页面不存在']);
  });

  test('skip link moves focus to the content', async ({ shell, page }) => {
    await shell.goto('/about');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#main$/);
  });

  test('theme toggle switches and persists', async ({ shell, page }) => {
    // Hydrated first: a click on the prerendered page is held while the app wakes, which took over 7 s on a loaded CI box.
    await shell.gotoHydrated('/');
    const html = page.locator('html');
    const before = await html.getAttribute('data-theme');
    await shell.header.getByRole('button', { name: /theme/i }).click();
    await expect(html).not.toHaveAttribute('data-theme', before ?? '');
    const after = await html.getAttribute('data-theme');
    await page.reload();
    await expect(html).toHaveAttribute('data-theme', after ?? '');
  });

  test('navigation scrolls back to the top', async ({ shell, page }) => {
    await shell.goto('/');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    await shell.footer.getByRole('link', { name: 'Privacy' }).first().click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('a navigation-state section scrolls to it after 100 ms', async ({ shell, page }) => {
    await shell.gotoHydrated('/about');
    await page.evaluate(() => {
      const target = document.createElement('div');
      target.id = 'footer-target';
      document.querySelector('footer')?.appendChild(target);
      history.pushState({ section: 'footer-target' }, '', '/about?s=1');
    });
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
  });

  test('phone: the drawer menu opens, navigates and closes @phone', async ({ shell, page }) => {
    // Two languages of full-page phone screenshots: several seconds each on a busy machine.
    test.slow();
    for (const lang of ['', '/zh'] as const) {
      await shell.goto(lang || '/');
      await shell.screenshot(`home${lang.replace('/', '-') || '-en'}-phone`);
      await shell.menuButton.click();
      await expect(shell.drawer).toBeVisible();
      await shell.screenshot(`drawer${lang.replace('/', '-') || '-en'}-phone`, false);
      await page.keyboard.press('Escape');
      await expect(shell.drawer).toBeHidden();
      await shell.menuButton.click();
      await shell.drawer.getByRole('link', { name: lang ? '代码审查' : 'Code review' }).click();
      await expect(page).toHaveURL(new RegExp(`${lang}/use-cases/code-review$`));
      await expect(shell.drawer).toBeHidden();
      await shell.goto(`${lang}/nowhere`);
      await shell.screenshot(`404${lang.replace('/', '-') || '-en'}-phone`);
    }
  });

  test('desktop screenshots of home and 404 in both languages', async ({ shell }) => {
    for (const lang of ['', '/zh'] as const) {
      await shell.goto(lang || '/');
      await shell.screenshot(`home${lang.replace('/', '-') || '-en'}-desktop`);
      await shell.goto(`${lang}/nowhere`);
      await shell.screenshot(`404${lang.replace('/', '-') || '-en'}-desktop`);
    }
  });
});

test.describe('embedded browsers', () => {
  test.use({
    userAgent:
      'Mozilla/5.0 (Linux; Android 13; Pixel 7 Build/TQ3A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.0.0 Mobile Safari/537.36 MicroMessenger/8.0.43',
  });
  test('WeChat is blocked with a copy-link prompt', async ({ page }) => {
    await page.goto('/pricing');
    const notice = page.getByTestId('browser-notice');
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('WeChat');
    await expect(notice).toContainText('/pricing');
    await expect(notice.getByRole('button', { name: 'Copy link' })).toBeVisible();
  });
});

test.describe('a webview that passes as Chrome for Android', () => {
  test.use({
    userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  });
  test('fails the speech test (no voices in 2 s, no answer to an utterance in 1 s) and is blocked', async ({ page }) => {
    // TEST DOUBLE of a webview's speech engine: present, but it never loads a voice and never answers an utterance.
    await page.addInitScript(() => {
      const silent = Object.assign(new EventTarget(), {
        getVoices: () => [],
        speak: () => {},
        cancel: () => {},
        pending: false,
        speaking: false,
        paused: false,
      });
      Object.defineProperty(window, 'speechSynthesis', { value: silent, configurable: true });
    });
    await page.goto('/pricing');
    // The page is interactive: hydrated, or served by the boot script (the plan cards are an island, #16).
    await expect(page.locator('html[data-app-ready="true"], html[data-boot="idle"]')).toBeAttached({ timeout: 15_000 });
    // Without voices the test speaks a silent utterance, which Chrome allows only after a user activation.
    await page.locator('main h1').click();
    const notice = page.getByTestId('browser-notice');
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('You are viewing this page inside an embedded browser.');
    await expect(notice.getByRole('button', { name: 'Copy link' })).toBeVisible();
  });
});

test.describe('old Chrome', () => {
  test.use({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/99.0.4844.51 Safari/537.36' });
  test('gets a dismissible warning', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('browser-outdated')).toBeVisible();
    await page.getByRole('button', { name: 'Dismiss' }).click();
    await expect(page.getByTestId('browser-outdated')).toHaveCount(0);
  });
});

test('a page chunk that fails to load shows the new-version notice and reloads after 1.5 s', async ({ shell, page, consoleErrors }) => {
  await shell.goto('/');
  await page.route('**/assets/ContentPage-*.js', (route) => route.abort());
  // The reload comes 1.5 s after the failure; the rest is the machine (a loaded 2-core CI box took over 5 s in all).
  const reloaded = page.waitForEvent('load', { timeout: 20_000 });
  const started = Date.now();
  await shell.footer.getByRole('link', { name: 'About' }).click();
  await expect(page.getByTestId('toast')).toContainText('A new version of Tern is available');
  await reloaded;
  expect(Date.now() - started).toBeGreaterThanOrEqual(1400);
  // The failed module load itself is reported by the browser; it is the event under test here.
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !/ContentPage|dynamically imported|ERR_FAILED/.test(e)));
});
