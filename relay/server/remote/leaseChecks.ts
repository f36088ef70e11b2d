import { type LeaseCheck, leaseKey } from '../storage/repos/remote/locksRepo';

/**
 * How long background lease checks gather before their one statement. A window sending steadily has its lease checked
 * in the background when its trust is past half (leaseTrust.ts: a second left of LEASE_TRUST_MS), so waiting this
 * long costs it nothing; meanwhile every other such window's check joins the same statement. At 100 pairs sending
 * steadily that was 100 statements a second, one per window (0.036 per round trip, more than the group commit's).
 */
export const LEASE_CHECK_GATHER_MS = 100;

interface Waiter {
  resolve: (held: boolean) => void;
  reject: (error: unknown) => void;
}

/**
 * Lease checks (connections.ts `checkLease`) gathered into one `holdLocks` statement. Answers each check whether its
 * window still holds the workspace (renewing the lease when it does). Checks of one window for one instance in the
 * same gathering share the statement's row, made with the newest socket (a window that reconnected).
 *
 * - A background check (a window sending steadily, its trust past half) waits up to `gatherMs` for others.
 * - A check a command waits for (`urgent`: a window whose trust lapsed, say after a pause) is not held back: its
 *   statement starts at the end of this turn of the event loop, with every check made in it, unless an urgent
 *   statement is already running; then the checks made meanwhile go in one statement as soon as it ends (as a group
 *   commit does). When many windows send after a pause at once (100 at 100 pairs, every measured loop of the bench),
 *   that is a few statements rather than one each, which queued on the database's connections (measured with
 *   `TAIL_SETUPS=nodes npm run bench:tail`: the first rounds' out legs took 120-350 ms against ~30).
 * A statement takes every check pending when it starts, background ones included.
 */
export function createLeaseChecks(
  holdLocks: (checks: readonly LeaseCheck[]) => Promise<Set<string>>,
  gatherMs: number = LEASE_CHECK_GATHER_MS,
) {
  let pending = new Map<string, { check: LeaseCheck; waiters: Waiter[] }>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  /** An urgent check waits in `pending`. */
  let urgentPending = false;
  /** An urgent statement is running, or about to start (at the end of this turn). */
  let urgentBusy = false;

  async function flush(urgent: boolean): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    urgentPending = false;
    const batch = pending;
    pending = new Map();
    try {
      if (batch.size === 0) return;
      const held = await holdLocks([...batch.values()].map((entry) => entry.check));
      for (const [key, entry] of batch) for (const waiter of entry.waiters) waiter.resolve(held.has(key));
    } catch (error) {
      for (const entry of batch.values()) for (const waiter of entry.waiters) waiter.reject(error);
    } finally {
      if (urgent) {
        urgentBusy = false;
        // The urgent checks made while this statement ran: one statement for all of them, now.
        if (urgentPending) startUrgent();
      }
    }
  }

  function startUrgent(): void {
    urgentBusy = true;
    setImmediate(() => void flush(true));
  }

  return {
    check(check: LeaseCheck, urgent = false): Promise<boolean> {
      return new Promise((resolve, reject) => {
        const key = leaseKey(check.instanceId, check.windowId);
        const entry = pending.get(key);
        if (entry) {
          entry.check = check;
          entry.waiters.push({ resolve, reject });
        } else pending.set(key, { check, waiters: [{ resolve, reject }] });
        if (urgent) {
          urgentPending = true;
          if (!urgentBusy) startUrgent();
        } else if (!timer && !urgentPending) {
          timer = setTimeout(() => void flush(false), gatherMs);
          timer.unref?.();
        }
      });
    },
  };
}
export type LeaseChecks = ReturnType<typeof createLeaseChecks>;
