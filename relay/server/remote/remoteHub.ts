import { randomUUID } from 'node:crypto';

import { and, gt, inArray, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Namespace, Server, type Socket } from 'socket.io';

import {
  CLI_EVENTS,
  CLI_NAMESPACE,
  type CliCommandType,
  cliHandshakeAuthSchema,
  cliHelloSchema,
  cliSessionEventSchema,
  commandsTakenSchema,
  type HandshakeErrorCode,
  instanceAttachSchema,
  instanceDetachSchema,
  instancesListSchema,
  type PendingInput,
  PRESENCE_GRACE_MS,
  REMOTE_PROTOCOL_VERSION,
  sessionJoinSchema,
  sessionLeaveSchema,
  sessionMetaSchema,
  SOCKET_PATH,
  usageAuthorizeSchema,
  usageReportEventSchema,
  WEB_EVENTS,
  WEB_NAMESPACE,
  WEB_PUSH,
  webHandshakeAuthSchema,
  webSessionCreateSchema,
  webSessionInputSchema,
  webSessionInterruptSchema,
  webSessionPermissionSchema,
  webSessionSettingsSchema,
  WORKSPACE_LEASE_MS,
  WORKSPACE_RENEW_MS,
} from '../../protocol';
import type { RelayConfig } from '../config';
import { proxyTrust } from '../core/network/proxyTrust';
import type { Database } from '../storage/database';
import { createCliTokensRepo } from '../storage/repos/cliTokensRepo';
import { createRemoteRepo, type RemoteRepo, UnknownSession } from '../storage/repos/remoteRepo';
import { accessTokens, type CliCommandRow, type RemoteSessionRow } from '../storage/schema';
import { verifyCliToken } from './cliAuth';
import { createSessionFanout } from './fanout';
import { isAllowedOrigin } from './origin';
import { ackError, AfterAck, createEventRouter, notFound, RemoteFailure } from './socketEvents';
import { createUsageBridge } from './usageBridge';
import { nameUuid, toInstance, toSession, toSessionEvent } from './views';

export interface RemoteOptions {
  /** An instance is shown offline only after its socket has been gone this long. */
  presenceGraceMs: number;
  leaseMs: number;
  /** Lease renewal and instance heartbeat period. */
  renewMs: number;
  /** How often live sockets are checked against revoked CLI tokens and signed-out sessions. */
  revocationCheckMs: number;
  /** How long the relay waits for a CLI to take a command before leaving it pending. */
  commandAckTimeoutMs: number;
}

export const defaultRemoteOptions: RemoteOptions = {
  presenceGraceMs: PRESENCE_GRACE_MS,
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

interface CliData {
  kind: 'cli';
  userId: string;
  tokenId: string;
  instanceId: string;
}
interface WebData {
  kind: 'web';
  userId: string;
  jti: string;
  windowId: string;
}

/** Per-socket ownership caches are dropped wholesale beyond this many sessions (a bound, not an LRU). */
const OWNERSHIP_CACHE_MAX = 1_000;
interface SessionRef {
  id: string;
  instanceId: string;
}

const userRoom = (userId: string) => `user:${userId}`;
const instanceRoom = (instanceId: string) => `instance:${instanceId}`;
const tokenRoom = (tokenId: string) => `cli-token:${tokenId}`;

export interface RemoteHub {
  io: Server;
  /** Tells and disconnects every live `/cli` socket of this token (any node). */
  disconnectCliToken(tokenId: string): void;
  close(): Promise<void>;
}

/**
 * The remote-control hub (docs/protocol.md): Socket.IO on the relay's HTTP server with the `/cli` and `/web`
 * namespaces. State lives in storage (instances, sessions, events, commands, workspace locks); the process only keeps
 * its own sockets, so several relay nodes can share one database (plus REDIS_URL for the adapter).
 */
export async function createRemoteHub(app: FastifyInstance, deps: RemoteDeps): Promise<RemoteHub> {
  const options = { ...defaultRemoteOptions, ...deps.options };
  const { now } = deps;
  const log = app.log;
  const repo = () => createRemoteRepo(deps.db);
  const tokens = () => createCliTokensRepo(deps.db);

  const io = new Server(app.server, {
    path: SOCKET_PATH,
    serveClient: false,
    maxHttpBufferSize: 2 * 1024 * 1024,
    // Same origin only: the browser's socket is opened by the PWA the relay serves (the /web Origin check below).
    cors: undefined,
  });

  let closeAdapter: (() => Promise<void>) | null = null;
  if (deps.config.REDIS_URL) {
    const [{ createClient }, { createAdapter }] = await Promise.all([import('redis'), import('@socket.io/redis-streams-adapter')]);
    const client = createClient({ url: deps.config.REDIS_URL });
    client.on('error', (error: unknown) => log.warn({ err: error }, 'remote: redis error'));
    await client.connect();
    io.adapter(createAdapter(client));
    closeAdapter = async () => {
      // Stops the stream readers (their blocking XREAD ends within its 5 s timeout) and the publishing client.
      for (const nsp of [io.of('/'), io.of(CLI_NAMESPACE), io.of(WEB_NAMESPACE)]) void nsp.adapter.close();
      await client.close().catch(() => undefined);
    };
  }

  // Nothing is served on the main namespace: a client that connects there gets a connect_error saying where to go.
  io.of('/').use((_socket, next) => next(handshakeError('BAD_HANDSHAKE', `namespace "/" is not served; connect to ${CLI_NAMESPACE} or ${WEB_NAMESPACE}`)));
  const cli = io.of(CLI_NAMESPACE);
  const web = io.of(WEB_NAMESPACE);
  const trustsPeer = proxyTrust(deps.config.TRUST_PROXY);
  const fanout = createSessionFanout(web, repo, log, Boolean(deps.config.REDIS_URL));
  const usage = createUsageBridge({ db: deps.db, now, log });
  const offlineTimers = new Map<string, NodeJS.Timeout>();
  let closing = false;

  // ---- helpers -------------------------------------------------------------------------------------------------

  async function instanceView(instanceId: string) {
    const row = await repo().findInstance(instanceId);
    if (!row) return null;
    const counts = await repo().sessionCounts([instanceId]);
    return { row, instance: toInstance(row, counts.get(instanceId) ?? 0, now()) };
  }

  async function broadcastInstance(instanceId: string): Promise<void> {
    const view = await instanceView(instanceId);
    if (view) web.to(userRoom(view.row.userId)).emit(WEB_PUSH.instanceUpdated, { instance: view.instance });
  }

  function broadcastSession(row: RemoteSessionRow): void {
    web.to(userRoom(row.userId)).emit(WEB_PUSH.sessionUpdated, { session: toSession(row) });
  }

  const toPending = (row: CliCommandRow): PendingInput => ({ type: row.type, commandId: row.id, payload: row.payload }) as PendingInput;

  /** Stores a command for the instance's CLI and hands it over now if the CLI is connected (else on its next hello). */
  async function sendCommand(instanceId: string, type: CliCommandType, payload: Record<string, unknown>, id: string = randomUUID()) {
    const row = await repo().addCommand({ id, instanceId, type, payload, now: now() });
    return () => deliverCommand(row);
  }

  async function deliverCommand(row: CliCommandRow): Promise<void> {
    if (row.deliveredAt) return;
    try {
      const responses: unknown[] = await cli.to(instanceRoom(row.instanceId)).timeout(options.commandAckTimeoutMs).emitWithAck(row.type, row.payload);
      if (responses.some((r) => typeof r === 'object' && r !== null && (r as { ok?: unknown }).ok === true)) {
        await repo().markDelivered([row.id], now());
      }
    } catch {
      // No ack in time: the command stays pending and goes out with the CLI's next cli:hello.
    }
  }

  async function ownSession(userId: string, sessionId: string): Promise<RemoteSessionRow> {
    const session = await repo().findOwnSession(userId, sessionId);
    if (!session) throw new RemoteFailure(notFound('Session not found'));
    return session;
  }

  const holdsLock = (socket: Socket, data: WebData, instanceId: string) =>
    repo().holdsLock({ instanceId, windowId: data.windowId, socketId: socket.id, now: now(), leaseMs: options.leaseMs });
  const notAttached = () => new RemoteFailure(ackError('NOT_ATTACHED', 'Attach the instance first (instance:attach)'));

  async function requireLock(socket: Socket, data: WebData, instanceId: string): Promise<void> {
    if (!(await holdsLock(socket, data, instanceId))) throw notAttached();
  }

  /** appendEvent, with a session that is gone answered NOT_FOUND. */
  async function appendEvent(input: Parameters<RemoteRepo['appendEvent']>[0]) {
    try {
      return await repo().appendEvent(input);
    } catch (error) {
      if (error instanceof UnknownSession) throw new RemoteFailure(notFound('Session not found'));
      throw error;
    }
  }

  async function requireOnline(instanceId: string): Promise<void> {
    const view = await instanceView(instanceId);
    if (!view?.instance.online) throw new RemoteFailure(ackError('INSTANCE_OFFLINE', 'The tern instance is offline'));
  }

  function revoke(socket: Socket): void {
    socket.emit(WEB_PUSH.authRevoked, {});
    socket.disconnect(true);
  }

  // ---- /cli ----------------------------------------------------------------------------------------------------

  cli.use((socket, next) => {
    void (async () => {
      const raw: unknown = socket.handshake.auth;
      const version = typeof raw === 'object' && raw !== null ? (raw as { protocolVersion?: unknown }).protocolVersion : undefined;
      if (version !== undefined && version !== REMOTE_PROTOCOL_VERSION) {
        return next(handshakeError('PROTOCOL_VERSION', `this relay speaks protocol version ${REMOTE_PROTOCOL_VERSION}, not ${String(version).slice(0, 20)}; update tern`));
      }
      const auth = cliHandshakeAuthSchema.safeParse(raw);
      if (!auth.success) return next(handshakeError('BAD_HANDSHAKE', `missing or malformed handshake (token, instanceId, protocolVersion ${REMOTE_PROTOCOL_VERSION})`));
      const verified = await verifyCliToken(deps, auth.data.token);
      if (!verified) return next(handshakeError('UNAUTHORIZED', 'invalid or revoked CLI token'));
      const claimed = await repo().claimInstance({
        id: auth.data.instanceId,
        userId: verified.user.id,
        cliTokenId: verified.row.id,
        socketId: socket.id,
        now: now(),
      });
      // Someone else's instance id: refused like a bad token, so existence is not revealed.
      if (!claimed) return next(handshakeError('UNAUTHORIZED', 'this instance id cannot be used'));
      socket.data = { kind: 'cli', userId: verified.user.id, tokenId: verified.row.id, instanceId: claimed.id } satisfies CliData;
      next();
    })().catch((error: unknown) => {
      log.error({ err: error }, 'remote: cli handshake failed');
      next(handshakeError('INTERNAL', 'server error'));
    });
  });

  cli.on('connection', (socket) => {
    const data = socket.data as CliData;
    const timer = offlineTimers.get(data.instanceId);
    if (timer) {
      clearTimeout(timer);
      offlineTimers.delete(data.instanceId);
    }
    void socket.join([instanceRoom(data.instanceId), tokenRoom(data.tokenId)]);
    const router = createEventRouter(socket, log);
    const on = router.on;
    // Sessions found to belong to this instance (a session never moves), so session:event skips the lookup.
    const instanceSessions = new Set<string>();
    const remember = (sessionId: string) => {
      if (instanceSessions.size >= OWNERSHIP_CACHE_MAX) instanceSessions.clear();
      instanceSessions.add(sessionId);
    };

    on(CLI_EVENTS.hello, cliHelloSchema, async (hello) => {
      const t = now();
      const updated = await repo().updateInstanceEnv(data.instanceId, socket.id, { ...hello.env, startedAt: parseDate(hello.env.startedAt, t) }, t);
      if (!updated) return ackError('NOT_FOUND', 'This connection no longer serves the instance');
      for (const s of hello.sessions) {
        const existing = await repo().findSession(s.id);
        if (existing && existing.instanceId !== data.instanceId) continue;
        if (!existing) {
          await repo().ensureSession({ id: s.id, instanceId: data.instanceId, userId: data.userId, title: s.title, createdAt: parseDate(s.createdAt, t) });
        }
      }
      const sessions = await repo().listSessions(data.instanceId);
      // Handed over, not yet delivered: they stay pending until the CLI confirms them with commands:taken.
      const pending = await repo().pendingCommands(data.instanceId);
      const view = await instanceView(data.instanceId);
      return new AfterAck(
        {
          ok: true,
          instance: view!.instance,
          sessions: sessions.map((s) => ({ id: s.id, lastSeq: s.lastSeq, autoApprove: s.autoApprove })),
          pendingInputs: pending.map(toPending),
        },
        () => {
          web.to(userRoom(data.userId)).emit(WEB_PUSH.instanceUpdated, { instance: view!.instance });
        },
      );
    });

    on(CLI_EVENTS.sessionEvent, cliSessionEventSchema, async (input) => {
      if (!instanceSessions.has(input.sessionId)) {
        const session = await repo().findSession(input.sessionId);
        if (session && session.instanceId !== data.instanceId) return notFound('Session not found');
        if (!session) {
          // A session the CLI started on its own (not announced in cli:hello yet).
          const created = await repo().ensureSession({ id: input.sessionId, instanceId: data.instanceId, userId: data.userId, createdAt: now() });
          if (created.row.instanceId !== data.instanceId) return notFound('Session not found');
          broadcastSession(created.row);
        }
        remember(input.sessionId);
      }
      const result = await appendEvent({ sessionId: input.sessionId, eventId: input.eventId, body: input.body as never, at: now() });
      if (result.duplicate) return { ok: true, seq: result.event.seq };
      return new AfterAck({ ok: true, seq: result.event.seq }, () => {
        fanout.publish(toSessionEvent(result.event));
        if (input.body.type === 'user_message' || input.body.type === 'assistant_message') broadcastSession(result.session);
      });
    });

    on(CLI_EVENTS.sessionMeta, sessionMetaSchema, async (input) => {
      const session = await repo().findSession(input.sessionId);
      if (!session || session.instanceId !== data.instanceId) return notFound('Session not found');
      const patch = { ...(input.title !== undefined && { title: input.title }), ...(input.active !== undefined && { active: input.active }) };
      const updated = await repo().updateSessionMeta(input.sessionId, patch, now());
      return new AfterAck({ ok: true }, () => broadcastSession(updated!));
    });

    on(CLI_EVENTS.commandsTaken, commandsTakenSchema, async (input) => {
      await repo().markDelivered(input.commandIds, now(), data.instanceId);
      return { ok: true };
    });

    on(CLI_EVENTS.usageAuthorize, usageAuthorizeSchema, async (input) => usage.authorize(data.userId, input));
    on(CLI_EVENTS.usageReport, usageReportEventSchema, async (input) => usage.report(data.userId, input));

    socket.on('disconnect', () => {
      if (closing) return;
      const previous = offlineTimers.get(data.instanceId);
      if (previous) clearTimeout(previous);
      const timer = setTimeout(() => {
        offlineTimers.delete(data.instanceId);
        void repo()
          .markOffline(data.instanceId, socket.id, now())
          .then((row) => (row ? broadcastInstance(row.id) : undefined))
          .catch((error: unknown) => log.warn({ err: error }, 'remote: presence update failed'));
      }, options.presenceGraceMs);
      timer.unref();
      offlineTimers.set(data.instanceId, timer);
    });
  });

  // ---- /web ----------------------------------------------------------------------------------------------------

  web.use((socket, next) => {
    void (async () => {
      const { headers, address } = socket.handshake;
      if (!isAllowedOrigin(headers, deps.config.PUBLIC_URL, trustsPeer(address))) return next(handshakeError('ORIGIN_NOT_ALLOWED', 'origin not allowed'));
      const auth = webHandshakeAuthSchema.safeParse(socket.handshake.auth);
      if (!auth.success) return next(handshakeError('BAD_HANDSHAKE', 'missing or malformed handshake (token, windowId)'));
      let access;
      try {
        access = await app.verifyAccessToken(auth.data.token);
      } catch {
        return next(handshakeError('UNAUTHORIZED', 'sign in again'));
      }
      socket.data = { kind: 'web', userId: access.userId, jti: access.jti, windowId: auth.data.windowId } satisfies WebData;
      next();
    })().catch((error: unknown) => {
      log.error({ err: error }, 'remote: web handshake failed');
      next(handshakeError('INTERNAL', 'server error'));
    });
  });

  web.on('connection', (socket) => {
    const data = socket.data as WebData;
    void socket.join(userRoom(data.userId));
    const router = createEventRouter(socket, log);
    // Sessions this socket's user was found to own. A session never changes owner or instance, so a hit saves the
    // lookup on every input; a session that disappears (account deletion) makes the append answer NOT_FOUND.
    const ownedSessions = new Map<string, SessionRef>();
    async function ownSessionRef(sessionId: string): Promise<SessionRef> {
      const known = ownedSessions.get(sessionId);
      if (known) return known;
      const row = await ownSession(data.userId, sessionId);
      const ref = { id: row.id, instanceId: row.instanceId };
      if (ownedSessions.size >= OWNERSHIP_CACHE_MAX) ownedSessions.clear();
      ownedSessions.set(sessionId, ref);
      return ref;
    }

    router.on(WEB_EVENTS.instancesList, instancesListSchema, async () => {
      const rows = await repo().listInstances(data.userId);
      const t = now();
      return { ok: true, instances: rows.map((r) => toInstance(r, r.sessionCount, t)) };
    });

    router.on(WEB_EVENTS.instanceAttach, instanceAttachSchema, async (input) => {
      const own = await repo().findOwnInstance(data.userId, input.instanceId);
      if (!own) return notFound('Instance not found');
      const { held, previous } = await repo().acquireLock({
        instanceId: input.instanceId,
        userId: data.userId,
        windowId: data.windowId,
        socketId: socket.id,
        takeOver: input.takeOver === true,
        now: now(),
        leaseMs: options.leaseMs,
      });
      if (!held) {
        return ackError('WORKSPACE_BUSY', 'Another window is using this workspace', { holder: { since: previous!.since.toISOString() } });
      }
      const view = await instanceView(input.instanceId);
      const sessions = await repo().listSessions(input.instanceId);
      return new AfterAck({ ok: true, instance: view!.instance, sessions: sessions.map(toSession) }, () => {
        if (previous && previous.socketId !== socket.id) {
          const t = now();
          const reason = previous.windowId !== data.windowId && previous.leaseExpiresAt > t ? 'taken_over' : 'lease_expired';
          web.to(previous.socketId).emit(WEB_PUSH.workspaceLost, { instanceId: input.instanceId, reason });
        }
      });
    });

    router.on(WEB_EVENTS.instanceDetach, instanceDetachSchema, async (input) => {
      const own = await repo().findOwnInstance(data.userId, input.instanceId);
      if (!own) return notFound('Instance not found');
      await repo().releaseLock(input.instanceId, data.windowId);
      return { ok: true };
    });

    router.on(WEB_EVENTS.sessionCreate, webSessionCreateSchema, async (input) => {
      const own = await repo().findOwnInstance(data.userId, input.instanceId);
      if (!own) return notFound('Instance not found');
      await requireLock(socket, data, input.instanceId);
      await requireOnline(input.instanceId);
      const { row, created } = await repo().ensureSession({
        id: randomUUID(),
        instanceId: input.instanceId,
        userId: data.userId,
        createdAt: now(),
        clientRequestId: input.clientRequestId,
      });
      if (!created) return { ok: true, session: toSession(row) };
      const deliver = await sendCommand(input.instanceId, 'session:create', { sessionId: row.id, autoApprove: row.autoApprove }, nameUuid('create', row.id));
      return new AfterAck({ ok: true, session: toSession(row) }, async () => {
        broadcastSession(row);
        void broadcastInstance(input.instanceId);
        await deliver();
      });
    });

    router.on(WEB_EVENTS.sessionJoin, sessionJoinSchema, async (input) => {
      const session = await ownSession(data.userId, input.sessionId);
      const afterSeq = Math.min(input.afterSeq, session.lastSeq);
      return new AfterAck({ ok: true, session: toSession(session) }, () => fanout.join(socket, session.id, afterSeq));
    });

    router.on(WEB_EVENTS.sessionLeave, sessionLeaveSchema, async (input) => {
      await ownSessionRef(input.sessionId);
      fanout.leave(socket, input.sessionId);
      return { ok: true };
    });

    router.on(WEB_EVENTS.sessionInput, webSessionInputSchema, async (input) => {
      const session = await ownSessionRef(input.sessionId);
      const eventId = nameUuid('input', session.id, input.clientMsgId);
      if (!(await holdsLock(socket, data, session.instanceId))) {
        // A resend of an input already taken answers its seq, attached or not: nothing is applied twice.
        const existing = await repo().findEvent(session.id, eventId);
        if (existing) return { ok: true, seq: existing.seq };
        throw notAttached();
      }
      // Attached: appendEvent itself answers a resend with the stored event (and consumes no seq).
      const result = await appendEvent({
        sessionId: session.id,
        eventId,
        body: { type: 'user_message', clientMsgId: input.clientMsgId, text: input.text },
        at: now(),
      });
      if (result.duplicate) return { ok: true, seq: result.event.seq };
      const deliver = await sendCommand(session.instanceId, 'session:input', { ...input }, eventId);
      return new AfterAck({ ok: true, seq: result.event.seq }, async () => {
        fanout.publish(toSessionEvent(result.event));
        broadcastSession(result.session);
        await deliver();
      });
    });

    router.on(WEB_EVENTS.sessionPermission, webSessionPermissionSchema, async (input) => {
      const session = await ownSessionRef(input.sessionId);
      await requireLock(socket, data, session.instanceId);
      const eventId = nameUuid('permission', session.id, input.requestId);
      const result = await appendEvent({
        sessionId: session.id,
        eventId,
        body: { type: 'permission_response', requestId: input.requestId, decision: input.decision, scope: input.scope },
        at: now(),
      });
      if (result.duplicate) return { ok: true, seq: result.event.seq };
      const deliver = await sendCommand(session.instanceId, 'session:permission', { ...input }, eventId);
      return new AfterAck({ ok: true, seq: result.event.seq }, async () => {
        fanout.publish(toSessionEvent(result.event));
        await deliver();
      });
    });

    router.on(WEB_EVENTS.sessionInterrupt, webSessionInterruptSchema, async (input) => {
      const session = await ownSessionRef(input.sessionId);
      await requireLock(socket, data, session.instanceId);
      await requireOnline(session.instanceId);
      const deliver = await sendCommand(session.instanceId, 'session:interrupt', { sessionId: session.id });
      return new AfterAck({ ok: true }, deliver);
    });

    router.on(WEB_EVENTS.sessionSettings, webSessionSettingsSchema, async (input) => {
      const session = await ownSessionRef(input.sessionId);
      await requireLock(socket, data, session.instanceId);
      const updated = await repo().updateSessionMeta(session.id, { autoApprove: input.autoApprove }, now());
      const deliver = await sendCommand(session.instanceId, 'session:settings', { sessionId: session.id, autoApprove: input.autoApprove });
      return new AfterAck({ ok: true, session: toSession(updated!) }, async () => {
        broadcastSession(updated!);
        await deliver();
      });
    });

    socket.on('disconnect', () => fanout.leaveAll(socket));
  });

  // ---- timers: heartbeat + lease renewal, revocation -----------------------------------------------------------

  const localSockets = <T>(nsp: Namespace) => [...nsp.sockets.values()].map((s) => ({ socket: s, data: s.data as T }));

  const renewTimer = setInterval(() => {
    const t = now();
    const cliIds = [...new Set(localSockets<CliData>(cli).map((s) => s.data.instanceId))];
    const webIds = localSockets<WebData>(web).map((s) => s.socket.id);
    void Promise.all([repo().touchInstances(cliIds, t), repo().renewLocks(webIds, t, options.leaseMs)]).catch((error: unknown) =>
      log.warn({ err: error }, 'remote: renew failed'),
    );
  }, options.renewMs);
  renewTimer.unref();

  const pruneTimer = setInterval(() => {
    const t = now();
    void Promise.all([repo().pruneDeliveredCommands(new Date(t.getTime() - 24 * 3600_000)), repo().pruneLapsedLocks(t)]).catch((error: unknown) =>
      log.warn({ err: error }, 'remote: prune failed'),
    );
  }, 60 * 60_000);
  pruneTimer.unref();

  let checking = false;
  const revocationTimer = setInterval(() => {
    if (checking) return;
    checking = true;
    void checkRevocations()
      .catch((error: unknown) => log.warn({ err: error }, 'remote: revocation check failed'))
      .finally(() => {
        checking = false;
      });
  }, options.revocationCheckMs);
  revocationTimer.unref();

  async function checkRevocations(): Promise<void> {
    const clis = localSockets<CliData>(cli);
    if (clis.length) {
      const revoked = await tokens().revokedAmong([...new Set(clis.map((s) => s.data.tokenId))]);
      for (const s of clis) if (revoked.has(s.data.tokenId)) revoke(s.socket);
    }
    const webs = localSockets<WebData>(web);
    if (webs.length) {
      const jtis = [...new Set(webs.map((s) => s.data.jti))];
      const alive = await deps.db
        .select({ jti: accessTokens.jti })
        .from(accessTokens)
        .where(and(inArray(accessTokens.jti, jtis), isNull(accessTokens.revokedAt), gt(accessTokens.expiresAt, now())));
      const aliveSet = new Set(alive.map((r) => r.jti));
      for (const s of webs) if (!aliveSet.has(s.data.jti)) revoke(s.socket);
    }
  }

  return {
    io,
    disconnectCliToken(tokenId) {
      cli.to(tokenRoom(tokenId)).emit(WEB_PUSH.authRevoked, {});
      cli.in(tokenRoom(tokenId)).disconnectSockets(true);
    },
    async close() {
      closing = true;
      clearInterval(renewTimer);
      clearInterval(revocationTimer);
      clearInterval(pruneTimer);
      for (const timer of offlineTimers.values()) clearTimeout(timer);
      offlineTimers.clear();
      // This node goes away: its CLIs are offline until they reconnect (to any node).
      const t = now();
      await Promise.all(localSockets<CliData>(cli).map((s) => repo().markOffline(s.data.instanceId, s.socket.id, t).catch(() => null)));
      // Only this node's sockets (a plain disconnectSockets would reach every node through the adapter).
      for (const nsp of [cli, web]) nsp.local.disconnectSockets(true);
      io.engine.close();
      await closeAdapter?.();
    },
  };
}

/** A handshake refusal: `connect_error` with `err.data = { code }` and the message `"<code>: <text>"`. */
function handshakeError(code: HandshakeErrorCode, text: string): Error & { data: { code: HandshakeErrorCode } } {
  return Object.assign(new Error(`${code}: ${text}`), { data: { code } });
}

function parseDate(value: string, fallback: Date): Date {
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? fallback : d;
}
