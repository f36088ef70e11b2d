/**
 * Session events as they come off the socket, applied together (issue #15). A replay of 10,000 stored events arrives as
 * 10,000 socket messages; applying each on its own meant a store update (and a copy of the session's log) per event.
 * Each message is only checked and queued here; the whole burst is applied at once a moment later (one merge per
 * session, one store update), or sooner when an action reads the store (StoreContext.state drains first), so nothing
 * ever reads a state that misses an event already received.
 */
export interface Inbox<T> {
  push(item: T): void;
  /** Applies what is queued now (nothing when empty). */
  drain(): void;
}

/** How long a burst may gather before it is applied: one frame, the most a render could show sooner. */
export const INBOX_DELAY_MS = 16;
/** While a replay pours in (the last burst held at least REPLAY_BURST events), bursts gather this long. */
export const REPLAY_DELAY_MS = 100;
export const REPLAY_BURST = 64;

export function createInbox<T>(
  apply: (batch: T[]) => void,
  later: (fn: () => void, ms: number) => void = (fn, ms) => void setTimeout(fn, ms),
): Inbox<T> {
  let batch: T[] = [];
  let scheduled = false;
  let lastBurst = 0;
  function drain(): void {
    if (batch.length === 0) return;
    const taken = batch;
    batch = [];
    lastBurst = taken.length;
    apply(taken);
  }
  return {
    push(item) {
      batch.push(item);
      if (scheduled) return;
      scheduled = true;
      later(
        () => {
          scheduled = false;
          drain();
        },
        lastBurst >= REPLAY_BURST ? REPLAY_DELAY_MS : INBOX_DELAY_MS,
      );
    },
    drain,
  };
}
