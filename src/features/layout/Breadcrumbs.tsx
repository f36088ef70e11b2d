import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';

import { routeById, type RouteDef } from '../../shared/routing/routeTable';

/**
 * Home › trail › current page. Not shown on home, the not-found page or /userinfo (spec §2), nor on /remote, a
 * full-height console where every row counts (its own top bar says where you are).
 */
export function Breadcrumbs({ route }: { route: RouteDef | null }) {
  const { t } = useTranslation(['layout', 'pages']);
  if (!route || route.id === 'home' || route.id === 'userinfo' || route.id === 'remote' || route.id === 'notFound') return null;
  const trail = route.trail.map((id) => routeById.get(id)).filter((r): r is RouteDef => !!r);
  const title = (r: RouteDef) => t(`pages:${r.titleKey}.title` as 'pages:home.title');
  return (
    <nav aria-label={t('layout:breadcrumb.label')} className="breadcrumbs mx-auto w-full max-w-7xl px-4 pt-4 text-sm text-base-content/70">
      <ul>
        <li>
          <Link href="/">{t('layout:breadcrumb.home')}</Link>
        </li>
        {trail.map((r) => (
          <li key={r.id}>
            <Link href={r.path}>{title(r)}</Link>
          </li>
        ))}
        <li aria-current="page">{title(route)}</li>
      </ul>
    </nav>
  );
}
