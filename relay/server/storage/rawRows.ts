import type { Database } from './database';

/**
 * One statement's rows straight from the database's driver, past drizzle's per-query wrapping: for the group commit's
 * statement (repos/remote/eventBatchRepo.ts), run on every batch of events. drizzle's prepared query makes that call
 * through tracing spans, a result cache lookup and several async layers, and on node-postgres passes a query config
 * object that pg copies property by property on every call; the pool's promise API adds two promises more. Counted
 * (npm run bench:promises, one pair): 21.9 → 19.8 promises per round on PostgreSQL, about 4.5 per statement. The rows
 * come back as drizzle's own driver calls return them (dates and intervals as the database's text, everything else
 * parsed by the driver), so drizzle's column mappers read them the same way.
 *
 * `name`: the statement is prepared under this name once per connection (parsed and analysed once). The group commit's
 * statement is a function call whose function keeps its own plan (eventBatchRepo.ts), so the statement itself needs no
 * planning worth the name.
 */
export type RawRows = (sql: string, params: unknown[], name?: string) => Promise<Array<Record<string, unknown>>>;

/**
 * The types drizzle's drivers keep as text rather than parse (its node-postgres and pglite sessions): timestamp,
 * timestamptz, date, interval, and the arrays of numeric, timestamp, timestamptz, interval and date.
 */
export const RAW_TEXT_TYPES: readonly number[] = [1114, 1184, 1082, 1186, 1231, 1115, 1185, 1187, 1182];

const runners = new WeakMap<object, RawRows>();

/** Registered by database.ts for the database it opened (not for its transactions, which run on a client of their own). */
export function setRawRows(db: Database, run: RawRows): void {
  runners.set(db, run);
}

/** The driver's direct path for `db`, when it has one (the opened database); undefined for a transaction. */
export function rawRowsOf(db: Database): RawRows | undefined {
  return runners.get(db);
}
