import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { createTestPostgres, type TestPostgres } from '../testing/postgres';
import { threadNices, threadsAt } from '../testing/threads';
import { PgStatementWorker } from './pgStatementWorker';
import { RAW_TEXT_TYPES, type RawRows } from './rawRows';

/**
 * The group commit's statements on PostgreSQL in a worker thread (pgStatementWorker.ts + pgWorker.mjs): the rows and
 * errors the relay's own pool would give, prepared statements, and a worker that dies handing its statements to the
 * pool instead of failing the relay. The group commit through it is covered by eventBatchRepo.int.test.ts and every
 * relay test on PostgreSQL (the worker is the default there).
 */
let database: TestPostgres | null = null;
let pool: pg.Pool;
let poolRows: RawRows;

beforeAll(async () => {
  database = await createTestPostgres();
  if (!database) return;
  pool = new pg.Pool({ connectionString: database.url, max: 2 });
  poolRows = (sql, params) => pool.query(sql, params).then((result) => result.rows as Array<Record<string, unknown>>);
}, 30_000);

afterAll(async () => {
  await pool?.end();
  await database?.drop();
});

describe('the PostgreSQL statement worker', () => {
  it('answers rows as the pool reads them, the raw text types kept as text, and prepared statements by name', async (ctx) => {
    if (!database) return ctx.skip();
    const worker = await PgStatementWorker.open(database.url, RAW_TEXT_TYPES);
    try {
      const rows = worker.rowsOr(poolRows);
      const sql = "SELECT $1::int + 1 AS n, $2::jsonb AS doc, timestamptz '2026-11-30 01:02:03+00' AS at, $3::text AS t";
      const params = [41, JSON.stringify({ a: [1, 'ü'] }), 'tab\there'];
      const [row] = await rows(sql, params);
      expect(row).toEqual({ n: 42, doc: { a: [1, 'ü'] }, at: '2026-11-30 01:02:03+00', t: 'tab\there' });
      // The same statement by name, twice on the worker's connections: prepared once per connection, same answer.
      for (let i = 0; i < 4; i++) expect(await rows(sql, params, 'tern_worker_test')).toEqual([row]);
    } finally {
      await worker.close();
    }
  });

  it('runs its thread at the nice value it is given, below the thread that serves the sockets', async (ctx) => {
    if (!database || process.platform !== 'linux') return ctx.skip();
    const main = threadNices().get(process.pid);
    const before = threadsAt(16);
    const worker = await PgStatementWorker.open(database.url, RAW_TEXT_TYPES, { nice: 16 });
    try {
      const added = threadsAt(16).filter((id) => !before.includes(id));
      expect(added).toHaveLength(1);
      expect(added[0]).not.toBe(process.pid);
      expect(threadNices().get(process.pid)).toBe(main);
      expect(await worker.rowsOr(poolRows)('SELECT 1 AS one', [])).toEqual([{ one: 1 }]);
    } finally {
      await worker.close();
    }
    expect(threadsAt(16).filter((id) => !before.includes(id))).toEqual([]);
  });

  it('fails a statement with the database error and its fields (code, position), and goes on', async (ctx) => {
    if (!database) return ctx.skip();
    const worker = await PgStatementWorker.open(database.url, RAW_TEXT_TYPES);
    try {
      const rows = worker.rowsOr(poolRows);
      const error = await rows('SELECT * FROM no_such_table', []).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Error);
      expect(error).toMatchObject({ code: '42P01', message: expect.stringContaining('no_such_table') });
      expect((error as Error).stack).toContain('in the PostgreSQL worker');
      expect(await rows('SELECT 1 AS one', [])).toEqual([{ one: 1 }]);
    } finally {
      await worker.close();
    }
  });

  it('refuses to start on a server it cannot reach, with the connection error', async (ctx) => {
    if (!database) return ctx.skip();
    const unreachable = database.url.replace(/\/[^/]*$/, '/tern_no_such_database');
    await expect(PgStatementWorker.open(unreachable, RAW_TEXT_TYPES)).rejects.toMatchObject({ code: '3D000' });
  });

  it('starts with the first statement, which the fallback runs meanwhile; then the thread runs them', async (ctx) => {
    if (!database) return ctx.skip();
    const worker = new PgStatementWorker(database.url, RAW_TEXT_TYPES);
    try {
      const fallback = vi.fn(poolRows);
      const rows = worker.rowsOr(fallback);
      expect(worker.running).toBe(false);
      expect(await rows('SELECT 1 AS one', [])).toEqual([{ one: 1 }]);
      expect(fallback).toHaveBeenCalledTimes(1);
      await worker.started();
      expect(worker.running).toBe(true);
      expect(await rows('SELECT 2 AS two', [], 'tern_lazy_test')).toEqual([{ two: 2 }]);
      expect(fallback).toHaveBeenCalledTimes(1);
    } finally {
      await worker.close();
    }
  });

  it('that cannot start leaves the statements on the fallback until its wait is over, and says so once', async (ctx) => {
    if (!database) return ctx.skip();
    const worker = new PgStatementWorker(database.url.replace(/\/[^/]*$/, '/tern_no_such_database'), RAW_TEXT_TYPES);
    const said = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const fallback = vi.fn(poolRows);
      const rows = worker.rowsOr(fallback);
      expect(await rows('SELECT 1 AS one', [])).toEqual([{ one: 1 }]);
      await worker.started();
      for (let i = 0; i < 3; i++) expect(await rows('SELECT 2 AS two', [])).toEqual([{ two: 2 }]);
      expect(fallback).toHaveBeenCalledTimes(4);
      expect(worker.running).toBe(false);
      const lines = said.mock.calls.map(([text]) => String(text));
      expect(lines).toEqual([
        expect.stringMatching(/PostgreSQL worker did not start \(.*tern_no_such_database.*\)\. The relay's own connections/),
      ]);
    } finally {
      said.mockRestore();
      await worker.close();
    }
  });

  it('once its thread is gone, runs the statements on the fallback (the relay keeps storing) and says so once', async (ctx) => {
    if (!database) return ctx.skip();
    const worker = await PgStatementWorker.open(database.url, RAW_TEXT_TYPES);
    const said = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const fallback = vi.fn(poolRows);
      const rows = worker.rowsOr(fallback);
      expect(await rows('SELECT 1 AS one', [])).toEqual([{ one: 1 }]);
      expect(fallback).not.toHaveBeenCalled();
      await worker.terminate();
      expect(await rows('SELECT 2 AS two', [])).toEqual([{ two: 2 }]);
      expect(await rows('SELECT 3 AS three', [], 'tern_fallback_test')).toEqual([{ three: 3 }]);
      expect(fallback).toHaveBeenCalledTimes(2);
      expect(said.mock.calls.filter(([text]) => String(text).includes('own connections run its statements'))).toHaveLength(1);
    } finally {
      said.mockRestore();
      await worker.close();
    }
  });

  it('starts a thread again after a death, once the wait is over; the statements meanwhile take the fallback', async (ctx) => {
    if (!database) return ctx.skip();
    const worker = await PgStatementWorker.open(database.url, RAW_TEXT_TYPES, { connections: 2, retryMs: 100 });
    const said = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const fallback = vi.fn(poolRows);
      const rows = worker.rowsOr(fallback);
      await worker.terminate();
      expect(await rows('SELECT 1 AS one', [])).toEqual([{ one: 1 }]);
      expect(await rows('SELECT 1 AS one', [])).toEqual([{ one: 1 }]);
      expect(worker.running).toBe(false);
      await new Promise((resolve) => setTimeout(resolve, 150));
      // The first statement after the wait starts the thread (and still takes the fallback); the next ones the thread.
      expect(await rows('SELECT 2 AS two', [])).toEqual([{ two: 2 }]);
      await worker.started();
      // What the worker said, should it not run (a start that failed says why).
      expect(worker.running, said.mock.calls.map(([text]) => String(text)).join('\n')).toBe(true);
      expect(await rows('SELECT 3 AS three', [], 'tern_restart_test')).toEqual([{ three: 3 }]);
      expect(fallback).toHaveBeenCalledTimes(3);
      expect(said.mock.calls.map(([text]) => String(text))).toEqual([
        expect.stringMatching(/PostgreSQL worker stopped .* in 0 s or later/),
      ]);
      // A second death waits twice as long.
      await worker.terminate();
      expect(await rows('SELECT 4 AS four', [])).toEqual([{ four: 4 }]);
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(await rows('SELECT 4 AS four', [])).toEqual([{ four: 4 }]);
      await worker.started();
      expect(worker.running).toBe(false);
    } finally {
      said.mockRestore();
      await worker.close();
    }
  });
});
