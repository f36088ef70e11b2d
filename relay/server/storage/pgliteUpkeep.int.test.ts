import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { type SQL, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';

import { openStorage, type Storage } from './database';

/**
 * PGlite has no autovacuum (single-user Postgres): the relay's storage vacuums and analyses every table itself
 * (pgliteUpkeep.ts), and closing the storage stops it.
 */
describe('PGlite upkeep', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tern-pglite-upkeep-'));
  let storage: Storage | null = null;
  afterAll(async () => {
    await storage?.close();
    rmSync(dir, { recursive: true, force: true });
  }, 120_000);

  const rows = async <T>(query: SQL): Promise<T[]> => ((await storage!.db.execute(query)) as unknown as { rows: T[] }).rows;
  const tableSize = async () => (await rows<{ bytes: number }>(sql`SELECT pg_relation_size('login_attempts')::int AS bytes`))[0]!.bytes;
  type TableStats = { relname: string; vacuums: number; analyses: number };
  const stats = () =>
    rows<TableStats>(
      sql`SELECT relname, (vacuum_count + autovacuum_count)::int AS vacuums, (analyze_count + autoanalyze_count)::int AS analyses FROM pg_stat_user_tables`,
    );

  it('vacuums and analyses every table on its own, and gives back the pages of deleted rows', async () => {
    // Dead rows, left by a relay whose upkeep did not run (upkeep: false).
    storage = await openStorage({ dataDir: dir, upkeep: false });
    await storage.db.execute(
      sql`INSERT INTO login_attempts (scope, email, ip, outcome) SELECT 'tern', 'dead' || n || '@example.com', '127.0.0.1', 'failure' FROM generate_series(1, 3000) AS n`,
    );
    await storage.db.execute(sql`DELETE FROM login_attempts`);
    expect(await tableSize()).toBeGreaterThan(8192);
    expect((await stats()).filter((t) => t.vacuums > 0)).toEqual([]);
    await storage.close();

    storage = await openStorage({ dataDir: dir, upkeep: { firstMs: 100, everyMs: 60_000 } });
    const tables = (await stats()).length;
    expect(tables).toBeGreaterThan(10);
    const deadline = Date.now() + 60_000;
    while ((await stats()).some((t) => t.vacuums === 0 || t.analyses === 0) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    const after = await stats();
    expect(after.filter((t) => t.vacuums === 0 || t.analyses === 0).map((t) => t.relname)).toEqual([]);
    expect(after).toHaveLength(tables);
    // VACUUM removed the dead rows and cut the emptied pages off the end of the table.
    expect(await tableSize()).toBe(0);
    await storage.close();
    storage = null;
  }, 120_000);

  it('stops with the storage: a pass in progress ends at its current table', async () => {
    storage = await openStorage({ dataDir: dir, upkeep: { firstMs: 0, everyMs: 60_000 } });
    // The first pass starts at once; closing waits for its current table, then the database closes.
    await new Promise((r) => setTimeout(r, 20));
    await expect(storage.close()).resolves.toBeUndefined();
    storage = null;
  }, 120_000);
});
