import { test as base, expect } from '@playwright/test';

import { ShellPage } from './pages/ShellPage';

/**
 * Every test fails on a console error: that includes "i18n missing key" reports, so an untranslated key that
 * would show on screen fails the suite.
 */
export const test = base.extend<{ shell: ShellPage; consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() !== 'error') return;
        const text = msg.text();
        // Expected HTTP error statuses (404 page, 401 probes) are logged by Chromium as resource errors.
        if (/Failed to load resource: the server responded with a status of (401|404)/.test(text)) return;
        errors.push(text);
      });
      page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
  shell: async ({ page }, use) => {
    await use(new ShellPage(page));
  },
});

export { expect };
