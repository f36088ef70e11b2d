import { and, eq, gt, inArray, lte, sql } from 'drizzle-orm';

import type { WindowDevice } from '../../../../protocol';
import { type Database, transaction } from '../../database';
import { type WorkspaceLockRow, workspaceLocks } from '../../schema';

/** One window's question "do I still hold this instance's workspace?" (locksRepo `holdLocks`). */
export interface LeaseCheck {
  instanceId: string;
  windowId: string;
  socketId: string;
}

/** A lock's key in `holdLocks`' answer: its instance (in lower case, as PostgreSQL prints uuids) and window. */
export const leaseKey = (instanceId: string, windowId: string): string => `${instanceId.toLowerCase()} ${windowId}`;

/** Workspace locks: one browser window drives an instance at a time, with a lease. */
export function createLocksRepo(db: Database) {
  /**
   * For each window, the lock if it holds it and its lease is alive, renewed with the activity and the socket, in one
   * statement however many windows ask (leaseChecks.ts gathers the background renewals of windows sending steadily).
   * Answers the `leaseKey`s of the locks held; one check per lock (the caller keeps the newest socket of a window).
   * Every lease check goes through it (leaseChecks.ts), one window's or many.
   */
  async function holdLocks(checks: readonly LeaseCheck[], now: Date, leaseMs: number): Promise<Set<string>> {
    if (checks.length === 0) return new Set();
    const rows = checks.map((c) => ({ instance_id: c.instanceId, window_id: c.windowId, socket_id: c.socketId }));
    const result = await db.execute<{ instance_id: string; window_id: string }>(sql`
      UPDATE ${workspaceLocks} w SET lease_expires_at = ${new Date(now.getTime() + leaseMs).toISOString()}::timestamptz,
        socket_id = v.socket_id, last_active_at = ${now.toISOString()}::timestamptz
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v(instance_id uuid, window_id text, socket_id text)
      WHERE w.instance_id = v.instance_id AND w.window_id = v.window_id AND w.lease_expires_at > ${now.toISOString()}::timestamptz
      RETURNING w.instance_id, w.window_id`);
    const held = (result as unknown as { rows: Array<{ instance_id: string; window_id: string }> }).rows;
    return new Set(held.map((row) => leaseKey(row.instance_id, row.window_id)));
  }

  return {
    async findLock(instanceId: string): Promise<WorkspaceLockRow | null> {
      const [row] = await db.select().from(workspaceLocks).where(eq(workspaceLocks.instanceId, instanceId)).limit(1);
      return row ?? null;
    },

    /**
     * Takes the lock when it is free, lapsed, already this window's, or (takeOver) in any case. Returns the lock now
     * held and the previous holder when it was someone else (to be told `workspace:lost`); `held: null` = busy.
     */
    async acquireLock(input: {
      instanceId: string;
      userId: string;
      windowId: string;
      socketId: string;
      device: WindowDevice;
      takeOver: boolean;
      now: Date;
      leaseMs: number;
    }): Promise<{ held: WorkspaceLockRow | null; previous: WorkspaceLockRow | null }> {
      return transaction(db, async (tx) => {
        const [previous] = await tx
          .select()
          .from(workspaceLocks)
          .where(eq(workspaceLocks.instanceId, input.instanceId))
          .for('update')
          .limit(1);
        const leaseExpiresAt = new Date(input.now.getTime() + input.leaseMs);
        const sameWindow = previous?.windowId === input.windowId;
        const free = !previous || previous.leaseExpiresAt <= input.now || sameWindow;
        if (!free && !input.takeOver) return { held: null, previous: previous ?? null };
        const values = {
          instanceId: input.instanceId,
          userId: input.userId,
          windowId: input.windowId,
          socketId: input.socketId,
          since: sameWindow && previous ? previous.since : input.now,
          leaseExpiresAt,
          deviceBrowser: input.device.browser ?? null,
          deviceOs: input.device.os ?? null,
          lastActiveAt: input.now,
        };
        const [held] = await tx
          .insert(workspaceLocks)
          .values(values)
          .onConflictDoUpdate({ target: workspaceLocks.instanceId, set: values })
          .returning();
        const displaced = previous && !sameWindow ? previous : previous && previous.socketId !== input.socketId ? previous : null;
        return { held: held!, previous: displaced };
      });
    },

    holdLocks,

    /** Renews every lock held by these sockets. */
    async renewLocks(socketIds: string[], now: Date, leaseMs: number): Promise<void> {
      if (socketIds.length === 0) return;
      await db
        .update(workspaceLocks)
        .set({ leaseExpiresAt: new Date(now.getTime() + leaseMs) })
        .where(and(inArray(workspaceLocks.socketId, socketIds), gt(workspaceLocks.leaseExpiresAt, now)));
    },

    /**
     * The socket closed: the locks it holds lapse now rather than at the end of their lease (a window that is gone is not
     * a holder). Matching the socket id, not the window's, leaves alone a lock the same window has already taken
     * again from a new socket (a reload or a quick reconnect, perhaps on another relay node); the row stays, so that
     * window gets it back with its `since`.
     */
    async lapseSocketLocks(socketId: string, now: Date): Promise<number> {
      const rows = await db
        .update(workspaceLocks)
        .set({ leaseExpiresAt: now })
        .where(and(eq(workspaceLocks.socketId, socketId), gt(workspaceLocks.leaseExpiresAt, now)))
        .returning({ id: workspaceLocks.instanceId });
      return rows.length;
    },

    async releaseLock(instanceId: string, windowId: string): Promise<boolean> {
      const rows = await db
        .delete(workspaceLocks)
        .where(and(eq(workspaceLocks.instanceId, instanceId), eq(workspaceLocks.windowId, windowId)))
        .returning({ id: workspaceLocks.instanceId });
      return rows.length > 0;
    },

    async pruneLapsedLocks(now: Date): Promise<void> {
      await db.delete(workspaceLocks).where(lte(workspaceLocks.leaseExpiresAt, now));
    },
  };
}
