/**
 * Server entry for build-time prerendering (scripts/prerender.mjs). Vite builds it with `--ssr` into dist-ssr/;
 * the script imports it once and calls `renderPage` for every indexable route in both languages.
 *
 * It renders the same <App /> the browser runs, wrapped in wouter's <Router ssrPath>, with React 19's
 * `prerenderToNodeStream`, which waits for every lazy page and Suspense boundary before it resolves. Pages that
 * fetch data at run time (pricing cards) render their loading state; the docs pages get their data up front
 * (see features/docs/prerenderData.ts) and ship it as dehydrated query state for the client to pick up.
 */
import { dehydrate } from '@tanstack/react-query';
import jsdom from 'jsdom';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { Router } from 'wouter';

import { type Language, languageEntries, localizePath, supportedLanguages } from '#protocol/languages';
import { ORIGIN_PLACEHOLDER, prerenderedFile } from '#protocol/prerender';
import { type RouteDef, routeTable } from '#protocol/routes';

import { App } from './App';
import { optionButtonsHtml, type SigninLabels } from './features/auth/island/signinDom';
import { planCardsHtml } from './features/billing/island/planCardsHtml';
import { samplePlanProducts } from './features/billing/island/sampleProducts';
import { isContactPlan } from './features/billing/productLabels';
import { docsPrerenderData } from './features/docs/prerenderData';
import { queryClient } from './shared/api/queryClient';
import { brand } from './shared/brand';
import { i18n, initI18n, setLanguage } from './shared/i18n';
import { pageMeta } from './shared/routing/pageMeta';

export { localizePath, ORIGIN_PLACEHOLDER, prerenderedFile, routeTable, supportedLanguages };

// The prerendered page is what a first-time, signed-out English or Chinese visitor sees. The app reads a few browser
// globals while rendering (the browser notice reads the user agent, the language gate reads the saved language at /),
// so the server provides inert stand-ins: a current desktop Chrome and an empty storage. Node 21+ has its own
// `navigator`, which is kept. The marketing FAQ sanitises its HTML with DOMPurify(window) during render; a detached
// jsdom window (no URL, no scripts) gives it the same parser as the browser. These are defined after the libraries
// have loaded, so their own server checks (TanStack Query's isServer) are not fooled.
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}
const serverGlobals: Record<string, unknown> = {
  navigator: {
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
    language: 'en-US',
    languages: ['en-US'],
    onLine: true,
  },
  localStorage: memoryStorage(),
  sessionStorage: memoryStorage(),
  window: new jsdom.JSDOM('<!doctype html><html><head></head><body></body></html>').window,
};
for (const [name, value] of Object.entries(serverGlobals)) {
  if (!(name in globalThis)) Object.defineProperty(globalThis, name, { value, configurable: true, writable: true });
}

export interface PageHead {
  lang: Language;
  /** `lang` attribute of <html>: en-US, zh-CN. */
  htmlLang: string;
  title: string;
  description: string;
  /** Language-free path, for canonical and hreflang URLs. */
  path: string;
  ogLocale: string;
  ogLocaleAlternates: string[];
  siteName: string;
}

export interface RenderedPage {
  /** The URL path the page was rendered for (with the language prefix). */
  url: string;
  html: string;
  head: PageHead;
  /** Dehydrated TanStack Query state, or null when the page prefetched nothing. */
  queryState: unknown;
}

export const indexableRoutes = (): RouteDef[] => routeTable.filter((r) => r.index);

const ogLocale = (lang: Language) => languageEntries[lang].locale.replace('-', '_');

/** Head tags of a prerendered page; title and description come from the same pageMeta rule as the client. */
export function headFor(route: RouteDef, lang: Language): PageHead {
  const { title, description } = pageMeta(i18n.getFixedT(lang, 'pages') as (key: string) => string, route);
  return {
    lang,
    htmlLang: languageEntries[lang].locale,
    title,
    description,
    path: route.path,
    ogLocale: ogLocale(lang),
    ogLocaleAlternates: supportedLanguages.filter((l) => l !== lang).map(ogLocale),
    siteName: brand.name,
  };
}

async function streamToString(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Renders one route in one language. `readPublicFile` reads a file of the built site (the install guides).
 * Calls must not overlap: the app's i18n instance and query client are module singletons, as in the browser.
 */
export async function renderPage(
  route: RouteDef,
  lang: Language,
  readPublicFile: (relativePath: string) => Promise<string>,
): Promise<RenderedPage> {
  if (!i18n.isInitialized) await initI18n(lang);
  else await setLanguage(lang);

  queryClient.clear();
  for (const { queryKey, data } of await docsPrerenderData(route.id, lang, readPublicFile)) queryClient.setQueryData(queryKey, data);
  const prefetched = queryClient.getQueryCache().getAll().length > 0;

  const url = localizePath(route.path, lang);
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <Router ssrPath={url}>
        <App />
      </Router>
    </StrictMode>,
    {
      onError: (error) => void errors.push(error),
      // Never outline a large Suspense boundary into a hidden <div> revealed by an inline script: the CSP forbids
      // inline scripts, and crawlers and no-JavaScript visitors must get the content in place.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  );
  const html = await streamToString(prelude);
  if (errors.length > 0) throw new Error(`Prerendering ${url} failed: ${String(errors[0])}`, { cause: errors[0] });

  const queryState = prefetched ? dehydrate(queryClient) : null;
  queryClient.clear();
  return { url, html, head: headFor(route, lang), queryState };
}

/**
 * The plan cards of every shape and grid width, as the plan-card island draws them (features/billing/island): the
 * prerender adds this, for the critical CSS only, to pages with a `data-island="plans"` area, so the cards are styled
 * when the island draws them before the app (and the full stylesheet) wakes.
 */
export function planCardsCssSample(lang: Language): string {
  const strings = i18n.getResourceBundle(lang, 'billing') as { plans: Record<string, string> };
  const regular = samplePlanProducts.filter((p) => !isContactPlan(p));
  const contact = samplePlanProducts.filter((p) => isContactPlan(p));
  return [1, 2, 3, 4].map((n) => planCardsHtml([...regular.slice(0, n), ...contact], lang, strings.plans)).join('');
}

/**
 * The optional sign-in buttons (enabled and disabled), as the sign-in island draws them (features/auth/island): the
 * prerender adds them, for the critical CSS only, to the shell, whose sign-in templates show the options pending.
 */
export function signinCssSample(lang: Language): string {
  const labels = (i18n.getResourceBundle(lang, 'auth') as { login: SigninLabels }).login;
  const all = { feishuLoginAllowed: true, cheetahLoginAllowed: true };
  return optionButtonsHtml(all, labels, false) + optionButtonsHtml(all, labels, true);
}
