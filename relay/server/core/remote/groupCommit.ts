import type { EventAppend, EventAppendOutcome } from '../../storage/repos/remote/eventBatchRepo';

/** The most appends one statement takes; a longer queue is split over consecutive statements. */
export const MAX_BATCH = 500;
/**
 * How long the first append of a batch waits for others (PostgreSQL's `commit_delay` idea), and the least time between
 * the starts of two statements. Events are fanned out live before their commit (session:live), so this delays only
 * acks, not what windows see; in exchange a CLI's answer arriving within the delay joins its input's statement, and
 * each statement's result costs the relay's thread once per batch rather than once per round: its rows read, and one
 * write per socket for the acks and stored copies it releases. The spacing matters once statements are quick: with the
 * statement planned once (migration 0009) a commit of a few events took ~0.5 ms, so batches taken as soon as the last
 * one was done held 2 events at one pair instead of ~10, and the rounds in flight paid twice as many results.
 */
export const COMMIT_DELAY_MS = 2;
/**
 * The least time between the starts of two statements as a multiple of the last one's duration, when that is longer
 * than COMMIT_DELAY_MS: the database works at most half the time while the queue is shorter than a full batch. At a
 * few events a commit's cost is mostly per statement (PGlite, one session: ~1.2 ms for one event, ~1.6 ms for eight,
 * ~3 ms for 32, the worker's messages included), so at one pair, statements 2 ms apart kept PGlite's thread ~70 % busy
 * on one of two cores, next to the relay's thread serving the sockets: spaced by twice their duration, batches grew
 * and the CPU outside the relay's thread went from ~340 to ~170 µs per round (docs/performance-sessions.md, "Session 33"). Acks
 * wait at most one statement longer. A full batch waiting, SPACED_SESSION_MAX appends of one session or an urgent one,
 * starts at once: the spacing never holds back a queue the database cannot keep up with.
 */
export const STATEMENT_SPACING = 2;
/**
 * The most appends of one session the delay and the spacing hold back: once one session has this many waiting, the
 * batch starts at once (as for an urgent append), up to MAX_BATCH. Waiting lets the fixed costs of a commit be
 * shared: its statement, the trip to the database and back, and one write per socket for the acks and stored copies
 * it releases. Many sessions each with a few events share the statement and make one write each, so the bound leaves
 * them be (at 100 pairs on PGlite a commit holds ~300 events, two or three per session; bounding the whole batch at 64
 * instead took the relay's writes per round from 2.3 to 2.5-2.8). One busy session's events share those costs well
 * enough by a hundred or so; holding back more only makes the commit's hand-out longer, which the relay's thread runs
 * in one piece while the rounds in flight wait, and keeps more appends waiting long enough to survive the young
 * generation's collections. Unbounded, the spacing could feed itself: PGlite's statement grows with its batch and the
 * spacing with the statement, so at one pair a commit grew to ~300-500 events (its hand-out ~1.9-3.2 ms of the relay's
 * thread), scavenges copying what the waiting appends held took 2.4-3.1 ms (median) against 1.4-1.8 with the bound,
 * and 2.3-2.6 KB a round was promoted to the old generation against 0.7-0.8 (docs/performance.md, "What was built"
 * and "Session 38").
 */
export const SPACED_SESSION_MAX = 128;

/**
 * How an append's caller hears its outcome once its batch is committed: the outcome, or the error that failed it.
 * Called once, from the commit's hand-out (not a turn of the microtask queue later, as a promise's reaction would be).
 */
export type AppendDone = (outcome: EventAppendOutcome | undefined, error?: unknown) => void;

interface Waiting {
  item: EventAppend;
  urgent: boolean;
  done: AppendDone;
  /** Appends that must be stored in their order or not at all after a failure (a windowed CLI's socket: appendThen). */
  chain?: object;
}

/**
 * What an append of a chain hears when one before it failed in its batch or in an earlier one: it was not tried, so
 * that its sender can send them again in order (remote/eventWindows.ts).
 */
export class ChainBroken extends Error {
  constructor() {
    super('an earlier append of the same chain was not stored');
  }
}

/**
 * Tells a waiting append its outcome. `done` must not throw (appendThen's callers answer their faults themselves); one
 * that does anyway is logged, and the rest of the batch still hears theirs.
 */
function settle(w: Waiting, outcome: EventAppendOutcome | undefined, error?: unknown): void {
  try {
    if (outcome) w.done(outcome);
    else w.done(undefined, error);
  } catch (thrown) {
    console.error("group commit: an append's caller failed on its outcome", thrown);
  }
}

/**
 * A failed statement's appends, each tried alone: one bad append (data the database refuses) must not fail the others.
 * An append of a chain whose earlier append failed is not tried (ChainBroken): it would be stored before the one its
 * sender sends again. Answers the chains that broke.
 */
async function retryAlone(
  appendEvents: (items: readonly EventAppend[]) => Promise<EventAppendOutcome[]>,
  batch: readonly Waiting[],
  error: unknown,
): Promise<Set<object>> {
  const broken = new Set<object>();
  const failed = (w: Waiting, e: unknown) => {
    if (w.chain) broken.add(w.chain);
    settle(w, undefined, e);
  };
  if (batch.length === 1) failed(batch[0]!, error);
  else
    for (const w of batch) {
      if (w.chain && broken.has(w.chain)) settle(w, undefined, new ChainBroken());
      else
        await appendEvents([w.item]).then(
          (o) => settle(w, o[0]!),
          (e: unknown) => failed(w, e),
        );
    }
  return broken;
}

/** The waiting appends not of `chains`, and those of `chains`, each in queue order: one pass over the queue. */
function splitChains(queue: readonly Waiting[], chains: ReadonlySet<object>): [Waiting[], Waiting[]] {
  const kept: Waiting[] = [];
  const dropped: Waiting[] = [];
  for (const w of queue) (w.chain && chains.has(w.chain) ? dropped : kept).push(w);
  return [kept, dropped];
}

/**
 * Group commit: appends that arrive while a statement runs wait and go together in the next one (one multi-row INSERT
 * for every session in the batch), so the database does one statement per batch instead of one per event. Batches
 * run one after another in arrival order, so the events of one socket (whose router sends them in order) get seqs in
 * that order. Each append resolves only once its batch is committed: callers ack and fan out after that, so nothing a
 * browser or CLI was told can be lost by a crash.
 */
export function createGroupCommit(
  appendEvents: (items: readonly EventAppend[]) => Promise<EventAppendOutcome[]>,
  delayMs: number = COMMIT_DELAY_MS,
  spacing: number = STATEMENT_SPACING,
) {
  let queue: Waiting[] = [];
  let running = false;
  /** The delay timer while a batch waits for company (an urgent append cuts it short). */
  let delayed: ReturnType<typeof setTimeout> | null = null;
  /** Urgent appends in the queue: the next statement starts as soon as the one running is done. */
  let urgentQueued = 0;
  /** When the last statement started (performance.now()), and how long it took (ms). */
  let lastStart = -Infinity;
  let lastTook = 0;
  /** Set by `idle`: what is queued goes without waiting out the delay or the spacing, until the queue is empty. */
  let hurry = false;
  /** `idle` callers, told once the queue is empty and no statement runs. */
  let idleWaiters: Array<() => void> = [];
  const stats = { batches: 0, events: 0, largest: 0 };
  /** Appends in the queue by session, and the most of any one session (SPACED_SESSION_MAX). */
  const perSession = new Map<string, number>();
  let busiest = 0;

  /** Counts `item` among the waiting appends of its session; answers how many of that session wait now. */
  function counted(item: EventAppend): number {
    const waiting = (perSession.get(item.sessionId) ?? 0) + 1;
    perSession.set(item.sessionId, waiting);
    if (waiting > busiest) busiest = waiting;
    return waiting;
  }

  /** Counts the queue's appends by session again, once a batch is taken from it (usually the whole queue). */
  function countWaiting(): void {
    perSession.clear();
    busiest = 0;
    for (const { item } of queue) counted(item);
  }

  async function drain(): Promise<void> {
    if (delayed) clearTimeout(delayed);
    delayed = null;
    while (queue.length > 0) {
      // The next batch gathers until delayMs, or `spacing` times the last statement's duration, after the last
      // statement started (unless someone waits for it, a full batch does, or SPACED_SESSION_MAX of one session do).
      const wait = lastStart + Math.max(delayMs, spacing * lastTook) - performance.now();
      if (wait > 0 && urgentQueued === 0 && !hurry && queue.length < MAX_BATCH && busiest < SPACED_SESSION_MAX) {
        delayed = setTimeout(() => void drain(), wait);
        return;
      }
      lastStart = performance.now();
      const batch = queue.slice(0, MAX_BATCH);
      queue = queue.slice(batch.length);
      countWaiting();
      for (const w of batch) if (w.urgent) urgentQueued--;
      stats.batches++;
      stats.events += batch.length;
      stats.largest = Math.max(stats.largest, batch.length);
      try {
        const outcomes = await appendEvents(batch.map((w) => w.item));
        lastTook = performance.now() - lastStart;
        for (let i = 0; i < batch.length; i++) settle(batch[i]!, outcomes[i]!);
      } catch (error) {
        const broken = await retryAlone(appendEvents, batch, error);
        if (broken.size > 0) dropChains(broken);
      }
    }
    running = false;
    hurry = false;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const told of waiters) told();
  }

  /** Fails the queued appends of `chains` (ChainBroken): queued behind an append of theirs that failed. */
  function dropChains(chains: ReadonlySet<object>): void {
    const [kept, dropped] = splitChains(queue, chains);
    if (dropped.length === 0) return;
    queue = kept;
    for (const w of dropped) if (w.urgent) urgentQueued--;
    countWaiting();
    for (const w of dropped) settle(w, undefined, new ChainBroken());
  }

  /** A batch waiting out the delay or the spacing starts in the next turn instead (this turn's appends still join it). */
  function startSoon(): void {
    if (!delayed) return;
    clearTimeout(delayed);
    delayed = null;
    setImmediate(() => void drain());
  }

  /**
   * Queues an append; `done` is told its outcome once its batch is committed (or the error that failed it), in the
   * commit's hand-out: no promise per append (a pending append keeps only its Waiting record and `done`, which is
   * what survives the young generation's collections while it waits for its commit). `urgent`: someone waits for
   * this commit before anything else can happen (an input stored before the CLI hears of it, with several nodes), so
   * the batch does not wait out the delay (appends of the same turn still join it). `chain` (a windowed CLI's socket):
   * its appends are stored in order or, once one fails, not at all (ChainBroken; remote/eventWindows.ts).
   */
  function appendThen(item: EventAppend, urgent: boolean, done: AppendDone, chain?: object): void {
    queue.push(chain ? { item, urgent, done, chain } : { item, urgent, done });
    if (urgent) urgentQueued++;
    const waiting = counted(item);
    if (running) {
      // A batch waiting out the delay or the spacing goes now once one session has SPACED_SESSION_MAX in it (a
      // statement running, it goes next, at once: drain checks `busiest`).
      if (urgent || waiting === SPACED_SESSION_MAX) startSoon();
      return;
    }
    running = true;
    // Appends made within the delay (many sockets' messages, a CLI's answer to an input) join this batch.
    if (delayMs > 0 && !urgent) delayed = setTimeout(() => void drain(), delayMs);
    else setImmediate(() => void drain());
  }
  return {
    appendThen,
    /**
     * appendThen as a promise: resolves once the batch is committed, with `answer`'s value made from the outcome (a
     * throw rejects it), or the outcome itself.
     */
    append<T = EventAppendOutcome>(item: EventAppend, urgent = false, answer?: (outcome: EventAppendOutcome) => T): Promise<T> {
      return new Promise<T>((resolve, reject) =>
        appendThen(item, urgent, (outcome, error) => {
          if (!outcome) return reject(error);
          if (!answer) return resolve(outcome as T);
          try {
            resolve(answer(outcome));
          } catch (thrown) {
            reject(thrown);
          }
        }),
      );
    },
    /**
     * Resolves once every append queued (now or meanwhile) is settled and no statement runs: what waits goes at once,
     * not after the delay. A closing relay calls it before its storage closes (remoteHub.ts), so the last appends are
     * committed on a database still open rather than run against a closed one.
     */
    idle(): Promise<void> {
      if (!running) return Promise.resolve();
      return new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        hurry = true;
        startSoon();
      });
    },
    /** Batches and events committed so far (for the benchmark's report). */
    stats: () => ({ ...stats }),
  };
}
export type GroupCommit = ReturnType<typeof createGroupCommit>;
