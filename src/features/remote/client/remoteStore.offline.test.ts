import { describe, expect, it } from 'vitest';

import { ev, IID, instance, joined, memoryCache, memoryOutbox, session, setup, SID, tick } from './storeTestRig';

/** Issue #13, item 5: an offline reload opens the last session; what is typed goes out once, in order, when the link returns. */

/** What a previous visit left in the cache: the instance, the open session and its events. */
function cacheOfLastVisit() {
  const cache = memoryCache();
  cache.data.set('tern.remote.u1.instances', [instance]);
  cache.data.set('tern.remote.u1.selection', { instanceId: IID, sessionId: SID });
  cache.data.set(`tern.remote.u1.sessions.${IID}`, [session]);
  cache.data.set(`tern.remote.u1.events.${SID}`, [ev(1), ev(2)]);
  cache.data.set('tern.remote.u1.heardAt', 1_700_000_000_000);
  return cache;
}
const settle = async () => {
  for (let i = 0; i < 10; i++) await tick();
};

describe('remote store offline', () => {
  it('opens the last session read-only from the cache while the relay cannot be reached', async () => {
    const { store } = setup(undefined, cacheOfLastVisit());
    store.start();
    await settle();
    expect(store.getState()).toMatchObject({
      restored: true,
      instancesLoaded: true,
      stale: true,
      heardAt: 1_700_000_000_000,
      attach: { status: 'offline', instanceId: IID },
      currentSessionId: SID,
      sessions: { [IID]: [session] },
    });
    expect(store.getState().logs[SID]!.events.map((e) => e.seq)).toEqual([1, 2]);
  });

  it('keeps what is typed offline across two reloads and sends it once, in order, when the link returns', async () => {
    const cache = cacheOfLastVisit();
    const outbox = memoryOutbox();
    // First offline visit: two messages.
    const first = setup(undefined, cache, outbox);
    first.store.start();
    await settle();
    const a = first.store.send('first');
    const b = first.store.send('second');
    await settle();
    expect(outbox.entries.map((e) => e.clientMsgId)).toEqual([a, b]);
    first.store.stop();

    // Second offline visit (a reload): the outbox is back, a third message goes after them.
    const second = setup(undefined, cache, outbox);
    second.store.start();
    await settle();
    expect(second.store.getState().queue.map((q) => [q.clientMsgId, q.status])).toEqual([
      [a, 'queued'],
      [b, 'queued'],
    ]);
    second.store.stop();
    const third = setup(undefined, cache, outbox, 100);
    third.store.start();
    await settle();
    const c = third.store.send('third');
    await settle();
    expect(outbox.entries.map((e) => e.clientMsgId)).toEqual([a, b, c]);

    // The link returns: attached, joined from the cached seq, then the three inputs once each, oldest first.
    third.socket.up();
    await settle();
    expect(third.store.getState().attach).toEqual({ status: 'attached', instanceId: IID });
    const inputs = third.socket.requests.filter((r) => r.event === 'session:input').map((r) => r.payload.clientMsgId);
    expect(inputs).toEqual([a, b, c]);
    expect(third.store.getState().queue).toEqual([]);
    expect(outbox.entries).toEqual([]);
    expect(third.store.getState().heardAt).toBeGreaterThan(1_700_000_000_000);
  });

  it('sends what another tab (or a killed one) left in the outbox when the link comes back', async () => {
    const outbox = memoryOutbox();
    const rig = setup(undefined, memoryCache(), outbox);
    rig.store.start();
    rig.socket.up();
    await tick();
    await rig.store.attach(IID);
    await rig.store.selectSession(SID);
    rig.socket.drop();
    await outbox.add({ clientMsgId: 'from-a-killed-tab', sessionId: SID, text: 'typed in another tab' });
    rig.store.wake();
    rig.socket.up();
    await settle();
    expect(rig.socket.requests.filter((r) => r.event === 'session:input').map((r) => r.payload)).toEqual([
      { sessionId: SID, clientMsgId: 'from-a-killed-tab', text: 'typed in another tab' },
    ]);
    expect(outbox.entries).toEqual([]);
  });

  it("sends what was typed in the instance's other sessions too, never input for another instance's session", async () => {
    const SID2 = '00000000-0000-4000-8000-0000000000cc';
    const ELSEWHERE = '00000000-0000-4000-8000-0000000000ee';
    const outbox = memoryOutbox([
      { clientMsgId: 'other-1', sessionId: SID2, text: 'typed in the other session' },
      { clientMsgId: 'open-1', sessionId: SID, text: 'typed in the open session' },
      { clientMsgId: 'other-2', sessionId: SID2, text: 'second in the other session' },
      { clientMsgId: 'far', sessionId: ELSEWHERE, text: 'a session of another instance' },
    ]);
    const rig = setup(
      (event, payload, relay) =>
        event === 'instance:attach' ? { ok: true, instance, sessions: [session, { ...session, id: SID2 }] } : relay(event, payload),
      cacheOfLastVisit(),
      outbox,
    );
    rig.store.start();
    await settle();
    rig.socket.up();
    await settle();
    const sent = rig.socket.requests.filter((r) => r.event === 'session:input').map((r) => r.payload.clientMsgId);
    expect([...sent].sort()).toEqual(['open-1', 'other-1', 'other-2']);
    expect(sent.indexOf('other-1')).toBeLessThan(sent.indexOf('other-2'));
    expect(outbox.entries.map((e) => e.clientMsgId)).toEqual(['far']);
  });

  it('an acknowledged message shows at the relay until its stored event arrives: never missing in between', async () => {
    const outbox = memoryOutbox();
    // A relay whose push of the stored message is late: the test delivers it by hand.
    const rig = setup(
      (event, payload, relay) => (event === 'session:input' ? { ok: true, seq: 3 } : relay(event, payload)),
      cacheOfLastVisit(),
      outbox,
    );
    rig.store.start();
    rig.socket.up();
    await settle();
    const id = rig.store.send('hello')!;
    await settle();
    expect(rig.store.getState().queue).toEqual([{ clientMsgId: id, sessionId: SID, text: 'hello', status: 'stored' }]);
    expect(outbox.entries.map((e) => e.clientMsgId)).toEqual([id]);
    // The next message is not held back by it.
    const next = rig.store.send('again')!;
    await settle();
    expect(rig.socket.requests.filter((r) => r.event === 'session:input').map((r) => r.payload.clientMsgId)).toEqual([id, next]);
    rig.socket.fire('session:event', {
      sessionId: SID,
      seq: 3,
      eventId: '00000000-0000-4000-9000-000000000003',
      at: '2026-01-01T00:00:00Z',
      body: { type: 'user_message', clientMsgId: id, text: 'hello' },
    });
    await settle();
    expect(rig.store.getState().queue.map((q) => q.clientMsgId)).toEqual([next]);
    expect(outbox.entries.map((e) => e.clientMsgId)).toEqual([next]);
  });

  it('marks when the relay was last heard as the link drops (instances show "last seen", not online)', async () => {
    const { store, socket } = await joined();
    expect(store.getState().stale).toBe(false);
    const before = Date.now();
    socket.drop();
    expect(store.getState().stale).toBe(true);
    expect(store.getState().heardAt).toBeGreaterThanOrEqual(before);
  });

  it('choosing another instance while offline shows its cached sessions, not a spinner', async () => {
    const OTHER = '00000000-0000-4000-8000-0000000000dd';
    const cache = cacheOfLastVisit();
    cache.data.set('tern.remote.u1.instances', [instance, { ...instance, id: OTHER, hostname: 'other' }]);
    cache.data.set(`tern.remote.u1.sessions.${OTHER}`, [{ ...session, id: '00000000-0000-4000-8000-0000000000ee', instanceId: OTHER }]);
    const { store } = setup(undefined, cache);
    store.start();
    await settle();
    await store.attach(OTHER);
    expect(store.getState()).toMatchObject({ attach: { status: 'offline', instanceId: OTHER }, currentSessionId: null });
    expect(store.getState().sessions[OTHER]!.map((s) => s.instanceId)).toEqual([OTHER]);
  });
});
