import { type ComponentType, type LazyExoticComponent, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect, Route, Switch, useLocation } from 'wouter';

import { redirects, type RouteDef, routeTable, toolSlugs, useCaseSlugs } from '#protocol/routes';

import { RequireAuth } from './features/auth/RequireAuth';
import { useLanguageRoute } from './shared/routing/language';
import { lazyPage } from './shared/routing/lazyPage';
import { pageMeta } from './shared/routing/pageMeta';
import { ErrorBoundary } from './shared/ui/ErrorBoundary';
import { PageSpinner } from './shared/ui/Spinner';
import { useDocumentMeta } from './shared/ui/useDocumentMeta';

type Page = LazyExoticComponent<ComponentType<{ route: RouteDef }>>;

// One lazy chunk per feature page. Pages receive their route (tool and use-case pages read the slug from its id).
const Placeholder: Page = lazyPage(() => import('./shared/ui/PlaceholderPage'));
const ToolPage: Page = lazyPage(() => import('./features/marketing/ToolPage'));
const UseCasePage: Page = lazyPage(() => import('./features/useCases/UseCasePage'));
const ContentPage: Page = lazyPage(() => import('./features/docs/ContentPage'));
const pages: Record<string, Page> = {
  home: lazyPage(() => import('./features/marketing/HomePage')),
  pricing: lazyPage(() => import('./features/marketing/PricingPage')),
  leaderboard: lazyPage(() => import('./features/marketing/LeaderboardPage')),
  headToHead: lazyPage(() => import('./features/marketing/HeadToHeadPage')),
  ...Object.fromEntries(toolSlugs.map((slug) => [`tool:${slug}`, ToolPage])),
  ...Object.fromEntries(useCaseSlugs.map((slug) => [`useCase:${slug}`, UseCasePage])),
  install: lazyPage(() => import('./features/docs/InstallPage')),
  changelog: lazyPage(() => import('./features/docs/ChangelogPage')),
  help: lazyPage(() => import('./features/docs/HelpPage')),
  contact: ContentPage,
  privacy: ContentPage,
  terms: ContentPage,
  about: ContentPage,
  remote: lazyPage(() => import('./features/remote/RemotePage')),
  remotePair: lazyPage(() => import('./features/remote/PairPage')),
  login: lazyPage(() => import('./features/auth/LoginPage')),
  account: lazyPage(() => import('./features/auth/TernSignInPage')),
  callback: lazyPage(() => import('./features/auth/CallbackPage')),
  loginRedirect: lazyPage(() => import('./features/auth/LoginRedirectPage')),
  tokenLogin: lazyPage(() => import('./features/auth/TokenLoginPage')),
  userinfo: lazyPage(() => import('./features/account/UserInfoPage')),
  invitation: lazyPage(() => import('./features/account/InvitationPage')),
  codeExchange: lazyPage(() => import('./features/account/CodeExchangePage')),
  orders: lazyPage(() => import('./features/account/OrdersPage')),
  orderDetail: lazyPage(() => import('./features/account/OrderDetailPage')),
  notFound: lazyPage(() => import('./features/errors/NotFoundPage')),
};

/**
 * Marks the document once the routed page has mounted. It sits inside the page's Suspense boundary, so on a
 * prerendered page it commits only when that boundary has hydrated: prerendered buttons work from then on, and a
 * navigation no longer lands in a half-hydrated page (tests wait for `html[data-app-ready]`).
 */
function PageReadyMarker() {
  useEffect(() => {
    document.documentElement.dataset.appReady = 'true';
  }, []);
  return null;
}

function RouteView({ route }: { route: RouteDef }) {
  const { t } = useTranslation('pages');
  const { lang } = useLanguageRoute();
  const meta = pageMeta(t as (key: string) => string, route);
  useDocumentMeta({
    ...meta,
    path: route.path,
    lang,
    noindex: !route.index,
  });
  const PageComponent = pages[route.id] ?? Placeholder;
  const page = <PageComponent route={route} />;
  return route.access === 'guarded' ? <RequireAuth>{page}</RequireAuth> : page;
}

const notFoundRoute = routeTable.find((r) => r.id === 'notFound')!;

export function AppRoutes() {
  const [location] = useLocation();
  return (
    <ErrorBoundary resetKey={location}>
      <Suspense fallback={<PageSpinner />}>
        <PageReadyMarker />
        <Switch>
          {Object.entries(redirects).map(([from, to]) => (
            <Route key={from} path={from}>
              <Redirect to={to} replace />
            </Route>
          ))}
          {routeTable.map((route) => (
            <Route key={route.id} path={route.path}>
              <RouteView route={route} />
            </Route>
          ))}
          <Route>
            <RouteView route={notFoundRoute} />
          </Route>
        </Switch>
      </Suspense>
    </ErrorBoundary>
  );
}
