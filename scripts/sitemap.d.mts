export function buildSitemap(options: {
  routes: readonly { path: string; index: boolean }[];
  languages: readonly string[];
  localizePath: (path: string, lang: never) => string;
  origin: string;
  lastmod?: string;
}): string;
