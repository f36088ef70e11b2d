import { defineConfig, devices } from '@playwright/test';

import { chromiumLaunch, shellLaunch } from './scripts/chromium.mjs';

const PORT = Number(process.env.E2E_PORT ?? 4318);
// The push specs run in the full browser: the headless shell (scripts/chromium.mjs) denies notifications.
const pushSpecs = /\/push[^/]*\.spec\.ts$/;

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: process.env.PW_OUTPUT_DIR ?? 'test-results',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? 'reports/playwright.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: chromiumLaunch,
    locale: 'en-US',
    // A trace of every test (kept on failure) cost a third more time: the screencast's frames. A failure is run again
    // on CI (retries above) with its trace; locally, `npx playwright test --trace on` for the one that failed.
    trace: 'on-first-retry',
    serviceWorkers: 'block',
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], launchOptions: shellLaunch }, grepInvert: /@phone/, testIgnore: pushSpecs },
    { name: 'push', use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunch }, grepInvert: /@phone/, testMatch: pushSpecs },
    {
      name: 'phone',
      use: { ...devices['Pixel 7'], viewport: { width: 375, height: 812 }, launchOptions: shellLaunch },
      grep: /@phone/,
    },
  ],
  webServer: {
    command: 'node --import tsx tests/e2e/server.ts',
    url: `http://127.0.0.1:${PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn' } as Record<string, string>,
  },
});
