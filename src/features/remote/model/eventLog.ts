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

/** Applies one event. `gap` means it was kept aside and the caller should re-join with `afterSeq = log.lastSeq`. */
export function applyEvent(log: EventLog, event: SessionEvent): { log: EventLog; result: ApplyResult } {
  if (event.sessionId !== log.sessionId) return { log, result: 'duplicate' };
  if (event.seq <= log.lastSeq || log.ahead.has(event.seq)) return { log, result: 'duplicate' };
  if (event.seq > log.lastSeq + 1) {
    const ahead = new Map(log.ahead);
    ahead.set(event.seq, event);
    return { log: { ...log, ahead }, result: 'gap' };
  }
  const events = [...log.events, event];
  let lastSeq = event.seq;
  let ahead = log.ahead;
  if (ahead.size > 0) {
    const rest = new Map(ahead);
    for (let next = rest.get(lastSeq + 1); next; next = rest.get(lastSeq + 1)) {
      events.push(next);
      rest.delete(next.seq);
      lastSeq = next.seq;
    }
    ahead = rest;
  }
  return { log: { ...log, events, lastSeq, ahead }, result: 'applied' };
}

/** Applies a batch (a replay, or events read back from the cache) in seq order; reports whether a gap remains. */
export function mergeEvents(log: EventLog, batch: readonly SessionEvent[]): { log: EventLog; gap: boolean; applied: number } {
  let current = log;
  let applied = 0;
  for (const event of [...batch].sort((a, b) => a.seq - b.seq)) {
    const next = applyEvent(current, event);
    current = next.log;
    if (next.result === 'applied') applied++;
  }
  return { log: current, gap: current.ahead.size > 0, applied };
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

/** clientMsgIds of the user messages `after` holds beyond `before` (the relay stored them, so their outbox entries are done). */
export function storedInputs(before: EventLog, after: EventLog): string[] {
  return after.events.slice(before.events.length).flatMap((e) => (e.body.type === 'user_message' ? [e.body.clientMsgId] : []));
}
