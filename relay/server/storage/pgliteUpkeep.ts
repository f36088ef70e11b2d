import { sql } from 'drizzle-orm';

import type { Database } from './database';

/**
 * PGlite's upkeep: what PostgreSQL's autovacuum does for a server, done by the relay for its embedded database.
 *
 * PGlite runs Postgres as one backend in single-user mode, and so without the autovacuum launcher. Nothing else would
 * ever vacuum or analyse its tables, and a relay that runs for months needs both:
 * - **Transaction ids.** Every group commit takes one. Postgres stops taking writes before its 32-bit counter wraps,
 *   unless VACUUM has frozen the old rows: at 200 commits a second that is about four months without a vacuum. A
 *   periodic VACUUM freezes the old rows once they are old enough, as autovacuum would.
 * - **Dead rows and their index entries.** Commands marked delivered, renewed leases, pruned tokens: their old row
 *   versions are only reclaimed, and their index entries only removed, by VACUUM.
 * - **Statistics.** ANALYZE gives the planner the tables' real sizes and value spreads.
 *
 * The tables are vacuumed one statement each, so the statements waiting for the database (group commits above all)
 * run between two tables rather than after the whole pass. Measured: 0.7-1 s for a whole pass on a database holding
 * 66,000 events (the visibility map lets later passes skip the pages an earlier one found clean).
 * PostgreSQL (DATABASE_URL) has its own autovacuum: this runs for PGlite only.
 */

/** When the first pass runs after the database opened (a relay restarted more often than hourly still gets one). */
export const UPKEEP_FIRST_MS = 5 * 60_000;
/** Then how often. */
export const UPKEEP_EVERY_MS = 60 * 60_000;

export interface UpkeepOptions {
  firstMs?: number;
  everyMs?: number;
  /** Told of a pass that failed (the next one still runs); console.error by default. */
  onError?: (error: unknown) => void;
}

export interface Upkeep {
  /** Stops the timers; resolves once a pass in progress has finished its current table and stopped. */
  stop(): Promise<void>;
}

/** An identifier from the catalogue, quoted. */
const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

export function startPgliteUpkeep(db: Database, options: UpkeepOptions = {}): Upkeep {
  const {
    firstMs = UPKEEP_FIRST_MS,
    everyMs = UPKEEP_EVERY_MS,
    onError = (error) => console.error('PGlite upkeep failed', error),
  } = options;
  let stopped = false;
  let running: Promise<void> | null = null;

  async function pass(): Promise<void> {
    // Every table of the database's own schemas (public, and drizzle's migrations journal), one statement each.
    const result = await db.execute(sql`SELECT schemaname, relname FROM pg_stat_user_tables ORDER BY schemaname, relname`);
    for (const { schemaname, relname } of (result as unknown as { rows: Array<{ schemaname: string; relname: string }> }).rows) {
      if (stopped) return;
      await db.execute(sql.raw(`VACUUM (ANALYZE) ${quoted(schemaname)}.${quoted(relname)}`));
    }
  }

  // One pass at a time: a tick while one runs (a slow pass on a large database) is skipped.
  const tick = () => {
    running ??= pass()
      .catch(onError)
      .finally(() => {
        running = null;
      });
  };
  const first = setTimeout(tick, firstMs);
  const every = setInterval(tick, everyMs);
  first.unref();
  every.unref();

  return {
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(every);
      await running;
    },
  };
}
