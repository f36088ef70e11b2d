import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { seedPgliteDataDir } from '../testing/pgliteTemplate';
import { threadNices, threadsAt } from '../testing/threads';
import { openStorage, type Storage, transaction } from './database';
import { PgliteWorkerClient } from './pgliteClient';
import { RAW_TEXT_TYPES, rawRowsOf } from './rawRows';
import { createAuthRepos, isUniqueViolation } from './repos';
import { schema } from './schema';

/**
 * PGlite in a worker thread (pgliteClient.ts + pgliteWorker.mjs) behind drizzle: the same answers as PGlite in-process,
 * PGlite's transaction rules (one connection: statements outside a transaction wait for its end), database errors
 * with their fields, and statements that no longer stop the relay's event loop.
 */
describe('PGlite in a worker thread', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tern-pglite-worker-'));
  let storage: Storage;

  beforeAll(async () => {
    storage = await openStorage({ dataDir: dir });
    await storage.db.execute(sql`CREATE TABLE worker_probe (id int PRIMARY KEY, note text NOT NULL, doc jsonb, at timestamptz)`);
  }, 120_000);
  afterAll(async () => {
    await storage?.close();
    rmSync(dir, { recursive: true, force: true });
  }, 120_000);

  /** `db.execute` is typed for both drivers; PGlite's answer is `{ rows }`. */
  const rows = async <T>(query: SQL): Promise<T[]> => ((await storage.db.execute(query)) as unknown as { rows: T[] }).rows;
  const count = async () => (await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM worker_probe`))[0]!.n;

  it('commits a transaction, and statements outside it wait until it ends', async () => {
    const order: string[] = [];
    let inside!: () => void;
    const insideReached = new Promise<void>((resolve) => (inside = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const tx = transaction(storage.db, async (t) => {
      await t.execute(sql`INSERT INTO worker_probe (id, note) VALUES (1, 'in tx')`);
      inside();
      await released;
      order.push('tx body done');
    }).then(() => order.push('committed'));
    await insideReached;
    const outside = count().then((n) => {
      order.push('outside answered');
      return n;
    });
    // The outside statement is in the worker now; it must not overtake the open transaction.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(order).toEqual([]);
    release();
    await Promise.all([tx, outside]);
    expect(order).toEqual(['tx body done', 'committed', 'outside answered']);
    expect(await outside).toBe(1);
  });

  it('rolls back on a throw, keeps an outer transaction when a nested one (savepoint) fails', async () => {
    await expect(
      transaction(storage.db, async (t) => {
        await t.execute(sql`INSERT INTO worker_probe (id, note) VALUES (2, 'rolled back')`);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    await storage.db.transaction(async (t) => {
      await t.execute(sql`INSERT INTO worker_probe (id, note) VALUES (3, 'outer')`);
      await expect(
        t.transaction(async (inner) => {
          await inner.execute(sql`INSERT INTO worker_probe (id, note) VALUES (4, 'inner')`);
          throw new Error('inner boom');
        }),
      ).rejects.toThrow('inner boom');
    });
    const ids = (await rows<{ id: number }>(sql`SELECT id FROM worker_probe ORDER BY id`)).map((r) => r.id);
    expect(ids).toEqual([1, 3]);
  });

  it('keeps the fields of a database error, and the connection usable after a failed transaction', async () => {
    const error = await storage.db.execute(sql`INSERT INTO worker_probe (id, note) VALUES (1, 'duplicate')`).then(
      () => null,
      (e: unknown) => e,
    );
    expect(isUniqueViolation(error)).toBe(true);
    const cause = (error as { cause?: Record<string, unknown> }).cause;
    expect(cause).toMatchObject({ code: '23505', constraint: 'worker_probe_pkey', table: 'worker_probe' });
    expect(String(cause?.message)).toContain('duplicate key');

    await expect(
      transaction(storage.db, async (t) => {
        await t.execute(sql`INSERT INTO worker_probe (id, note) VALUES (1, 'duplicate in tx')`);
      }),
    ).rejects.toBeTruthy();
    expect(await count()).toBe(2);
  });

  it('answers many concurrent statements, each with its own result', async () => {
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => rows<{ v: number }>(sql`SELECT ${i}::int * 2 AS v`)));
    expect(results.map((r) => r[0]!.v)).toEqual(Array.from({ length: 50 }, (_, i) => i * 2));
  });

  it('runs a named statement as a prepared one, its text parameters intact whatever they hold, and waits for a transaction', async () => {
    const raw = rawRowsOf(storage.db)!;
    const texts = ["it's", '$p$ and $p0$ inside', 'back\\slash \\n', '{"json": "a\'b"}', ''];
    const echo = (text: string | null, n: number) => raw('SELECT $1::text AS t, $2::int AS n', [text, n], 'worker_echo');
    for (const [i, text] of texts.entries()) expect(await echo(text, i)).toEqual([{ t: text, n: i }]);
    expect(await echo(null, 9)).toEqual([{ t: null, n: 9 }]);
    await expect(echo('nul \0 here', 1)).rejects.toThrow(/NUL/);
    const [statement] = await raw('SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE name = $1', ['worker_echo']);
    // One statement, prepared once: every run went through it, with a plan of either kind.
    expect(Number(statement!.generic_plans) + Number(statement!.custom_plans)).toBe(texts.length + 1);
    // Like any statement outside it, a prepared one waits for an open transaction to end.
    let inserted = false;
    const tx = storage.db.transaction(async (t) => {
      await t.execute(sql`INSERT INTO worker_probe (id, note) VALUES (900, 'tx')`);
      await new Promise((resolve) => setTimeout(resolve, 100));
      inserted = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const seen = await raw('SELECT count(*)::int AS n FROM worker_probe WHERE id = $1', [900], 'worker_count');
    await tx;
    await storage.db.execute(sql`DELETE FROM worker_probe WHERE id = 900`);
    expect([inserted, seen]).toEqual([true, [{ n: 1 }]]);
  });

  it('sizes shared memory for one backend (RSS), with lock slots left for a transaction of 300 new tables', async () => {
    // 12 MB with Postgres' default slots (100 connections, 16 autovacuum workers, 10 WAL senders), all touched at start.
    const [shm] = await rows<{ shared_memory_size: string }>(sql`SHOW shared_memory_size`);
    expect(shm!.shared_memory_size).toBe('8MB');
    // Each new table and its primary key index are locked until the end of the transaction (the schema is ~220 relations).
    await expect(
      transaction(storage.db, async (t) => {
        for (let i = 0; i < 300; i++) await t.execute(sql.raw(`CREATE TABLE lock_probe_${i} (id int PRIMARY KEY)`));
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
  }, 60_000);

  it('loads the filesystem image without the files a running server does not read, and still has the ones it does', async () => {
    // initdb's input (initdb runs in a process of its own): left out of memory, and gone rather than zeros.
    await expect(storage.db.execute(sql`SELECT pg_read_file('/pglite/share/postgresql/postgres.bki', 0, 8)`)).rejects.toThrow();
    // Time zones, text search dictionaries (snowball) and PL/pgSQL are read from the image on first use.
    const [used] = await rows<{ paris: string; words: string; abbrev: string }>(
      sql`SELECT (timestamptz '2030-01-01 12:00Z' AT TIME ZONE 'Europe/Paris')::text AS paris,
        to_tsvector('english', 'running dogs')::text AS words, (SELECT abbrev FROM pg_timezone_abbrevs WHERE abbrev = 'CEST') AS abbrev`,
    );
    expect(used).toEqual({ paris: '2030-01-01 13:00:00', words: "'dog':2 'run':1", abbrev: 'CEST' });
    await storage.db.execute(sql`DO $$ BEGIN PERFORM 1; END $$`);
  });

  it('leaves the event loop free while a statement runs', async () => {
    let ticks = 0;
    let running = true;
    const tick = () => {
      ticks++;
      if (running) setImmediate(tick);
    };
    setImmediate(tick);
    const before = ticks;
    await storage.db.execute(sql`SELECT sum(x) FROM generate_series(1, 3000000) AS x`);
    running = false;
    // In-process PGlite runs a statement synchronously inside its WASM: no tick could happen while it runs.
    expect(ticks - before).toBeGreaterThan(10);
  });

  it('gives the same values as PGlite in-process (drizzle parsers: timestamps and dates as text, jsonb, int8, bytea)', async () => {
    await storage.db.execute(
      sql`INSERT INTO worker_probe (id, note, doc, at) VALUES (10, ${'text ␀ ünïcode'}, ${JSON.stringify({ a: [1, 'b'], n: null })}, ${'2030-01-02T03:04:05.678Z'})`,
    );
    const probe = sql`SELECT id, note, doc, at, at::date AS day, interval '1 day 2 hours' AS span, 9007199254740993::int8 AS big,
      '\\x00ff'::bytea AS bytes, ARRAY[at, at] AS ats, 1.5::numeric AS num, NULL::text AS nothing FROM worker_probe WHERE id = 10`;
    const viaWorker = await rows(probe);
    await createAuthRepos(storage.db).users.create({
      username: 'W',
      email: 'w@example.com',
      provider: 'tern',
      now: new Date('2030-01-01T00:00:00Z'),
    });
    const users = await storage.db.select().from(schema.users);
    expect(users).toHaveLength(1);
    await storage.close();

    // The same directory, opened in this thread: what the relay got before the worker.
    const inProcess = await PGlite.create(path.join(dir, 'pglite'));
    try {
      const db = drizzle(inProcess, { schema });
      expect((await db.execute(probe)).rows).toEqual(viaWorker);
      expect(await db.select().from(schema.users)).toEqual(users);
    } finally {
      await inProcess.close();
    }
    storage = await openStorage({ dataDir: dir });
    expect(await count()).toBe(3);
  });
});

describe('PGlite in a worker thread, parsers', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tern-pglite-parsers-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('gives each query exactly the parsers it passes, whether the usual text types (PGlite’s own in the worker) or others', async () => {
    const storage = await openStorage({ dataDir: dir, upkeep: false });
    await storage.close();
    const pgliteDir = path.join(dir, 'pglite');
    const probe = `SELECT $1::timestamptz AS at, ARRAY[$1::timestamptz, $1::timestamptz] AS ats, $1::timestamptz::date AS day,
      ARRAY[$1::timestamptz::date] AS days, interval '1 day 2 hours' AS span, ARRAY[1.5::numeric] AS nums, 7::int8 AS big, NULL::timestamptz AS none`;
    const params = ['2030-01-02T03:04:05.678Z'];
    const text = (value: string) => value;
    const raw = (types: readonly number[]) => Object.fromEntries(types.map((type) => [type, text]));
    const cases: Array<[string, Record<number, (value: string) => unknown> | undefined]> = [
      ['the usual types as text', raw(RAW_TEXT_TYPES)],
      ['no parsers', undefined],
      ['timestamptz as text, its arrays parsed', raw([1184])],
      ['only arrays as text', raw([1115, 1185, 1182, 1187, 1231])],
    ];
    const viaWorker: unknown[] = [];
    const client = await PgliteWorkerClient.open({
      dir: pgliteDir,
      startParams: PGlite.defaultStartParams,
      v8Flags: [],
      rawTypes: RAW_TEXT_TYPES,
    });
    try {
      for (const [, parsers] of cases) {
        viaWorker.push((await client.query(probe, params, parsers && { parsers })).rows);
        viaWorker.push((await client.queryPrepared('parsers_probe', probe, params, parsers && { parsers })).rows);
      }
    } finally {
      await client.close();
    }
    const inProcess = await PGlite.create(pgliteDir);
    try {
      for (const [i, [what, parsers]] of cases.entries()) {
        const expected = (await inProcess.query(probe, params, parsers && { parsers })).rows;
        expect(viaWorker[2 * i], what).toEqual(expected);
        expect(viaWorker[2 * i + 1], `${what}, prepared`).toEqual(expected);
      }
      // The cases differ where they should (so the comparison above can fail): a Date, or the database's text.
      expect((viaWorker[0] as Array<Record<string, unknown>>)[0]!.at).toBe('2030-01-02 03:04:05.678+00');
      expect((viaWorker[2] as Array<Record<string, unknown>>)[0]!.at).toEqual(new Date(params[0]!));
      expect((viaWorker[4] as Array<Record<string, unknown>>)[0]!.ats).toEqual([new Date(params[0]!), new Date(params[0]!)]);
    } finally {
      await inProcess.close();
    }
  }, 120_000);
});

describe.runIf(process.platform === 'linux')('PGlite’s worker thread and the sockets’ thread', () => {
  it('runs the worker at the nice value the relay is given (DB_WORKER_NICE), the relay’s own thread as before', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tern-pglite-nice-'));
    try {
      await seedPgliteDataDir(dir);
      const main = threadNices().get(process.pid);
      const before = threadsAt(17);
      const storage = await openStorage({ dataDir: dir, upkeep: false, workerNice: 17 });
      try {
        const added = threadsAt(17).filter((id) => !before.includes(id));
        expect(added).toHaveLength(1);
        expect(added[0]).not.toBe(process.pid);
        expect(threadNices().get(process.pid)).toBe(main);
        expect(await storage.db.execute(sql`SELECT 1 AS one`)).toMatchObject({ rows: [{ one: 1 }] });
      } finally {
        await storage.close();
      }
      expect(threadsAt(17).filter((id) => !before.includes(id))).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
