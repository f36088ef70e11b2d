import { test } from './fixtures';
import { installBillingStandIn } from './pages/marketingPages';

test('probe', async ({ page, shell }) => {
  await installBillingStandIn(page);
  // Slow the products answer, as a busy machine would.
  await page.route('**/web-api/products', async (route) => { await new Promise((r) => setTimeout(r, 1500)); await route.fallback(); });
  await page.addInitScript(() => {
    const log: string[] = [];
    (window as unknown as { __log: string[] }).__log = log;
    const t0 = performance.now();
    const tick = () => {
      const p = document.getElementById('pricing'); const f = document.getElementById('faq');
      log.push(`${Math.round(performance.now() - t0)} y=${Math.round(scrollY)} pricing=${p ? Math.round(p.getBoundingClientRect().top) : '-'} faq=${f ? Math.round(f.getBoundingClientRect().top) : '-'} h=${document.documentElement.scrollHeight}`);
      if (performance.now() - t0 < 6000) setTimeout(tick, 100);
    };
    tick();
  });
  await shell.goto('/#pricing');
  await page.waitForTimeout(5000);
  console.log((await page.evaluate(() => (window as unknown as { __log: string[] }).__log)).filter((l, i, a) => i === 0 || l.split(' ').slice(1).join() !== a[i - 1]!.split(' ').slice(1).join()).join('\n'));
  await page.evaluate(() => (location.hash = '#faq'));
  for (let i = 0; i < 15; i++) { console.log(await page.evaluate(() => `y=${Math.round(scrollY)} faq=${Math.round(document.getElementById('faq')!.getBoundingClientRect().top)}`)); await page.waitForTimeout(100); }
});
