import type { FastifyInstance } from 'fastify';

import { changelog as defaultChangelog, changelogPage } from '../../../content/changelog';
import { changelogQuerySchema, type ChangelogResponse, changelogResponseSchema, type ErrorBody } from '../../protocol';

/** GET /api/changelog?lang=en|zh&page=&pageSize= — the release notes the changelog page lists. */
export function registerChangelogRoutes(app: FastifyInstance, deps: { changelog?: typeof defaultChangelog } = {}): void {
  const file = deps.changelog ?? defaultChangelog;
  app.get('/api/changelog', async (request, reply) => {
    const query = changelogQuerySchema.safeParse(request.query);
    if (!query.success) {
      const body: ErrorBody = {
        success: false,
        code: 'BAD_REQUEST',
        message: 'Invalid changelog query',
        details: query.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
      };
      return reply.code(400).send(body);
    }
    const body: ChangelogResponse = changelogResponseSchema.parse({ success: true, data: changelogPage(file, query.data) });
    // Release notes change only with a deployment; a short shared cache spares the relay repeated reads.
    return reply.header('Cache-Control', 'public, max-age=300').send(body);
  });
}
