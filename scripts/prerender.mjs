// Build step after `vite build` and `vite build --ssr src/entry-server.tsx`: renders every indexable route of the
// route table in every language to static HTML (dist/prerendered/<lang>/<path>.html) and writes dist/sitemap.xml.
// The relay serves those files for their routes (relay/server/http/staticRoutes.ts); the browser then hydrates them.
//
//   node scripts/prerender.mjs [distDir] [ssrDir]   (defaults: TERN_DIST_DIR or dist; TERN_SSR_DIR or <distDir>/.ssr)
//
// No browser is needed: React renders on Node with react-dom/static, so `npm start` builds anywhere. The server
// bundle is build-time only: when it sits inside the dist folder it is deleted afterwards, so it is never served.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import Beasties from 'beasties';

import { buildSitemap } from './sitemap.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const distDir = path.resolve(root, process.argv[2] ?? process.env.TERN_DIST_DIR ?? 'dist');
const ssrDir = path.resolve(root, process.argv[3] ?? process.env.TERN_SSR_DIR ?? path.join(distDir, '.ssr'));

const escapeHtml = (s) => String(s).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** JSON inside <script type="application/json">: nothing in it may close the tag or break the parser. */
const safeJson = (value) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

function replaceOnce(html, pattern, replacement, what) {
  if (!pattern.test(html)) throw new Error(`prerender: the index.html template has no ${what}`);
  return html.replace(pattern, replacement);
}

/** The built index.html with this page's head, markup and query data. */
export function pageHtml(template, page, { origin, localizePath, languages }) {
  const { head } = page;
  const abs = (p) => origin + p;
  const canonical = abs(localizePath(head.path, head.lang));
  const seo = 'data-tern-seo=""';
  const tags = [
    `<meta name="robots" content="index, follow" />`,
    `<link rel="canonical" href="${canonical}" ${seo} />`,
    ...languages.map((l) => `<link rel="alternate" hreflang="${l}" href="${abs(localizePath(head.path, l))}" ${seo} />`),
    `<link rel="alternate" hreflang="x-default" href="${abs(localizePath(head.path, 'en'))}" ${seo} />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escapeHtml(head.siteName)}" />`,
    `<meta property="og:title" content="${escapeHtml(head.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(head.description)}" />`,
    `<meta property="og:url" content="${canonical}" />`,
    `<meta property="og:image" content="${abs('/icons/icon-512.png')}" />`,
    `<meta property="og:locale" content="${head.ogLocale}" />`,
    ...head.ogLocaleAlternates.map((l) => `<meta property="og:locale:alternate" content="${l}" />`),
    `<meta name="twitter:card" content="summary" />`,
    `<meta name="twitter:title" content="${escapeHtml(head.title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(head.description)}" />`,
  ];
  let html = template;
  html = replaceOnce(html, /<html lang="[^"]*"/, `<html lang="${head.htmlLang}"`, '<html lang>');
  html = replaceOnce(html, /<title>[\s\S]*?<\/title>/, `<title>${escapeHtml(head.title)}</title>`, '<title>');
  html = replaceOnce(
    html,
    /<meta name="description" content="[^"]*"\s*\/?>/,
    `<meta name="description" content="${escapeHtml(head.description)}" />`,
    'meta description',
  );
  html = replaceOnce(html, /\s*<\/head>/, `\n    ${tags.join('\n    ')}\n  </head>`, '</head>');
  // Streaming instructions would be inline scripts, which the CSP blocks; the markup must be complete without them.
  if (/<script>|<template id="B:/.test(page.html)) throw new Error(`prerender: ${page.url} still has a pending Suspense boundary`);
  const state = page.queryState ? `<script type="application/json" id="tern-query-state">${safeJson(page.queryState)}</script>` : '';
  // `data-prerendered-path` tells src/main.tsx which URL the markup belongs to (it hydrates only on a match).
  html = replaceOnce(
    html,
    /<div id="root"><\/div>/,
    () => `<div id="root" data-prerendered-path="${escapeHtml(page.url)}">${page.html}</div>${state}`,
    '<div id="root"></div>',
  );
  return html;
}

/**
 * Critical CSS (issue #16): the rules this page's markup uses are inlined in a <style> (the CSP allows inline
 * styles), so the first paint waits for no stylesheet. The full stylesheet still loads, at low priority with
 * `media="print"`, and src/boot.ts switches it to `all` when the app wakes (a <noscript> copy serves visitors
 * without JavaScript). Both themes' variables are always inlined: the saved theme may be the one not prerendered.
 */
export function criticalCss(distDir) {
  const beasties = new Beasties({
    path: distDir,
    publicPath: '/',
    preload: false,
    fonts: false,
    keyframes: 'critical',
    reduceInlineStyles: false,
    logLevel: 'warn',
    // beasties matches a selector after removing its pseudo-classes and pseudo-elements, which breaks two shapes the
    // build uses: Tailwind's space-x/y (`:where(.space-y-2>:not(:last-child))`) and daisyUI's separators
    // (`…>li+:before`); those rules (few: the build holds only used utilities) are always kept. Nor does it match
    // Tailwind's child variants, whose class holds an escaped `>` (`.\[\&\>article\]\:flex-1>article`): kept too.
    allowRules: [
      /data-theme/,
      /prefers-color-scheme/,
      /:not\(:(last|first)-child\)/,
      /[+>~]:{1,2}(before|after|marker)/,
      /breadcrumbs/,
      /^\.\\\[\\&\\>/,
      // A selector that is only a pseudo-element (preflight's `::placeholder`) is empty once stripped: kept too.
      /::placeholder/,
    ],
  });
  /** `cssOnly`: extra markup whose rules are kept too (content an island may draw before the app), not shipped. */
  return async (html, cssOnly = '') => {
    const marked = cssOnly ? html.replace('</body>', `<div data-tern-css-sample hidden>${cssOnly}</div></body>`) : html;
    const processed = (await beasties.process(marked)).replace(' data-beasties-container', '');
    // The sample is the body's last element: everything from it to </body> goes.
    const sample = processed.indexOf('<div data-tern-css-sample');
    const inlined = cssOnly && sample >= 0 ? processed.slice(0, sample) + processed.slice(processed.lastIndexOf('</body>')) : processed;
    if (inlined.includes('data-tern-css-sample')) throw new Error('prerender: the CSS sample was not removed');
    let deferred = 0;
    const out = inlined.replace(/<link rel="stylesheet"(?: crossorigin)? href="(\/assets\/[^"]+\.css)">/g, (_, href) => {
      deferred++;
      return `<link rel="stylesheet" href="${href}" media="print" data-tern-deferred-css /><noscript><link rel="stylesheet" href="${href}" /></noscript>`;
    });
    if (deferred !== 1 || !/<style>/.test(out))
      throw new Error('prerender: critical CSS was not inlined (no <style>, or not one stylesheet link)');
    return out;
  };
}

async function main() {
  const started = Date.now();
  // React's production build: smaller markup work, and no development-only warnings in the build log.
  process.env.NODE_ENV ??= 'production';
  const server = await import(pathToFileURL(path.join(ssrDir, 'entry-server.js')).href);
  const template = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const origin = server.ORIGIN_PLACEHOLDER;
  const readPublicFile = (relative) => readFile(path.join(distDir, relative), 'utf8');
  const withCriticalCss = criticalCss(distDir);

  rmSync(path.join(distDir, 'prerendered'), { recursive: true, force: true });
  const routes = server.indexableRoutes();
  let count = 0;
  // One at a time: the app's i18n and query client are singletons, as in the browser.
  for (const route of routes) {
    for (const lang of server.supportedLanguages) {
      const page = await server.renderPage(route, lang, readPublicFile);
      const file = path.join(distDir, server.prerenderedFile(lang, route.path));
      mkdirSync(path.dirname(file), { recursive: true });
      const html = pageHtml(template, page, { origin, localizePath: server.localizePath, languages: server.supportedLanguages });
      // Where the plan-card island may draw the plans before the app wakes, their rules join the critical CSS.
      const islandCss = page.html.includes('data-island="plans"') ? server.planCardsCssSample(lang) : '';
      writeFileSync(file, await withCriticalCss(html, islandCss));
      count++;
    }
  }
  // The app shell (every route that is not prerendered: the console, account pages) gets the same treatment: its
  // markup is empty, so its critical CSS is the page background and both themes' variables; src/boot.ts starts the
  // app once the full stylesheet is here. It also carries the sign-in page, prerendered signed out in each language,
  // in inert <template>s: a signed-out visit to a guarded page is sent there, and src/shared/lib/bootSignin.ts puts
  // that markup in place at once instead of waiting for the app (whose rules join the shell's critical CSS).
  const loginRoute = server.routeTable.find((r) => r.id === 'login');
  const signIn = [];
  for (const lang of server.supportedLanguages) signIn.push(await server.renderPage(loginRoute, lang, readPublicFile));
  for (const page of signIn) {
    if (/<script|<template/.test(page.html)) throw new Error(`prerender: the sign-in page ${page.url} has a script or a pending boundary`);
  }
  const templates = signIn.map(
    (page) =>
      `<template data-tern-signin="${page.head.lang}" data-html-lang="${page.head.htmlLang}" data-title="${escapeHtml(page.head.title)}">${page.html}</template>`,
  );
  const shell = await withCriticalCss(template, signIn.map((page) => page.html + server.signinCssSample(page.head.lang)).join(''));
  writeFileSync(
    path.join(distDir, 'index.html'),
    replaceOnce(shell, /<\/body>/, () => `${templates.join('')}</body>`, '</body>'),
  );
  writeFileSync(
    path.join(distDir, 'sitemap.xml'),
    buildSitemap({
      routes,
      languages: server.supportedLanguages,
      localizePath: server.localizePath,
      origin,
      lastmod: new Date().toISOString().slice(0, 10),
    }),
  );
  if (path.dirname(ssrDir) === distDir) rmSync(ssrDir, { recursive: true, force: true });
  console.log(
    `prerendered ${count} pages and sitemap.xml into ${path.relative(root, distDir) || '.'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().then(
    // Timers of the rendered app (query garbage collection, toasts) must not keep the build waiting.
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
