import { expect, test } from './fixtures';
import { ContentPage, contentPages, type Lang } from './pages/contentPages';

test.describe('content pages: screenshots', () => {
  for (const lang of ['en', 'zh'] as Lang[]) {
    for (const { name, path, h1 } of contentPages) {
      test(`${name} (${lang}) on desktop, light theme`, async ({ page }) => {
        await page.emulateMedia({ colorScheme: 'light' });
        const content = new ContentPage(page);
        await content.open(path, lang);
        await expect(content.h1).toHaveText(h1[lang]);
        await expect(page.locator('html')).toHaveAttribute('data-theme', 'tern-light');
        await content.screenshot(`content-desktop-${lang}-${name}`);
      });

      test(`${name} (${lang}) on a phone, dark theme @phone`, async ({ page }) => {
        await page.emulateMedia({ colorScheme: 'dark' });
        const content = new ContentPage(page);
        await content.open(path, lang);
        await expect(content.h1).toHaveText(h1[lang]);
        // Nothing may be wider than the 375 px screen.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
        await content.screenshot(`content-phone-${lang}-${name}`);
      });
    }
  }
});

test.describe('use-case pages', () => {
  test('hero buttons lead to the install guide, in the page language', async ({ page }) => {
    const content = new ContentPage(page);
    await content.open('/use-cases/learning', 'zh');
    await page.getByRole('link', { name: '安装 Tern' }).first().click();
    await expect(page).toHaveURL(/\/zh\/install$/);
    await expect(content.h1).toHaveText('安装 Tern');
  });

  test('the learning typewriter types and cycles; pause stops it', async ({ page }) => {
    const content = new ContentPage(page);
    await content.open('/use-cases/learning');
    // Motion starts with the app, at the visitor's first move (src/boot.ts).
    await content.wake();
    const first = await content.typewriterLine.textContent();
    // After the 3 s pause the next question is typed character by character.
    await expect.poll(async () => content.typewriterLine.textContent(), { timeout: 6000 }).not.toBe(first);
    await page.getByRole('button', { name: 'Pause animation' }).click();
    const frozen = await content.typewriterLine.textContent();
    await page.waitForTimeout(500);
    await expect(content.typewriterLine).toHaveText(frozen ?? '');
    await expect(page.getByRole('button', { name: 'Play animation' })).toBeVisible();
  });

  test('with reduced motion every question shows at once and nothing animates', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const content = new ContentPage(page);
    await content.open('/use-cases/learning');
    await expect(content.typewriterLine).toHaveCount(0);
    await expect(content.terminal).toContainText('Why does my loop print the last item twice?');
    await expect(page.getByRole('button', { name: 'Pause animation' })).toHaveCount(0);
  });

  test('full stack: three stack cards, six workflow steps, demo with disclaimer', async ({ page }) => {
    const content = new ContentPage(page);
    await content.open('/use-cases/full-stack-development');
    await expect(page.locator('#stack').getByRole('heading', { level: 3 })).toHaveText(['Frontend', 'Backend', 'Database']);
    await expect(page.locator('#workflow ol > li')).toHaveCount(6);
    await expect(page.getByText('Illustrative demo.', { exact: false })).toBeVisible();
  });

  test('enterprise shows the four metrics and code review the 70% claim', async ({ page }) => {
    const content = new ContentPage(page);
    await content.open('/use-cases/enterprise');
    await expect(page.locator('#metrics li')).toHaveText([/40%/, /60%/, /25%/, /99\.9%/]);
    await content.open('/use-cases/code-review');
    await expect(page.getByRole('heading', { name: 'Up to 70% less review time' })).toBeVisible();
  });
});

test.describe('install guide', () => {
  test('renders the guide with a table of contents and highlighted code', async ({ page }) => {
    const content = new ContentPage(page);
    await content.open('/install');
    // The prerendered guide is plain text; shiki colours it once the app runs (src/boot.ts wakes it on a move).
    await content.wake();
    await expect(content.toc.getByRole('link')).toHaveText([
      'Requirements',
      'Install the CLI',
      'Configure a model',
      'Run Tern in a project',
      'Use the remote console',
      'Troubleshooting',
    ]);
    await expect(content.installDoc).toContainText('npm install -g tern');
    await expect(content.installDoc).toContainText('TERN_MODEL_URL');
    // shiki loads on demand and colours the blocks.
    await expect(content.codeBlocks.first()).toHaveAttribute('data-highlighted', 'true');
    const colours = await content.codeBlocks
      .first()
      .locator('span[style]')
      .evaluateAll((spans) => new Set(spans.map((s) => getComputedStyle(s).color)).size);
    expect(colours).toBeGreaterThan(1);
  });

  test('loads the Chinese guide under /zh', async ({ page }) => {
    const content = new ContentPage(page);
    await content.open('/install', 'zh');
    await expect(content.toc.getByRole('link').first()).toHaveText('环境要求');
    await expect(content.installDoc).toContainText('tern --cloud');
  });

  test('scrolls to the bottom when the navigation state asks for it', async ({ page }) => {
    const content = new ContentPage(page);
    await content.open('/help');
    // What navigate('/install', { state: { scrollToBottom: true } }) does.
    await page.evaluate(() => history.pushState({ scrollToBottom: true }, '', '/install'));
    await expect(content.h1).toHaveText('Install Tern');
    await expect.poll(() => content.scrolledToBottom(), { timeout: 5000 }).toBe(true);
  });

  test('shows the error alert with retry when the guide cannot load', async ({ page }) => {
    let fail = true;
    await page.route('**/install/en/guide.md', (route) => (fail ? route.fulfill({ status: 404, body: 'Not found' }) : route.fallback()));
    // Client-side navigation, so the request goes through the app (a reload would serve the prerendered guide).
    await page.goto('/help');
    await page.evaluate(() => history.pushState(null, '', '/install'));
    const content = new ContentPage(page);
    await expect(content.alert).toContainText('Failed to load content');
    fail = false;
    await content.alert.getByRole('button', { name: 'Retry' }).click();
    await expect(content.h1).toHaveText('Install Tern');
  });
});

test.describe('changelog', () => {
  test('lists releases by category and loads more with see more', async ({ page }) => {
    const content = new ContentPage(page);
    await content.open('/changelog');
    await expect(content.releases).toHaveCount(5);
    const latest = content.releases.first();
    await expect(latest.getByRole('heading', { level: 3 })).toHaveText(['New Features', 'Improvements', 'Bug Fixes']);
    await content.seeMore.click();
    await expect(content.releases).toHaveCount(7);
    await expect(content.seeMore).toHaveCount(0);
  });

  test('shows "unable to load" when the API fails', async ({ page }) => {
    await page.route('**/api/changelog**', (route) =>
      route.fulfill({ status: 404, contentType: 'application/json', body: '{"success":false,"code":"NOT_FOUND","message":"down"}' }),
    );
    await page.goto('/help');
    await page.evaluate(() => history.pushState(null, '', '/zh/changelog'));
    await expect(new ContentPage(page).alert).toContainText('无法加载更新日志');
  });
});

test.describe('help, contact and legal pages', () => {
  test('help questions open with the keyboard', async ({ page }) => {
    const content = new ContentPage(page);
    await content.open('/help');
    const question = page.locator('summary', { hasText: 'Can I get a refund?' });
    await question.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('7-day money-back guarantee, no reason needed', { exact: false })).toBeVisible();
  });

  test('contact shows the support address and response times', async ({ page }) => {
    const content = new ContentPage(page);
    await content.open('/contact');
    await expect(page.getByRole('link', { name: 'support@tern.dev' }).first()).toHaveAttribute('href', 'mailto:support@tern.dev');
    await expect(page.getByTestId('response-individuals')).toContainText('24 hours');
    await expect(page.getByTestId('response-enterprise')).toContainText('4 hours');
  });

  test('privacy lists its sections and links to them', async ({ page }) => {
    const content = new ContentPage(page);
    await content.open('/privacy', 'zh');
    await page.getByRole('navigation', { name: '目录' }).getByRole('link', { name: '保存期限' }).click();
    await expect(page).toHaveURL(/#retention$/);
    await expect(page.locator('#retention')).toBeInViewport();
  });
});
