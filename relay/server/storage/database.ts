import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

import { DB_WORKER_NICE_DEFAULT, type RelayConfig } from '../config';
import { PgliteWorkerClient } from './pgliteClient';
import { startPgliteUpkeep, type UpkeepOptions } from './pgliteUpkeep';
import { PgStatementWorker } from './pgStatementWorker';
import { RAW_TEXT_TYPES, type RawRows, setRawRows } from './rawRows';
import { type Schema, schema } from './schema';

/** What repos take: the common base of the PGlite and node-postgres drivers, and of their transactions. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface Storage {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export interface StorageOptions {
  databaseUrl?: string | undefined;
  dataDir: string;
  /** PGlite only: when its periodic VACUUM (ANALYZE) runs (pgliteUpkeep.ts); false for none (a short-lived admin command). */
  upkeep?: UpkeepOptions | false;
  /**
   * PostgreSQL only: the group commit's statements run by a worker thread (pgStatementWorker.ts, started by the first
   * statement; default true), or false for the relay's own pool on its own thread (a benchmark's comparison).
   */
  statementWorker?: boolean;
  /** The database threads' nice value (config.ts DB_WORKER_NICE; default DB_WORKER_NICE_DEFAULT): threadPriority.mjs. */
  workerNice?: number;
}

/** What of a relay's config the storage takes: where the database is, and its threads' priority. */
export type StorageConfig = Pick<RelayConfig, 'DATABASE_URL' | 'DATA_DIR' | 'DB_WORKER_NICE'>;

/**
 * The storage options `config` names (DATABASE_URL, DATA_DIR, DB_WORKER_NICE), with `more` (upkeep, the statement
 * worker): what every process that opens a relay's database from its config passes to openStorage, so an admin command
 * or a migration opens it as the relay does.
 */
export function storageOptions(
  config: StorageConfig,
  more: Omit<StorageOptions, 'databaseUrl' | 'dataDir' | 'workerNice'> = {},
): StorageOptions {
  return { databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, workerNice: config.DB_WORKER_NICE, ...more };
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Any number a relay node agrees on; serialises migrations when several nodes start at once. */
const MIGRATION_LOCK_ID = 0x7465726e; // 'tern'

/**
 * Opens PostgreSQL when `databaseUrl` is given, otherwise PGlite under `dataDir/pglite`, and brings the schema up to
 * date. PGlite is one process's database: a lock file keeps a second process (the admin command while the relay
 * runs) from opening the same files.
 */
export async function openStorage(options: StorageOptions): Promise<Storage> {
  const nice = options.workerNice ?? DB_WORKER_NICE_DEFAULT;
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.statementWorker ?? true, nice);
  return openPglite(path.join(options.dataDir, 'pglite'), options.upkeep ?? {}, nice);
}

/**
 * Each database's driver is loaded when it is opened (below), so a relay on PostgreSQL does not hold PGlite's code
 * (~0.8 MB of heap and its source text) and a relay on PGlite does not hold node-postgres'.
 */
async function openPostgres(connectionString: string, statementWorker: boolean, nice: number): Promise<Storage> {
  const [{ default: pg }, { drizzle: drizzleNodePg }, { migrate: migrateNodePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  // Migrate on one dedicated connection holding an advisory lock, so concurrent starts apply each migration once.
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder });
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
  } finally {
    await client.end();
  }
  // The types drizzle keeps as text, kept as text for every query of the pool (drizzle asks for the same per query):
  // the group commit's statement runs as plain text without drizzle (rawRows.ts) and reads them the same way.
  const rawText = new Set(RAW_TEXT_TYPES);
  const asText = (value: string) => value;
  const types = {
    getTypeParser: (oid: number, format?: string) => (rawText.has(oid) ? asText : pg.types.getTypeParser(oid, format as 'text')),
  };
  const pool = new pg.Pool({ connectionString, max: 10, min: POOL_KEPT, types });
  let closed = false;
  // An idle client losing its connection must not crash the relay; the next query reconnects. After close, sockets
  // still shutting down may report the server's goodbye: not worth a line.
  pool.on('error', (error) => {
    if (!closed) console.error('PostgreSQL pool error:', error.message);
  });
  const db = drizzleNodePg(pool, { schema });
  const poolRows: RawRows = (text, values, name) =>
    // The pool's callback form: no promise of its own; and a text query is not copied as a config object would be.
    new Promise((resolve, reject) => {
      const done = (error: Error | undefined, result: { rows: Array<Record<string, unknown>> }) =>
        error ? reject(error) : resolve(result.rows);
      if (name) pool.query({ name, text, values }, done);
      else pool.query(text, values, done);
    });
  const worker = statementWorker ? new PgStatementWorker(connectionString, RAW_TEXT_TYPES, { nice }) : null;
  setRawRows(db, worker ? worker.rowsOr(poolRows) : poolRows);
  return {
    db,
    kind: 'postgres',
    close: async () => {
      closed = true;
      await worker?.close();
      await pool.end();
    },
  };
}

/**
 * How many of the pool's connections stay open however long they idle (the others close after pg's 10 s). A relay whose
 * sessions paused for longer than that otherwise met its users' next inputs with connections to open first (a TCP and
 * authentication round trip each, and every named statement prepared again): 100 windows sending after a pause queued
 * behind them (the first round after the benchmark's pauses, docs/performance-sessions.md "Session 41").
 */
const POOL_KEPT = 2;

/**
 * PGlite's own start parameters plus a small buffer cache: its default (128 MB of shared buffers, all touched inside the
 * WASM memory) is most of an idle relay's RSS; the tables live in real files, so the OS page cache still serves reads.
 * Every MB of shared buffers is a MB of RSS from the start: 128 MB → 16 MB took a restarted relay's PGlite from 296 to
 * 166 MB; 16 → 4 MB saves 12 MB more, and costs no CPU measurably on replay pages and inserts (docs/performance.md).
 */
const PGLITE_PARAMS = ['-c', 'shared_buffers=4MB', '-c', 'wal_buffers=1MB', ...oneBackend()];

/**
 * Postgres sizes its shared memory (PGPROC slots, lock tables, replication state) for every backend it could run —
 * 100 connections, 16 autovacuum worker slots, 10 WAL senders by default: 12 MB of shared memory with the buffers above,
 * touched at start. PGlite runs one backend (single-user mode: no autovacuum workers, WAL senders or replication
 * slots), so a few slots do: 8 MB, 4 MB less RSS in PGlite's WASM memory. Its lock table still takes ~1,000 new tables
 * in one transaction (~4,000 with the defaults; the relay's whole schema is ~220 relations, migrated in one).
 */
function oneBackend(): string[] {
  const settings = { max_connections: 4, autovacuum_worker_slots: 1, max_wal_senders: 0, max_replication_slots: 0 };
  return Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]);
}

/**
 * PGlite's WASM compiled by V8's baseline compiler only (Liftoff). By default V8 compiles the hot functions again with
 * its optimising compiler, and for Postgres that code is large: ~45 MB more RSS for PGlite alone, kept for the process'
 * life, against ~20-30 % more CPU per statement without it, spent on PGlite's worker thread, not the sockets'. The flag
 * is per process (set by the worker before PGlite compiles); the relay runs no other WASM. See docs/performance.md.
 */
const PGLITE_V8_FLAGS = ['--liftoff-only'];

/**
 * A new data directory is created (initdb) by a short-lived child process: initdb grows PGlite's WASM memory to
 * ~700 MB, and WebAssembly memory is never given back, so a relay that created its database itself would hold that
 * for its whole life (measured: 765 MB RSS idle after a first start, against ~170 MB for the same relay restarted).
 */
async function initPgliteApart(dir: string): Promise<void> {
  if (existsSync(path.join(dir, 'PG_VERSION'))) return;
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const script = `require(${JSON.stringify(entry)}).PGlite.create(${JSON.stringify(dir)}).then((db) => db.close()).catch((e) => { console.error(e); process.exit(1); })`;
  await promisify(execFile)(process.execPath, ['-e', script]);
}

async function openPglite(dir: string, upkeepOptions: UpkeepOptions | false, nice: number): Promise<Storage> {
  mkdirSync(dir, { recursive: true });
  const releaseLock = acquireLock(`${dir}.lock`);
  try {
    await initPgliteApart(dir);
    const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
      import('@electric-sql/pglite'),
      import('drizzle-orm/pglite'),
      import('drizzle-orm/pglite/migrator'),
    ]);
    const startParams = [...PGlite.defaultStartParams, ...PGLITE_PARAMS];
    const client = await PgliteWorkerClient.open({ dir, startParams, v8Flags: PGLITE_V8_FLAGS, rawTypes: RAW_TEXT_TYPES, nice });
    // drizzle's PGlite driver calls only `query` and `transaction`, which the worker's client answers like PGlite.
    const db = drizzlePglite(client as unknown as PGlite, { schema });
    const rawConfig = {
      rowMode: 'object' as const,
      parsers: Object.fromEntries(RAW_TEXT_TYPES.map((oid) => [oid, (value: string) => value])),
    };
    setRawRows(db, (sql, params, name) =>
      (name ? client.queryPrepared(name, sql, params, rawConfig) : client.query(sql, params, rawConfig)).then(
        (result) => result.rows as Array<Record<string, unknown>>,
      ),
    );
    await migratePglite(db, { migrationsFolder });
    // No autovacuum in PGlite: the relay vacuums and analyses its tables itself.
    const upkeep = upkeepOptions === false ? null : startPgliteUpkeep(db, upkeepOptions);
    return {
      db,
      kind: 'pglite',
      close: async () => {
        await upkeep?.stop();
        await client.close();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

function acquireLock(file: string): () => void {
  let holder: number | null;
  try {
    holder = Number(readFileSync(file, 'utf8').trim()) || null;
  } catch {
    holder = null;
  }
  if (holder !== null && holder !== process.pid && isAlive(holder)) {
    throw new Error(
      `The embedded database ${path.dirname(file)} is in use by process ${holder}. Stop it first, or use DATABASE_URL (PostgreSQL).`,
    );
  }
  writeFileSync(file, String(process.pid));
  return () => rmSync(file, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Runs `fn` in one transaction; `tx` is a `Database`, so repos work unchanged inside it. */
export function transaction<T>(db: Database, fn: (tx: Database) => Promise<T>): Promise<T> {
  return db.transaction((tx) => fn(tx));
}
