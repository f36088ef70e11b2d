import type { RemoteRepo } from '../../storage/repos/remoteRepo';
import type { GroupCommit } from './groupCommit';

/** Timing of presence, workspace locks and command delivery (defaults in relay/server/remote/remoteHub.ts). */
export interface RemoteOptions {
  /**
   * An instance is shown offline only after its socket has been gone this long (a quick reconnect does not flicker); a
   * socket dropped for missed heartbeats is offline at once, it has been silent for the ping timeout already.
   */
  presenceGraceMs: number;
  /** Socket.IO heartbeats: a half-open connection is dropped within pingIntervalMs + pingTimeoutMs. */
  pingIntervalMs: number;
  pingTimeoutMs: number;
  leaseMs: number;
  /** Lease renewal and instance heartbeat period. */
  renewMs: number;
  /** How often live sockets are checked against revoked CLI tokens and signed-out sessions. */
  revocationCheckMs: number;
  /** How long the relay waits for a CLI to take a command before leaving it pending. */
  commandAckTimeoutMs: number;
  /** Push notifications: at most one per session and kind in this window (default PUSH_COALESCE_MS). */
  pushCoalesceMs?: number;
}

/** What the remote use cases work with: storage and the clock. Transport (sockets, rooms, emits) stays in remote/. */
export interface RemoteCoreDeps {
  repo: RemoteRepo;
  /** Session events are appended through group commits (one statement per batch) when set; else one statement each. */
  events?: GroupCommit;
  now: () => Date;
  options: RemoteOptions;
}
