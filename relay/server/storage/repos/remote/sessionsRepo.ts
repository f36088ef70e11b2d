import { and, asc, eq, getTableColumns, isNull, sql, type Table } from 'drizzle-orm';

import { type Database } from '../../database';
import { type RemoteSessionRow, remoteSessions, type SessionEventRow, sessionEvents } from '../../schema';
import { isUniqueViolation } from '../usersRepo';

/** The instance's sessions that were not deleted. */
const liveOf = (instanceId: string) => and(eq(remoteSessions.instanceId, instanceId), isNull(remoteSessions.deletedAt));

/** Sessions and their events (seq assignment, idempotent appends, replay pages). */
export function createSessionsRepo(db: Database) {
  return {
    async findSession(id: string): Promise<RemoteSessionRow | null> {
      const [row] = await db.select().from(remoteSessions).where(eq(remoteSessions.id, id)).limit(1);
      return row ?? null;
    },

    async findOwnSession(userId: string, id: string): Promise<RemoteSessionRow | null> {
      const [row] = await db
        .select()
        .from(remoteSessions)
        .where(and(eq(remoteSessions.id, id), eq(remoteSessions.userId, userId), isNull(remoteSessions.deletedAt)))
        .limit(1);
      return row ?? null;
    },

    async listSessions(instanceId: string): Promise<RemoteSessionRow[]> {
      return db.select().from(remoteSessions).where(liveOf(instanceId)).orderBy(asc(remoteSessions.createdAt));
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

    async updateSessionMeta(
      id: string,
      patch: { title?: string; active?: boolean; autoApprove?: boolean },
      now: Date,
    ): Promise<RemoteSessionRow | null> {
      const [row] = await db
        .update(remoteSessions)
        .set({ ...patch, lastActiveAt: now })
        .where(and(eq(remoteSessions.id, id), isNull(remoteSessions.deletedAt)))
        .returning();
      return row ?? null;
    },

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
      // The previews are cut by the database (migration 0010 `tern_preview`), by characters, as the group commit's are.
      const text = typeof input.body.text === 'string' ? input.body.text : null;
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
              first_message = CASE WHEN ${isUser && text !== null} THEN coalesce(first_message, tern_preview(${text}::text)) ELSE first_message END,
              last_message = CASE WHEN ${isLast && text !== null} THEN tern_preview(${text}::text) ELSE last_message END
            WHERE id = ${input.sessionId} AND deleted_at IS NULL AND NOT EXISTS (SELECT 1 FROM dup)
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

    /** A replay page: up to `limit` events after `afterSeq`, in seq order (see readEventsAfter). */
    eventsAfter: (sessionId: string, afterSeq: number, limit: number) => readEventsPage(db, sessionId, { afterSeq }, limit),
    /** An older page (`session:history`): the last `limit` events before `beforeSeq`, in seq order. */
    eventsBefore: (sessionId: string, beforeSeq: number, limit: number) => readEventsPage(db, sessionId, { beforeSeq }, limit),
  };
}

/**
 * A page of events in seq order: up to `limit` after `afterSeq` (a replay), or the last `limit` before `beforeSeq`
 * (older history). The page comes back as ONE json value (one
 * row, not one per event): on PGlite, decoding thousands of result rows cost far more than the query itself.
 * The rows are the same as a plain select's (same fields, `at` a Date, `body` the stored object).
 */
async function readEventsPage(
  db: Database,
  sessionId: string,
  from: { afterSeq: number } | { beforeSeq: number },
  limit: number,
): Promise<SessionEventRow[]> {
  // The condition and the order that picks the page (the newest first for an older page; the JSON is in seq order).
  const pick =
    'afterSeq' in from
      ? sql`${sessionEvents.seq} > ${from.afterSeq} ORDER BY ${sessionEvents.seq}`
      : sql`${sessionEvents.seq} < ${from.beforeSeq} ORDER BY ${sessionEvents.seq} DESC`;
  const result = await db.execute(sql`
    SELECT coalesce(json_agg(json_build_object(
      'sessionId', e.session_id, 'seq', e.seq, 'eventId', e.event_id,
      'at', e.at::text, 'body', e.body) ORDER BY e.seq), '[]'::json) AS page
    FROM (
      SELECT * FROM ${sessionEvents}
      WHERE ${sessionEvents.sessionId} = ${sessionId} AND ${pick} LIMIT ${limit}
    ) e`);
  const [row] = (result as unknown as { rows: Array<{ page: string | PageRow[] }> }).rows;
  const page = typeof row?.page === 'string' ? (JSON.parse(row.page) as PageRow[]) : (row?.page ?? []);
  // `at` as the driver's own text for the column, turned into a Date by the column, exactly as a plain select does.
  return page.map((event) => ({ ...event, at: sessionEvents.at.mapFromDriverValue(event.at) as Date }));
}

/** One event of a replay page as the database writes it in JSON (`at` as the column's text). */
type PageRow = Omit<SessionEventRow, 'at'> & { at: string };

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
