import type { LiveSessionEvent } from '#protocol/remote';

import { type EventLog, isCommitted } from './eventLog';

/**
 * A session's live events (`session:live`, docs/protocol.md "Live events"): what the relay passed on before storing
 * it, in arrival order, until its stored copy (`session:event`, same eventId) arrives. Kept apart from the EventLog,
 * which stays the committed truth (what the cache saves, what delivery and the away summary read); the timeline
 * shows the log, then these. Pure and immutable, like eventLog.ts.
 */
export type LiveEvents = readonly LiveSessionEvent[];

/**
 * How many live events a session holds at most; past that the oldest go (their stored copies, or the replay of the
 * next join, bring them back).
 */
export const MAX_LIVE_EVENTS = 500;

export const noLiveEvents: LiveEvents = [];

/** Adds what arrived (arrival order): an event already committed, or already held, is ignored; the oldest go past the cap. */
export function addLive(live: LiveEvents, log: EventLog | undefined, arrived: readonly LiveSessionEvent[]): LiveEvents {
  let next: LiveSessionEvent[] | null = null;
  let held: Set<string> | null = null;
  for (const event of arrived) {
    held ??= new Set(live.map((e) => e.eventId));
    if (held.has(event.eventId) || isCommitted(log, event.eventId)) continue;
    held.add(event.eventId);
    (next ??= [...live]).push(event);
  }
  if (!next) return live;
  return next.length > MAX_LIVE_EVENTS ? next.slice(-MAX_LIVE_EVENTS) : next;
}

/** Drops the live events whose stored copy the log now holds. */
export function reconcileLive(live: LiveEvents, log: EventLog): LiveEvents {
  if (live.length === 0) return live;
  const kept = live.filter((e) => !isCommitted(log, e.eventId));
  return kept.length === live.length ? live : kept;
}
