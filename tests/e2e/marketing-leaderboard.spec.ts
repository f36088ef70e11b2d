import { readFile } from 'node:fs/promises';

import { expect, test } from './fixtures';
import { LeaderboardArea } from './pages/marketingPages';

const today = () => {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

test.describe('leaderboard', () => {
  test('hero stats, the comparison table with icon-and-text cells, deep dives, quick start and six competitors', async ({
    page,
    shell,
  }) => {
    await shell.goto('/leaderboard');
    const lb = new LeaderboardArea(page);
    await expect(lb.stats.locator('dd')).toHaveText(['15+', '3', '100%']);
    await expect(lb.table.locator('thead th')).toHaveText(['Feature', 'Tern CLI', 'Claude Code', 'Gemini CLI']);
    await expect(lb.table.locator('tbody tr')).toHaveCount(5);
    await expect(lb.table.locator('tbody th span.font-semibold')).toHaveText([
      'Task lists and sub-agents',
      'Claude models',
      'Checkpoints and rollback',
      'Cloud handoff',
      'Models from several vendors',
    ]);
    // Each cell: an icon and a status word, never colour alone.
    const cell = lb.table.locator('tr[data-row="claudeApi"] td').nth(2);
    await expect(cell.locator('[data-status="none"] svg')).toHaveCount(1);
    await expect(cell).toContainText('Not supported');

    const deepDives = page.getByTestId('deep-dive-card');
    await expect(deepDives).toHaveCount(2);
    for (const link of await deepDives.getByRole('link', { name: /Repository|Docs/ }).all()) {
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    await expect(lb.quickStart).toContainText('Best choice');
    await expect(lb.quickStart.getByRole('button', { name: 'Repository' })).toBeDisabled();
    await expect(lb.competitorCards).toHaveCount(6);
    await lb.competitorCards.getByRole('link', { name: 'View Codex CLI details' }).click();
    await expect(page).toHaveURL(/\/leaderboard\/codex-cli$/);
  });

  test('downloads the table as CSV: date in the name, BOM, fixed header, success toast', async ({ page, shell }) => {
    await shell.goto('/leaderboard');
    const lb = new LeaderboardArea(page);
    const [download] = await Promise.all([page.waitForEvent('download'), lb.download.click()]);
    expect(download.suggestedFilename()).toBe(`tern-cli-comparison-${today()}.csv`);
    const bytes = await readFile((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toBe('Feature,Description,Tern CLI,Claude Code,Gemini CLI');
    expect(lines.filter(Boolean)).toHaveLength(6);
    expect(lines[2]).toContain('Not supported: Gemini models only');
    await expect(shell.toasts.filter({ hasText: 'Comparison table downloaded successfully!' })).toBeVisible();
  });

  test('a failed download shows the failure toast', async ({ page, shell, consoleErrors }) => {
    await shell.goto('/leaderboard');
    await page.evaluate(() => {
      URL.createObjectURL = () => {
        throw new Error('blocked by the test');
      };
    });
    await new LeaderboardArea(page).download.click();
    await expect(shell.toasts.filter({ hasText: 'Failed to download table. Please try again.' })).toBeVisible();
    // The failure is logged on purpose; anything else logged still fails the test.
    expect(consoleErrors.filter((e) => e.startsWith('Comparison CSV download failed'))).toHaveLength(1);
    consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !e.startsWith('Comparison CSV download failed')));
  });

  test('Chinese page downloads Chinese rows under the same header', async ({ page, shell }) => {
    await shell.goto('/zh/leaderboard');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('csv-download').click()]);
    const text = (await readFile((await download.path())!)).toString('utf8');
    expect(text.startsWith('\uFEFFFeature,Description,Tern CLI,Claude Code,Gemini CLI\r\n')).toBe(true);
    expect(text).toContain('任务清单与子代理');
    await expect(shell.toasts.filter({ hasText: '对比表格下载成功！' })).toBeVisible();
  });
});

test.describe('tool pages', () => {
  const tools = [
    ['gemini-cli', 'https://github.com/google-gemini/gemini-cli', 8],
    ['claude-code', 'https://github.com/anthropics/claude-code', 6],
    ['coderabbit-cli', 'https://github.com/coderabbitai', 7],
    ['codex-cli', 'https://github.com/openai/codex', 6],
    ['qwen-code', 'https://github.com/QwenLM/qwen-code', 6],
    ['groq-code', 'https://github.com/build-with-groq/groq-code-cli', 6],
  ] as const;

  for (const [slug, repo, faqCount] of tools) {
    test(`${slug}: every section, links in a new tab`, async ({ page, shell }) => {
      await shell.goto(`/leaderboard/${slug}`);
      const links = page.getByTestId('tool-links').getByRole('link');
      await expect(links).toHaveCount(2);
      await expect(links.first()).toHaveAttribute('href', repo);
      for (const link of await links.all()) {
        await expect(link).toHaveAttribute('target', '_blank');
        await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      }
      for (const id of [
        'what-is-title',
        'quick-start-title',
        'features-title',
        'use-cases-title',
        'auth-title',
        'install-title',
        'commands-title',
        'help-title',
        'tool-cta-title',
      ]) {
        await expect(page.locator(`#${id}`)).toBeVisible();
      }
      await expect(page.getByTestId('quick-start').getByTestId('command-box')).toBeVisible();
      await expect(page.getByTestId('faq-item')).toHaveCount(faqCount);
    });
  }

  test('Claude Code lists 8 commands and 10 flags', async ({ page, shell }) => {
    await shell.goto('/leaderboard/claude-code');
    await expect(page.locator('[data-table="commands"] tbody tr')).toHaveCount(8);
    await expect(page.locator('[data-table="flags"] tbody tr')).toHaveCount(10);
  });

  test('Qwen Code: npm tab first, arrow keys switch tabs, commands, flags and the benchmark', async ({ page, shell }) => {
    await shell.goto('/leaderboard/qwen-code');
    const tabs = page.getByTestId('install-tabs').getByRole('tab');
    await expect(tabs).toHaveText([/npm/, /From source/, /Homebrew/]);
    await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel')).toContainText('npm install -g @qwen-code/qwen-code@latest');
    await tabs.first().focus();
    await page.keyboard.press('ArrowRight');
    await expect(tabs.nth(1)).toBeFocused();
    await expect(page.getByRole('tabpanel')).toContainText('git clone https://github.com/QwenLM/qwen-code.git');
    await page.keyboard.press('End');
    await expect(page.getByRole('tabpanel')).toContainText('brew install qwen-code');
    await expect(page.locator('[data-table="session"] tbody th')).toHaveText(['/help', '/clear', '/compress', '/stats', '/exit, /quit']);
    await expect(page.locator('[data-table="auth"] tbody th')).toHaveText(['/auth']);
    await expect(page.locator('[data-table="flags"] tbody th')).toHaveText(['--version', '--vlm-switch-mode', '--yolo']);
    const bench = page.getByTestId('benchmark-table');
    await expect(bench.locator('tbody tr').filter({ hasText: '480B-A35' })).toContainText('37.5%');
    await expect(bench.locator('tbody tr').filter({ hasText: '30B-A3B' })).toContainText('31.3%');
    await expect(page.locator('[data-auth="qwenOAuth"] [data-testid="auth-bullets"] li')).toHaveCount(5);
    await expect(page.locator('[data-auth="openaiCompatible"] [data-testid="auth-bullets"] li')).toHaveCount(4);
  });

  for (const [slug, repo, npmCommand] of [
    ['claude-code', 'https://github.com/anthropics/claude-code', 'npm install -g @anthropic-ai/claude-code'],
    ['coderabbit-cli', 'https://github.com/coderabbitai', 'curl -fsSL https://cli.coderabbit.ai/install.sh | sh'],
  ] as const) {
    test(`${slug}: npm, from source and Homebrew tabs; no source build, so the tab says so and links to the repository`, async ({
      page,
      shell,
    }) => {
      await shell.goto(`/leaderboard/${slug}`);
      const tabs = page.getByTestId('install-tabs').getByRole('tab');
      await expect(tabs).toHaveText([/npm/, /From source/, /Homebrew/]);
      await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');
      const panel = page.getByRole('tabpanel');
      await expect(panel).toContainText(npmCommand);
      await tabs.nth(1).click();
      await expect(panel).toContainText(/not open source|closed source/);
      const repository = panel.getByTestId('install-link');
      await expect(repository).toHaveAttribute('href', repo);
      await expect(repository).toHaveAttribute('target', '_blank');
      await expect(repository).toHaveAttribute('rel', 'noopener noreferrer');
      await expect(panel).not.toContainText('git clone');
      await tabs.nth(2).click();
      await expect(panel).toContainText('brew install');
    });
  }

  test('phone: the install tabs fit a 375 px screen, in both languages @phone', async ({ page, shell }) => {
    for (const lang of ['', '/zh'] as const) {
      await shell.goto(`${lang}/leaderboard/claude-code`);
      const box = page.getByTestId('install-tabs').locator('xpath=..');
      await box.scrollIntoViewIfNeeded();
      await page.getByTestId('install-tabs').getByRole('tab').nth(1).click();
      await expect(box.getByTestId('install-link')).toBeVisible();
      // The command under "From source" is the native installer, and its caption says so.
      await expect(page.getByRole('tabpanel').getByTestId('command-box')).toContainText(lang ? '原生安装程序' : 'Native installer');
      const width = await page.evaluate(() => document.documentElement.clientWidth);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      for (const tab of await page.getByTestId('install-tabs').getByRole('tab').all()) {
        const b = (await tab.boundingBox())!;
        expect(b.x).toBeGreaterThanOrEqual(0);
        expect(b.x + b.width).toBeLessThanOrEqual(width);
      }
      await box.screenshot({ path: `test-results/screenshots/install-tabs-claude-code${lang.replace('/', '-') || '-en'}-phone.png` });
    }
  });

  test('Groq Code: install cards, disabled quick-install and API-key buttons', async ({ page, shell }) => {
    await shell.goto('/leaderboard/groq-code');
    const cards = page.getByTestId('install-cards').getByRole('listitem');
    await expect(cards).toHaveCount(3);
    await expect(cards.first()).toContainText('Recommended');
    await expect(page.getByTestId('quick-install-button')).toBeDisabled();
    await expect(page.getByTestId('api-key-button')).toBeDisabled();
    await expect(page.locator('[data-testid="auth-bullets"] li')).toHaveCount(3);
    await expect(page.locator('[data-table="slash"] tbody th')).toHaveText(['/help', '/login', '/model', '/clear', '/reasoning', '/stats']);
    await expect(page.locator('[data-table="flags"] tbody tr')).toHaveCount(6);
  });
});

test.describe('head to head', () => {
  test('cards link to the tool pages; the table, scores, pricing, hybrid steps and six collapsible FAQ', async ({ page, shell }) => {
    await shell.goto('/leaderboard/claude-code-vs-gemini-cli');
    const table = page.getByTestId('h2h-table');
    await expect(table.locator('tr[data-row="quality"] td').nth(0)).toHaveText('9.1 / 10');
    await expect(table.locator('tr[data-row="speed"]')).toHaveAttribute('data-winner', 'gemini');
    await expect(table.locator('tr[data-row="contextWindow"]')).toContainText('200,000 tokens');
    await expect(table.locator('tr[data-row="contextWindow"]')).toContainText('1,000,000 tokens');
    await expect(table.locator('tr[data-row="freeTier"]')).toContainText('60 per minute, 1,000 per day');
    await expect(page.getByTestId('h2h-scores').locator('[role="meter"]')).toHaveCount(10);
    const pricing = page.getByTestId('h2h-pricing');
    await expect(pricing.locator('[data-tier="individual"]')).toContainText('$20-50/month');
    await expect(pricing.locator('[data-tier="team"]')).toContainText('$100-250/month');
    await expect(pricing.locator('[data-tier="enterprise"]')).toContainText('API pricing');
    await expect(page.getByTestId('hybrid-steps').getByRole('listitem')).toHaveCount(2);
    const faq = page.getByTestId('faq-item');
    await expect(faq).toHaveCount(6);
    await faq.nth(2).locator('summary').press('Enter');
    await expect(faq.nth(2)).toHaveAttribute('open');
    await page.getByTestId('h2h-tool-cards').getByRole('link', { name: 'Read the Gemini CLI guide' }).click();
    await expect(page).toHaveURL(/\/leaderboard\/gemini-cli$/);
  });
});
