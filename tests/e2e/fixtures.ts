import { expect, test as base } from '@playwright/test';

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
        // Expected 4xx answers (404 page, refused logins, lockout) are logged by Chromium as resource errors.
        if (/Failed to load resource: the server responded with a status of 4\d\d/.test(text)) return;
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
