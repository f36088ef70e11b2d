import type { FastifyInstance } from 'fastify';
import { type DisconnectReason, Server } from 'socket.io';

import {
  CLI_NAMESPACE,
  PING_INTERVAL_MS,
  PING_TIMEOUT_MS,
  PRESENCE_GRACE_MS,
  SOCKET_PATH,
  WEB_NAMESPACE,
  WORKSPACE_LEASE_MS,
  WORKSPACE_RENEW_MS,
} from '../../protocol';
import { wireParser } from '../../protocol/wireParser';
import type { RelayConfig } from '../config';
import type { RemoteOptions } from '../core/remote/deps';
import { createGroupCommit } from '../core/remote/groupCommit';
import { windowGone } from '../core/remote/instances';
import { within } from '../core/within';
import type { Database } from '../storage/database';
import { createAccessTokensRepo } from '../storage/repos/accessTokensRepo';
import { createCliTokensRepo } from '../storage/repos/cliTokensRepo';
import { createEventBatchRepo } from '../storage/repos/remote/eventBatchRepo';
import { createRemoteRepo } from '../storage/repos/remoteRepo';
import { createCliRoutes, createWebRoutes } from './connections';
import { createSessionFanout } from './fanout';
import { registerCliInstanceHandlers, registerWebInstanceHandlers } from './handlers/instances';
import { registerWebPermissionHandlers } from './handlers/permissions';
import { registerWebSessionAdminHandlers } from './handlers/sessionAdmin';
import { registerCliSessionHandlers, registerWebSessionHandlers } from './handlers/sessions';
import { registerCliUsageHandlers } from './handlers/usage';
import { forgetUpgradeRequests, handshakeError, useCliHandshake, useWebHandshake } from './handshakes';
import { createHubContext } from './hubContext';
import { createLeaseChecks } from './leaseChecks';
import { createLeaseTrust } from './leaseTrust';
import { createPresence, startMaintenance } from './maintenance';
import {
  type CliNamespace,
  type CliServerSocket,
  instanceRoom,
  tokenRoom,
  userRoom,
  type WebNamespace,
  type WebServerSocket,
} from './namespaces';
import { createRedisNodeBus, type NodeBus, singleNodeBus } from './nodeBus';
import { createPushBridge, type PushService } from './pushBridge';
import { ADAPTER_CLIENT_OPTIONS } from './redisClient';
import { createUsageBridge } from './usageBridge';
import { coalesceWrites, writeNow } from './writeCoalescing';

export type { RemoteOptions } from '../core/remote/deps';

export const defaultRemoteOptions: RemoteOptions = {
  presenceGraceMs: PRESENCE_GRACE_MS,
  pingIntervalMs: PING_INTERVAL_MS,
  pingTimeoutMs: PING_TIMEOUT_MS,
  leaseMs: WORKSPACE_LEASE_MS,
  renewMs: WORKSPACE_RENEW_MS,
  revocationCheckMs: 2_000,
  commandAckTimeoutMs: 10_000,
};

export interface RemoteDeps {
  config: RelayConfig;
  db: Database;
  now: () => Date;
  options?: Partial<RemoteOptions>;
}

export interface RemoteHub {
  io: Server;
  /** Tern's messages to and from the other relay nodes (nodeBus.ts). */
  nodes: NodeBus;
  /** Push notifications: subscriptions, VAPID keys, answers from notifications (http/pushRoutes.ts). */
  push: PushService;
  /** Tells and disconnects every live `/cli` socket of this token (any node). */
  disconnectCliToken(tokenId: string): void;
  close(): Promise<void>;
}

/** How long a closing relay waits for its group commit's last statements (remoteHub `close`). */
const CLOSE_COMMIT_WAIT_MS = 10_000;

/** How long a closing relay waits for the adapter's pending Redis commands before it drops the connection. */
const REDIS_CLOSE_WAIT_MS = 2_000;

/** Redis Streams adapter for several relay nodes, and Tern's node bus on the same Redis; returns the bus and how to close both. */
async function useRedisAdapter(
  io: Server,
  url: string,
  log: FastifyInstance['log'],
): Promise<{ nodes: NodeBus; close: () => Promise<void> }> {
  const [{ createClient }, { createAdapter }] = await Promise.all([import('redis'), import('@socket.io/redis-streams-adapter')]);
  const client = createClient({ url, ...ADAPTER_CLIENT_OPTIONS });
  client.on('error', (error: unknown) => log.warn({ err: error }, 'remote: redis error'));
  // The adapter does not wait for its Pub/Sub commands (serverSideEmit and acked broadcasts on this client, SUBSCRIBE on
  // the duplicate it makes): one failing (sent after close by a timer during shutdown, or pending when the adapter
  // destroys its subscriber at close) would be an unhandled rejection, which ends the process. Logged instead.
  const quiet = <T extends object>(target: T, methods: string[]): T => {
    const calls = target as unknown as Record<string, unknown>;
    for (const name of methods) {
      const original = calls[name];
      if (typeof original !== 'function') continue;
      calls[name] = (...args: unknown[]) => {
        const result: unknown = original.apply(target, args);
        if (result instanceof Promise)
          result.catch((error: unknown) => log.debug({ err: error, command: name }, 'remote: redis command failed'));
        return result;
      };
    }
    return target;
  };
  quiet(client, ['publish', 'sPublish']);
  const duplicate = client.duplicate.bind(client) as (...args: unknown[]) => object;
  (client as unknown as { duplicate: typeof duplicate }).duplicate = (...args) => quiet(duplicate(...args), ['subscribe', 'sSubscribe']);
  await client.connect();
  io.adapter(createAdapter(client));
  const nodes = await createRedisNodeBus(client, io.of(WEB_NAMESPACE), log);
  const close = async () => {
    nodes.close();
    // Stops the stream readers (their blocking XREAD ends within its 5 s timeout) and the publishing client.
    for (const nsp of [io.of('/'), io.of(CLI_NAMESPACE), io.of(WEB_NAMESPACE)]) void nsp.adapter.close();
    // close() waits for the commands still pending, which a Redis that stopped answering never ends (no timeouts).
    const closed = await within(
      client.close().then(
        () => true,
        () => true,
      ),
      REDIS_CLOSE_WAIT_MS,
      false,
    );
    if (!closed) client.destroy();
  };
  return { nodes, close };
}

/**
 * The remote-control hub (docs/protocol.md, docs/architecture.md): Socket.IO on the relay's HTTP server with the
 * `/cli` and `/web` namespaces, typed by relay/protocol/remoteEvents.ts. Handshakes live in handshakes.ts, the event
 * handlers by area in handlers/, the use cases in core/remote/. State lives in storage (instances, sessions, events,
 * commands, workspace locks); the process only keeps its own sockets, so several relay nodes can share one database
 * (plus REDIS_URL for the adapter).
 */
export async function createRemoteHub(app: FastifyInstance, deps: RemoteDeps): Promise<RemoteHub> {
  const options = { ...defaultRemoteOptions, ...deps.options };
  const log = app.log;
  const io = new Server(app.server, {
    path: SOCKET_PATH,
    serveClient: false,
    maxHttpBufferSize: 2 * 1024 * 1024,
    pingInterval: options.pingIntervalMs,
    pingTimeout: options.pingTimeoutMs,
    // Same origin only: the browser's socket is opened by the PWA the relay serves (the /web Origin check).
    cors: undefined,
    // JSON only: socket.io-parser without its search of every payload for binary data (relay/protocol/wireParser.ts).
    parser: wireParser,
  });
  // Everything a turn queues for one socket goes out in one write (writeCoalescing.ts).
  coalesceWrites(io, log);
  // A WebSocket does not keep its upgrade request (handshakes.ts).
  forgetUpgradeRequests(io.engine);
  const adapter = deps.config.REDIS_URL ? await useRedisAdapter(io, deps.config.REDIS_URL, log) : null;

  // Nothing is served on the main namespace: a client that connects there gets a connect_error saying where to go.
  io.of('/').use((_socket, next) =>
    next(handshakeError('BAD_HANDSHAKE', `namespace "/" is not served; connect to ${CLI_NAMESPACE} or ${WEB_NAMESPACE}`)),
  );
  const cli: CliNamespace = io.of(CLI_NAMESPACE);
  const web: WebNamespace = io.of(WEB_NAMESPACE);
  const repo = createRemoteRepo(deps.db);
  const core = { repo, now: deps.now, options, events: createGroupCommit(createEventBatchRepo(deps.db).appendEvents) };
  const nodes = adapter?.nodes ?? singleNodeBus(web, log);
  const ctx = createHubContext({
    cli,
    web,
    core,
    log,
    fanout: createSessionFanout(nodes, () => repo, log),
    leases: createLeaseTrust(() => deps.now().getTime()),
    leaseChecks: createLeaseChecks((checks) => repo.holdLocks(checks, deps.now(), options.leaseMs)),
    nodes,
    usage: createUsageBridge({ db: deps.db, now: deps.now, log }),
  });
  const presence = createPresence(ctx);
  const push = await createPushBridge(ctx, { db: deps.db, env: deps.config, coalesceMs: options.pushCoalesceMs });
  ctx.push = push;

  useCliHandshake(cli, { core, db: deps.db, log });
  // Handlers are registered once for every socket of a namespace (socketEvents.ts): a socket only gets the router's
  // shared middleware and listener, and the shared disconnect listener below (Socket.IO calls it with `this` = the socket).
  const cliRoutes = createCliRoutes(ctx);
  registerCliInstanceHandlers(ctx, cliRoutes);
  registerCliSessionHandlers(ctx, cliRoutes);
  registerCliUsageHandlers(ctx, cliRoutes);
  function cliGone(this: CliServerSocket, reason: DisconnectReason): void {
    presence.disconnected(this.data.instanceId, this.id, reason);
    ctx.receipts.gone(this);
  }
  cli.on('connection', (socket) => {
    cliRoutes.attach(socket);
    presence.connected(socket.data.instanceId);
    void socket.join([instanceRoom(socket.data.instanceId), tokenRoom(socket.data.tokenId)]);
    socket.on('disconnect', cliGone);
  });

  useWebHandshake(web, { app, config: deps.config });
  const webRoutes = createWebRoutes(ctx);
  registerWebInstanceHandlers(ctx, webRoutes);
  registerWebSessionAdminHandlers(ctx, webRoutes);
  registerWebSessionHandlers(ctx, webRoutes);
  registerWebPermissionHandlers(ctx, webRoutes);
  push.registerWindow({ router: webRoutes });
  function windowClosed(this: WebServerSocket): void {
    ctx.fanout.leaveAll(this);
    ctx.leases.forgetSocket(this.id);
    // A closed window frees its workspace now, so a new tab 2 s later is not told "busy" by a window that is gone.
    windowGone(core, this.id).catch((error: unknown) => log.warn({ err: error }, 'remote: releasing a closed window’s lock failed'));
  }
  web.on('connection', (socket) => {
    webRoutes.attach(socket);
    void socket.join(userRoom(socket.data.userId));
    socket.on('disconnect', windowClosed);
  });

  const stopMaintenance = startMaintenance(ctx, { cliTokens: createCliTokensRepo(deps.db), accessTokens: createAccessTokensRepo(deps.db) });

  return {
    io,
    nodes,
    push,
    disconnectCliToken(tokenId) {
      cli.to(tokenRoom(tokenId)).emit('auth:revoked', {});
      cli.in(tokenRoom(tokenId)).disconnectSockets(true);
    },
    async close() {
      presence.close();
      push.close();
      stopMaintenance();
      // This node goes away: its CLIs are offline until they reconnect (to any node).
      const t = deps.now();
      await Promise.all([...cli.sockets.values()].map((s) => repo.markOffline(s.data.instanceId, s.id, t).catch(() => null)));
      // Only this node's sockets (a plain disconnectSockets would reach every node through the adapter).
      for (const nsp of [cli, web]) nsp.local.disconnectSockets(true);
      // The disconnect packets wait for the end of the turn (writeCoalescing.ts); engine.io's close would drop them.
      writeNow();
      io.engine.close();
      // Appends still queued (a close without a drain: their senders' acks are gone, and they resend them to another
      // node, which finds them stored) are committed now, while the storage is open: it closes after this (onClose).
      // A database that does not answer does not hold the close for longer than CLOSE_COMMIT_WAIT_MS.
      await within(core.events.idle(), CLOSE_COMMIT_WAIT_MS, undefined);
      await adapter?.close();
    },
  };
}
