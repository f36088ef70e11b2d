import { describe, expect, it } from 'vitest';

import { ev, joined, memoryCache, session, setup, SID, tick } from './storeTestRig';

/**
 * The latest page first (issue #15): a window that holds none of a session's events joins with a `tail`, starts its
 * log where the relay says the replay starts, and fetches older pages (`session:history`) as the reader scrolls up.
 */
const LAST = 1_200;
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => ev(from + i));

/** A store on a stand-in relay whose session has `last` events (LAST); `history` answers `session:history` (default: the page asked for). */
async function opened(history?: (payload: Record<string, unknown>) => unknown, cache = memoryCache(), last = LAST) {
  const long = { ...session, lastSeq: last };
  const rig = setup((event, payload, relay) => {
    if (event === 'instance:attach')
      return { ok: true, instance: (relay(event, payload) as { instance: unknown }).instance, sessions: [long] };
    if (event === 'session:join') {
      const from =
        payload.tail === undefined ? (payload.afterSeq as number) : Math.max(payload.afterSeq as number, last - (payload.tail as number));
      return { ok: true, session: long, from };
    }
    if (event === 'session:history') {
      if (history) return history(payload);
      const before = payload.beforeSeq as number;
      return { ok: true, events: range(Math.max(1, before - (payload.limit as number)), before - 1) };
    }
    return relay(event, payload);
  }, cache);
  return joined(rig);
}

const historyRequests = (rig: Awaited<ReturnType<typeof opened>>) =>
  rig.socket.requests.filter((r) => r.event === 'session:history').map((r) => r.payload);

describe('remote store: the latest page first', () => {
  it('joins with a tail, starts its log at the ack’s `from`, and takes the replay from there', async () => {
    const rig = await opened();
    const join = rig.socket.requests.find((r) => r.event === 'session:join')!;
    expect(join.payload).toMatchObject({ afterSeq: 0, tail: 500 });
    expect(rig.store.getState().logs[SID]).toMatchObject({ base: 700, lastSeq: 700, events: [] });
    rig.socket.fire('session:events', { sessionId: SID, events: range(701, LAST) });
    await tick();
    const log = rig.store.getState().logs[SID]!;
    expect(log.events.map((e) => e.seq)).toEqual(range(701, LAST).map((e) => e.seq));
    expect(log.base).toBe(700);
  });

  it('loads older pages in front, one request at a time, down to the first event', async () => {
    const rig = await opened();
    rig.socket.fire('session:events', { sessionId: SID, events: range(701, LAST) });
    await tick();
    const first = rig.store.loadOlder();
    expect(rig.store.getState().older[SID]).toBe('loading');
    await rig.store.loadOlder(); // already on its way: no second request
    await first;
    expect(historyRequests(rig)).toEqual([{ sessionId: SID, beforeSeq: 701, limit: 500 }]);
    expect(rig.store.getState().older[SID]).toBeUndefined();
    expect(rig.store.getState().logs[SID]).toMatchObject({ base: 200, lastSeq: LAST });
    await rig.store.loadOlder();
    const log = rig.store.getState().logs[SID]!;
    expect(log.base).toBe(0);
    expect(log.events.map((e) => e.seq)).toEqual(range(1, LAST).map((e) => e.seq));
    await rig.store.loadOlder(); // nothing is older
    expect(historyRequests(rig).map((p) => p.beforeSeq)).toEqual([701, 201]);
    // Live events still append after the prepends.
    rig.socket.fire('session:event', ev(LAST + 1));
    await tick();
    expect(rig.store.getState().logs[SID]!.lastSeq).toBe(LAST + 1);
  });

  it('says when an older page failed, keeps what it has, and gets it on a retry', async () => {
    let fail = true;
    const rig = await opened((payload) => {
      if (fail) return { ok: false, error: { code: 'INTERNAL', message: 'down' } };
      return { ok: true, events: range(Math.max(1, (payload.beforeSeq as number) - 500), (payload.beforeSeq as number) - 1) };
    });
    rig.socket.fire('session:events', { sessionId: SID, events: range(701, LAST) });
    await tick();
    await rig.store.loadOlder();
    expect(rig.store.getState().older[SID]).toBe('failed');
    expect(rig.store.getState().logs[SID]!.events).toHaveLength(500);
    fail = false;
    await rig.store.loadOlder();
    expect(rig.store.getState().older[SID]).toBeUndefined();
    expect(rig.store.getState().logs[SID]!.base).toBe(200);
  });

  it('an unreadable page, or one that does not end at the log’s start, changes nothing and shows as failed', async () => {
    const rig = await opened(() => ({ ok: true, events: range(100, 200) }));
    rig.socket.fire('session:events', { sessionId: SID, events: range(701, LAST) });
    await tick();
    await rig.store.loadOlder();
    expect(rig.store.getState().logs[SID]).toMatchObject({ base: 700 });
    expect(rig.store.getState().older[SID]).toBe('failed');
    const garbled = await opened(() => ({ ok: true, events: [{ seq: 'x' }] }));
    await garbled.store.loadOlder();
    expect(garbled.store.getState().older[SID]).toBe('failed');
  });

  it('a log cached far behind the session starts over at the latest page; what it held comes again on the way up', async () => {
    const cache = memoryCache();
    cache.data.set(`tern.remote.u1.events.${SID}`, range(101, 150));
    const rig = await opened(undefined, cache, 3_000);
    const join = rig.socket.requests.find((r) => r.event === 'session:join')!;
    expect(join.payload).toMatchObject({ afterSeq: 150, tail: 500 });
    expect(rig.store.getState().logs[SID]).toMatchObject({ base: 2_500, lastSeq: 2_500, events: [] });
    rig.socket.fire('session:events', { sessionId: SID, events: range(2_501, 3_000) });
    await tick();
    while (rig.store.getState().logs[SID]!.base > 0) await rig.store.loadOlder();
    expect(rig.store.getState().logs[SID]!.events.map((e) => e.seq)).toEqual(range(1, 3_000).map((e) => e.seq));
    expect(historyRequests(rig)).toHaveLength(5);
  });

  it('a window that holds the session’s events (from the cache) re-joins from its last seq, without a tail', async () => {
    const cache = memoryCache();
    cache.data.set(`tern.remote.u1.events.${SID}`, range(1101, 1150));
    const rig = await opened(undefined, cache);
    const join = rig.socket.requests.find((r) => r.event === 'session:join')!;
    expect(join.payload.afterSeq).toBe(1150);
    expect(join.payload.tail).toBeUndefined();
    expect(rig.store.getState().logs[SID]).toMatchObject({ base: 1100, lastSeq: 1150 });
  });
});
