import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import type { ErrorBody } from '../../protocol';
import { localizePath, parsePathname } from '../../protocol/languages';
import { ORIGIN_PLACEHOLDER, PRERENDER_DIR, prerenderedFile } from '../../protocol/prerender';
import { matchRoute, redirects } from '../../protocol/routes';
import { createTextSender } from './staticCompression';

const API_PREFIXES = ['/api/', '/web-api/', '/cli-api/', '/auth/', '/socket.io/', '/healthz'];
export const isApiPath = (p: string) => API_PREFIXES.some((prefix) => p === prefix.replace(/\/$/, '') || p.startsWith(prefix));

export interface StaticRouteOptions {
  /** The public origin (PUBLIC_URL) for canonical, hreflang and sitemap URLs; else each request's own origin. */
  publicUrl?: string | undefined;
}

/**
 * Serves the built PWA. Hashed assets are cached forever; the shell and the service worker are revalidated on every
 * load so a deployment reaches users at once. Unknown page paths get the app shell with a 404 status, so the
 * not-found page renders and crawlers see the right code.
 *
 * Indexable routes get their build-time prerendered HTML (scripts/prerender.mjs) when it exists, so crawlers and
 * visitors without JavaScript see the content; the app then hydrates it. The build cannot know the site's origin,
 * so prerendered pages, sitemap.xml and robots.txt carry a placeholder that is replaced here.
 *
 * Compression (staticCompression.ts): files served as they are have `.br`/`.gz` siblings made at build time
 * (scripts/precompress.mjs), which @fastify/static picks by Accept-Encoding; the text written here (shell, prerendered
 * pages, sitemap, robots) is compressed once per origin after the placeholder is replaced, and kept in memory.
 */
export async function registerStaticRoutes(app: FastifyInstance, staticDir: string, options: StaticRouteOptions = {}): Promise<void> {
  const indexPath = path.join(staticDir, 'index.html');
  const hasBuild = existsSync(indexPath);
  let indexHtml: string | null = hasBuild ? readFileSync(indexPath, 'utf8') : null;
  const publicOrigin = options.publicUrl?.replace(/\/+$/, '');
  const originOf = (request: FastifyRequest) => publicOrigin ?? `${request.protocol}://${request.host}`;

  // Files are read once: a deployment restarts the relay, exactly as for index.html.
  const fileCache = new Map<string, string | null>();
  const readBuilt = (relative: string): string | null => {
    if (!fileCache.has(relative)) {
      const full = path.join(staticDir, relative);
      fileCache.set(relative, existsSync(full) ? readFileSync(full, 'utf8') : null);
    }
    return fileCache.get(relative) ?? null;
  };
  const withOrigin = (text: string, request: FastifyRequest) => text.replaceAll(ORIGIN_PLACEHOLDER, originOf(request));
  const sendText = createTextSender();

  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: staticDir,
      index: false,
      // Serve the build's .br/.gz sibling when the client accepts it (Content-Encoding, Vary: Accept-Encoding).
      preCompressed: true,
      // Prerendered pages are served under their routes only, with the origin filled in.
      // (The build's server bundle, dist/.ssr, is deleted after prerendering; never serve it if a build stopped early.
      // The compiled relay, dist/.relay, is the server's own code: never served either.)
      allowedPath: (pathName) =>
        !pathName.startsWith(`/${PRERENDER_DIR}/`) && !pathName.startsWith('/.ssr/') && !pathName.startsWith('/.relay/'),
      setHeaders(reply, filePath) {
        const rel = path.relative(staticDir, filePath);
        if (rel.startsWith('assets' + path.sep)) reply.header('Cache-Control', 'public, max-age=31536000, immutable');
        else reply.header('Cache-Control', 'no-cache');
      },
    });
  }

  const sendShell = (request: FastifyRequest, reply: FastifyReply, status: number) => {
    indexHtml ??= existsSync(indexPath) ? readFileSync(indexPath, 'utf8') : null;
    if (!indexHtml) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The Tern web app has not been built yet. Run `npm start` (it builds first) or `npm run build`.');
    }
    reply.code(status).type('text/html; charset=utf-8').header('Cache-Control', 'no-cache');
    return sendText(request, reply, 'index.html', indexHtml);
  };

  for (const [file, type] of [
    ['sitemap.xml', 'application/xml; charset=utf-8'],
    ['robots.txt', 'text/plain; charset=utf-8'],
  ] as const) {
    app.get(`/${file}`, async (request, reply) => {
      const text = readBuilt(file);
      if (text === null) return reply.code(404).type('text/plain').send('Not found');
      reply.type(type).header('Cache-Control', 'no-cache');
      return sendText(request, reply, `${file}\0${originOf(request)}`, withOrigin(text, request));
    });
  }

  const pageHandler = async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (isApiPath(pathname) || (request.method !== 'GET' && request.method !== 'HEAD')) {
      const body: ErrorBody = { success: false, code: 'NOT_FOUND', message: `No route for ${request.method} ${pathname}` };
      return reply.code(404).send(body);
    }
    const parsed = parsePathname(decodeURIComponent(pathname));
    if (parsed.kind === 'unsupported') return reply.redirect('/404', 302);
    if (parsed.kind === 'redirect') return reply.redirect(parsed.to, 301);
    const redirect = redirects[parsed.rest];
    if (redirect) {
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      return reply.redirect(localizePath(redirect, parsed.lang) + query, 301);
    }
    // A file-like path that missed the static files is a missing asset, not a page.
    if (/\.[a-z0-9]{1,8}$/i.test(parsed.rest)) return reply.code(404).type('text/plain').send('Not found');
    const route = matchRoute(parsed.rest);
    const prerenderedPath = route?.index ? prerenderedFile(parsed.lang, route.path) : null;
    const prerendered = prerenderedPath ? readBuilt(prerenderedPath) : null;
    if (prerenderedPath && prerendered !== null) {
      reply.code(200).type('text/html; charset=utf-8').header('Cache-Control', 'no-cache');
      return sendText(request, reply, `${prerenderedPath}\0${originOf(request)}`, withOrigin(prerendered, request));
    }
    return sendShell(request, reply, route && route.id !== 'notFound' ? 200 : 404);
  };

  app.get('/', pageHandler);
  app.setNotFoundHandler(pageHandler);
}
