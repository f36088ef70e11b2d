import { existsSync } from 'node:fs';

import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 4318);
const args = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
/** Debian's full Chromium: what the push specs need (see `shellLaunch`). */
export const chromiumLaunch = { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args };
/**
 * Debian's headless shell (package chromium-headless-shell, the same Chromium without the desktop browser around it),
 * where it is installed: the suite took 9.7 min on it against 18.1 with the full browser (2 cores), whose browser and
 * compositor processes took over half the CPU. It denies notifications outright, so the push specs keep the full one.
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
export const shellLaunch =
  !process.env.CHROMIUM_PATH && existsSync(HEADLESS_SHELL) ? { executablePath: HEADLESS_SHELL, args } : chromiumLaunch;
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
