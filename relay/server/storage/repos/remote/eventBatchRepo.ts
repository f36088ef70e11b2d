import { and, eq } from 'drizzle-orm';

import { isoTime } from '../../../../protocol/isoTime';
import { type Database } from '../../database';
import { rawRowsOf } from '../../rawRows';
import { type RemoteSessionRow, remoteSessions, type SessionEventRow, sessionEvents } from '../../schema';
import { isUniqueViolation } from '../usersRepo';

export interface EventAppend {
  sessionId: string;
  eventId: string;
  body: Record<string, unknown> & { type: string };
  at: Date;
}

/**
 * What an append tells of its session: its id, its owner and its title, as they were when the event was stored (what
 * the push notifier needs). Anything else of the session is read when it is needed (hubContext.ts `touchSession`).
 */
export type SessionHead = Pick<RemoteSessionRow, 'id' | 'userId' | 'title'>;

/** One append's outcome: the stored event (new, or the one a resend matched), or `unknown` for a missing session. */
export type EventAppendOutcome = { event: SessionEventRow; session: SessionHead; duplicate: boolean } | { unknown: true };

/** A race with another node on one event id aborts the statement; the retry sees the winner's row. */
const RACE_RETRIES = 3;

/**
 * The group commit's statement: a call of the `tern_commit_event_heads` function (migration 0011), which holds the SQL.
 * The batch is its first parameter (a JSON array of [session id, event id, time, body] arrays), the batch's length its
 * second. Each session's stored event ids come back in its own row, in seq order (seq = base_seq + position from 1), so
 * the result needs no join of the inserted rows back onto the sessions; with them the session's head (id, owner and
 * title), not its whole row: at many busy sessions a commit holds one or two events per session, and the row (its two
 * previews of up to 500 characters) was most of what came back. The function cuts the previews of the session's first
 * and last message itself, by characters (a cut by UTF-16 code units could leave half an emoji, which jsonb refuses).
 *
 * The duplicate check must probe the (session, event id) index once per batch row, whatever the table's size. Planned
 * for each batch with its values (PostgreSQL's choice for a statement sent as text), the planner had to be told the
 * batch's length (`LIMIT`: `jsonb_to_recordset` is planned as 100 rows, and against 100 rows a hash anti-join over a
 * sequential scan looked cheaper than 100 index probes until the table held tens of thousands of events). Planning it
 * for each batch cost ~40 % of a small batch's statement on both databases, and a plan cached instead, made once while
 * the table was small, read the whole table on every commit once it had grown (a one-event commit went from 0.3 ms to
 * 14 ms of the server's CPU at 66,000 events). The function's own settings leave its plan no way to read a table whole
 * (no sequential scans, no hash or merge joins, nothing materialised), so the plan it makes once per connection and keeps
 * is the indexes' at every size: a probe of session_events' per batch row, of remote_sessions' per session.
 * eventBatchRepo.int.test.ts checks that on both databases, with a plan made on small tables.
 *
 * The call is a named statement (rawRows.ts): parsed once per connection, and on PGlite sent in one message per commit.
 * The SQL lives in the migration: changing it takes a new one (`CREATE OR REPLACE FUNCTION` with the same signature and
 * result, or a function of another name, leaving the old one to relay nodes of the previous version until they are gone).
 */
export const APPEND_STATEMENT = 'tern_commit_event_heads';
const APPEND_SQL = 'SELECT t.session_id, t.user_id, t.title, t.first_seq, t.stored FROM tern_commit_event_heads($1::jsonb, $2::int) t';

/** The statement's parameters for a batch: its rows as one JSON array, and their number (see APPEND_SQL). */
function appendParams(items: readonly EventAppend[]): [string, number] {
  const rows = items.map((item) => [item.sessionId, item.eventId, isoTime(item.at), item.body]);
  return [JSON.stringify(rows), rows.length];
}

/** The group commit's statement for `items` through drizzle's driver session (unnamed): in a transaction. */
function batchQuery(db: Database, items: readonly EventAppend[]) {
  return db._.session.prepareQuery({ sql: APPEND_SQL, params: appendParams(items) }, undefined, undefined, false);
}

/**
 * Appends `items` under `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON)` on the database's driver directly, and answers the
 * plan PostgreSQL prints (its buffer counts include the function's own statement): for the tests that check what a
 * commit reads.
 */
export async function explainAppend(db: Database, items: readonly EventAppend[]): Promise<unknown> {
  const raw = rawRowsOf(db);
  if (!raw) throw new Error('explainAppend needs the opened database, not a transaction');
  const [row] = await raw(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${APPEND_SQL}`, appendParams(items));
  const plan = row?.['QUERY PLAN'];
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
      // One row per session (its head, however many events the batch gave it), with its stored event ids.
      const runs = new Map<string, StoredRun>();
      for (const row of rows) {
        const session: SessionHead = { id: String(row.session_id), userId: String(row.user_id), title: String(row.title) };
        const ids = JSON.parse(String(row.stored)) as string[];
        runs.set(session.id, { session, base: Number(row.first_seq), ids, next: 0 });
      }
      const out: EventAppendOutcome[] = [];
      const missing: number[] = [];
      // The statement numbers each session's new events in batch order and lists their ids in that order, so walking
      // the batch meets each stored event when its id is its session's next; an item whose id is not next was not
      // appended (already stored, or a repeat of an earlier item of the batch). No key is built per event.
      for (let i = 0; i < items.length; i++) {
        const item = items[i]!;
        // PostgreSQL prints uuids in lower case; the protocol accepts either.
        const run = runs.get(item.sessionId) ?? runs.get(item.sessionId.toLowerCase());
        const id = run?.ids[run.next];
        if (run && id !== undefined && sameUuid(id, item.eventId)) {
          const seq = run.base + ++run.next;
          const event: SessionEventRow = { sessionId: item.sessionId, seq, eventId: item.eventId, at: item.at, body: item.body };
          out.push({ event, session: run.session, duplicate: false });
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
          .select({ id: remoteSessions.id, userId: remoteSessions.userId, title: remoteSessions.title })
          .from(remoteSessions)
          .where(eq(remoteSessions.id, item.sessionId))
          .limit(1);
        if (session) out[i] = { event, session, duplicate: true };
      }
      return out;
    },
  };
}
export type EventBatchRepo = ReturnType<typeof createEventBatchRepo>;

/**
 * A session's part of a commit's result: its head after the update, its seq before the batch, the ids of the events
 * stored for it in seq order, and how many of them the walk has met.
 */
interface StoredRun {
  session: SessionHead;
  base: number;
  ids: string[];
  next: number;
}

/** Whether a uuid as PostgreSQL prints it (lower case) is `given`, written in either case. */
const sameUuid = (stored: string, given: string) => stored === given || stored === given.toLowerCase();

async function withRaceRetries<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= RACE_RETRIES) throw error;
    }
  }
}
