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

interface Waiting {
  item: EventAppend;
  urgent: boolean;
  /** What the caller makes of the outcome (append's `answer`): its value resolves the append, its throw rejects it. */
  answer: ((outcome: EventAppendOutcome) => unknown) | undefined;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** Settles a waiting append with its outcome, through its `answer` when it has one. */
function settle(w: Waiting, outcome: EventAppendOutcome): void {
  if (!w.answer) return w.resolve(outcome);
  try {
    w.resolve(w.answer(outcome));
  } catch (error) {
    w.reject(error);
  }
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
) {
  let queue: Waiting[] = [];
  let running = false;
  /** The delay timer while a batch waits for company (an urgent append cuts it short). */
  let delayed: ReturnType<typeof setTimeout> | null = null;
  /** Urgent appends in the queue: the next statement starts as soon as the one running is done. */
  let urgentQueued = 0;
  /** When the last statement started (performance.now()). */
  let lastStart = -Infinity;
  const stats = { batches: 0, events: 0, largest: 0 };

  async function drain(): Promise<void> {
    if (delayed) clearTimeout(delayed);
    delayed = null;
    while (queue.length > 0) {
      // The next batch gathers until delayMs after the last statement started (unless someone waits for it).
      const wait = lastStart + delayMs - performance.now();
      if (wait > 0 && urgentQueued === 0) {
        delayed = setTimeout(() => void drain(), wait);
        return;
      }
      lastStart = performance.now();
      const batch = queue.slice(0, MAX_BATCH);
      queue = queue.slice(batch.length);
      for (const w of batch) if (w.urgent) urgentQueued--;
      stats.batches++;
      stats.events += batch.length;
      stats.largest = Math.max(stats.largest, batch.length);
      try {
        const outcomes = await appendEvents(batch.map((w) => w.item));
        batch.forEach((w, i) => settle(w, outcomes[i]!));
      } catch (error) {
        // One bad append (data the database refuses) must not fail the others: retry each alone.
        if (batch.length === 1) batch[0]!.reject(error);
        else for (const w of batch) await appendEvents([w.item]).then((o) => settle(w, o[0]!), w.reject);
      }
    }
    running = false;
  }

  return {
    /**
     * Queues an append; resolves once its batch is committed. `urgent`: someone waits for this commit before anything
     * else can happen (an input stored before the CLI hears of it, with several nodes), so the batch does not wait
     * out the delay (appends of the same turn still join it). `answer`: what the promise resolves with, made from the
     * outcome once committed (a throw rejects it): one promise per append, not a second one from a `then`.
     */
    append<T = EventAppendOutcome>(item: EventAppend, urgent = false, answer?: (outcome: EventAppendOutcome) => T): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queue.push({ item, urgent, answer, resolve: resolve as (value: unknown) => void, reject });
        if (urgent) urgentQueued++;
        if (running && !(urgent && delayed)) return;
        if (delayed) clearTimeout(delayed);
        delayed = null;
        running = true;
        // Appends made within the delay (many sockets' messages, a CLI's answer to an input) join this batch.
        if (delayMs > 0 && !urgent) delayed = setTimeout(() => void drain(), delayMs);
        else setImmediate(() => void drain());
      });
    },
    /** Batches and events committed so far (for the benchmark's report). */
    stats: () => ({ ...stats }),
  };
}
export type GroupCommit = ReturnType<typeof createGroupCommit>;
