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
 * Background lease checks (connections.ts `trustedLock`) gathered into one `holdLocks` statement. Answers each check
 * whether its window still holds the workspace (renewing the lease when it does). Checks of one window for one instance
 * in the same gathering share the statement's row, made with the newest socket (a window that reconnected).
 */
export function createLeaseChecks(
  holdLocks: (checks: readonly LeaseCheck[]) => Promise<Set<string>>,
  gatherMs: number = LEASE_CHECK_GATHER_MS,
) {
  let pending = new Map<string, { check: LeaseCheck; waiters: Waiter[] }>();
  let timer: ReturnType<typeof setTimeout> | null = null;

  async function flush(): Promise<void> {
    timer = null;
    const batch = pending;
    pending = new Map();
    try {
      const held = await holdLocks([...batch.values()].map((entry) => entry.check));
      for (const [key, entry] of batch) for (const waiter of entry.waiters) waiter.resolve(held.has(key));
    } catch (error) {
      for (const entry of batch.values()) for (const waiter of entry.waiters) waiter.reject(error);
    }
  }

  return {
    check(check: LeaseCheck): Promise<boolean> {
      return new Promise((resolve, reject) => {
        const key = leaseKey(check.instanceId, check.windowId);
        const entry = pending.get(key);
        if (entry) {
          entry.check = check;
          entry.waiters.push({ resolve, reject });
        } else pending.set(key, { check, waiters: [{ resolve, reject }] });
        if (!timer) {
          timer = setTimeout(() => void flush(), gatherMs);
          timer.unref?.();
        }
      });
    },
  };
}
export type LeaseChecks = ReturnType<typeof createLeaseChecks>;
