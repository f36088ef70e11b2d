// Developer helper: screenshot a page of a running relay. node scripts/shot.mjs URL OUT.png [width] [dark|light] [lang]
import { chromium } from '@playwright/test';

import { chromiumLaunch } from './chromium.mjs';

const [url, out, width = '1280', theme = 'dark', lang = 'en-US'] = process.argv.slice(2);
const browser = await chromium.launch(chromiumLaunch);
const page = await browser.newPage({ viewport: { width: Number(width), height: 900 }, locale: lang, colorScheme: theme });
page.on('console', (m) => m.type() === 'error' && console.log('console error:', m.text()));
await page.goto(url, { waitUntil: 'networkidle' });
await page.waitForTimeout(400);
await page.screenshot({ path: out, fullPage: true });
await browser.close();
