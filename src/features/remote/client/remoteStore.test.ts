import { describe, expect, it, vi } from 'vitest';

import type { Instance, Session, SessionEvent } from '#protocol/remote';
import type { WebEventName } from '#protocol/remoteEvents';

import type { WebAck } from './acks';
import { createRemoteStore, type RemoteCache, type SocketPort } from './remoteStore';

const IID = '00000000-0000-4000-8000-0000000000aa';
const SID = '00000000-0000-4000-8000-0000000000bb';
const instance: Instance = {
  id: IID,
  platform: 'linux',
  hostname: 'box',
  cwd: '/w',
  nodeVersion: 'v22',
  cliVersion: '0.1.0',
  startedAt: '2026-01-01T00:00:00Z',
  online: true,
  lastSeenAt: '2026-01-01T00:00:00Z',
  sessionCount: 1,
};
const session: Session = {
  id: SID,
  instanceId: IID,
  title: 'S',
  active: true,
  firstMessage: null,
  lastMessage: null,
  createdAt: '2026-01-01T00:00:00Z',
  lastActiveAt: '2026-01-01T00:00:00Z',
  lastSeq: 0,
  autoApprove: false,
};
const ev = (seq: number): SessionEvent => ({
  sessionId: SID,
  seq,
  eventId: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
  at: '2026-01-01T00:00:00Z',
  body: { type: 'tool_output', toolCallId: 't', stream: 'stdout', chunk: `line-${seq}` },
});

/** A stand-in for the relay's /web namespace: records requests, answers from a handler. */
class FakeSocket implements SocketPort {
  connected = false;
  listeners = new Map<string, ((...args: never[]) => void)[]>();
  requests: { event: string; payload: Record<string, unknown> }[] = [];
  connects = 0;
  constructor(public handler: (event: string, payload: Record<string, unknown>) => unknown) {}
  connect() {
    this.connects++;
  }
  disconnect() {
    if (!this.connected) return;
    this.connected = false;
    this.fire('disconnect', 'io client disconnect');
  }
  on(event: string, listener: (...args: never[]) => void) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
  }
  fire(event: string, ...args: unknown[]) {
    for (const l of this.listeners.get(event) ?? []) (l as (...a: unknown[]) => void)(...args);
  }
  up() {
    this.connected = true;
    this.fire('connect');
  }
  drop() {
    this.connected = false;
    this.fire('disconnect', 'transport close');
  }
  /** Answers whatever the handler returns, unchecked like a real relay's answer (the store checks it). */
  request<E extends WebEventName>(event: E, payload: unknown): Promise<WebAck<E>> {
    this.requests.push({ event, payload: payload as Record<string, unknown> });
    return Promise.resolve(this.handler(event, payload as Record<string, unknown>) as WebAck<E>);
  }
}

function memoryCache(): RemoteCache & { data: Map<string, unknown> } {
  const data = new Map<string, unknown>();
  return { data, get: async <T>(k: string) => data.get(k) as T | undefined, set: async (k, v) => void data.set(k, v) };
}

function setup(handler?: (event: string, payload: Record<string, unknown>) => unknown, cache = memoryCache()) {
  let n = 0;
  const timers: { fn: () => void; ms: number }[] = [];
  const socket = new FakeSocket(
    handler ??
      ((event) => {
        if (event === 'instances:list') return { ok: true, instances: [instance] };
        if (event === 'instance:attach') return { ok: true, instance, sessions: [session] };
        if (event === 'session:join') return { ok: true, session };
        if (event === 'session:input') return { ok: true, seq: 1 };
        return { ok: true };
      }),
  );
  const onUnauthorized = vi.fn();
  const store = createRemoteStore({
    createSocket: () => socket,
    cache,
    cacheScope: 'u1',
    uuid: () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
    onUnauthorized,
    schedule: (fn, ms) => timers.push({ fn, ms }),
    cancel: () => undefined,
    random: () => 0.5,
    isOnline: () => true,
  });
  return { store, socket, timers, onUnauthorized };
}
const tick = () => new Promise((r) => setTimeout(r, 0));

/** A started store, connected, attached to the instance and joined to the session. */
async function joined() {
  const rig = setup();
  rig.store.start();
  rig.socket.up();
  await tick();
  await rig.store.attach(IID);
  await rig.store.selectSession(SID);
  return rig;
}

describe('remote store', () => {
  it('connects, lists instances, attaches, joins with the last seq it holds and re-joins after a drop', async () => {
    const { store, socket, timers } = setup();
    store.start();
    expect(store.getState().connection).toEqual({ status: 'connecting' });
    socket.up();
    await tick();
    expect(store.getState().instances).toEqual([instance]);
    await store.attach(IID);
    await store.selectSession(SID);
    expect(socket.requests.at(-1)).toEqual({ event: 'session:join', payload: { sessionId: SID, afterSeq: 0 } });
    for (const seq of [1, 2, 3]) socket.fire('session:event', ev(seq));
    socket.fire('session:event', ev(2));
    expect(store.getState().logs[SID]!.events.map((e) => e.seq)).toEqual([1, 2, 3]);

    socket.drop();
    expect(store.getState().connection).toEqual({ status: 'reconnecting', attempt: 0, offline: false, retryAt: expect.any(Number) });
    expect(timers).toHaveLength(2); // log save + retry
    timers.find((t) => t.ms === 1000 || t.ms === 500)!.fn();
    expect(store.getState().connection).toMatchObject({ status: 'reconnecting', attempt: 1 });
    expect(socket.connects).toBe(2);
    socket.up();
    await tick();
    await tick();
    expect(store.getState().connection).toEqual({ status: 'connected' });
    const joins = socket.requests.filter((r) => r.event === 'session:join');
    expect(joins.at(-1)!.payload).toEqual({ sessionId: SID, afterSeq: 3 });
  });

  it('re-joins from the last contiguous seq when a gap shows up', async () => {
    const { store, socket } = await joined();
    socket.fire('session:event', ev(1));
    socket.fire('session:event', ev(3));
    await tick();
    expect(socket.requests.filter((r) => r.event === 'session:join').at(-1)!.payload).toEqual({ sessionId: SID, afterSeq: 1 });
    socket.fire('session:event', ev(2));
    socket.fire('session:event', ev(3));
    expect(store.getState().logs[SID]!.events.map((e) => e.seq)).toEqual([1, 2, 3]);
  });

  it('queues input while disconnected and sends it with the same clientMsgId once joined again', async () => {
    const { store, socket } = await joined();
    socket.drop();
    const id = store.send('hello');
    expect(store.getState().queue).toEqual([{ clientMsgId: id, sessionId: SID, text: 'hello', status: 'queued' }]);
    expect(socket.requests.some((r) => r.event === 'session:input')).toBe(false);
    store.wake();
    socket.up();
    for (let i = 0; i < 5; i++) await tick();
    const inputs = socket.requests.filter((r) => r.event === 'session:input');
    expect(inputs.map((r) => r.payload)).toEqual([{ sessionId: SID, clientMsgId: id, text: 'hello' }]);
    expect(store.getState().queue).toEqual([]);
  });

  it('shows workspace busy and takes over on request', async () => {
    let busy = true;
    const { store, socket } = setup((event, payload) => {
      if (event === 'instances:list') return { ok: true, instances: [instance] };
      if (event === 'instance:attach') {
        if (busy && !payload.takeOver)
          return { ok: false, error: { code: 'WORKSPACE_BUSY', message: 'busy', holder: { since: '2026-01-01T00:00:00Z' } } };
        busy = false;
        return { ok: true, instance, sessions: [session] };
      }
      return { ok: true };
    });
    store.start();
    socket.up();
    await tick();
    await store.attach(IID);
    expect(store.getState().attach).toEqual({ status: 'busy', instanceId: IID, holder: { since: '2026-01-01T00:00:00Z' } });
    await store.takeOver(IID);
    expect(store.getState().attach).toEqual({ status: 'attached', instanceId: IID });
    expect(socket.requests.at(-1)).toEqual({ event: 'instance:attach', payload: { instanceId: IID, takeOver: true } });
    const by = { since: '2026-01-01T00:10:00Z', device: { browser: 'Safari', os: 'iPhone' } };
    socket.fire('workspace:lost', { instanceId: IID, reason: 'taken_over', by });
    expect(store.getState().attach).toEqual({ status: 'lost', instanceId: IID, reason: 'taken_over', by });
  });

  it('a busy window shows the open session live but read-only: it joins, and sends nothing until it takes over', async () => {
    let busy = true;
    const { store, socket } = setup((event, payload) => {
      if (event === 'instances:list') return { ok: true, instances: [instance] };
      if (event === 'instance:attach') {
        if (busy && !payload.takeOver) return { ok: false, error: { code: 'WORKSPACE_BUSY', message: 'busy' } };
        busy = false;
        return { ok: true, instance, sessions: [session] };
      }
      if (event === 'session:join') return { ok: true, session };
      if (event === 'session:input') return { ok: true, seq: 1 };
      return { ok: true };
    });
    store.start();
    socket.up();
    await tick();
    await store.attach(IID);
    await store.selectSession(SID);
    expect(store.getState().attach.status).toBe('busy');
    expect(socket.requests.filter((r) => r.event === 'session:join')).toHaveLength(1);
    socket.fire('session:event', ev(1));
    expect(store.getState().logs[SID]!.events.map((e) => e.seq)).toEqual([1]);
    const id = store.send('typed while busy');
    for (let i = 0; i < 3; i++) await tick();
    expect(socket.requests.some((r) => r.event === 'session:input')).toBe(false);
    await store.takeOver(IID);
    for (let i = 0; i < 3; i++) await tick();
    const inputs = socket.requests.filter((r) => r.event === 'session:input');
    expect(inputs.map((r) => r.payload)).toEqual([{ sessionId: SID, clientMsgId: id, text: 'typed while busy' }]);
  });

  it('a busy window asks again (never taking over) on wake-up and after a reconnect; a lost one waits for the user', async () => {
    let holderOpen = true;
    const { store, socket } = setup((event) => {
      if (event === 'instances:list') return { ok: true, instances: [instance] };
      if (event === 'instance:attach')
        return holderOpen
          ? { ok: false, error: { code: 'WORKSPACE_BUSY', message: 'busy', holder: { since: '2026-01-01T00:00:00Z' } } }
          : { ok: true, instance, sessions: [session] };
      return { ok: true };
    });
    store.start();
    socket.up();
    await tick();
    await store.attach(IID);
    expect(store.getState().attach.status).toBe('busy');
    holderOpen = false; // The other window closed.
    store.wake();
    for (let i = 0; i < 3; i++) await tick();
    expect(store.getState().attach).toEqual({ status: 'attached', instanceId: IID });
    const attaches = () => socket.requests.filter((r) => r.event === 'instance:attach');
    expect(attaches().every((r) => !(r.payload as { takeOver?: boolean }).takeOver)).toBe(true);

    socket.fire('workspace:lost', { instanceId: IID, reason: 'taken_over' });
    const asked = attaches().length;
    store.wake();
    socket.drop();
    store.wake();
    socket.up();
    for (let i = 0; i < 3; i++) await tick();
    expect(attaches()).toHaveLength(asked);
    expect(store.getState().attach.status).toBe('lost');
  });
});

// The same suite, split only to keep each block short (the tests keep their names).
describe('remote store', () => {
  it('an unauthorized handshake ends the session instead of retrying', () => {
    const { store, socket, timers, onUnauthorized } = setup();
    store.start();
    socket.fire('connect_error', Object.assign(new Error('Unauthorized'), { data: { code: 'UNAUTHORIZED' } }));
    expect(onUnauthorized).toHaveBeenCalledOnce();
    expect(store.getState().connection).toEqual({ status: 'disconnected', reason: 'unauthorized' });
    expect(timers).toHaveLength(0);
  });

  it.each(['ORIGIN_NOT_ALLOWED', 'BAD_HANDSHAKE', 'PROTOCOL_VERSION'])(
    'a %s handshake shows the connection problem and keeps the user signed in',
    (code) => {
      const { store, socket, timers, onUnauthorized } = setup();
      store.start();
      socket.fire('connect_error', Object.assign(new Error('Unauthorized origin'), { data: { code } }));
      expect(onUnauthorized).not.toHaveBeenCalled();
      expect(store.getState().problem).toEqual({ kind: 'handshake', code });
      expect(store.getState().connection).toEqual({ status: 'disconnected', reason: 'refused' });
      // No retry loop against a relay that will refuse again, not even on wake-up.
      expect(timers).toHaveLength(0);
      store.wake();
      expect(socket.connects).toBe(1);
    },
  );

  it('reads the handshake code, not the message: an unknown failure is retried, never a sign-out', () => {
    const { store, socket, timers, onUnauthorized } = setup();
    store.start();
    socket.fire('connect_error', new Error('Unauthorized (401) invalid token'));
    socket.fire('connect_error', Object.assign(new Error('server error'), { data: { code: 'SOMETHING_NEW' } }));
    socket.fire('connect_error', Object.assign(new Error('INTERNAL: relay fault'), { data: { code: 'INTERNAL' } }));
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(store.getState().problem).toBeNull();
    expect(store.getState().connection).toMatchObject({ status: 'reconnecting' });
    expect(timers).toHaveLength(1);
  });

  it('a revoked login (auth:revoked) ends the session too', async () => {
    const { store, socket, timers, onUnauthorized } = setup();
    store.start();
    socket.up();
    await tick();
    socket.fire('auth:revoked', {});
    expect(onUnauthorized).toHaveBeenCalledOnce();
    expect(store.getState().connection).toEqual({ status: 'disconnected', reason: 'revoked' });
    expect(timers.filter((t) => t.ms >= 400)).toHaveLength(0);
  });

  it('retries at once when the page comes back to the foreground, without waiting for the backoff', () => {
    const { store, socket, timers } = setup();
    store.start();
    socket.fire('connect_error', new Error('xhr poll error'));
    expect(store.getState().connection).toEqual({ status: 'reconnecting', attempt: 0, offline: false, retryAt: expect.any(Number) });
    expect(socket.connects).toBe(1);
    store.wake();
    expect(socket.connects).toBe(2);
    expect(store.getState().connection).toMatchObject({ status: 'reconnecting', attempt: 1 });
    expect(timers).toHaveLength(1);
  });

  it('maps an offline instance to the CLI-not-started problem', async () => {
    const { store, socket } = setup((event) =>
      event === 'instances:list'
        ? { ok: true, instances: [instance] }
        : { ok: false, error: { code: 'INSTANCE_OFFLINE', message: 'offline' } },
    );
    store.start();
    socket.up();
    await tick();
    await store.attach(IID);
    expect(store.getState().problem).toEqual({ kind: 'cliNotStarted' });
  });

  it('drops malformed pushes without touching state', async () => {
    const { store, socket } = setup();
    store.start();
    socket.up();
    await tick();
    const before = store.getState();
    socket.fire('session:event', { sessionId: 'nope', seq: -1 });
    socket.fire('instance:updated', { instance: { id: 1 } });
    expect(store.getState()).toBe(before);
  });

  it('shows the cached state before the relay answers, then resumes the session from the last cached seq', async () => {
    const cache = memoryCache();
    cache.data.set('tern.remote.u1.instances', [instance]);
    cache.data.set('tern.remote.u1.selection', { instanceId: IID, sessionId: SID });
    cache.data.set(`tern.remote.u1.sessions.${IID}`, [session]);
    cache.data.set(`tern.remote.u1.events.${SID}`, [ev(1), ev(2)]);
    cache.data.set('tern.remote.u1.queue', [{ clientMsgId: 'c-1', sessionId: SID, text: 'typed offline', status: 'sending' }]);
    const { store, socket } = setup(undefined, cache);
    store.start();
    for (let i = 0; i < 5; i++) await tick();
    expect(store.getState()).toMatchObject({ instancesLoaded: true, stale: true, currentSessionId: SID, instances: [instance] });
    expect(store.getState().logs[SID]!.events.map((e) => e.seq)).toEqual([1, 2]);
    expect(store.getState().queue).toEqual([{ clientMsgId: 'c-1', sessionId: SID, text: 'typed offline', status: 'queued' }]);
    socket.up();
    for (let i = 0; i < 8; i++) await tick();
    expect(store.getState().attach).toEqual({ status: 'attached', instanceId: IID });
    expect(socket.requests.find((r) => r.event === 'session:join')!.payload).toEqual({ sessionId: SID, afterSeq: 2 });
    expect(socket.requests.find((r) => r.event === 'session:input')!.payload).toEqual({
      sessionId: SID,
      clientMsgId: 'c-1',
      text: 'typed offline',
    });
    expect(store.getState().stale).toBe(false);
  });
});
