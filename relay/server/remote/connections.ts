import { cliEventContracts, webEventContracts } from '../../protocol';
import type { RemoteCoreDeps } from '../core/remote/deps';
import { type KnownSessions, ownSession, type SessionRef } from '../core/remote/sessions';
import type { HubContext } from './hubContext';
import type { CliServerSocket, WebServerSocket } from './namespaces';
import { createEventRouter } from './socketEvents';

/** Per-socket ownership caches are dropped wholesale beyond this many sessions (a bound, not an LRU). */
const OWNERSHIP_CACHE_MAX = 1_000;

/** A connected CLI: its socket, validated-event router, and the sessions already known to be its own. */
export function cliConnection(ctx: HubContext, socket: CliServerSocket) {
  // Made on first use: most of a CLI's life is idle, and a socket's empty Set still costs its hash table.
  let known: Set<string> | null = null;
  return {
    socket,
    data: socket.data,
    router: createEventRouter(socket, cliEventContracts, ctx.log),
    /** Sessions found to belong to this instance (a session never moves), so session:event skips the lookup. */
    knownSessions: {
      has: (id: string) => known?.has(id) === true,
      add(id: string) {
        if (!known || known.size >= OWNERSHIP_CACHE_MAX) known = new Set();
        known.add(id);
      },
    } satisfies KnownSessions,
  };
}
export type CliConnection = ReturnType<typeof cliConnection>;

/** A connected browser window: its socket, router, session ownership cache and workspace-lock check. */
export function webConnection(ctx: HubContext, socket: WebServerSocket) {
  const core: RemoteCoreDeps = ctx.core;
  // Sessions this socket's user was found to own. A session never changes owner or instance, so a hit saves the
  // lookup on every input; a session that disappears (account deletion) makes the append answer NOT_FOUND.
  // Both made on first use (an idle window never needs them).
  let owned: Map<string, SessionRef> | null = null;
  let renewing: Set<string> | null = null;
  async function checkLease(instanceId: string): Promise<boolean> {
    const held = await core.repo.holdsLock({
      instanceId,
      windowId: socket.data.windowId,
      socketId: socket.id,
      now: core.now(),
      leaseMs: core.options.leaseMs,
    });
    if (held && socket.connected) ctx.leases.remember(instanceId, socket.id);
    else if (!held) ctx.leases.forgetSocket(socket.id);
    return held;
  }
  return {
    socket,
    data: socket.data,
    router: createEventRouter(socket, webEventContracts, ctx.log),
    async ownSessionRef(sessionId: string): Promise<SessionRef> {
      const known = owned?.get(sessionId);
      if (known) return known;
      const row = await ownSession(core, socket.data.userId, sessionId);
      const ref = { id: row.id, instanceId: row.instanceId };
      if (!owned || owned.size >= OWNERSHIP_CACHE_MAX) owned = new Map();
      owned.set(sessionId, ref);
      return ref;
    },
    /**
     * Whether this window holds the instance's workspace. The database (which renews the lease) is asked at most once
     * per half LEASE_TRUST_MS; a window sending steadily has it renewed in the background and never waits for it.
     */
    async holdsLock(instanceId: string): Promise<boolean> {
      const trust = ctx.leases.trusted(instanceId, socket.id);
      if (trust === 'stale' && !renewing?.has(instanceId)) {
        const mine = (renewing ??= new Set());
        mine.add(instanceId);
        void checkLease(instanceId)
          .catch(() => ctx.leases.forgetSocket(socket.id))
          .finally(() => mine.delete(instanceId));
      }
      return trust ? true : checkLease(instanceId);
    },
  };
}
export type WebConnection = ReturnType<typeof webConnection>;
