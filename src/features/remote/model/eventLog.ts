import type { SessionEvent } from '#protocol/remote';

/**
 * One session's events as this tab knows them: always contiguous from `base + 1` up to `lastSeq`, in seq order, each
 * seq at most once. Events that arrive ahead of a hole wait in `ahead` until the hole is filled (by a re-join replay).
 * Pure and immutable so the store, the cache and the tests share one rule.
 */
export interface EventLog {
  sessionId: string;
  /** Seq the log starts after (0 for a full log). */
  base: number;
  /** The last contiguous seq held. */
  lastSeq: number;
  events: readonly SessionEvent[];
  /** Events past a gap, keyed by seq. */
  ahead: ReadonlyMap<number, SessionEvent>;
}

export type ApplyResult = 'applied' | 'duplicate' | 'gap';

export function emptyLog(sessionId: string): EventLog {
  return { sessionId, base: 0, lastSeq: 0, events: [], ahead: new Map() };
}

/** What merging a batch did: events appended (`applied`) and events newly kept aside past a hole (`held`). */
export interface MergeResult {
  log: EventLog;
  /** Events past a hole remain after the merge (the caller re-joins from `log.lastSeq`). */
  gap: boolean;
  applied: number;
  held: number;
}

function bySeq(batch: readonly SessionEvent[]): readonly SessionEvent[] {
  for (let i = 1; i < batch.length; i++) if (batch[i]!.seq < batch[i - 1]!.seq) return [...batch].sort((a, b) => a.seq - b.seq);
  return batch;
}

/**
 * Applies a batch (a burst of pushes, a replay, events read back from the cache) in seq order. The log's array is
 * copied at most once per batch, so a batch of k events costs O(n + k), not O(n × k): a 10,000-event replay applied
 * in bursts is linear in what it brings (issue #15). Nothing new: the same log comes back.
 */
export function mergeEvents(log: EventLog, batch: readonly SessionEvent[]): MergeResult {
  let events: SessionEvent[] | null = null;
  let ahead: Map<number, SessionEvent> | null = null;
  let lastSeq = log.lastSeq;
  let applied = 0;
  let held = 0;
  const append = (event: SessionEvent) => {
    events ??= log.events.slice();
    events.push(event);
    lastSeq = event.seq;
    applied++;
  };
  for (const event of bySeq(batch)) {
    if (event.sessionId !== log.sessionId || event.seq <= lastSeq || (ahead ?? log.ahead).has(event.seq)) continue;
    if (event.seq > lastSeq + 1) {
      ahead ??= new Map(log.ahead);
      ahead.set(event.seq, event);
      held++;
      continue;
    }
    append(event);
    if ((ahead ?? log.ahead).size === 0) continue;
    ahead ??= new Map(log.ahead);
    for (let next = ahead.get(lastSeq + 1); next; next = ahead.get(lastSeq + 1)) {
      ahead.delete(next.seq);
      append(next);
    }
  }
  if (!events && !ahead) return { log, gap: log.ahead.size > 0, applied: 0, held: 0 };
  if (events) extendIndex(log.events, events);
  const next: EventLog = { ...log, events: events ?? log.events, lastSeq, ahead: ahead ?? log.ahead };
  return { log: next, gap: next.ahead.size > 0, applied, held };
}

/** Applies one event. `gap` means it was kept aside and the caller should re-join with `afterSeq = log.lastSeq`. */
export function applyEvent(log: EventLog, event: SessionEvent): { log: EventLog; result: ApplyResult } {
  const merged = mergeEvents(log, [event]);
  return { log: merged.log, result: merged.applied > 0 ? 'applied' : merged.held > 0 ? 'gap' : 'duplicate' };
}

/** True while events past a hole are waiting. */
export function hasGap(log: EventLog): boolean {
  return log.ahead.size > 0;
}

/** Seeds a session's log with events read back from the cache (saved in seq order); a new log begins just before the first. */
export function withCachedEvents(log: EventLog | undefined, sessionId: string, cached: readonly SessionEvent[]): EventLog | undefined {
  const first = cached[0];
  if (!first) return log;
  const start = log ?? { ...emptyLog(sessionId), base: first.seq - 1, lastSeq: first.seq - 1 };
  return mergeEvents(start, cached).log;
}

/**
 * The log as a join's replay that starts after `from` needs it: a log that ends at `from` or later comes back as it
 * was; one that ends before (nothing held yet, or a far older stretch: the join had a `tail`, and the relay replays
 * only what follows `from`) starts over just after `from`, older events coming as the reader scrolls up. Events
 * already kept aside past `from` are kept.
 */
export function startAt(log: EventLog | undefined, sessionId: string, from: number): EventLog | undefined {
  if (log && log.lastSeq >= from) return log;
  const start: EventLog = { ...emptyLog(sessionId), base: from, lastSeq: from };
  return log && log.ahead.size > 0 ? mergeEvents(start, [...log.ahead.values()]).log : start;
}

/**
 * Adds an older page (`session:history`: the events just before the log's first, in seq order) in front of the log.
 * The page must end at the log's `base`, or it is not applied (the log moved meanwhile: null); an empty page means
 * nothing is older (`base` 0).
 */
export function prependEvents(log: EventLog, page: readonly SessionEvent[]): EventLog | null {
  if (log.base === 0) return null;
  const older = bySeq(page.filter((e) => e.sessionId === log.sessionId && e.seq <= log.base));
  if (older.length === 0) return page.length === 0 ? { ...log, base: 0 } : null;
  if (older.at(-1)!.seq !== log.base) return null;
  for (let i = 1; i < older.length; i++) if (older[i]!.seq === older[i - 1]!.seq) return null;
  return { ...log, base: older[0]!.seq - 1, events: [...older, ...log.events] };
}

/** clientMsgIds of the user messages `after` holds beyond `before` (the relay stored them, so their outbox entries are done). */
export function storedInputs(before: EventLog, after: EventLog): string[] {
  const ids: string[] = [];
  for (let i = before.events.length; i < after.events.length; i++) {
    const { body } = after.events[i]!;
    if (body.type === 'user_message') ids.push(body.clientMsgId);
  }
  return ids;
}

/**
 * eventId → seq for a log's events, to tell at once whether an event is committed (a `session:live` copy is ignored
 * once its stored copy is in). One index follows a log as it grows: mergeEvents hands it on to the array it makes
 * (adding only the new events), so a lookup is O(1) and a merge adds O(k). The index belongs to the newest array
 * it was handed to (`owner`); asked about an older array, or one made otherwise, it is built afresh for that array.
 */
interface IdIndex {
  owner: readonly SessionEvent[];
  seqs: Map<string, number>;
}
const idIndexes = new WeakMap<readonly SessionEvent[], IdIndex>();

function indexOf(events: readonly SessionEvent[]): IdIndex {
  const known = idIndexes.get(events);
  if (known?.owner === events) return known;
  const index: IdIndex = { owner: events, seqs: new Map(events.map((e) => [e.eventId, e.seq])) };
  idIndexes.set(events, index);
  return index;
}

/** Hands the index of `before` (if it has one and `after` extends it) on to `after`. */
function extendIndex(before: readonly SessionEvent[], after: readonly SessionEvent[]): void {
  const index = idIndexes.get(before);
  if (index?.owner !== before) return;
  for (let i = before.length; i < after.length; i++) index.seqs.set(after[i]!.eventId, after[i]!.seq);
  index.owner = after;
  idIndexes.set(after, index);
}

/** The event with this id is in the log, contiguous or held past a hole. */
export function isCommitted(log: EventLog | undefined, eventId: string): boolean {
  if (!log) return false;
  if (indexOf(log.events).seqs.has(eventId)) return true;
  if (log.ahead.size === 0) return false;
  for (const event of log.ahead.values()) if (event.eventId === eventId) return true;
  return false;
}
