import { describe, expect, it } from 'vitest';

import type { SessionEvent } from '#protocol/remote';

import { applyEvent, emptyLog, type EventLog } from '../model/eventLog';
import { initialRemoteState, type RemoteState } from '../model/remoteState';
import { createStoreCache, MAX_CACHED_EVENTS, type RemoteCache, type RestoreTarget } from './storeCache';
import { ev, IID, instance, memoryCache, memoryOutbox, session, SID } from './storeTestRig';

function rig(cache: RemoteCache = memoryCache(), outbox = memoryOutbox()) {
  const timers: { fn: () => void; ms: number }[] = [];
  const logs: Record<string, EventLog> = {};
  const store = createStoreCache({
    cache,
    outbox,
    scope: 'u1',
    schedule: (fn, ms) => timers.push({ fn, ms }),
    log: (id) => logs[id],
    now: () => 42,
  });
  let state: RemoteState = initialRemoteState;
  const target: RestoreTarget = { state: () => state, set: (patch) => void (state = { ...state, ...patch }), wantedInstanceId: null };
  return { store, timers, logs, target, state: () => state };
}
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('store cache', () => {
  it('writes under keys of the user scope', async () => {
    const cache = memoryCache();
    const { store } = rig(cache);
    store.saveInstances([instance]);
    store.saveSessions(IID, [session]);
    store.saveSelection({ instanceId: IID, sessionId: null });
    await settle();
    expect([...cache.data.keys()]).toEqual([
      'tern.remote.u1.instances',
      'tern.remote.u1.heardAt',
      `tern.remote.u1.sessions.${IID}`,
      'tern.remote.u1.selection',
    ]);
    expect(cache.data.get('tern.remote.u1.heardAt')).toBe(42);
  });

  it('writes what the outbox gained and lost', async () => {
    const outbox = memoryOutbox();
    const { store } = rig(memoryCache(), outbox);
    const q = (id: string) => ({ clientMsgId: id, sessionId: SID, text: id, status: 'queued' as const });
    store.saveQueue([], [q('a'), q('b')]);
    await settle();
    store.saveQueue([q('a'), q('b')], [{ ...q('b'), status: 'sending' }, q('c')]);
    await settle();
    expect(outbox.entries).toEqual([
      { clientMsgId: 'b', sessionId: SID, text: 'b' },
      { clientMsgId: 'c', sessionId: SID, text: 'c' },
    ]);
  });

  it('saves logs in one batch after a burst, only the newest events', async () => {
    const cache = memoryCache();
    const { store, timers, logs } = rig(cache);
    let log = emptyLog(SID);
    for (let seq = 1; seq <= MAX_CACHED_EVENTS + 2; seq++) log = applyEvent(log, ev(seq)).log;
    logs[SID] = log;
    store.saveLogSoon(SID);
    store.saveLogSoon(SID);
    store.saveLogSoon('gone');
    expect(timers).toHaveLength(1);
    expect(cache.data.size).toBe(0);
    timers[0]!.fn();
    await settle();
    const saved = cache.data.get(`tern.remote.u1.events.${SID}`) as SessionEvent[];
    expect(saved).toHaveLength(MAX_CACHED_EVENTS);
    expect(saved[0]!.seq).toBe(3);
    expect(cache.data.has('tern.remote.u1.events.gone')).toBe(false);
    // The next burst schedules a new save.
    store.saveLogSoon(SID);
    expect(timers).toHaveLength(2);
  });

  it('restores the instances, the outbox and the chosen session with its cached events', async () => {
    const cache = memoryCache();
    cache.data.set('tern.remote.u1.instances', [instance]);
    cache.data.set('tern.remote.u1.selection', { instanceId: IID, sessionId: SID });
    cache.data.set(`tern.remote.u1.sessions.${IID}`, [session]);
    cache.data.set(`tern.remote.u1.events.${SID}`, [ev(4), ev(5)]);
    const { store, target, state } = rig(cache, memoryOutbox([{ clientMsgId: 'c1', sessionId: SID, text: 'hi' }]));
    await store.restore(target);
    expect(state()).toMatchObject({
      instances: [instance],
      instancesLoaded: true,
      sessions: { [IID]: [session] },
      currentSessionId: SID,
      attach: { status: 'offline', instanceId: IID },
      restored: true,
    });
    expect(state().queue).toEqual([{ clientMsgId: 'c1', sessionId: SID, text: 'hi', status: 'queued' }]);
    expect(state().logs[SID]).toMatchObject({ base: 3, lastSeq: 5 });
    expect(target.wantedInstanceId).toBe(IID);
  });

  it('moves the outbox an earlier version kept in the cache into the durable outbox, once', async () => {
    const cache = memoryCache();
    cache.data.set('tern.remote.u1.queue', [
      { clientMsgId: 'old-1', sessionId: SID, text: 'typed before the upgrade', status: 'sending' },
      { clientMsgId: 'bad', sessionId: 'not-a-uuid', text: 'x', status: 'queued' },
    ]);
    const outbox = memoryOutbox();
    const { store, target, state } = rig(cache, outbox);
    await store.restore(target);
    expect(state().queue).toEqual([{ clientMsgId: 'old-1', sessionId: SID, text: 'typed before the upgrade', status: 'queued' }]);
    expect(outbox.entries).toEqual([{ clientMsgId: 'old-1', sessionId: SID, text: 'typed before the upgrade' }]);
    expect(cache.data.get('tern.remote.u1.queue')).toEqual([]);
  });

  it('never overrides what this visit already has', async () => {
    const cache = memoryCache();
    cache.data.set('tern.remote.u1.instances', [instance]);
    cache.data.set('tern.remote.u1.selection', { instanceId: IID, sessionId: SID });
    const { store, target, state } = rig(cache);
    target.set({ instances: [], instancesLoaded: true, currentSessionId: null });
    target.wantedInstanceId = 'chosen-now';
    await store.restore(target);
    expect(state()).toMatchObject({ instances: [], currentSessionId: null });
    expect(target.wantedInstanceId).toBe('chosen-now');
  });

  it('a failing cache only means nothing is restored', async () => {
    const broken: RemoteCache = { get: () => Promise.reject(new Error('blocked')), set: () => Promise.reject(new Error('full')) };
    const outbox = {
      add: () => Promise.reject(new Error('full')),
      remove: () => Promise.reject(new Error('blocked')),
      list: () => Promise.reject(new Error('blocked')),
    };
    const { store, target, state } = rig(broken, { ...memoryOutbox(), ...outbox });
    store.saveQueue([], [{ clientMsgId: 'c', sessionId: SID, text: 't', status: 'queued' }]);
    store.saveInstances([instance]);
    await store.restore(target);
    await store.loadLog(target, SID);
    expect(state()).toEqual({ ...initialRemoteState, restored: true });
  });

  it('reads the cache back through the protocol schemas: invalid items are left out, an invalid log is dropped whole', async () => {
    const cache = memoryCache();
    const hostile = { ...instance, id: 'not-a-uuid' };
    cache.data.set('tern.remote.u1.instances', [hostile, instance, 'junk', null]);
    cache.data.set('tern.remote.u1.selection', { instanceId: IID, sessionId: SID });
    cache.data.set(`tern.remote.u1.sessions.${IID}`, [{ ...session, lastSeq: -1 }, session]);
    const bad: unknown = { ...ev(5), body: { type: 'tool_output', toolCallId: 't', stream: 'sideways', chunk: 'x' } };
    cache.data.set(`tern.remote.u1.events.${SID}`, [ev(4), bad]);
    cache.data.set('tern.remote.u1.heardAt', 'yesterday');
    const { store, target, state } = rig(cache);
    await store.restore(target);
    expect(state()).toMatchObject({ instances: [instance], sessions: { [IID]: [session] }, currentSessionId: SID, heardAt: null });
    expect(state().logs[SID]).toBeUndefined();
    // Events of another session under this session's key are not taken either.
    cache.data.set(`tern.remote.u1.events.${SID}`, [{ ...ev(4), sessionId: IID }]);
    await store.loadLog(target, SID);
    expect(state().logs[SID]).toBeUndefined();
    // A selection that is not the protocol's shape restores nothing.
    const other = rig(cache);
    cache.data.set('tern.remote.u1.selection', { instanceId: 42, sessionId: SID });
    await other.store.restore(other.target);
    expect(other.state().currentSessionId).toBeNull();
  });
});
