import { routeTable } from '../../relay/protocol/routes';
import { expect, test } from './fixtures';

const DAY = 24 * 60 * 60 * 1000;

test.describe('language routing', () => {
  test('English is unprefixed and /zh serves Chinese', async ({ shell, page }) => {
    await shell.goto('/pricing');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    await expect(shell.mainNav.getByRole('link', { name: 'Pricing' })).toBeVisible();
    await shell.goto('/zh/pricing');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(shell.mainNav.getByRole('link', { name: '价格' })).toBeVisible();
    // Links inside a language keep its prefix.
    await shell.mainNav.getByRole('link', { name: '排行榜' }).click();
    await expect(page).toHaveURL(/\/zh\/leaderboard$/);
  });

  for (const prefix of ['fr', 'ja', 'ko', 'de', 'es']) {
    test(`recognised but unsupported prefix /${prefix} goes to /404`, async ({ shell, page }) => {
      const response = await page.goto(`/${prefix}/pricing`);
      expect(response?.status()).toBe(404);
      await expect(page).toHaveURL(/\/404$/);
      await expect(shell.notFound).toBeVisible();
    });
  }

  test('unsupported prefix typed client-side also goes to /404', async ({ shell, page }) => {
    await shell.goto('/about');
    await shell.pushState('/de');
    await expect(page).toHaveURL(/\/404$/);
    await expect(shell.notFound).toBeVisible();
  });

  test('a trailing slash redirects on the server, keeping the query', async ({ page }) => {
    const response = await page.goto('/leaderboard/?ref=x');
    expect(response?.request().redirectedFrom()?.url()).toMatch(/\/leaderboard\/\?ref=x$/);
    await expect(page).toHaveURL(/\/leaderboard\?ref=x$/);
  });

  test('a trailing slash redirects in the client too', async ({ shell, page }) => {
    await shell.goto('/');
    await shell.pushState('/zh/about/?a=1');
    await expect(page).toHaveURL(/\/zh\/about\?a=1$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('关于');
  });

  test('/docs replaces to /install, and /zh/docs to /zh/install', async ({ shell, page }) => {
    await page.goto('/docs');
    await expect(page).toHaveURL(/\/install$/);
    await page.goto('/zh/docs');
    await expect(page).toHaveURL(/\/zh\/install$/);
    // Client-side: replace, so Back does not return to /docs.
    await shell.goto('/about');
    await shell.pushState('/docs');
    await expect(page).toHaveURL(/\/install$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/about$/);
  });
});

test.describe('language preference', () => {
  test.use({ locale: 'zh-CN' });

  test('root follows the browser language and remembers it as browser-auto', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/zh$/);
    const pref = await page.evaluate(() => JSON.parse(localStorage.getItem('tern.language') ?? 'null'));
    expect(pref).toMatchObject({ language: 'zh', source: 'browser-auto' });
  });

  test('choosing English is saved and / then stays English', async ({ shell, page }) => {
    await shell.goto('/zh/pricing');
    await shell.chooseLanguage('English');
    await expect(page).toHaveURL(/\/pricing$/);
    const pref = await page.evaluate(() => JSON.parse(localStorage.getItem('tern.language') ?? 'null'));
    expect(pref).toMatchObject({ language: 'en', source: 'user-choice' });
    await page.goto('/');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  });
});

test.describe('saved preference validity', () => {
  test.use({ locale: 'en-US' });

  test('a saved choice within 30 days redirects / to it', async ({ page }) => {
    await page.addInitScript(
      (ts) => {
        if (!sessionStorage.getItem('seeded')) {
          localStorage.setItem('tern.language', JSON.stringify({ language: 'zh', timestamp: ts, source: 'user-choice' }));
          sessionStorage.setItem('seeded', '1');
        }
      },
      Date.now() - 29 * DAY,
    );
    await page.goto('/');
    await expect(page).toHaveURL(/\/zh$/);
  });

  test('a choice older than 30 days has expired: / stays English and the entry is removed', async ({ page }) => {
    await page.addInitScript(
      (ts) => {
        if (!sessionStorage.getItem('seeded')) {
          localStorage.setItem('tern.language', JSON.stringify({ language: 'zh', timestamp: ts, source: 'user-choice' }));
          sessionStorage.setItem('seeded', '1');
        }
      },
      Date.now() - 31 * DAY,
    );
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    await expect(page).toHaveURL(/\/$/);
    // The prerendered page is English before any script runs; the stale entry goes once the page's script has read it.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('tern.language'))).toBeNull();
  });
});

test.describe('protected routes', () => {
  for (const [path, expected] of [
    ['/userinfo', '/login?redirect=%2Fuserinfo'],
    ['/invitation?tab=2', '/login?redirect=%2Finvitation%3Ftab%3D2'],
    ['/zh/orders', '/zh/login?redirect=%2Fzh%2Forders'],
    ['/remote', '/login?redirect=%2Fremote'],
  ] as const) {
    test(`${path} sends a visitor to login and remembers where they came from`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(expected.replace(/[?]/g, '\\?') + '$'));
      const remembered = await page.evaluate(() => sessionStorage.getItem('tern.loginRedirect'));
      expect(remembered).toBe(decodeURIComponent(expected.split('redirect=')[1]!));
    });
  }
});

test.describe('not found', () => {
  test('unknown path: 404 status, noindex, and both buttons', async ({ shell, page }) => {
    await shell.goto('/about');
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(shell.notFound).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
    await shell.notFound.getByRole('button', { name: 'Go back' }).click();
    await expect(page).toHaveURL(/\/about$/);
  });

  test('back home goes to / in English and /zh in Chinese', async ({ shell, page }) => {
    await shell.goto('/404');
    await shell.notFound.getByRole('link', { name: 'Back to home' }).click();
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
    await shell.goto('/zh/missing-page');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
    await shell.notFound.getByRole('link', { name: '返回首页' }).click();
    await expect(page).toHaveURL(/\/zh$/);
  });
});

test.describe('every route renders in both languages without a missing key', () => {
  const paths = routeTable.filter((r) => !r.path.includes(':') && r.access === 'public').map((r) => r.path);
  for (const lang of ['', '/zh']) {
    test(`public routes ${lang || '/ (en)'}`, async ({ shell, page }) => {
      test.slow();
      for (const path of paths) {
        await shell.goto(lang + (path === '/' ? '' : path) || '/');
        await expect(page.locator('h1').first()).toBeVisible();
      }
      const missing = await page.evaluate(() => document.body.innerText.match(/\b[a-z]+:[a-zA-Z]+\.[a-zA-Z.]+\b/g));
      expect(missing).toBeNull();
    });
  }
});
