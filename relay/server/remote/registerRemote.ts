import type { FastifyInstance } from 'fastify';

import type { RelayConfig } from '../config';
import type { AuthDeps } from '../core/auth';
import { createRemoteHub, type RemoteHub, type RemoteOptions } from './remoteHub';

declare module 'fastify' {
  interface FastifyInstance {
    /** The remote-control hub (Socket.IO `/cli` and `/web`). */
    remote: RemoteHub;
  }
}

/**
 * Remote control (issue #4): the Socket.IO hub on the relay's HTTP server (the pairing / CLI-token HTTP routes are
 * registered beside it by app.ts, from http/pairingRoutes.ts).
 * Sockets are closed before the HTTP server stops, so `app.close()` does not wait for them.
 */
export async function registerRemote(
  app: FastifyInstance,
  deps: { config: RelayConfig; auth: AuthDeps; options?: Partial<RemoteOptions> | undefined },
): Promise<RemoteHub> {
  const hub = await createRemoteHub(app, {
    config: deps.config,
    db: deps.auth.db,
    now: deps.auth.now,
    ...(deps.options && { options: deps.options }),
  });
  app.decorate('remote', hub);
  app.addHook('preClose', async () => hub.close());
  return hub;
}
