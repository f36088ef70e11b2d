/**
 * Where build-time prerendered pages live in the built site, shared by the prerenderer (through src/entry-server.tsx)
 * and the relay that serves them (http/staticRoutes.ts). Pure: no Node or browser APIs.
 */

/** Folder of the built site holding one HTML file per indexable route and language. */
export const PRERENDER_DIR = 'prerendered';

/**
 * Canonical, hreflang, Open Graph and sitemap URLs must be absolute, but the site's origin is only known when it is
 * served (PUBLIC_URL, or the request's own host). The build writes this token; the relay replaces it on the way out.
 */
export const ORIGIN_PLACEHOLDER = '__TERN_ORIGIN__';

/** `dist/`-relative file of a route: ('en', '/') → prerendered/en/index.html, ('zh', '/leaderboard/qwen-code') → prerendered/zh/leaderboard/qwen-code.html. */
export function prerenderedFile(lang: string, routePath: string): string {
  const rest = routePath === '/' ? 'index' : routePath.replace(/^\/+/, '');
  return `${PRERENDER_DIR}/${lang}/${rest}.html`;
}
