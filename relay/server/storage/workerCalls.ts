import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * The relay's side of a database worker thread (pgliteWorker.mjs, pgWorker.mjs): calls answered by id, one message each
 * way. Both workers speak the same messages: `{ ready: true }` once open or `{ fatal }` if they could not open, then
 * `{ id, result }` or `{ id, error }` for each call (workerErrors.mjs).
 */
type ErrorData = { message: string; stack?: string } & Record<string, unknown>;
type Reply = { id: number; result?: unknown; error?: ErrorData };
type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };

/** A worker's error as an Error here, its fields kept (code, detail, constraint, … that dataErrors.ts and the repos read). */
function toError(data: ErrorData, what: string): Error {
  const { message, stack, ...fields } = data;
  const error = Object.assign(new Error(message), fields);
  if (stack) error.stack = `${error.stack}\n    in the ${what}: ${stack}`;
  return error;
}

/** Starts the worker at `url` and waits until it is ready (rejects with its own error if it could not open). */
export async function startWorker(url: URL, options: WorkerOptions, what: string, opening: string): Promise<Worker> {
  const worker = new Worker(url, options);
  await new Promise<void>((resolve, reject) => {
    const onMessage = (message: { ready?: true; fatal?: ErrorData }) => {
      worker.off('exit', onExit);
      if (message.fatal) {
        reject(toError(message.fatal, what));
        void worker.terminate();
      } else resolve();
    };
    const onExit = (code: number) => reject(new Error(`The ${what} stopped while opening ${opening} (exit code ${code}).`));
    worker.once('message', onMessage);
    worker.once('exit', onExit);
    worker.once('error', reject);
  });
  return worker;
}

/**
 * Calls into a started worker. Idle, the worker does not keep the process alive (a database in-process would not
 * either); once it has stopped (an error, an exit), every call waiting or made later fails with why.
 */
export class WorkerCalls {
  readonly #worker: Worker;
  readonly #what: string;
  readonly #pending = new Map<number, Pending>();
  #nextId = 0;
  #stopped: Error | null = null;

  constructor(worker: Worker, what: string) {
    this.#worker = worker;
    this.#what = what;
    worker.on('message', (reply: Reply) => this.#settle(reply));
    worker.on('error', (error: Error) => {
      console.error(`The ${what} failed:`, error);
      this.#stop(error);
    });
    worker.on('exit', (code) => this.#stop(new Error(`The ${what} stopped (exit code ${code}).`)));
    worker.unref();
  }

  /** Why the worker stopped, or null while it runs. */
  get stopped(): Error | null {
    return this.#stopped;
  }

  call(message: Record<string, unknown>): Promise<unknown> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    const id = ++this.#nextId;
    if (this.#pending.size === 0) this.#worker.ref();
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ ...message, id });
    });
  }

  /** Asks the worker to close what it holds (`{ op: 'close' }`), then ends its thread. */
  async close(): Promise<void> {
    if (this.#stopped) return;
    await this.call({ op: 'close' });
    await this.#worker.terminate();
  }

  /** Ends the thread at once, without closing what it holds (as a crash would): calls waiting fail. */
  async terminate(): Promise<void> {
    await this.#worker.terminate();
  }

  #settle(reply: Reply): void {
    const pending = this.#pending.get(reply.id);
    if (!pending) return;
    this.#pending.delete(reply.id);
    if (this.#pending.size === 0) this.#worker.unref();
    if (reply.error) pending.reject(toError(reply.error, this.#what));
    else pending.resolve(reply.result);
  }

  #stop(error: Error): void {
    this.#stopped ??= error;
    for (const pending of this.#pending.values()) pending.reject(error);
    this.#pending.clear();
  }
}
