import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Server, Socket } from 'socket.io';

import { CLI_NAMESPACE, type Readiness, readinessSchema, WEB_NAMESPACE } from '../protocol';
import type { RelayConfig } from './config';
import { ackError } from './core/remote/failures';
import { within } from './core/within';
import { limitOutgoing } from './remote/backpressure';
import type { Storage } from './storage/database';

declare module 'fastify' {
  interface FastifyInstance {
    /** Readiness and graceful drain (docs/deploy.md). */
    lifecycle: Lifecycle;
  }
}

export interface Lifecycle {
  readonly draining: boolean;
  /** Socket events received and not yet answered (their writes are in flight). */
  inflight(): number;
  /**
   * Graceful drain: /readyz answers 503, the listener stops accepting connections, socket events arriving now are
   * refused with a retryable error, in-flight ones are answered (or `timeoutMs` passes), then every socket is closed
   * (clients reconnect, through the load balancer, to another node) and the app closes. Resolves once closed.
   */
  drain(timeoutMs: number): Promise<void>;
}

const PING_TIMEOUT_MS = 2_000;

/**
 * Counts each inbound socket event from arrival to its ack (the router answers every event exactly once), so a drain
 * knows when the writes it accepted are done. Registered before the hub's own listeners see any packet.
 */
function trackInflight(io: Server, state: { inflight: number; draining: boolean; idle: Array<() => void> }): void {
  const settle = () => {
    state.inflight -= 1;
    if (state.inflight === 0) for (const wake of state.idle.splice(0)) wake();
  };
  const watch = (socket: Socket) =>
    socket.use((packet, next) => {
      const ack = packet.at(-1);
      if (typeof ack !== 'function') return next();
      if (state.draining) {
        // Not taken: the client retries (CLI outbox, browser outbox) once it reconnected to another node.
        (ack as (answer: unknown) => void)(ackError('INTERNAL', 'This relay node is shutting down; retry on another node'));
        return;
      }
      state.inflight += 1;
      let answered = false;
      packet[packet.length - 1] = (...args: unknown[]) => {
        if (!answered) {
          answered = true;
          settle();
        }
        (ack as (...a: unknown[]) => void)(...args);
      };
      // A socket that closes before its answer: the router still answers (into the void) and settles the count.
      next();
    });
  io.of(CLI_NAMESPACE).on('connection', watch);
  io.of(WEB_NAMESPACE).on('connection', watch);
}

/**
 * Wires GET /readyz, the drain, and the cap on what a browser socket may have queued (remote/backpressure.ts); call
 * after the remote hub is registered (it needs the Socket.IO server).
 */
export function registerLifecycle(
  app: FastifyInstance,
  deps: {
    io: Server;
    storage: Storage;
    version: string;
    config: Pick<RelayConfig, 'SOCKET_BUFFER_LIMIT_BYTES' | 'SLOW_CONSUMER_STALL_MS'>;
  },
): Lifecycle {
  const state = { inflight: 0, draining: false, idle: [] as Array<() => void> };
  trackInflight(deps.io, state);
  limitOutgoing(deps.io.of(WEB_NAMESPACE), {
    limitBytes: deps.config.SOCKET_BUFFER_LIMIT_BYTES,
    stallMs: deps.config.SLOW_CONSUMER_STALL_MS,
    log: app.log,
  });

  async function storageAnswers(): Promise<boolean> {
    const ping = deps.storage.db.execute(sql`select 1`).then(
      () => true,
      () => false,
    );
    return within(ping, PING_TIMEOUT_MS, false);
  }

  app.get('/readyz', async (_request, reply) => {
    const status: Readiness['status'] = state.draining ? 'draining' : (await storageAnswers()) ? 'ready' : 'unavailable';
    const body = readinessSchema.parse({ status, version: deps.version, storage: deps.storage.kind, time: new Date().toISOString() });
    return reply
      .code(status === 'ready' ? 200 : 503)
      .header('Cache-Control', 'no-store')
      .send(body);
  });

  let drained: Promise<void> | null = null;
  const lifecycle: Lifecycle = {
    get draining() {
      return state.draining;
    },
    inflight: () => state.inflight,
    drain(timeoutMs) {
      drained ??= (async () => {
        state.draining = true;
        app.log.info({ inflight: state.inflight }, 'drain: stopped accepting; finishing in-flight writes');
        // No new connections; Fastify's close later waits for the open ones (in-flight HTTP requests finish).
        app.server.close(() => undefined);
        if (state.inflight > 0) await within(new Promise<void>((resolve) => state.idle.push(resolve)), timeoutMs, undefined);
        if (state.inflight > 0) app.log.warn({ inflight: state.inflight }, 'drain: timed out with writes still in flight');
        // The hub's preClose marks this node's CLIs offline and disconnects every socket; clients reconnect elsewhere.
        await app.close();
        app.log.info('drain: closed');
      })();
      return drained;
    },
  };
  app.decorate('lifecycle', lifecycle);
  return lifecycle;
}

/** SIGTERM / SIGINT drain the relay and exit 0 (1 if the drain failed); a second signal exits at once. */
export function drainOnSignals(app: FastifyInstance, options: { timeoutMs: number }): void {
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) process.exit(1);
      stopping = true;
      console.info(`\n  ${signal}: draining (up to ${options.timeoutMs} ms for in-flight writes) …`);
      app.lifecycle.drain(options.timeoutMs).then(
        () => process.exit(0),
        (error: unknown) => {
          console.error('Drain failed:', error);
          process.exit(1);
        },
      );
    });
  }
}
