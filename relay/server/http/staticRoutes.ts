import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { localizePath, parsePathname } from '../../../src/shared/i18n/languages';
import { matchRoute, redirects } from '../../../src/shared/routing/routeTable';
import type { ErrorBody } from '../../protocol';

const API_PREFIXES = ['/api/', '/web-api/', '/auth/', '/socket.io/', '/healthz'];
export const isApiPath = (p: string) => API_PREFIXES.some((prefix) => p === prefix.replace(/\/$/, '') || p.startsWith(prefix));

/**
 * Serves the built PWA. Hashed assets are cached forever; the shell and the service worker are revalidated on every
 * load so a deployment reaches users at once. Unknown page paths get the app shell with a 404 status, so the
 * not-found page renders and crawlers see the right code.
 */
export async function registerStaticRoutes(app: FastifyInstance, staticDir: string): Promise<void> {
  const indexPath = path.join(staticDir, 'index.html');
  const hasBuild = existsSync(indexPath);
  let indexHtml: string | null = hasBuild ? readFileSync(indexPath, 'utf8') : null;

  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: staticDir,
      index: false,
      setHeaders(reply, filePath) {
        const rel = path.relative(staticDir, filePath);
        if (rel.startsWith('assets' + path.sep)) reply.header('Cache-Control', 'public, max-age=31536000, immutable');
        else reply.header('Cache-Control', 'no-cache');
      },
    });
  }

  const sendShell = (reply: FastifyReply, status: number) => {
    indexHtml ??= existsSync(indexPath) ? readFileSync(indexPath, 'utf8') : null;
    if (!indexHtml) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The Tern web app has not been built yet. Run `npm start` (it builds first) or `npm run build`.');
    }
    return reply.code(status).type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(indexHtml);
  };

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
    return sendShell(reply, route && route.id !== 'notFound' ? 200 : 404);
  };

  app.get('/', pageHandler);
  app.setNotFoundHandler(pageHandler);
}
