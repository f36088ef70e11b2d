/**
 * Test fixtures of the console's store (remoteStore*.test.ts): a stand-in for the relay's /web namespace, an in-memory
 * cache and outbox (outbox.test.ts tests the real IndexedDB outbox), and a store wired to them. Imported by tests only.
 */
import { vi } from 'vitest';

import type { Instance, Session, SessionEvent } from '#protocol/remote';
import type { WebEventName } from '#protocol/remoteEvents';

import type { WebAck } from './acks';
import type { Outbox, OutboxEntry } from './outbox';
import { createRemoteStore, type RemoteCache, type SocketPort } from './remoteStore';

export const IID = '00000000-0000-4000-8000-0000000000aa';
export const SID = '00000000-0000-4000-8000-0000000000bb';
export const instance: Instance = {
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
export const session: Session = {
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
export const ev = (seq: number): SessionEvent => ({
  sessionId: SID,
  seq,
  eventId: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
  at: '2026-01-01T00:00:00Z',
  body: { type: 'tool_output', toolCallId: 't', stream: 'stdout', chunk: `line-${seq}` },
});

/** A stand-in for the relay's /web namespace: records requests, answers from a handler. */
export class FakeSocket implements SocketPort {
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
  /** Inputs sent without an ack (input notices): recorded; the test answers with pushes. */
  notified: Record<string, unknown>[] = [];
  notifyInput(payload: unknown) {
    this.notified.push(payload as Record<string, unknown>);
  }
}

export function memoryCache(): RemoteCache & { data: Map<string, unknown> } {
  const data = new Map<string, unknown>();
  return { data, get: async <T>(k: string) => data.get(k) as T | undefined, set: async (k, v) => void data.set(k, v) };
}

/** A stand-in for the IndexedDB outbox (outbox.test.ts tests the real one on IndexedDB): entries in memory. */
export function memoryOutbox(initial: OutboxEntry[] = []): Outbox & { entries: OutboxEntry[] } {
  const outbox = {
    entries: [...initial],
    add: async (e: OutboxEntry) => {
      if (!outbox.entries.some((x) => x.clientMsgId === e.clientMsgId)) outbox.entries.push(e);
    },
    remove: async (ids: Iterable<string>) => {
      const gone = new Set(ids);
      outbox.entries = outbox.entries.filter((e) => !gone.has(e.clientMsgId));
    },
    list: async () => [...outbox.entries],
  };
  return outbox;
}

/** A store on a FakeSocket; `idBase`: where its uuids start (a store of a later "visit" makes ids of its own). */
export function setup(
  /** Answers instead of the stand-in relay (which it gets as `relay`, for what it does not answer itself). */
  handler?: (
    event: string,
    payload: Record<string, unknown>,
    relay: (event: string, payload: Record<string, unknown>) => unknown,
  ) => unknown,
  cache = memoryCache(),
  outbox = memoryOutbox(),
  idBase = 0,
) {
  let n = idBase;
  const timers: { fn: () => void; ms: number }[] = [];
  // Like the relay: input is stored as the session's next event and pushed right after the ack, to joined sessions only.
  const joinedHere = new Set<string>();
  const lastSeq = new Map<string, number>();
  const relay = (event: string, payload: Record<string, unknown>) => {
    if (event === 'instances:list') return { ok: true, instances: [instance] };
    if (event === 'instance:attach') return { ok: true, instance, sessions: [session] };
    if (event === 'session:join') joinedHere.add(payload.sessionId as string);
    if (event === 'session:leave') joinedHere.delete(payload.sessionId as string);
    if (event === 'session:join') return { ok: true, session };
    if (event !== 'session:input') return { ok: true };
    const sessionId = payload.sessionId as string;
    const seq = Math.max(lastSeq.get(sessionId) ?? 0, store.getState().logs[sessionId]?.lastSeq ?? 0) + 1;
    lastSeq.set(sessionId, seq);
    if (joinedHere.has(sessionId)) {
      const pushed: SessionEvent = {
        sessionId,
        seq,
        eventId: `00000000-0000-4000-9000-${String(seq).padStart(12, '0')}`,
        at: '2026-01-01T00:00:00Z',
        body: { type: 'user_message', clientMsgId: payload.clientMsgId as string, text: payload.text as string },
      };
      setTimeout(() => socket.fire('session:event', pushed), 0);
    }
    return { ok: true, seq };
  };
  const socket = new FakeSocket(handler ? (event, payload) => handler(event, payload, relay) : relay);
  const onUnauthorized = vi.fn();
  const store = createRemoteStore({
    createSocket: () => socket,
    cache,
    outbox,
    cacheScope: 'u1',
    uuid: () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
    onUnauthorized,
    schedule: (fn, ms) => timers.push({ fn, ms }),
    cancel: () => undefined,
    random: () => 0.5,
    isOnline: () => true,
    // Pushed events are applied on the next macrotask: `await tick()` after firing them.
    batch: (fn) => void setTimeout(fn, 0),
  });
  return { store, socket, timers, onUnauthorized, outbox, cache };
}
export const tick = () => new Promise((r) => setTimeout(r, 0));

/** A started store (`rig`, by default the stand-in relay's), connected, attached to the instance and joined to the session. */
export async function joined<R extends ReturnType<typeof setup>>(rig: R = setup() as R): Promise<R> {
  rig.store.start();
  rig.socket.up();
  await tick();
  await rig.store.attach(IID);
  await rig.store.selectSession(SID);
  return rig;
}
