/**
 * CLIs that keep several session events in flight (`cli:hello` `eventWindow`, relay/protocol/remote.ts; the CLI's side
 * is relay/cli/outbox.ts). The relay's router takes a socket's events in order and the group commit stores them in
 * that order, so a window keeps its order as long as every event is stored. When one is not (its batch failed, its
 * session could not be made, its payload was refused), the CLI sends it again later (or an error event in its place),
 * and what it had sent after it must not be stored first:
 *  - the group commit fails the appends of the same socket queued behind the failed one (its `chain`,
 *    core/remote/groupCommit.ts);
 *  - from the failure on, the socket's later events are refused (OUT_OF_ORDER, which the CLI sends again at once)
 *    until one marked `resume`: the first the CLI sends once everything it had in flight was answered.
 * And since such a CLI does not wait on an ack to send its next event, its acks can ride along with the relay's next
 * write to it (a command), HOLD_MS at most (writeCoalescing.ts `lazily`): at 100 pairs that took the relay's writes per
 * round from ~2.7 to 2.0 (docs/performance-sessions.md, "Session 44").
 *
 * Keyed by the socket object: nothing to forget at disconnect, and a new connection starts with a clean slate (the CLI
 * sends again from its outbox's first unacked event anyway).
 */
const windowed = new WeakSet<object>();
const broken = new WeakSet<object>();

/** The refusal of an event sent behind one that was not stored (OUT_OF_ORDER: the CLI sends them again at once). */
export const OUT_OF_ORDER_MESSAGE = 'An earlier event of this connection was not stored: send again from it, marked resume';

/** The socket's CLI keeps several events in flight (its hello said `eventWindow`). */
export function acceptWindow(socket: object): void {
  windowed.add(socket);
}

/** Whether the socket's CLI keeps several events in flight. */
export const hasWindow = (socket: object): boolean => windowed.has(socket);

/**
 * Whether an event of a windowed socket may be taken: not while an earlier one failed, unless this one is the CLI's
 * `resume` (which takes the socket back to normal).
 */
export function admits(socket: object, resume: boolean): boolean {
  if (resume) broken.delete(socket);
  return !broken.has(socket);
}

/** An event of a windowed socket was not stored (failed, or refused): its later events are refused until a `resume`. */
export function brokeOff(socket: object): void {
  if (windowed.has(socket)) broken.add(socket);
}
