import { and, eq, getTableColumns, inArray, type Table } from 'drizzle-orm';

import { type Database } from '../../database';
import { rawRowsOf } from '../../rawRows';
import { type RemoteSessionRow, remoteSessions, type SessionEventRow, sessionEvents } from '../../schema';
import { isUniqueViolation } from '../usersRepo';

const PREVIEW_CHARS = 500;
const preview = (text: string) => (text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS - 1)}…` : text);

export interface EventAppend {
  sessionId: string;
  eventId: string;
  body: Record<string, unknown> & { type: string };
  at: Date;
}

/** One append's outcome: the stored event (new, or the one a resend matched), or `unknown` for a missing session. */
export type EventAppendOutcome = { event: SessionEventRow; session: RemoteSessionRow; duplicate: boolean } | { unknown: true };

/** A race with another node on one event id aborts the statement; the retry sees the winner's row. */
const RACE_RETRIES = 3;

/** Deleted sessions take no events (when the schema has soft deletion). */
const notDeleted = 'deletedAt' in getTableColumns(remoteSessions) ? 'AND r.deleted_at IS NULL' : '';

/**
 * The group commit's statement. The batch is its first parameter (a JSON array), the batch's length its second. Each
 * session's stored [eventId, k] pairs come back in its own row (seq = base_seq + k), so the result needs no join of the
 * inserted rows back onto the sessions (that join ran as a nested loop re-sorting the inserted rows once per session).
 *
 * The duplicate check must probe the (session, event id) index once per batch row, whatever the table's size. Two
 * things would make PostgreSQL (and PGlite, the same planner) read the whole of session_events on every commit instead:
 * - **The row estimate.** `jsonb_to_recordset` is planned as 100 rows whatever the batch holds (the default for a
 *   set-returning function). Against 100 rows a hash anti-join over a sequential scan looks cheaper than 100 index
 *   probes until the table holds tens of thousands of events. Measured, with 3,000 events stored: every commit of one
 *   event scanned them all, 2.6 ms of the server's CPU against 0.3 ms with the index; on PGlite a one-event commit
 *   took 6.6 ms at 4,000 events and 9.8 ms at 10,000. `LIMIT $2` (the batch's length, known when the statement is
 *   planned) gives the planner the true count, and it probes the index.
 * - **A cached generic plan.** A named prepared statement is soon run with a generic plan, made once while the table
 *   was small and kept while the table grows (measured: a one-event commit went from 0.3 ms to 14 ms of the server's
 *   CPU at 66,000 events). So it is planned for every batch with its parameters' values: it is a named statement
 *   (parsed and analysed once per connection: ~0.2 ms of PostgreSQL's CPU less per commit, ~0.4 ms of PGlite's) on
 *   connections whose `plan_cache_mode` is `force_custom_plan` (rawRows.ts).
 *
 * eventBatchRepo.int.test.ts checks the plans on both databases, and that a named statement never gets a generic one.
 */
export const APPEND_STATEMENT = 'tern_append_events';
const APPEND_SQL = `
  WITH input AS (
    SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(
      ord int, session_id uuid, event_id uuid, at timestamptz, body jsonb, preview text, is_user boolean, is_last boolean)
    LIMIT $2
  ), fresh AS (
    SELECT DISTINCT ON (i.session_id, i.event_id) i.* FROM input i
    WHERE NOT EXISTS (SELECT 1 FROM session_events e WHERE e.session_id = i.session_id AND e.event_id = i.event_id)
    ORDER BY i.session_id, i.event_id, i.ord
  ), numbered AS (
    SELECT f.*, row_number() OVER (PARTITION BY f.session_id ORDER BY f.ord) AS k FROM fresh f
  ), per_session AS (
    SELECT session_id, count(*)::int AS n, max(at) AS at,
      (array_agg(preview ORDER BY ord) FILTER (WHERE is_user AND preview IS NOT NULL))[1] AS first_user,
      (array_agg(preview ORDER BY ord DESC) FILTER (WHERE is_last AND preview IS NOT NULL))[1] AS last_text,
      json_agg(json_build_array(event_id, k) ORDER BY k)::text AS stored_events
    FROM numbered GROUP BY session_id
  ), s AS (
    UPDATE remote_sessions r SET
      last_seq = r.last_seq + p.n,
      last_active_at = p.at,
      first_message = coalesce(r.first_message, p.first_user),
      last_message = coalesce(p.last_text, r.last_message)
    FROM per_session p
    WHERE r.id = p.session_id ${notDeleted}
    RETURNING r.*, r.last_seq - p.n AS base_seq, p.stored_events
  ), e AS (
    INSERT INTO session_events (session_id, seq, event_id, at, body)
    SELECT n.session_id, s.base_seq + n.k, n.event_id, n.at, n.body FROM numbered n JOIN s ON s.id = n.session_id
  )
  SELECT * FROM s`;

/** The statement's parameters for a batch: its rows as one JSON array, and their number (see APPEND_SQL). */
function appendParams(items: readonly EventAppend[]): [string, number] {
  const rows = items.map((item, ord) => {
    const text = typeof item.body.text === 'string' ? preview(item.body.text) : null;
    return {
      ord,
      session_id: item.sessionId,
      event_id: item.eventId,
      at: item.at.toISOString(),
      body: item.body,
      preview: text,
      is_user: item.body.type === 'user_message',
      is_last: item.body.type === 'user_message' || item.body.type === 'assistant_message',
    };
  });
  return [JSON.stringify(rows), rows.length];
}

/** The group commit's statement for `items`, prefixed (EXPLAIN …), through drizzle's driver session (unnamed): in a transaction, and for EXPLAIN. */
function batchQuery(db: Database, items: readonly EventAppend[], prefix = '') {
  return db._.session.prepareQuery({ sql: prefix + APPEND_SQL, params: appendParams(items) }, undefined, undefined, false);
}

/** The plan the database makes for a batch's statement (PostgreSQL's JSON EXPLAIN), for the tests that check it. */
export async function explainAppend(db: Database, items: readonly EventAppend[]): Promise<unknown> {
  const result = (await batchQuery(db, items, 'EXPLAIN (FORMAT JSON) ').execute()) as unknown as { rows: Array<Record<string, unknown>> };
  const plan = result.rows[0]?.['QUERY PLAN'];
  return typeof plan === 'string' ? JSON.parse(plan) : plan;
}

/**
 * Group commit of session events: a batch of appends (any sessions, in arrival order) becomes ONE SQL statement.
 * The database hands out the seqs: per session, one `UPDATE remote_sessions SET last_seq = last_seq + n` (row-locked,
 * so concurrent batches of several relay nodes get distinct, gap-free ranges) and one multi-row INSERT numbering the
 * new events in batch order. Idempotent on (session, eventId): events already stored, or repeated in the batch,
 * consume no seq and answer the stored event.
 */
export function createEventBatchRepo(db: Database) {
  // The opened database's driver straight (rawRows.ts); through drizzle for a transaction.
  const raw = rawRowsOf(db);
  function insertBatch(items: readonly EventAppend[]): Promise<Array<Record<string, unknown>>> {
    // The constant text with its parameters (no SQL built per batch), prepared once per connection where it stays
    // planned per batch.
    if (raw) return raw(APPEND_SQL, appendParams(items), APPEND_STATEMENT);
    return batchQuery(db, items)
      .execute()
      .then((result) => (result as unknown as { rows: Array<Record<string, unknown>> }).rows);
  }

  return {
    /** Appends the batch in one statement; answers each item in order (see EventAppendOutcome). */
    async appendEvents(items: readonly EventAppend[]): Promise<EventAppendOutcome[]> {
      const rows = await withRaceRetries(() => insertBatch(items));
      const stored = new Map<string, { seq: number; session: RemoteSessionRow }>();
      // One row per session (its row is read once, however many events the batch gave it), with [eventId, seq] pairs.
      for (const row of rows) {
        const session = fromDriver(remoteSessions, row) as RemoteSessionRow;
        const base = Number(row.base_seq);
        for (const [eventId, k] of JSON.parse(String(row.stored_events)) as Array<[string, number | string]>)
          stored.set(`${session.id}/${eventId}`.toLowerCase(), { seq: base + Number(k), session });
      }
      const firstOf = new Set<string>();
      const out: EventAppendOutcome[] = [];
      const missing: number[] = [];
      for (const [i, item] of items.entries()) {
        // PostgreSQL prints uuids in lower case; the protocol accepts either.
        const key = `${item.sessionId}/${item.eventId}`.toLowerCase();
        const hit = stored.get(key);
        if (hit && !firstOf.has(key)) {
          firstOf.add(key);
          const event: SessionEventRow = { sessionId: item.sessionId, seq: hit.seq, eventId: item.eventId, at: item.at, body: item.body };
          out.push({ event, session: hit.session, duplicate: false });
        } else {
          out.push({ unknown: true });
          missing.push(i);
        }
      }
      // Not appended: a resend of a stored event (or a repeat within this batch), or a session that is gone.
      for (const i of missing) {
        const item = items[i]!;
        const [event] = await db
          .select()
          .from(sessionEvents)
          .where(and(eq(sessionEvents.sessionId, item.sessionId), eq(sessionEvents.eventId, item.eventId)))
          .limit(1);
        if (!event) continue;
        const [session] = await db
          .select()
          .from(remoteSessions)
          .where(inArray(remoteSessions.id, [item.sessionId]))
          .limit(1);
        if (session) out[i] = { event, session, duplicate: true };
      }
      return out;
    },
  };
}
export type EventBatchRepo = ReturnType<typeof createEventBatchRepo>;

async function withRaceRetries<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= RACE_RETRIES) throw error;
    }
  }
}

/** Each table's columns as [key, column] pairs, listed once (a commit maps one session row per session it touched). */
const columnLists = new WeakMap<Table, Array<[string, ReturnType<typeof getTableColumns>[string]]>>();

/** A row of raw SQL (snake_case driver values) as the table's typed row. */
function fromDriver(table: Table, raw: Record<string, unknown>): Record<string, unknown> {
  let columns = columnLists.get(table);
  if (!columns) columnLists.set(table, (columns = Object.entries(getTableColumns(table))));
  const out: Record<string, unknown> = {};
  for (const [key, column] of columns) {
    const value = raw[column.name];
    out[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return out;
}
