import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';

import { routeById, type RouteDef } from '#protocol/routes';

/** Spec §2 hides breadcrumbs on the user-info page only; the console's exception is explained in docs/decisions.md. */
export function breadcrumbsHidden(route: RouteDef | null): boolean {
  return !route || route.id === 'userinfo' || route.id === 'remote';
}

/** Home › trail › current page; on home itself, the one crumb "Home". */
export function Breadcrumbs({ route }: { route: RouteDef | null }) {
  const { t } = useTranslation(['layout', 'pages']);
  if (!route || breadcrumbsHidden(route)) return null;
  const trail = route.trail.map((id) => routeById.get(id)).filter((r): r is RouteDef => !!r);
  const title = (r: RouteDef) => t(`pages:${r.titleKey}.title` as 'pages:home.title');
  return (
    <nav aria-label={t('layout:breadcrumb.label')} className="breadcrumbs mx-auto w-full max-w-7xl px-4 pt-4 text-sm text-base-content/70">
      <ul>
        {route.id === 'home' ? (
          <li aria-current="page">{t('layout:breadcrumb.home')}</li>
        ) : (
          <>
            <li>
              <Link href="/">{t('layout:breadcrumb.home')}</Link>
            </li>
            {trail.map((r) => (
              <li key={r.id}>
                <Link href={r.path}>{title(r)}</Link>
              </li>
            ))}
            <li aria-current="page">{title(route)}</li>
          </>
        )}
      </ul>
    </nav>
  );
}
