// First: zod's jitless mode before any schema is built (the CSP forbids its `new Function` JIT), as in src/main.tsx.
import '../../../shared/lib/zodJitless';

import { productListSchema } from '#protocol/billing';
import { parsePathname } from '#protocol/languages';

import { API_BASE, API_TIMEOUT_MS } from '../../../shared/api/config';
import { visibleProducts } from '../productLabels';
import { planCardsHtml, type PlanStrings } from './planCardsHtml';
import { planIsland } from './state';

/**
 * The plan-card island (issue #16): on a prerendered page that has not woken the app (src/boot.ts), the plan area's
 * skeletons are replaced by the live plan cards without React, i18next or the API client. It fetches the plan list,
 * validates it with the protocol's schema, and writes the markup PlanCards renders for it (planCardsHtml.ts). When
 * the app wakes it hydrates over that markup with the same data (planIsland.rendered, read by src/main.tsx), so a
 * buy button clicked before then keeps its node, and the boot script replays the click on it.
 *
 * Anything but a non-empty valid list (an error, an invalid answer, no plans) leaves the skeletons and wakes the app,
 * which shows its own error with a retry, or the empty notice, exactly as before.
 */

type LocaleModule = { default: { plans?: PlanStrings } };
// The same locale files (and so the same chunks) the app's i18n loads.
const locales = import.meta.glob<LocaleModule>('../../../locales/*/billing.json');

/** GET /web-api/products as the app's request() does (JSON, 10 s timeout, `{ success, data }` envelope). */
async function fetchPlanData(): Promise<unknown> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), API_TIMEOUT_MS);
  try {
    const response = await fetch(`${API_BASE}/web-api/products`, { headers: { Accept: 'application/json' }, signal: controller.signal });
    const body: unknown = await response.json();
    if (!response.ok || !body || typeof body !== 'object' || (body as { success?: unknown }).success === false) {
      throw new Error(`products: HTTP ${response.status}`);
    }
    return 'data' in body ? body.data : body;
  } finally {
    clearTimeout(timer);
  }
}

/** True while the page is still served by the boot script alone (the app has not started waking). */
const idle = () => document.documentElement.dataset.boot === 'idle';

/**
 * Fills `placeholder` (the skeletons) with the plan cards. Resolves true when it did, or when the app has started in
 * the meantime (the app then renders the plans itself, reusing this request); false when the app must take over.
 */
export async function mountPlanIsland(placeholder: HTMLElement): Promise<boolean> {
  const parsed = parsePathname(location.pathname);
  const lang = parsed.kind === 'ok' ? parsed.lang : 'en';
  const request = fetchPlanData();
  planIsland.request = request;
  try {
    const [data, strings] = await Promise.all([request, locales[`../../../locales/${lang}/billing.json`]?.()]);
    const all = productListSchema.parse(data);
    const products = visibleProducts(all);
    if (!idle()) return true;
    if (!strings?.default.plans || products.length === 0 || !placeholder.isConnected) return false;
    // Written in one task with the hand-over, so the app never sees one without the other.
    placeholder.outerHTML = planCardsHtml(products, lang, strings.default.plans);
    planIsland.rendered = { products: all, at: Date.now() };
    planIsland.request = null;
    return true;
  } catch {
    if (planIsland.request === request) planIsland.request = null;
    return !idle();
  }
}
