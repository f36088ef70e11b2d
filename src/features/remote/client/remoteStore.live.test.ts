import { describe, expect, it } from 'vitest';

import type { LiveSessionEvent } from '#protocol/remote';

import { MAX_LIVE_EVENTS } from '../model/liveEvents';
import { ev, joined, SID, tick } from './storeTestRig';

/** ev(seq) before its commit: the same event without its seq. */
const liveOf = (seq: number): LiveSessionEvent => {
  const { seq: _seq, ...event } = ev(seq);
  return event;
};
const liveIds = (rig: Awaited<ReturnType<typeof joined>>) => (rig.store.getState().live[SID] ?? []).map((e) => e.eventId);
const seqs = (rig: Awaited<ReturnType<typeof joined>>) => rig.store.getState().logs[SID]?.events.map((e) => e.seq) ?? [];

describe('remote store: session:live', () => {
  it('holds live events apart from the log until their stored copies arrive, then only the log has them', async () => {
    const rig = await joined();
    rig.socket.fire('session:event', ev(1));
    rig.socket.fire('session:live', liveOf(2));
    rig.socket.fire('session:live', liveOf(3));
    await tick();
    expect(seqs(rig)).toEqual([1]);
    expect(liveIds(rig)).toEqual([ev(2).eventId, ev(3).eventId]);
    rig.socket.fire('session:event', ev(2));
    await tick();
    expect(seqs(rig)).toEqual([1, 2]);
    expect(liveIds(rig)).toEqual([ev(3).eventId]);
    // Late: its stored copy came first (another node's fan-out can be faster).
    rig.socket.fire('session:event', ev(3));
    rig.socket.fire('session:live', liveOf(3));
    rig.socket.fire('session:live', liveOf(1));
    await tick();
    expect(seqs(rig)).toEqual([1, 2, 3]);
    expect(liveIds(rig)).toEqual([]);
  });

  it('are never cached: the cache holds the stored events only', async () => {
    const rig = await joined();
    rig.socket.fire('session:event', ev(1));
    rig.socket.fire('session:live', liveOf(2));
    await tick();
    expect(liveIds(rig)).toHaveLength(1);
    // The log save (the rig's scheduled timer) writes what the log holds.
    for (const timer of rig.timers.filter((t) => t.ms === 300)) timer.fn();
    await tick();
    const saved = rig.cache.data.get(`tern.remote.u1.events.${SID}`) as { eventId: string }[];
    expect(saved.map((e) => e.eventId)).toEqual([ev(1).eventId]);
  });

  it('every join clears them (the replay brings the truth), after a reconnect too', async () => {
    const rig = await joined();
    rig.socket.fire('session:live', liveOf(1));
    await tick();
    expect(liveIds(rig)).toHaveLength(1);
    await rig.store.selectSession(SID);
    expect(liveIds(rig)).toEqual([]);
    rig.socket.fire('session:live', liveOf(2));
    await tick();
    rig.socket.drop();
    expect(liveIds(rig)).toHaveLength(1); // shown until the relay answers again
    rig.store.wake();
    rig.socket.up();
    for (let i = 0; i < 5; i++) await tick();
    expect(rig.socket.requests.filter((r) => r.event === 'session:join')).toHaveLength(3);
    expect(liveIds(rig)).toEqual([]);
  });

  it('keeps at most MAX_LIVE_EVENTS per session and drops a malformed one without touching state', async () => {
    const rig = await joined();
    for (let seq = 1; seq <= MAX_LIVE_EVENTS + 1; seq++) rig.socket.fire('session:live', liveOf(seq));
    await tick();
    expect(liveIds(rig)).toHaveLength(MAX_LIVE_EVENTS);
    expect(liveIds(rig)[0]).toBe(ev(2).eventId);
    const before = rig.store.getState();
    rig.socket.fire('session:live', { ...liveOf(9_999), eventId: 'not-a-uuid' });
    rig.socket.fire('session:live', { sessionId: SID });
    await tick();
    expect(rig.store.getState()).toBe(before);
  });

  it('a notice stores the live copy it names: the log gets it with its seq, the live list lets it go', async () => {
    const rig = await joined();
    rig.socket.fire('session:event', ev(1));
    rig.socket.fire('session:live', liveOf(2));
    rig.socket.fire('session:live', liveOf(3));
    await tick();
    const notice = (seq: number) => ({ eventId: ev(seq).eventId, seq });
    rig.socket.fire('session:events', { sessionId: SID, events: [], notices: [notice(2), notice(3)] });
    // In the same burst as its live copy, and next to a whole event.
    rig.socket.fire('session:live', liveOf(4));
    rig.socket.fire('session:events', { sessionId: SID, events: [ev(5)], notices: [notice(4)] });
    await tick();
    expect(rig.store.getState().logs[SID]!.events).toEqual([1, 2, 3, 4, 5].map(ev));
    expect(liveIds(rig)).toEqual([]);
    expect(rig.socket.requests.filter((r) => r.event === 'session:join')).toHaveLength(1);
  });

  it('a notice for an event it holds neither live nor stored makes the session re-join from its last seq', async () => {
    const rig = await joined();
    rig.socket.fire('session:event', ev(1));
    rig.socket.fire('session:events', { sessionId: SID, events: [], notices: [{ eventId: ev(2).eventId, seq: 2 }] });
    await tick();
    expect(rig.socket.requests.filter((r) => r.event === 'session:join').at(-1)!.payload).toMatchObject({ sessionId: SID, afterSeq: 1 });
    expect(rig.socket.requests.filter((r) => r.event === 'session:join')).toHaveLength(2);
    // One already stored is nothing to fetch.
    rig.socket.fire('session:events', { sessionId: SID, events: [], notices: [{ eventId: ev(1).eventId, seq: 1 }] });
    await tick();
    expect(rig.socket.requests.filter((r) => r.event === 'session:join')).toHaveLength(2);
  });

  it('takes the stored copies riding in a live copy (carriedLive) first, and keeps the live copy without them', async () => {
    const rig = await joined();
    rig.socket.fire('session:event', ev(1));
    rig.socket.fire('session:live', liveOf(2));
    await tick();
    // Event 2's notice and event 3 whole ride in event 4's live copy.
    const stored = { sessionId: SID, events: [ev(3)], notices: [{ eventId: ev(2).eventId, seq: 2 }] };
    rig.socket.fire('session:live', { ...liveOf(4), stored });
    await tick();
    expect(seqs(rig)).toEqual([1, 2, 3]);
    expect(liveIds(rig)).toEqual([ev(4).eventId]);
    // What the live list holds is the event alone, not what rode in its message.
    expect(rig.store.getState().live[SID]![0]).toEqual(liveOf(4));
    expect(rig.socket.requests.filter((r) => r.event === 'session:join')).toHaveLength(1);
  });

  it('an unreadable ride-along makes the session re-join for it, and the live copy is still shown', async () => {
    const rig = await joined();
    rig.socket.fire('session:event', ev(1));
    rig.socket.fire('session:live', { ...liveOf(3), stored: { sessionId: SID, events: [{ ...ev(2), seq: 'two' }] } });
    await tick();
    expect(liveIds(rig)).toEqual([ev(3).eventId]);
    expect(seqs(rig)).toEqual([1]);
    const joins = rig.socket.requests.filter((r) => r.event === 'session:join');
    expect(joins).toHaveLength(2);
    expect(joins.at(-1)!.payload).toMatchObject({ sessionId: SID, afterSeq: 1 });
  });
});
