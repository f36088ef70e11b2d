import type { RouteDef } from '#protocol/routes';

/** Translates `pages:` keys; both react-i18next's `t` and `i18n.getFixedT(lang, 'pages')` fit. */
type PagesT = (key: string) => string;

/** The document title and description of a route: one rule for the client (RouteView) and the prerenderer. */
export function pageMeta(t: PagesT, route: RouteDef): { title: string; description: string } {
  const title = t(`${route.titleKey}.title`);
  const suffix = t('titleSuffix');
  return {
    title: route.id === 'home' ? `${suffix} — ${title}` : `${title} · ${suffix}`,
    description: t(`${route.titleKey}.description`),
  };
}
