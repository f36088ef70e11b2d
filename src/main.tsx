// First: switches zod to jitless mode before any schema is built (the CSP forbids its `new Function` JIT).
import './shared/lib/zodJitless';

import { hydrate as hydrateQueries } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';

import { parsePathname } from '#protocol/languages';

import { App } from './App';
import { installLoginBroadcast } from './features/auth/broadcast';
import { signinIsland } from './features/auth/island/state';
import { planIsland } from './features/billing/island/state';
import { queryClient } from './shared/api/queryClient';
import { queryKeys } from './shared/api/queryKeys';
import { refreshAuth, watchAuthAcrossTabs } from './shared/auth/session';
import { initI18n } from './shared/i18n';
import { detectLanguage } from './shared/i18n/preference';
import { installChunkErrorHandler } from './shared/lib/chunkReload';
import { registerServiceWorker } from './shared/pwa/registerSW';
import { applyTheme } from './shared/ui/theme';

/**
 * Starts the app; src/boot.ts calls it when the page needs React (at once, or at the visitor's first interaction on a
 * prerendered page) and once the full stylesheet has arrived.
 */
export async function start(): Promise<void> {
  applyTheme();
  installChunkErrorHandler();
  const signedIn = refreshAuth() !== null;
  watchAuthAcrossTabs();
  installLoginBroadcast();

  const parsed = parsePathname(location.pathname);
  await initI18n(parsed.kind === 'ok' ? parsed.lang : 'en');

  const root = document.getElementById('root')!;
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  // Public pages arrive prerendered (scripts/prerender.mjs), rendered signed out in the URL's language. Hydrate when
  // this visitor sees exactly that: same URL, signed out (the header differs otherwise) and not about to be sent from
  // / to a saved or browser language. In every other case render afresh; React replaces the markup.
  const prerendered = root.dataset.prerenderedPath === location.pathname;
  const redirectsFromRoot =
    location.pathname === '/' && detectLanguage(localStorage, navigator.languages ?? [navigator.language]).language !== 'en';
  if (prerendered) {
    // Data the docs pages were rendered with (install guide, changelog), so their first render matches the markup.
    const state = document.getElementById('tern-query-state')?.textContent;
    if (state) hydrateQueries(queryClient, JSON.parse(state));
    // Plans the plan-card island already shows (features/billing/island): the cards hydrate over its markup.
    const plans = planIsland.rendered;
    if (plans) queryClient.setQueryData(queryKeys.billing.products(), plans.products, { updatedAt: plans.at });
    // The sign-in options the sign-in island already shows (features/auth/island).
    const signin = signinIsland.drawn;
    if (signin) queryClient.setQueryData(queryKeys.auth.loginPermission(), signin.permission, { updatedAt: signin.at });
    if (signin?.config) queryClient.setQueryData(queryKeys.auth.clientConfig(), signin.config.data, { updatedAt: signin.config.at });
  }
  if (prerendered && !signedIn && !redirectsFromRoot) hydrateRoot(root, app);
  else createRoot(root).render(app);
  registerServiceWorker();
}
