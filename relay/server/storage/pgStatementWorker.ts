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
 * thread the driver wrote each commit's parameter (one JSON array of the batch, ~15 KB at 100 pairs) to its socket and
 * read and parsed a row per session back; in the worker that is one message each way per commit, and the relay's
 * thread goes on with the sockets: main-thread instructions per round trip 1,279 k → 930 k (docs/performance.md,
 * session 25). The statements are those rawRows.ts describes, on the worker's own connections.
 *
 * The thread starts with the first statement, not with the relay: it holds ~13 MB (a V8 isolate and node-postgres),
 * which a relay that stores nothing does not need. Statements made while it starts, or after it failed to start or
 * died, run on the relay's own connections (`rowsOr`'s fallback), so none waits for it or is lost with it.
 */
export class PgStatementWorker {
  #calls: WorkerCalls | null = null;
  #starting: Promise<void> | null = null;
  #closed = false;
  /** Whether the fallback's use after a failure was logged (once). */
  #told = false;

  constructor(
    private readonly connectionString: string,
    /** The types read as text, as the relay's pool reads them (rawRows.ts RAW_TEXT_TYPES). */
    private readonly rawTypes: readonly number[],
    private readonly connections = 2,
  ) {}

  /** A worker started now; rejects with the worker's error (a server it cannot reach, say). */
  static async open(connectionString: string, rawTypes: readonly number[], connections = 2): Promise<PgStatementWorker> {
    const worker = new PgStatementWorker(connectionString, rawTypes, connections);
    await worker.#start(true);
    return worker;
  }

  /** Whether statements go to the thread now (started, and not stopped since). */
  get running(): boolean {
    return this.#calls !== null && !this.#calls.stopped;
  }

  /**
   * Starts the thread once. A failure leaves the statements on the fallback for the relay's life, said once in the log
   * (with `rethrow`, it is thrown instead).
   */
  #start(rethrow = false): Promise<void> {
    this.#starting ??= (async () => {
      const workerData = { connectionString: this.connectionString, rawTypes: [...this.rawTypes], connections: this.connections };
      const worker = await startWorker(workerUrl, { workerData, resourceLimits: WORKER_LIMITS }, WHAT, 'its connection to PostgreSQL');
      if (this.#closed) await worker.terminate();
      else this.#calls = new WorkerCalls(worker, WHAT);
    })().catch((error: unknown) => {
      if (rethrow) throw error;
      this.#fellBack(`The ${WHAT} did not start (${(error as Error).message}).`);
    });
    return this.#starting;
  }

  #fellBack(why: string): void {
    if (this.#told) return;
    this.#told = true;
    console.error(`${why} The relay's own connections run its statements from now on.`);
  }

  /**
   * RawRows through the worker while it runs, else through `fallback` (the relay's own pool): while it starts (the
   * first statement starts it), and for good once it failed to start or stopped. A worker that dies fails the
   * statements it held (their appends are retried, groupCommit.ts, and find the pool), not the relay.
   */
  rowsOr(fallback: RawRows): RawRows {
    return (sql, params, name) => {
      const calls = this.#calls;
      if (calls && !calls.stopped) return calls.call({ op: 'query', sql, params, name }) as Promise<Array<Record<string, unknown>>>;
      if (calls) this.#fellBack(calls.stopped!.message);
      else if (!this.#closed) void this.#start();
      return fallback(sql, params, name);
    };
  }

  /** Resolves once a start under way has ended (for tests and a clean shutdown). */
  async started(): Promise<void> {
    await this.#starting;
  }

  /** Ends the thread at once, its connections dropped with it (as a crash would); later statements take the fallback. */
  async terminate(): Promise<void> {
    await this.#starting;
    await this.#calls?.terminate();
  }

  /** Ends the worker's connections, then its thread (one still starting is ended when it is up). */
  async close(): Promise<void> {
    this.#closed = true;
    await this.#starting;
    await this.#calls?.close();
  }
}
