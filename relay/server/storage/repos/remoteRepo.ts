import { and, asc, count, eq, getTableColumns, gt, inArray, isNotNull, isNull, lt, lte, sql, type Table } from 'drizzle-orm';

import { type Database, transaction } from '../database';
import {
  type CliCommandRow,
  cliCommands,
  type InstanceRow,
  instances,
  type RemoteSessionRow,
  remoteSessions,
  type SessionEventRow,
  sessionEvents,
  type WorkspaceLockRow,
  workspaceLocks,
} from '../schema';
import { isUniqueViolation } from './usersRepo';

export interface InstanceEnvInput {
  platform: string;
  hostname: string;
  cwd: string;
  nodeVersion: string;
  cliVersion: string;
  startedAt: Date;
}

const PREVIEW_CHARS = 500;
const preview = (text: string) => (text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS - 1)}…` : text);

/** Instances, sessions, events, pending CLI commands and workspace locks. */
export function createRemoteRepo(db: Database) {
  return {
    // ---- instances -----------------------------------------------------------------------------------------------

    async findInstance(id: string): Promise<InstanceRow | null> {
      const [row] = await db.select().from(instances).where(eq(instances.id, id)).limit(1);
      return row ?? null;
    },

    /** The instance only when it belongs to `userId` (others' ids look unknown). */
    async findOwnInstance(userId: string, id: string): Promise<InstanceRow | null> {
      const [row] = await db
        .select()
        .from(instances)
        .where(and(eq(instances.id, id), eq(instances.userId, userId)))
        .limit(1);
      return row ?? null;
    },

    async listInstances(userId: string): Promise<Array<InstanceRow & { sessionCount: number }>> {
      const rows = await db.select().from(instances).where(eq(instances.userId, userId)).orderBy(asc(instances.createdAt));
      const counts = await this.sessionCounts(rows.map((r) => r.id));
      return rows.map((r) => ({ ...r, sessionCount: counts.get(r.id) ?? 0 }));
    },

    async sessionCounts(instanceIds: string[]): Promise<Map<string, number>> {
      if (instanceIds.length === 0) return new Map();
      const rows = await db
        .select({ instanceId: remoteSessions.instanceId, n: count() })
        .from(remoteSessions)
        .where(inArray(remoteSessions.instanceId, instanceIds))
        .groupBy(remoteSessions.instanceId);
      return new Map(rows.map((r) => [r.instanceId, r.n]));
    },

    /**
     * Claims the instance for a connecting CLI socket: creates it for `userId`, or takes it over when it is already
     * theirs. Returns null when the id belongs to another user.
     */
    async claimInstance(input: { id: string; userId: string; cliTokenId: string; socketId: string; now: Date }): Promise<InstanceRow | null> {
      await db
        .insert(instances)
        .values({
          id: input.id,
          userId: input.userId,
          cliTokenId: input.cliTokenId,
          startedAt: input.now,
          lastSeenAt: input.now,
          online: true,
          socketId: input.socketId,
          createdAt: input.now,
        })
        .onConflictDoNothing({ target: instances.id });
      const [row] = await db
        .update(instances)
        .set({ online: true, socketId: input.socketId, lastSeenAt: input.now, cliTokenId: input.cliTokenId })
        .where(and(eq(instances.id, input.id), eq(instances.userId, input.userId)))
        .returning();
      return row ?? null;
    },

    async updateInstanceEnv(id: string, socketId: string, env: InstanceEnvInput, now: Date): Promise<InstanceRow | null> {
      const [row] = await db
        .update(instances)
        .set({ ...env, online: true, lastSeenAt: now })
        .where(and(eq(instances.id, id), eq(instances.socketId, socketId)))
        .returning();
      return row ?? null;
    },

    /** Heartbeat of the sockets this node serves. */
    async touchInstances(ids: string[], now: Date): Promise<void> {
      if (ids.length === 0) return;
      await db.update(instances).set({ lastSeenAt: now }).where(and(inArray(instances.id, ids), eq(instances.online, true)));
    },

    /** Marks offline only if `socketId` is still the instance's socket (a reconnect in the grace period wins). */
    async markOffline(id: string, socketId: string, now: Date): Promise<InstanceRow | null> {
      const [row] = await db
        .update(instances)
        .set({ online: false, socketId: null, lastSeenAt: now })
        .where(and(eq(instances.id, id), eq(instances.socketId, socketId)))
        .returning();
      return row ?? null;
    },

    // ---- sessions ------------------------------------------------------------------------------------------------

    async findSession(id: string): Promise<RemoteSessionRow | null> {
      const [row] = await db.select().from(remoteSessions).where(eq(remoteSessions.id, id)).limit(1);
      return row ?? null;
    },

    async findOwnSession(userId: string, id: string): Promise<RemoteSessionRow | null> {
      const [row] = await db
        .select()
        .from(remoteSessions)
        .where(and(eq(remoteSessions.id, id), eq(remoteSessions.userId, userId)))
        .limit(1);
      return row ?? null;
    },

    async listSessions(instanceId: string): Promise<RemoteSessionRow[]> {
      return db.select().from(remoteSessions).where(eq(remoteSessions.instanceId, instanceId)).orderBy(asc(remoteSessions.createdAt));
    },

    /** Creates the session unless it exists (same id, or same instance + clientRequestId); returns the stored row. */
    async ensureSession(input: {
      id: string;
      instanceId: string;
      userId: string;
      title?: string;
      createdAt: Date;
      autoApprove?: boolean;
      clientRequestId?: string;
    }): Promise<{ row: RemoteSessionRow; created: boolean }> {
      const inserted = await db
        .insert(remoteSessions)
        .values({
          id: input.id,
          instanceId: input.instanceId,
          userId: input.userId,
          title: input.title ?? '',
          createdAt: input.createdAt,
          lastActiveAt: input.createdAt,
          autoApprove: input.autoApprove ?? false,
          clientRequestId: input.clientRequestId ?? null,
        })
        .onConflictDoNothing()
        .returning();
      if (inserted[0]) return { row: inserted[0], created: true };
      const [existing] = input.clientRequestId
        ? await db
            .select()
            .from(remoteSessions)
            .where(and(eq(remoteSessions.instanceId, input.instanceId), eq(remoteSessions.clientRequestId, input.clientRequestId)))
            .limit(1)
        : await db.select().from(remoteSessions).where(eq(remoteSessions.id, input.id)).limit(1);
      if (existing) return { row: existing, created: false };
      const [byId] = await db.select().from(remoteSessions).where(eq(remoteSessions.id, input.id)).limit(1);
      return { row: byId!, created: false };
    },

    async updateSessionMeta(id: string, patch: { title?: string; active?: boolean; autoApprove?: boolean }, now: Date): Promise<RemoteSessionRow | null> {
      const [row] = await db
        .update(remoteSessions)
        .set({ ...patch, lastActiveAt: now })
        .where(eq(remoteSessions.id, id))
        .returning();
      return row ?? null;
    },

    // ---- events --------------------------------------------------------------------------------------------------

    /**
     * Persists one event and gives it the session's next seq in ONE statement (no explicit transaction, one round
     * trip): the `last_seq + 1` update locks the session row, so concurrent appends (any relay node) get distinct,
     * gap-free seqs, and the insert takes the seq that update returned. Idempotent on (session, eventId): a resend
     * finds the stored event and the update does not run, so it consumes no seq. Two copies of one event racing
     * (different nodes) both pass that check; the loser's insert then hits the unique (session, event_id) index, which
     * aborts its whole statement, seq bump included, and it answers the stored event.
     */
    async appendEvent(input: {
      sessionId: string;
      eventId: string;
      body: Record<string, unknown> & { type: string };
      at: Date;
    }): Promise<{ event: SessionEventRow; session: RemoteSessionRow; duplicate: boolean }> {
      const text = typeof input.body.text === 'string' ? preview(input.body.text) : null;
      const isUser = input.body.type === 'user_message';
      const isLast = isUser || input.body.type === 'assistant_message';
      const at = input.at.toISOString();
      let rows: Array<Record<string, unknown>>;
      try {
        const result = await db.execute(sql`
          WITH dup AS (
            SELECT seq FROM session_events WHERE session_id = ${input.sessionId} AND event_id = ${input.eventId}
          ), s AS (
            UPDATE remote_sessions SET
              last_seq = last_seq + 1,
              last_active_at = ${at}::timestamptz,
              first_message = CASE WHEN ${isUser && text !== null} THEN coalesce(first_message, ${text}::text) ELSE first_message END,
              last_message = CASE WHEN ${isLast && text !== null} THEN ${text}::text ELSE last_message END
            WHERE id = ${input.sessionId} AND NOT EXISTS (SELECT 1 FROM dup)
            RETURNING *
          ), e AS (
            INSERT INTO session_events (session_id, seq, event_id, at, body)
            SELECT s.id, s.last_seq, ${input.eventId}, ${at}::timestamptz, ${JSON.stringify(input.body)}::jsonb FROM s
            RETURNING seq AS event_seq, at AS event_at, body AS event_body
          )
          SELECT s.*, e.* FROM s JOIN e ON true
        `);
        rows = (result as unknown as { rows: Array<Record<string, unknown>> }).rows;
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        rows = [];
      }
      const row = rows[0];
      if (row) {
        const session = fromDriver(remoteSessions, row) as RemoteSessionRow;
        const event: SessionEventRow = {
          sessionId: input.sessionId,
          seq: Number(row.event_seq),
          eventId: input.eventId,
          at: sessionEvents.at.mapFromDriverValue(row.event_at as string) as Date,
          body: sessionEvents.body.mapFromDriverValue(row.event_body as string) as Record<string, unknown>,
        };
        return { event, session, duplicate: false };
      }
      // Nothing appended: a resend (or the loser of a race on the same event id), or an unknown session.
      const event = await this.findEvent(input.sessionId, input.eventId);
      if (!event) throw new UnknownSession(input.sessionId);
      return { event, session: (await this.findSession(input.sessionId))!, duplicate: true };
    },

    async findEvent(sessionId: string, eventId: string): Promise<SessionEventRow | null> {
      const [row] = await db
        .select()
        .from(sessionEvents)
        .where(and(eq(sessionEvents.sessionId, sessionId), eq(sessionEvents.eventId, eventId)))
        .limit(1);
      return row ?? null;
    },

    async eventsAfter(sessionId: string, afterSeq: number, limit: number): Promise<SessionEventRow[]> {
      return db
        .select()
        .from(sessionEvents)
        .where(and(eq(sessionEvents.sessionId, sessionId), gt(sessionEvents.seq, afterSeq)))
        .orderBy(asc(sessionEvents.seq))
        .limit(limit);
    },

    // ---- commands for the CLI ------------------------------------------------------------------------------------

    async addCommand(input: { id: string; instanceId: string; type: string; payload: Record<string, unknown>; now: Date }): Promise<CliCommandRow> {
      const [row] = await db
        .insert(cliCommands)
        .values({ id: input.id, instanceId: input.instanceId, type: input.type, payload: input.payload, createdAt: input.now })
        .onConflictDoNothing()
        .returning();
      if (row) return row;
      const [existing] = await db.select().from(cliCommands).where(eq(cliCommands.id, input.id)).limit(1);
      return existing!;
    },

    async pendingCommands(instanceId: string): Promise<CliCommandRow[]> {
      return db
        .select()
        .from(cliCommands)
        .where(and(eq(cliCommands.instanceId, instanceId), isNull(cliCommands.deliveredAt)))
        .orderBy(asc(cliCommands.ord));
    },

    /** Marks commands delivered (only those of `instanceId` when given); already-delivered ones keep their time. */
    async markDelivered(ids: string[], now: Date, instanceId?: string): Promise<void> {
      if (ids.length === 0) return;
      await db
        .update(cliCommands)
        .set({ deliveredAt: now })
        .where(and(inArray(cliCommands.id, ids), isNull(cliCommands.deliveredAt), instanceId === undefined ? undefined : eq(cliCommands.instanceId, instanceId)));
    },

    /** Drops commands the CLI took before `before` (pending ones stay until delivered). */
    async pruneDeliveredCommands(before: Date): Promise<void> {
      await db.delete(cliCommands).where(and(isNotNull(cliCommands.deliveredAt), lt(cliCommands.deliveredAt, before)));
    },

    // ---- workspace lock ------------------------------------------------------------------------------------------

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

    /** The lock if this window holds it and its lease is alive; renews it at the same time. */
    async holdsLock(input: { instanceId: string; windowId: string; socketId: string; now: Date; leaseMs: number }): Promise<boolean> {
      const rows = await db
        .update(workspaceLocks)
        .set({ leaseExpiresAt: new Date(input.now.getTime() + input.leaseMs), socketId: input.socketId })
        .where(
          and(
            eq(workspaceLocks.instanceId, input.instanceId),
            eq(workspaceLocks.windowId, input.windowId),
            gt(workspaceLocks.leaseExpiresAt, input.now),
          ),
        )
        .returning({ id: workspaceLocks.instanceId });
      return rows.length > 0;
    },

    /** Renews every lock held by these sockets. */
    async renewLocks(socketIds: string[], now: Date, leaseMs: number): Promise<void> {
      if (socketIds.length === 0) return;
      await db
        .update(workspaceLocks)
        .set({ leaseExpiresAt: new Date(now.getTime() + leaseMs) })
        .where(and(inArray(workspaceLocks.socketId, socketIds), gt(workspaceLocks.leaseExpiresAt, now)));
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
export type RemoteRepo = ReturnType<typeof createRemoteRepo>;


/** appendEvent on a session that does not exist. */
export class UnknownSession extends Error {
  constructor(sessionId: string) {
    super(`unknown session ${sessionId}`);
  }
}

/** A row of raw SQL (snake_case driver values) as the table's typed row. */
function fromDriver(table: Table, raw: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = raw[column.name];
    out[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return out;
}
