import type { Page } from '@playwright/test';

import { expect, test } from './fixtures';
import { saveScreenshot } from './pages/marketingPages';
import type { ShellPage } from './pages/ShellPage';

// Every marketing page, saved under test-results/screenshots/ for review: dark on desktop, light on the phone.
const pages = [
  ['home', '/'],
  ['pricing', '/pricing'],
  ['leaderboard', '/leaderboard'],
  ['gemini-cli', '/leaderboard/gemini-cli'],
  ['claude-code', '/leaderboard/claude-code'],
  ['coderabbit-cli', '/leaderboard/coderabbit-cli'],
  ['codex-cli', '/leaderboard/codex-cli'],
  ['qwen-code', '/leaderboard/qwen-code'],
  ['groq-code', '/leaderboard/groq-code'],
  ['head-to-head', '/leaderboard/claude-code-vs-gemini-cli'],
  ['home-zh', '/zh'],
  ['leaderboard-zh', '/zh/leaderboard'],
  ['qwen-code-zh', '/zh/leaderboard/qwen-code'],
] as const;

async function capture(page: Page, shell: ShellPage, project: string, name: string, path: string) {
  const phone = project === 'phone';
  await page.addInitScript((theme) => localStorage.setItem('tern.theme', theme), phone ? 'tern-light' : 'tern-dark');
  // The end state of every animation, so screenshots are stable.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  // The plans are the relay's own seeded catalogue.
  // The plans need the app: on the home page, below the fold, it wakes at the visitor's first move (src/boot.ts).
  const withPlans = name.startsWith('home') || name === 'pricing';
  if (withPlans) await shell.gotoHydrated(path);
  else await shell.goto(path);
  if (withPlans) await expect(page.getByTestId('plan-card').first()).toBeVisible();
  // Nothing may stick out sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  await saveScreenshot(page, project, name);
}

// The desktop project skips tests tagged @phone and the phone project runs only those, hence two titles per page.
test.describe('marketing screenshots', () => {
  for (const [name, path] of pages) {
    test(`${name} on desktop`, async ({ page, shell }, testInfo) => {
      await capture(page, shell, testInfo.project.name, name, path);
    });
    test(`${name} on a phone @phone`, async ({ page, shell }, testInfo) => {
      await capture(page, shell, testInfo.project.name, name, path);
    });
  }
});
