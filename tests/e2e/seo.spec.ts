import { routeTable } from '../../relay/protocol/routes';
import { expect, test } from './fixtures';
import { ContentPage, contentPages, type Lang, localize } from './pages/contentPages';

const indexable = routeTable.filter((r) => r.index);
const langs: Lang[] = ['en', 'zh'];
const attr = (html: string, pattern: RegExp) => pattern.exec(html)?.[1] ?? null;

test.describe('prerendered HTML (no JavaScript)', () => {
  for (const lang of langs) {
    test(`every indexable route has its own head and content in ${lang}`, async ({ request, baseURL }) => {
      for (const route of indexable) {
        const url = localize(route.path, lang);
        const res = await request.get(url);
        expect(res.status(), url).toBe(200);
        const html = await res.text();
        expect(html, url).toContain(`data-prerendered-path="${url}"`);
        expect(attr(html, /<html lang="([^"]+)"/), url).toBe(lang === 'en' ? 'en-US' : 'zh-CN');
        const title = attr(html, /<title>([^<]*)<\/title>/);
        expect(title, url).toBeTruthy();
        // Each page has its own title, not the app shell's.
        if (route.id !== 'home') expect(title, url).not.toBe('Tern — AI coding assistant for your terminal');
        expect(attr(html, /<meta name="description" content="([^"]+)"/), url).toBeTruthy();
        expect(attr(html, /<meta name="robots" content="([^"]+)"/), url).toBe('index, follow');
        expect(attr(html, /<link rel="canonical" href="([^"]+)"/), url).toBe(`${baseURL}${url}`);
        expect(attr(html, /hreflang="en" href="([^"]+)"/), url).toBe(`${baseURL}${localize(route.path, 'en')}`);
        expect(attr(html, /hreflang="zh" href="([^"]+)"/), url).toBe(`${baseURL}${localize(route.path, 'zh')}`);
        expect(attr(html, /hreflang="x-default" href="([^"]+)"/), url).toBe(`${baseURL}${localize(route.path, 'en')}`);
        expect(attr(html, /<meta property="og:title" content="([^"]+)"/), url).toBe(title);
        expect(attr(html, /<meta property="og:url" content="([^"]+)"/), url).toBe(`${baseURL}${url}`);
        expect(attr(html, /<meta property="og:locale" content="([^"]+)"/), url).toBe(lang === 'en' ? 'en_US' : 'zh_CN');
        // The page itself is in the markup, complete: an <h1>, and no streaming leftovers that need inline scripts.
        expect(html, url).toMatch(/<main[^>]*>[\s\S]*<h1[\s>]/);
        expect(html, url).not.toMatch(/<script>|<template id="B:/);
        expect(html, url).not.toContain('__TERN_ORIGIN__');
      }
    });
  }

  test('the content pages carry their words in both languages', async ({ request }) => {
    for (const lang of langs) {
      for (const { path, h1 } of contentPages) {
        const html = await (await request.get(localize(path, lang))).text();
        expect(html, `${lang} ${path}`).toContain(h1[lang]);
      }
    }
    const install = await (await request.get('/zh/install')).text();
    expect(install).toContain('npm install -g tern');
    const changelog = await (await request.get('/changelog')).text();
    expect(changelog).toContain('New Features');
    const enterprise = await (await request.get('/zh/use-cases/enterprise')).text();
    expect(enterprise).toContain('99.9');
  });

  test('account and console routes stay client-only', async ({ request }) => {
    for (const path of ['/login', '/remote', '/userinfo', '/zh/orders']) {
      const html = await (await request.get(path)).text();
      expect(html, path).not.toContain('data-prerendered-path');
    }
  });

  test('sitemap.xml lists every indexable page in both languages, robots.txt points to it', async ({ request, baseURL }) => {
    const sitemap = await request.get('/sitemap.xml');
    expect(sitemap.status()).toBe(200);
    const xml = await sitemap.text();
    expect(xml.match(/<loc>/g)).toHaveLength(indexable.length * 2);
    expect(xml).toContain(`<loc>${baseURL}/zh/use-cases/code-review</loc>`);
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
    expect(robots).toContain('Disallow: /remote');
  });
});

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  for (const lang of langs) {
    test(`content pages read fine without JavaScript (${lang})`, async ({ page }) => {
      for (const { path, h1 } of contentPages) {
        await page.goto(localize(path, lang));
        await expect(page.locator('#main h1').first()).toHaveText(h1[lang]);
      }
      await page.goto(localize('/changelog', lang));
      await expect(page.getByTestId('changelog-entry')).toHaveCount(5);
      await page.goto(localize('/use-cases/learning', lang));
      await expect(page.locator('#paths ol > li')).toHaveCount(4);
    });
  }
});

test.describe('hydration', () => {
  test('the browser takes over the prerendered markup without re-rendering it, and keeps the same head', async ({ page, baseURL }) => {
    for (const url of ['/use-cases/learning', '/zh/install', '/changelog', '/zh/privacy', '/pricing']) {
      const html = await (await page.request.get(url)).text();
      const prerenderedTitle = attr(html, /<title>([^<]*)<\/title>/);
      await page.goto(url, { waitUntil: 'commit' });
      // Mark the server's <main> before the app starts: hydration keeps the node, a fresh render replaces it.
      await page.waitForSelector('#main');
      await page.evaluate(() => document.getElementById('main')?.setAttribute('data-from-server', ''));
      await page.waitForLoadState('networkidle');
      await expect(page.locator('#main h1').first()).toBeVisible();
      await expect(page.locator('#main[data-from-server]'), url).toHaveCount(1);
      await expect(page).toHaveTitle(prerenderedTitle!);
      await expect(page.locator('link[rel="canonical"]')).toHaveCount(1);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}${url}`);
    }
  });

  test('a signed-out visitor can use the page right away: links navigate inside the app', async ({ page }) => {
    const content = new ContentPage(page);
    await content.open('/use-cases/code-review');
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await page.getByRole('link', { name: 'See plans' }).first().click();
    await expect(page).toHaveURL(/\/pricing$/);
    // Same document: client-side navigation, not a reload.
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
  });
});
