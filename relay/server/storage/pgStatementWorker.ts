import type { RawRows } from './rawRows';
import { startWorker, WorkerCalls } from './workerCalls';

const WHAT = 'PostgreSQL worker';
const workerUrl = new URL('./pgWorker.mjs', import.meta.url);

/**
 * A small young generation, as PGlite's worker has (pgliteClient.ts): the worker allocates a batch's parameter text and
 * its rows per statement, garbage at once.
 */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 2 };

/**
 * The group commit's statement on PostgreSQL, run by node-postgres in a worker thread (pgWorker.mjs). On the relay's
 * thread a commit of a busy relay cost the driver ~1 ms: its parameter (one JSON array of the batch, ~15 KB at 100
 * pairs) written to the socket, and a row per session read and parsed back, ~40 µs per round trip of a 100-pair bench
 * (docs/performance.md, session 24's profile); here that is one message each way per commit, and the relay's thread
 * goes on with the sockets. The statements are those rawRows.ts describes, on the worker's own connections.
 */
export class PgStatementWorker {
  readonly #calls: WorkerCalls;

  private constructor(calls: WorkerCalls) {
    this.#calls = calls;
  }

  /**
   * Starts the worker with `connections` connections of its own to `connectionString`, reading the `rawTypes` as text
   * as the relay's pool does (rawRows.ts RAW_TEXT_TYPES).
   */
  static async open(connectionString: string, rawTypes: readonly number[], connections = 2): Promise<PgStatementWorker> {
    const workerData = { connectionString, rawTypes: [...rawTypes], connections };
    const worker = await startWorker(workerUrl, { workerData, resourceLimits: WORKER_LIMITS }, WHAT, 'its connection to PostgreSQL');
    return new PgStatementWorker(new WorkerCalls(worker, WHAT));
  }

  /**
   * RawRows through the worker while it runs, and through `fallback` (the relay's own pool) once it has stopped: a
   * worker that died fails the statements it held (their appends are retried, groupCommit.ts), not the relay.
   */
  rowsOr(fallback: RawRows): RawRows {
    let told = false;
    return (sql, params, name) => {
      if (!this.#calls.stopped) return this.#calls.call({ op: 'query', sql, params, name }) as Promise<Array<Record<string, unknown>>>;
      if (!told) console.error(`${this.#calls.stopped.message} The relay's own connections run its statements from now on.`);
      told = true;
      return fallback(sql, params, name);
    };
  }

  /** Ends the thread at once, its connections dropped with it (as a crash would); later statements take the fallback. */
  terminate(): Promise<void> {
    return this.#calls.terminate();
  }

  /** Ends the worker's connections, then its thread. */
  close(): Promise<void> {
    return this.#calls.close();
  }
}
