import { describe, expect, it } from 'vitest';

import type { LiveSessionEvent, SessionEvent } from '#protocol/remote';

import { emptyLog, type EventLog, isCommitted, mergeEvents } from './eventLog';
import { addLive, MAX_LIVE_EVENTS, noLiveEvents, reconcileLive } from './liveEvents';

const SID = '00000000-0000-4000-8000-000000000001';
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
/** Event n: eventId n; stored with seq `seq`, or live (no seq). */
const live = (n: number): LiveSessionEvent => ({
  sessionId: SID,
  eventId: id(n),
  at: '2026-01-01T00:00:00.000Z',
  body: { type: 'tool_output', toolCallId: 't1', stream: 'stdout', chunk: `line-${n}\n` },
});
const stored = (n: number, seq = n): SessionEvent => ({ ...live(n), seq });
const ids = (events: readonly LiveSessionEvent[]) => events.map((e) => e.eventId);
const logOf = (...events: SessionEvent[]): EventLog => mergeEvents(emptyLog(SID), events).log;

describe('live events (session:live, before their commit)', () => {
  it('keeps them in arrival order, not by anything else', () => {
    const held = addLive(noLiveEvents, undefined, [live(7), live(3)]);
    expect(ids(addLive(held, undefined, [live(5)]))).toEqual([id(7), id(3), id(5)]);
  });

  it('ignores a second copy, and one whose stored copy the log already holds', () => {
    const log = logOf(stored(1), stored(2));
    const held = addLive(noLiveEvents, log, [live(2), live(3), live(3)]);
    expect(ids(held)).toEqual([id(3)]);
    expect(addLive(held, log, [live(3), live(1)])).toBe(held);
  });

  it('drops a live event once its stored copy is in the log, contiguous or held past a hole', () => {
    const held = addLive(noLiveEvents, undefined, [live(1), live(2), live(3), live(4)]);
    const log = logOf(stored(1), stored(4)); // seq 4 waits past the hole at 2..3
    expect(ids(reconcileLive(held, log))).toEqual([id(2), id(3)]);
    expect(reconcileLive(held, emptyLog(SID))).toBe(held);
    expect(reconcileLive(noLiveEvents, log)).toBe(noLiveEvents);
  });

  it('holds at most MAX_LIVE_EVENTS, dropping the oldest', () => {
    const many = Array.from({ length: MAX_LIVE_EVENTS + 3 }, (_, i) => live(i + 1));
    const held = addLive(noLiveEvents, undefined, many);
    expect(held).toHaveLength(MAX_LIVE_EVENTS);
    expect(held[0]!.eventId).toBe(id(4));
    expect(held.at(-1)!.eventId).toBe(id(MAX_LIVE_EVENTS + 3));
    const more = addLive(held, undefined, [live(10_000)]);
    expect(more).toHaveLength(MAX_LIVE_EVENTS);
    expect(more[0]!.eventId).toBe(id(5));
  });
});

describe('isCommitted (the eventId index that follows a growing log)', () => {
  it('knows every event of every snapshot of a log, and none of the later ones', () => {
    const first = logOf(stored(1), stored(2));
    expect(isCommitted(first, id(2))).toBe(true);
    const second = mergeEvents(first, [stored(3), stored(4)]).log;
    expect(isCommitted(second, id(4))).toBe(true);
    expect(isCommitted(second, id(1))).toBe(true);
    // The older snapshot does not hold what came after it.
    expect(isCommitted(first, id(3))).toBe(false);
    expect(isCommitted(first, id(1))).toBe(true);
    // Nor does a branch made from it with other events under the same seqs.
    const branch = mergeEvents(first, [stored(30, 3)]).log;
    expect(isCommitted(branch, id(30))).toBe(true);
    expect(isCommitted(branch, id(3))).toBe(false);
    expect(isCommitted(second, id(30))).toBe(false);
    expect(isCommitted(undefined, id(1))).toBe(false);
  });
});
