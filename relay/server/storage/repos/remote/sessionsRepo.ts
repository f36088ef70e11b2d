import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';

import { type Database } from '../../database';
import { type RemoteSessionRow, remoteSessions, type SessionEventRow, sessionEvents } from '../../schema';
import { createEventBatchRepo, type EventAppend, type SessionHead } from './eventBatchRepo';

/** The most session ids one statement of findLiveSessions reads. */
export const LIVE_SESSIONS_PER_READ = 1_000;

/** The instance's sessions that were not deleted. */
const liveOf = (instanceId: string) => and(eq(remoteSessions.instanceId, instanceId), isNull(remoteSessions.deletedAt));

/** Sessions and their events (seq assignment, idempotent appends, replay pages). */
export function createSessionsRepo(db: Database) {
  const batches = createEventBatchRepo(db);
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

    /**
     * The sessions of `ids` that were not deleted, in no particular order: one statement per LIVE_SESSIONS_PER_READ ids
     * (a statement's parameters are bounded: 65,535 on PostgreSQL).
     */
    async findLiveSessions(ids: readonly string[]): Promise<RemoteSessionRow[]> {
      const rows: RemoteSessionRow[] = [];
      for (let start = 0; start < ids.length; start += LIVE_SESSIONS_PER_READ) {
        const some = ids.slice(start, start + LIVE_SESSIONS_PER_READ);
        rows.push(
          ...(await db
            .select()
            .from(remoteSessions)
            .where(and(inArray(remoteSessions.id, some), isNull(remoteSessions.deletedAt)))),
        );
      }
      return rows;
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
     * Persists one event and gives it the session's next seq: the group commit's statement (eventBatchRepo.ts) with a
     * batch of one, so that one place decides the seq, the duplicates and the session's previews. For callers without
     * a group commit (tests of the use cases). Idempotent on (session, eventId): a resend answers the stored event and
     * consumes no seq; two copies of one event racing (different nodes) both pass the statement's check, the loser's
     * insert hits the unique (session, event_id) index, which aborts its whole statement, and its retry answers the
     * stored event. A session that does not exist (or was deleted) throws UnknownSession.
     */
    async appendEvent(input: EventAppend): Promise<{ event: SessionEventRow; session: SessionHead; duplicate: boolean }> {
      const [outcome] = await batches.appendEvents([input]);
      if (!outcome || 'unknown' in outcome) throw new UnknownSession(input.sessionId);
      return outcome;
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
