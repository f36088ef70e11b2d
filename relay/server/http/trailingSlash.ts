import type { FastifyInstance } from 'fastify';

/** Spec §2: a trailing slash on any path but the root redirects to the same path without it, query kept. */
export function registerTrailingSlashRedirect(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    const [pathname = '/', query] = request.url.split(/\?(.*)/s, 2);
    if (pathname.length <= 1 || !pathname.endsWith('/')) return;
    const stripped = pathname.replace(/\/+$/, '') || '/';
    const target = query !== undefined ? `${stripped}?${query}` : stripped;
    // 308 keeps the method and body of non-GET requests.
    return reply.redirect(target, request.method === 'GET' || request.method === 'HEAD' ? 301 : 308);
  });
}
