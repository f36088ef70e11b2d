/** Test helper for docs and use-case components: real i18n resources, a fresh query client and the language route. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';

import type { Language } from '#protocol/languages';

import { i18n, initI18n } from '../../shared/i18n';
import { LanguageRouteContext } from '../../shared/routing/language';

export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Number.POSITIVE_INFINITY } } });
}

export async function renderPage(
  ui: ReactElement,
  { lang = 'en', client = testQueryClient() }: { lang?: Language; client?: QueryClient } = {},
): Promise<RenderResult & { client: QueryClient }> {
  await initI18n(lang);
  const result = render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <LanguageRouteContext.Provider value={{ lang, prefix: lang === 'en' ? '' : `/${lang}`, rest: '/' }}>
          {ui}
        </LanguageRouteContext.Provider>
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return { ...result, client };
}

/** A fetch stand-in answering by path; unknown paths get a 404. */
export function fakeFetch(routes: Record<string, (url: URL) => Response | Promise<Response>>) {
  return async (input: RequestInfo | URL): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost');
    const handler = routes[url.pathname];
    return handler ? handler(url) : new Response('Not found', { status: 404 });
  };
}
