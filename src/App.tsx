import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Redirect, Router, useLocation } from 'wouter';

import { type Language, parsePathname } from '#protocol/languages';
import { matchRoute, routeById } from '#protocol/routes';

import { BrowserNotice } from './features/layout/BrowserNotice';
import { Layout } from './features/layout/Layout';
import { AppRoutes } from './routes';
import { queryClient } from './shared/api/queryClient';
import { i18n, setLanguage } from './shared/i18n';
import { detectLanguage, savePreference } from './shared/i18n/preference';
import { UpdatePrompt } from './shared/pwa/UpdatePrompt';
import { LanguageRouteContext } from './shared/routing/language';
import { useScrollOnNavigate } from './shared/routing/useScrollOnNavigate';
import { appStore, Provider } from './shared/state/jotai';
import { Toaster } from './shared/ui/Toaster';

/** Chooses the language from the URL, applies the spec's redirects, and nests the page routes under the prefix. */
function LanguageGate() {
  const [pathname] = useLocation();
  const parsed = parsePathname(pathname);
  const lang: Language | null = parsed.kind === 'ok' ? parsed.lang : null;
  const [readyLang, setReadyLang] = useState<Language | null>(i18n.language as Language);
  useScrollOnNavigate();

  useEffect(() => {
    if (!lang) return;
    let live = true;
    void setLanguage(lang).then(() => live && setReadyLang(lang));
    return () => {
      live = false;
    };
  }, [lang]);

  // Root in English: go to the detected language (saved choice, else browser language, else English).
  const rootTarget = useMemo(() => {
    if (parsed.kind !== 'ok' || pathname !== '/') return null;
    const detected = detectLanguage(localStorage, navigator.languages ?? [navigator.language]);
    if (detected.language === 'en') return null;
    if (detected.source === 'browser') savePreference(localStorage, detected.language, 'browser-auto');
    return `/${detected.language}`;
  }, [parsed.kind, pathname]);

  const context = useMemo(
    () => (parsed.kind === 'ok' ? { lang: parsed.lang, prefix: parsed.prefix, rest: parsed.rest } : null),
    [parsed.kind, parsed.kind === 'ok' ? parsed.lang : '', parsed.kind === 'ok' ? parsed.rest : ''], // eslint-disable-line react-hooks/exhaustive-deps
  );

  if (parsed.kind === 'redirect') return <Redirect to={parsed.to + location.search + location.hash} replace />;
  if (parsed.kind === 'unsupported') return <Redirect to="/404" replace />;
  if (rootTarget) return <Redirect to={rootTarget + location.search + location.hash} replace />;
  if (!context || readyLang !== lang) return null;
  // Chosen during render, not reported by the page: switching shells after mount would remount the page.
  const route = matchRoute(context.rest) ?? routeById.get('notFound') ?? null;

  return (
    <LanguageRouteContext.Provider value={context}>
      <Router base={context.prefix}>
        <Layout route={route}>
          <AppRoutes />
        </Layout>
      </Router>
    </LanguageRouteContext.Provider>
  );
}

export function App() {
  return (
    <Provider store={appStore}>
      <QueryClientProvider client={queryClient}>
        <I18nextProvider i18n={i18n}>
          <BrowserNotice />
          <LanguageGate />
          <Toaster />
          <UpdatePrompt />
        </I18nextProvider>
      </QueryClientProvider>
    </Provider>
  );
}
