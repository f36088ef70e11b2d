import { describe, expect, it } from 'vitest';

import type { Instance, Session, SessionEvent } from '#protocol/remote';

import { applyEvent, emptyLog, type EventLog } from '../model/eventLog';
import { initialRemoteState, type RemoteState } from '../model/remoteState';
import { createStoreCache, MAX_CACHED_EVENTS, type RemoteCache, type RestoreTarget } from './storeCache';

const IID = '00000000-0000-4000-8000-0000000000aa';
const SID = '00000000-0000-4000-8000-0000000000bb';
const instance = { id: IID, hostname: 'box' } as Instance;
const session = { id: SID, instanceId: IID } as Session;
const ev = (seq: number): SessionEvent => ({
  sessionId: SID,
  seq,
  eventId: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
  at: '2026-01-01T00:00:00Z',
  body: { type: 'tool_output', toolCallId: 't', stream: 'stdout', chunk: `line-${seq}` },
});

function memoryCache(): RemoteCache & { data: Map<string, unknown> } {
  const data = new Map<string, unknown>();
  return { data, get: async <T>(k: string) => data.get(k) as T | undefined, set: async (k, v) => void data.set(k, v) };
}

function rig(cache: RemoteCache = memoryCache()) {
  const timers: { fn: () => void; ms: number }[] = [];
  const logs: Record<string, EventLog> = {};
  const store = createStoreCache({ cache, scope: 'u1', schedule: (fn, ms) => timers.push({ fn, ms }), log: (id) => logs[id] });
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
    store.saveQueue([]);
    store.saveSelection({ instanceId: IID, sessionId: null });
    await settle();
    expect([...cache.data.keys()]).toEqual([
      'tern.remote.u1.instances',
      `tern.remote.u1.sessions.${IID}`,
      'tern.remote.u1.queue',
      'tern.remote.u1.selection',
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
    cache.data.set('tern.remote.u1.queue', [{ clientMsgId: 'c1', sessionId: SID, text: 'hi', status: 'sending' }]);
    const { store, target, state } = rig(cache);
    await store.restore(target);
    expect(state()).toMatchObject({ instances: [instance], instancesLoaded: true, sessions: { [IID]: [session] }, currentSessionId: SID });
    expect(state().queue).toEqual([{ clientMsgId: 'c1', sessionId: SID, text: 'hi', status: 'queued' }]);
    expect(state().logs[SID]).toMatchObject({ base: 3, lastSeq: 5 });
    expect(target.wantedInstanceId).toBe(IID);
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
    const { store, target, state } = rig(broken);
    store.saveQueue([]);
    await store.restore(target);
    await store.loadLog(target, SID);
    expect(state()).toEqual(initialRemoteState);
  });
});
