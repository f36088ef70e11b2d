/**
 * Workspace leases this node has just confirmed with the database, trusted for a short while without asking again.
 * Every browser command that changes a session needs "does this window hold the workspace?"; asking the database each
 * time was one UPDATE per input (the lease check renews the lease and records activity), a fifth of a round trip's
 * statements. The maintenance loop renews the leases of connected sockets anyway (maintenance.ts, every renewMs), so
 * the check only has to notice a lease that was lost: a take-over, a detach, or the socket closing. Those forget the
 * trust at once on this node, and through the adapter on the others (`remote:lease-lost`); what remains is at most
 * the time an adapter message takes, during which a window on another node that was just displaced may still send a
 * command, which the CLI takes as it does any command of a window that held the workspace a moment ago. A window
 * sending steadily never waits for the database: past half its trust, a check answers from the trust and renews it in
 * the background (`stale`).
 */
export const LEASE_TRUST_MS = 2_000;

export function createLeaseTrust(now: () => number, trustMs = LEASE_TRUST_MS) {
  /** instanceId → socketId → trusted until (epoch ms). */
  const byInstance = new Map<string, Map<string, number>>();
  /** socketId → instanceIds it is trusted for (to forget a closed socket without a scan). */
  const bySocket = new Map<string, Set<string>>();

  function forget(instanceId: string, socketId: string): void {
    const sockets = byInstance.get(instanceId);
    sockets?.delete(socketId);
    if (sockets?.size === 0) byInstance.delete(instanceId);
    const mine = bySocket.get(socketId);
    mine?.delete(instanceId);
    if (mine?.size === 0) bySocket.delete(socketId);
  }

  function forgetInstance(instanceId: string): void {
    const sockets = byInstance.get(instanceId);
    if (!sockets) return;
    byInstance.delete(instanceId);
    for (const socketId of sockets.keys()) {
      const mine = bySocket.get(socketId);
      mine?.delete(instanceId);
      if (mine?.size === 0) bySocket.delete(socketId);
    }
  }

  return {
    /** `fresh`: trusted; `stale`: trusted, but past half its time (renew it now, without waiting); false: ask. */
    trusted(instanceId: string, socketId: string): 'fresh' | 'stale' | false {
      const until = byInstance.get(instanceId)?.get(socketId);
      if (until === undefined) return false;
      const left = until - now();
      if (left > 0) return left > trustMs / 2 ? 'fresh' : 'stale';
      forget(instanceId, socketId);
      return false;
    },
    /** The database just confirmed (and renewed) this socket's lease. */
    remember(instanceId: string, socketId: string): void {
      let sockets = byInstance.get(instanceId);
      if (!sockets) byInstance.set(instanceId, (sockets = new Map()));
      sockets.set(socketId, now() + trustMs);
      let mine = bySocket.get(socketId);
      if (!mine) bySocket.set(socketId, (mine = new Set()));
      mine.add(instanceId);
    },
    /** Someone attached or detached the instance: every window's trust for it goes (the holder asks again). */
    forgetInstance,
    forgetSocket(socketId: string): void {
      for (const instanceId of bySocket.get(socketId) ?? []) {
        const sockets = byInstance.get(instanceId);
        sockets?.delete(socketId);
        if (sockets?.size === 0) byInstance.delete(instanceId);
      }
      bySocket.delete(socketId);
    },
    /**
     * Drops lapsed trust (the maintenance loop calls it): an idle window keeps nothing here, so a connection that only
     * listens costs no entry.
     */
    sweep(): void {
      const t = now();
      for (const [instanceId, sockets] of byInstance) for (const [socketId, until] of sockets) if (until <= t) forget(instanceId, socketId);
    },
    size: () => bySocket.size,
  };
}
export type LeaseTrust = ReturnType<typeof createLeaseTrust>;
