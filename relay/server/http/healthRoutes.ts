import type { FastifyInstance } from 'fastify';

import { type Health, healthSchema } from '../../protocol';

export function registerHealthRoutes(app: FastifyInstance, deps: { version: string; startedAt: number }): void {
  app.get('/healthz', async (_request, reply) => {
    const body: Health = healthSchema.parse({
      status: 'ok',
      version: deps.version,
      uptimeSeconds: Math.round((Date.now() - deps.startedAt) / 1000),
      time: new Date().toISOString(),
    });
    return reply.header('Cache-Control', 'no-store').send(body);
  });
}
