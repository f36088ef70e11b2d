// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { Router } from 'wouter';

import type { Product } from '#protocol/billing';
import { type Language, localizePath } from '#protocol/languages';

import enBilling from '../../../locales/en/billing.json';
import zhBilling from '../../../locales/zh/billing.json';
import { queryKeys } from '../../../shared/api/queryKeys';
import { i18n, initI18n, setLanguage } from '../../../shared/i18n';
import { LanguageRouteContext } from '../../../shared/routing/language';
import { PlanCards } from '../PlanCards';
import { isContactPlan, visibleProducts } from '../productLabels';
import { planCardsHtml } from './planCardsHtml';
import { samplePlanProducts } from './sampleProducts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const strings = { en: enBilling.plans, zh: zhBilling.plans } as Record<Language, Record<string, string>>;

function tree(products: Product[], lang: Language) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(queryKeys.billing.products(), products);
  const prefix = lang === 'en' ? '' : `/${lang}`;
  return (
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <LanguageRouteContext.Provider value={{ lang, prefix, rest: '/pricing' }}>
          <Router base={prefix} ssrPath={localizePath('/pricing', lang)}>
            <PlanCards />
          </Router>
        </LanguageRouteContext.Provider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}

const regular = samplePlanProducts.filter((p) => !isContactPlan(p));
const contact = samplePlanProducts.filter((p) => isContactPlan(p));
/** Every shape, and each grid width: 1 to 5 purchasable plans, with and without the contact plan, an inactive one. */
const lists: [string, Product[]][] = [
  ['all plans', samplePlanProducts],
  ...[1, 2, 3, 4].map((n): [string, Product[]] => [`${n} purchasable + contact`, [...regular.slice(0, n), ...contact]]),
  ['one plan, no contact plan', regular.slice(2, 3)],
  ['contact plan only', contact],
  ['an inactive plan', [{ ...regular[1]!, isActive: false }, ...regular.slice(2)]],
];

describe('planCardsHtml: the island draws exactly what PlanCards renders', () => {
  beforeAll(async () => {
    await initI18n('en');
  });

  for (const lang of ['en', 'zh'] as const) {
    for (const [name, products] of lists) {
      it(`${lang}: ${name}`, async () => {
        await setLanguage(lang);
        expect(planCardsHtml(visibleProducts(products), lang, strings[lang])).toBe(renderToString(tree(products, lang)));
      });
    }
  }

  it('React hydrates over the island markup without a mismatch and keeps its nodes', async () => {
    await setLanguage('zh');
    const container = document.createElement('div');
    container.innerHTML = planCardsHtml(visibleProducts(samplePlanProducts), 'zh', strings.zh);
    document.body.append(container);
    const buttons = [...container.querySelectorAll('button, a')];
    expect(buttons.length).toBeGreaterThan(3);
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, tree(samplePlanProducts, 'zh'), {
        onRecoverableError: (error) => void errors.push(error),
        onCaughtError: (error) => void errors.push(error),
        onUncaughtError: (error) => void errors.push(error),
      });
    });
    expect(errors).toEqual([]);
    expect([...container.querySelectorAll('button, a')]).toEqual(buttons);
    for (const b of buttons) expect(b.isConnected).toBe(true);
  });
});
