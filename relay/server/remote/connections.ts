import { cliEventContracts, webEventContracts } from '../../protocol';
import { type KnownSessions, ownSession, type SessionRef } from '../core/remote/sessions';
import type { HubContext } from './hubContext';
import type { CliServerSocket, WebServerSocket } from './namespaces';
import { createEventRoutes, type EventRoutes } from './socketEvents';

/** Per-socket ownership caches are dropped wholesale beyond this many sessions (a bound, not an LRU). */
const OWNERSHIP_CACHE_MAX = 1_000;

/** The `/cli` and `/web` handlers, registered once per hub for every socket of the namespace (socketEvents.ts). */
export type CliRoutes = EventRoutes<typeof cliEventContracts, CliServerSocket>;
export type WebRoutes = EventRoutes<typeof webEventContracts, WebServerSocket>;
export const createCliRoutes = (ctx: Pick<HubContext, 'log'>): CliRoutes => createEventRoutes(cliEventContracts, ctx.log);
export const createWebRoutes = (ctx: Pick<HubContext, 'log'>): WebRoutes => createEventRoutes(webEventContracts, ctx.log);

/*
 * What a connection remembers is kept here, keyed by its socket and made on first use (memory per connection, issue
 * #15: an idle socket has none of it), not in `socket.data`, which the adapter sends to other nodes (fetchSockets).
 * Handlers are functions of the hub taking the socket (no closure per socket).
 */

/** Sessions found to belong to a CLI's instance (a session never moves), so session:event skips the lookup. */
class KnownSessionsCache implements KnownSessions {
  private ids: Set<string> | null = null;
  has(id: string): boolean {
    return this.ids?.has(id) === true;
  }
  add(id: string): void {
    if (!this.ids || this.ids.size >= OWNERSHIP_CACHE_MAX) this.ids = new Set();
    this.ids.add(id);
  }
}
const knownOf = new WeakMap<object, KnownSessionsCache>();

/** The sessions this CLI socket is known to own. */
export function knownSessions(socket: CliServerSocket): KnownSessions {
  let known = knownOf.get(socket);
  if (!known) knownOf.set(socket, (known = new KnownSessionsCache()));
  return known;
}

/**
 * Sessions a browser socket's user was found to own. A session never changes owner or instance, so a hit saves the
 * lookup on every input; a session that disappears (account deletion) makes the append answer NOT_FOUND.
 */
const ownedOf = new WeakMap<object, Map<string, SessionRef>>();
/** Instances whose lease a browser socket is having renewed in the background. */
const renewingOf = new WeakMap<object, Set<string>>();

/** The session, if this socket's user was already found to own it (ownSessionRef); else undefined. */
export const knownSessionRef = (socket: WebServerSocket, sessionId: string): SessionRef | undefined => ownedOf.get(socket)?.get(sessionId);

/** The session, if this socket's user owns it (NOT_FOUND otherwise). */
export async function ownSessionRef(ctx: HubContext, socket: WebServerSocket, sessionId: string): Promise<SessionRef> {
  const known = knownSessionRef(socket, sessionId);
  if (known) return known;
  const row = await ownSession(ctx.core, socket.data.userId, sessionId);
  const ref = { id: row.id, instanceId: row.instanceId };
  let owned = ownedOf.get(socket);
  if (!owned || owned.size >= OWNERSHIP_CACHE_MAX) ownedOf.set(socket, (owned = new Map()));
  owned.set(sessionId, ref);
  return ref;
}

/** Asks the database whether the window holds the lease (renewing it): urgently, or in the background (`gathered`). */
async function checkLease(ctx: HubContext, socket: WebServerSocket, instanceId: string, gathered = false): Promise<boolean> {
  const check = { instanceId, windowId: socket.data.windowId, socketId: socket.id };
  // Gathered with other windows' checks into one statement (leaseChecks.ts): a background one for a while, one a
  // command waits for (not `gathered`) within this turn, or as soon as the statement running ends.
  const held = await ctx.leaseChecks.check(check, !gathered);
  if (held && socket.connected) ctx.leases.remember(instanceId, socket.id);
  else if (!held) ctx.leases.forgetSocket(socket.id);
  return held;
}

/**
 * Whether this window holds the instance's workspace. The database (which renews the lease) is asked at most once per
 * half LEASE_TRUST_MS; a window sending steadily has it renewed in the background and never waits for it.
 */
export async function holdsLock(ctx: HubContext, socket: WebServerSocket, instanceId: string): Promise<boolean> {
  return trustedLock(ctx, socket, instanceId) || checkLease(ctx, socket, instanceId);
}

/**
 * Whether the window holds the workspace by a lease the database confirmed recently (renewed in the background when
 * due, in one statement with other windows' renewals: leaseChecks.ts): answered at once. False says only that the
 * database must be asked (holdsLock).
 */
export function trustedLock(ctx: HubContext, socket: WebServerSocket, instanceId: string): boolean {
  const trust = ctx.leases.trusted(instanceId, socket.id);
  if (trust === 'stale' && !renewingOf.get(socket)?.has(instanceId)) {
    let mine = renewingOf.get(socket);
    if (!mine) renewingOf.set(socket, (mine = new Set()));
    mine.add(instanceId);
    void checkLease(ctx, socket, instanceId, true)
      .catch(() => ctx.leases.forgetSocket(socket.id))
      .finally(() => {
        mine.delete(instanceId);
        if (mine.size === 0 && renewingOf.get(socket) === mine) renewingOf.delete(socket);
      });
  }
  return Boolean(trust);
}

/**
 * What `/web` handlers are registered on (pushBridge.ts `registerWindow`): the namespace's routes, once per hub; the
 * handlers get each window's socket.
 */
export interface WebConnection {
  router: WebRoutes;
}
