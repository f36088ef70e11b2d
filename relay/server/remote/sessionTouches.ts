import type { RemoteSessionRow } from '../storage/schema';

/**
 * How often at most a session with a stream of new messages has its state (last activity, preview) sent to the owner's
 * windows: every window of the user gets it, phones in the background included, and what it moves is a list entry.
 */
export const SESSION_TOUCH_MS = 1_000;

export interface SessionTouchDeps {
  /** The sessions' current rows (deleted ones left out). */
  read(ids: string[]): Promise<RemoteSessionRow[]>;
  /** Sends the rows to their owners' windows (hubContext.ts `broadcastSession`). */
  send(rows: RemoteSessionRow[]): void;
  onError(error: unknown): void;
  intervalMs?: number;
}

/**
 * Sessions with new messages, their state sent at most once per SESSION_TOUCH_MS. A touch names the session only: the
 * group commit answers each session's head, not its row (migration 0011), so the flush reads the rows it sends, in one
 * statement for every session touched since the last one. A session whose row was sent meanwhile by other means (a
 * rename, say: `sent`) is not sent again, nor is one sent while the flush's read was under way: its row might be older
 * than what the windows have.
 */
export function createSessionTouches(deps: SessionTouchDeps) {
  const intervalMs = deps.intervalMs ?? SESSION_TOUCH_MS;
  let touched = new Set<string>();
  /** The sessions of the flush whose read is under way. */
  let reading: Set<string> | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;

  async function flush(): Promise<void> {
    timer = null;
    const ids = touched;
    touched = new Set();
    reading = new Set(ids);
    try {
      const rows = await deps.read([...ids]);
      const still = reading;
      const fresh = rows.filter((row) => still.has(row.id));
      if (fresh.length > 0) deps.send(fresh);
    } catch (error) {
      deps.onError(error);
    } finally {
      reading = null;
    }
  }

  return {
    /** The session has a new message: its row goes out at the next flush. */
    touch(sessionId: string): void {
      touched.add(sessionId);
      timer ??= setTimeout(() => void flush(), intervalMs).unref();
    },
    /** The session's row was just sent: nothing of it is pending any more. */
    sent(sessionId: string): void {
      touched.delete(sessionId);
      reading?.delete(sessionId);
    },
  };
}
