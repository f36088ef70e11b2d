import type { RawRows } from './rawRows';
import { startWorker, WorkerCalls } from './workerCalls';

const WHAT = 'PostgreSQL worker';
const workerUrl = new URL('./pgWorker.mjs', import.meta.url);

/**
 * A small young generation, as PGlite's worker has (pgliteClient.ts): the worker allocates a batch's parameter text and
 * its rows per statement, garbage at once.
 */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 2 };

/** The first wait before a thread that failed to start or died is started again; each failure doubles it, up to the most. */
const RETRY_FIRST_MS = 10_000;
const RETRY_MAX_MS = 5 * 60_000;
/** A thread that ran this long before it died starts again after the first wait, not a doubled one. */
const HEALTHY_MS = 10 * 60_000;

export interface StatementWorkerOptions {
  /** The thread's connections to PostgreSQL (default 2). */
  connections?: number;
  /** The first wait before a thread that failed to start, or died, is started again (default 10 s). */
  retryMs?: number;
  /** The thread's nice value (threadPriority.mjs; default 0, the process's own priority). */
  nice?: number;
}

/**
 * The group commit's statement on PostgreSQL, run by node-postgres in a worker thread (pgWorker.mjs). On the relay's
 * thread the driver wrote each commit's parameter (one JSON array of the batch, ~15 KB at 100 pairs) to its socket and
 * read and parsed a row per session back; in the worker that is one message each way per commit, and the relay's
 * thread goes on with the sockets: main-thread instructions per round trip 1,279 k → 930 k (docs/performance.md,
 * session 25). The statements are those rawRows.ts describes, on the worker's own connections.
 *
 * The thread starts with the first statement, not with the relay: it holds ~13 MB (a V8 isolate and node-postgres),
 * which a relay that stores nothing does not need. Statements made while it starts, or after it failed to start or
 * died, run on the relay's own connections (`rowsOr`'s fallback), so none waits for it or is lost with it; a thread
 * that failed or died is started again after a wait (10 s, doubled by each failure up to 5 min), logged each time.
 */
export class PgStatementWorker {
  #calls: WorkerCalls | null = null;
  #starting: Promise<void> | null = null;
  #closed = false;
  /** When the thread that runs now started (performance.now()). */
  #startedAt = 0;
  /** No new start before this (performance.now()): after a failed start or a death, the wait below. */
  #retryAt = 0;
  /** The wait before the next start, doubled by each failure or death (up to RETRY_MAX_MS). */
  #retryWait: number;

  readonly #connections: number;
  readonly #retryMs: number;
  readonly #nice: number;

  constructor(
    private readonly connectionString: string,
    /** The types read as text, as the relay's pool reads them (rawRows.ts RAW_TEXT_TYPES). */
    private readonly rawTypes: readonly number[],
    options: StatementWorkerOptions = {},
  ) {
    this.#connections = options.connections ?? 2;
    this.#retryMs = options.retryMs ?? RETRY_FIRST_MS;
    this.#nice = options.nice ?? 0;
    this.#retryWait = this.#retryMs;
  }

  /** A worker started now; rejects with the worker's error (a server it cannot reach, say). */
  static async open(
    connectionString: string,
    rawTypes: readonly number[],
    options: StatementWorkerOptions = {},
  ): Promise<PgStatementWorker> {
    const worker = new PgStatementWorker(connectionString, rawTypes, options);
    await worker.#start(true);
    return worker;
  }

  /** Whether statements go to the thread now (started, and not stopped since). */
  get running(): boolean {
    return this.#calls !== null && !this.#calls.stopped;
  }

  /** Starts a thread (one start at a time). A failure is logged, and the next start waits (with `rethrow`, it is thrown). */
  #start(rethrow = false): Promise<void> {
    this.#starting ??= (async () => {
      const workerData = {
        connectionString: this.connectionString,
        rawTypes: [...this.rawTypes],
        connections: this.#connections,
        nice: this.#nice,
      };
      const worker = await startWorker(workerUrl, { workerData, resourceLimits: WORKER_LIMITS }, WHAT, 'its connection to PostgreSQL');
      if (this.#closed) await worker.terminate();
      else {
        this.#calls = new WorkerCalls(worker, WHAT);
        this.#startedAt = performance.now();
      }
    })().catch((error: unknown) => {
      this.#starting = null;
      if (rethrow) throw error;
      this.#fellBack(`The ${WHAT} did not start (${(error as Error).message}).`);
    });
    return this.#starting;
  }

  /** Says why the statements go to the relay's connections, and when the thread is tried again. */
  #fellBack(why: string): void {
    const wait = this.#retryWait;
    this.#retryAt = performance.now() + wait;
    this.#retryWait = Math.min(wait * 2, RETRY_MAX_MS);
    console.error(`${why} The relay's own connections run its statements until it starts again, in ${Math.round(wait / 1000)} s or later.`);
  }

  /**
   * RawRows through the worker while it runs, else through `fallback` (the relay's own pool): while it starts (the
   * first statement starts it), and after it failed to start or stopped, until it starts again. A worker that dies
   * fails the statements it held (their appends are retried, groupCommit.ts, and find the pool), not the relay.
   */
  rowsOr(fallback: RawRows): RawRows {
    return (sql, params, name) => {
      const calls = this.#calls;
      if (calls && !calls.stopped) return calls.call({ op: 'query', sql, params, name }) as Promise<Array<Record<string, unknown>>>;
      if (calls) {
        // Gone (a crash, a resource limit): a thread that had run a good while starts again after the first wait.
        this.#calls = null;
        this.#starting = null;
        if (performance.now() - this.#startedAt > HEALTHY_MS) this.#retryWait = this.#retryMs;
        this.#fellBack(calls.stopped!.message);
      }
      if (!this.#starting && !this.#closed && performance.now() >= this.#retryAt) void this.#start();
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
