import { type ComponentType, type LazyExoticComponent, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect, Route, Switch } from 'wouter';

import { RequireAuth } from './features/auth/RequireAuth';
import { useLanguageRoute } from './shared/routing/language';
import { lazyPage } from './shared/routing/lazyPage';
import { redirects, type RouteDef, routeTable } from './shared/routing/routeTable';
import { PageSpinner } from './shared/ui/Spinner';
import { useDocumentMeta } from './shared/ui/useDocumentMeta';

type Page = LazyExoticComponent<ComponentType<{ route: RouteDef }>>;

// One lazy chunk per feature page; pages not written yet share the placeholder chunk and say so on screen.
const Placeholder: Page = lazyPage(() => import('./shared/ui/PlaceholderPage'));
const pages: Record<string, Page> = {
  home: lazyPage(() => import('./features/marketing/HomePage')),
  notFound: lazyPage(() => import('./features/errors/NotFoundPage')),
};

/** Reports the current route so the layout can hide breadcrumbs or switch shells. */
export type RouteListener = (route: RouteDef | null) => void;

function RouteView({ route, onRoute }: { route: RouteDef; onRoute: RouteListener }) {
  const { t } = useTranslation('pages');
  const { lang } = useLanguageRoute();
  const title = t(`${route.titleKey}.title` as 'home.title');
  useDocumentMeta({
    title: route.id === 'home' ? `${t('titleSuffix')} — ${title}` : `${title} · ${t('titleSuffix')}`,
    description: t(`${route.titleKey}.description` as 'home.description'),
    path: route.path,
    lang,
    noindex: !route.index,
  });
  useEffect(() => onRoute(route), [route, onRoute]);
  const PageComponent = pages[route.id] ?? Placeholder;
  const page = <PageComponent route={route} />;
  return route.access === 'guarded' ? <RequireAuth>{page}</RequireAuth> : page;
}

const notFoundRoute = routeTable.find((r) => r.id === 'notFound')!;

export function AppRoutes({ onRoute }: { onRoute: RouteListener }) {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Switch>
        {Object.entries(redirects).map(([from, to]) => (
          <Route key={from} path={from}>
            <Redirect to={to} replace />
          </Route>
        ))}
        {routeTable.map((route) => (
          <Route key={route.id} path={route.path}>
            <RouteView route={route} onRoute={onRoute} />
          </Route>
        ))}
        <Route>
          <RouteView route={notFoundRoute} onRoute={onRoute} />
        </Route>
      </Switch>
    </Suspense>
  );
}
