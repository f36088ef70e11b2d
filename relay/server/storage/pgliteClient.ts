import type { QueryOptions, Results } from '@electric-sql/pglite';

import { startWorker, WorkerCalls } from './workerCalls';

const WHAT = 'PGlite worker';

/**
 * The relay's side of PGlite in a worker thread (pgliteWorker.mjs): the part of PGlite's API that drizzle's `pglite`
 * driver calls — `query(sql, params, { rowMode, parsers })` and `transaction(fn)` — answered by the worker, one message
 * each way per statement. Postgres' CPU (its WASM) is spent on the worker's thread, so statements no longer block the
 * relay's sockets.
 *
 * Same behaviour as PGlite in-process:
 * - parsers: functions cannot cross threads, so the worker returns the column types drizzle parses itself as text
 *   (PGlite's identity parser) and the parsers run here, on the same text and type id PGlite would hand them;
 * - transactions: the worker runs PGlite's own `transaction()` between `begin` and `end`, so every statement not in the
 *   transaction waits until COMMIT or ROLLBACK (PGlite is one connection);
 * - errors: a database error keeps its fields (code, detail, constraint, …), which dataErrors.ts and the repos read.
 */
export interface PgliteQueries {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
}

/** What a transaction callback gets (PGlite's `Transaction`, as far as drizzle uses it). */
export interface PgliteWorkerTransaction extends PgliteQueries {
  readonly closed: boolean;
}

const workerUrl = new URL('./pgliteWorker.mjs', import.meta.url);

/**
 * The worker's young generation capped at 1 MB: PGlite's JavaScript allocates little per statement (a message, its
 * rows), and a default-sized young generation kept 8-15 MB of garbage in an idle relay. Same CPU per statement
 * measured (docs/performance.md).
 */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 1 };

export class PgliteWorkerClient implements PgliteQueries {
  readonly #calls: WorkerCalls;

  private constructor(calls: WorkerCalls) {
    this.#calls = calls;
  }

  /**
   * Starts the worker and opens PGlite in `dir` (an initialised data directory) with these Postgres parameters.
   * `rawTypes`: the types (ids) nearly every query wants as text (`parsers` for them): the worker makes them PGlite's
   * default, which saves it PGlite's merge of a query's parsers into its own table (pgliteWorker.mjs `rawByDefault`).
   * Any query still gets exactly the parsers it passes.
   */
  static async open(options: {
    dir: string;
    startParams: string[];
    v8Flags: string[];
    rawTypes: readonly number[];
    /** The worker thread's nice value (threadPriority.mjs; default 0, the process's own priority). */
    nice?: number;
  }): Promise<PgliteWorkerClient> {
    const worker = await startWorker(workerUrl, { workerData: options, resourceLimits: WORKER_LIMITS }, WHAT, options.dir);
    return new PgliteWorkerClient(new WorkerCalls(worker, WHAT));
  }

  query<T>(sql: string, params: unknown[] = [], options: QueryOptions = {}): Promise<Results<T>> {
    return this.#query<T>(sql, params, options, undefined);
  }

  /**
   * `query` as the prepared statement `name` (letters, digits and `_`): prepared on first use, then run in one message
   * (pgliteWorker.mjs `runPrepared`). Its parameters are finite numbers, null, or text.
   */
  queryPrepared<T>(name: string, sql: string, params: unknown[], options: QueryOptions = {}): Promise<Results<T>> {
    return this.#query<T>(sql, params, options, undefined, name);
  }

  /** Runs `fn` in one transaction, like PGlite's `transaction()`: COMMIT when it resolves, ROLLBACK when it throws. */
  async transaction<T>(fn: (tx: PgliteWorkerTransaction) => Promise<T>): Promise<T> {
    const txId = (await this.#call({ op: 'begin' })) as number;
    let closed = false;
    const tx: PgliteWorkerTransaction = {
      query: <R>(sql: string, params: unknown[] = [], options: QueryOptions = {}) => {
        if (closed) return Promise.reject(new Error('Transaction is closed'));
        return this.#query<R>(sql, params, options, txId);
      },
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await fn(tx);
    } catch (error) {
      closed = true;
      await this.#call({ op: 'end', tx: txId, commit: false });
      throw error;
    }
    closed = true;
    await this.#call({ op: 'end', tx: txId, commit: true });
    return result;
  }

  /** Closes PGlite (it flushes to its files) and ends the worker. */
  close(): Promise<void> {
    return this.#calls.close();
  }

  async #query<T>(sql: string, params: unknown[], options: QueryOptions, tx: number | undefined, name?: string): Promise<Results<T>> {
    const { rowMode = 'object', parsers = {}, ...rest } = options;
    const unsupported = Object.keys(rest).filter((key) => rest[key as keyof typeof rest] !== undefined);
    if (unsupported.length) throw new Error(`Query options not supported by the PGlite worker: ${unsupported.join(', ')}`);
    const rawTypes = Object.keys(parsers).map(Number);
    const results = (await this.#call({ op: 'query', sql, params, rowMode, rawTypes, tx, name })) as Results<T>;
    if (rawTypes.length) parseColumns(results, parsers, rowMode);
    return results;
  }

  #call(message: Record<string, unknown>): Promise<unknown> {
    return this.#calls.call(message);
  }
}

/** Runs `parsers` (by column type id) on the columns the worker returned as text, as PGlite would have. */
function parseColumns(results: Results<unknown>, parsers: NonNullable<QueryOptions['parsers']>, rowMode: 'array' | 'object') {
  results.fields.forEach((field, index) => {
    // PGlite calls a parser with the text and the type id (its parseType), though its type names only the text.
    const parse = parsers[field.dataTypeID] as ((text: string, typeId: number) => unknown) | undefined;
    if (!parse) return;
    const key = rowMode === 'array' ? index : field.name;
    for (const row of results.rows as Record<string | number, unknown>[]) {
      const value = row[key];
      if (value !== null && value !== undefined) row[key] = parse(value as string, field.dataTypeID);
    }
  });
}
