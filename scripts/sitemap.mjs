// sitemap.xml of every indexable route in every language, with hreflang alternates (x-default = English).
// Called by scripts/prerender.mjs with the route table from the server bundle.

const escapeXml = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * @param {{ routes: { path: string, index: boolean }[], languages: readonly string[], localizePath: (path: string, lang: string) => string,
 *           origin: string, lastmod?: string }} options
 */
export function buildSitemap({ routes, languages, localizePath, origin, lastmod }) {
  const url = (routePath, lang) => escapeXml(origin + localizePath(routePath, lang));
  const entries = routes
    .filter((route) => route.index)
    .flatMap((route) =>
      languages.map((lang) =>
        [
          '  <url>',
          `    <loc>${url(route.path, lang)}</loc>`,
          ...languages.map((alt) => `    <xhtml:link rel="alternate" hreflang="${alt}" href="${url(route.path, alt)}" />`),
          `    <xhtml:link rel="alternate" hreflang="x-default" href="${url(route.path, 'en')}" />`,
          ...(lastmod ? [`    <lastmod>${lastmod}</lastmod>`] : []),
          '  </url>',
        ].join('\n'),
      ),
    );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n');
}
