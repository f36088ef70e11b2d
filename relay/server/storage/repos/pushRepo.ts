import { and, eq, sql } from 'drizzle-orm';

import type { PushPrefs } from '../../../protocol';
import type { Database } from '../database';
import { pushKeys, type PushSubscriptionRow, pushSubscriptions, remoteSessions } from '../schema';

export interface NewPushSubscription {
  userId: string;
  deviceId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  userAgent: string;
  lang: string;
  prefs: PushPrefs;
  accessJti: string | null;
}

/** Push subscriptions (one per user and device), the VAPID key pair, and the questions the notifier asks of sessions. */
export function createPushRepo(db: Database) {
  return {
    /** The stored key pair, or the given one stored now (the first node to start wins; every node reads the winner). */
    async vapidKeys(generated: { publicKey: string; privateKey: string }): Promise<{ publicKey: string; privateKey: string }> {
      await db
        .insert(pushKeys)
        .values({ id: 'vapid', ...generated })
        .onConflictDoNothing();
      const [row] = await db.select().from(pushKeys).where(eq(pushKeys.id, 'vapid')).limit(1);
      return { publicKey: row!.publicKey, privateKey: row!.privateKey };
    },

    /** Subscribes a device, or replaces its subscription and choices. An endpoint moves to whoever subscribed it last. */
    async upsert(input: NewPushSubscription, now: Date): Promise<PushSubscriptionRow> {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, input.endpoint));
      const [row] = await db
        .insert(pushSubscriptions)
        .values({ ...input, createdAt: now })
        .onConflictDoUpdate({
          target: [pushSubscriptions.userId, pushSubscriptions.deviceId],
          set: {
            endpoint: input.endpoint,
            p256dh: input.p256dh,
            auth: input.auth,
            userAgent: input.userAgent,
            lang: input.lang,
            prefs: input.prefs,
            accessJti: input.accessJti,
          },
        })
        .returning();
      return row!;
    },

    async findForDevice(userId: string, deviceId: string): Promise<PushSubscriptionRow | null> {
      const [row] = await db
        .select()
        .from(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.deviceId, deviceId)))
        .limit(1);
      return row ?? null;
    },

    async listForUser(userId: string): Promise<PushSubscriptionRow[]> {
      return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
    },

    async removeDevice(userId: string, deviceId: string): Promise<number> {
      const rows = await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.deviceId, deviceId)))
        .returning({ id: pushSubscriptions.id });
      return rows.length;
    },

    /** Signing out on a device removes the subscription that device made with that sign-in. */
    async removeForAccess(jti: string): Promise<number> {
      const rows = await db.delete(pushSubscriptions).where(eq(pushSubscriptions.accessJti, jti)).returning({ id: pushSubscriptions.id });
      return rows.length;
    },

    /** The push service said 404 / 410: the subscription is gone for good. */
    async removeById(id: string): Promise<void> {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
    },

    async markSuccess(id: string, at: Date): Promise<void> {
      await db.update(pushSubscriptions).set({ lastSuccessAt: at }).where(eq(pushSubscriptions.id, id));
    },

    /** Approval requests of this user's sessions that have no answer yet (the app badge). */
    async pendingApprovals(userId: string): Promise<number> {
      const result = await db.execute<{ n: number }>(sql`
        select count(*)::int as n from session_events q
        join remote_sessions s on s.id = q.session_id
        where s.user_id = ${userId} and q.body->>'type' = 'permission_request'
          and not exists (
            select 1 from session_events a where a.session_id = q.session_id
              and a.body->>'type' = 'permission_response' and a.body->>'requestId' = q.body->>'requestId')
          and not exists (
            select 1 from session_events e where e.session_id = q.session_id and e.seq > q.seq and e.body->>'type' = 'turn_end')`);
      return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
    },

    /** The instance's sessions whose last turn is still open (a user message after the last turn end). */
    async sessionsMidTurn(instanceId: string): Promise<{ id: string; userId: string; title: string }[]> {
      const result = await db.execute<{ id: string; user_id: string; title: string }>(sql`
        select s.id, s.user_id, s.title from ${remoteSessions} s
        where s.instance_id = ${instanceId} and s.active
          and coalesce((select max(seq) from session_events u where u.session_id = s.id and u.body->>'type' = 'user_message'), 0)
            > coalesce((select max(seq) from session_events t where t.session_id = s.id and t.body->>'type' = 'turn_end'), 0)`);
      return rowsOf<{ id: string; user_id: string; title: string }>(result).map((r) => ({ id: r.id, userId: r.user_id, title: r.title }));
    },
  };
}
export type PushRepo = ReturnType<typeof createPushRepo>;

/** `db.execute` answers `{ rows }` on node-postgres and PGlite alike. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows?: T[] }).rows ?? (result as T[]);
}
