import { describe, expect, it } from 'vitest';

import { JOIN_FLAGS } from './sessionActions';
import { ev, IID, instance, joined, memoryCache, memoryOutbox, session, setup, SID, tick } from './storeTestRig';

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
    expect(socket.requests.at(-1)).toEqual({ event: 'session:join', payload: { sessionId: SID, afterSeq: 0, tail: 500, ...JOIN_FLAGS } });
    // Every way of taking events the relay offers (docs/protocol.md §6); the other joins below ask the same.
    expect(JOIN_FLAGS).toEqual({ batches: true, notices: true, carried: true, carriedLive: true, ownNotices: true, inputNotices: true });
    for (const seq of [1, 2, 3]) socket.fire('session:event', ev(seq));
    socket.fire('session:event', ev(2));
    await tick(); // pushed events are applied together, a moment later
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
    expect(joins.at(-1)!.payload).toEqual({
      sessionId: SID,
      afterSeq: 3,
      ...JOIN_FLAGS,
    });
  });

  it('re-joins from the last contiguous seq when a gap shows up', async () => {
    const { store, socket } = await joined();
    socket.fire('session:event', ev(1));
    socket.fire('session:event', ev(3));
    await tick();
    expect(socket.requests.filter((r) => r.event === 'session:join').at(-1)!.payload).toEqual({
      sessionId: SID,
      afterSeq: 1,
      ...JOIN_FLAGS,
    });
    socket.fire('session:event', ev(2));
    socket.fire('session:event', ev(3));
    await tick();
    expect(store.getState().logs[SID]!.events.map((e) => e.seq)).toEqual([1, 2, 3]);
  });

  it('takes stored events several to a message (session:events) like one by one, and drops a malformed batch whole', async () => {
    const { store, socket } = await joined();
    socket.fire('session:events', { sessionId: SID, events: [ev(1), ev(2), ev(3)] });
    socket.fire('session:events', { sessionId: SID, events: [ev(4), { ...ev(5), seq: 'five' }] });
    socket.fire('session:events', { sessionId: SID, events: [ev(2), ev(3), ev(4)] });
    await tick();
    expect(store.getState().logs[SID]!.events.map((e) => e.seq)).toEqual([1, 2, 3, 4]);
  });

  it('applies the stored copies an input’s ack carries like a session:events push, and re-joins when they are unreadable', async () => {
    let carry: ((clientMsgId: string) => unknown) | null = null;
    const rig = setup((event, payload, relay) => {
      const answer = relay(event, payload) as Record<string, unknown>;
      // The rig's relay also pushes the input's stored copy after the ack (a duplicate then, ignored by the log).
      return event === 'session:input' && carry ? { ...answer, stored: carry(payload.clientMsgId as string) } : answer;
    });
    rig.store.start();
    rig.socket.up();
    await tick();
    await rig.store.attach(IID);
    await rig.store.selectSession(SID);
    const userMessage = (seq: number, clientMsgId: string) => ({
      ...ev(seq),
      body: { type: 'user_message' as const, clientMsgId, text: 'hi' },
    });
    // The input's stored copy and the CLI's answer, from one commit.
    carry = (clientMsgId) => ({ sessionId: SID, events: [userMessage(1, clientMsgId), ev(2)] });
    rig.store.send('hi');
    await tick();
    // Applied with the ack, before any push: the answer (seq 2) is in the log, the input settled.
    expect(rig.store.getState().logs[SID]!.events.map((e) => e.seq)).toEqual([1, 2]);
    expect(rig.store.getState().queue).toEqual([]);
    expect(rig.socket.requests.filter((r) => r.event === 'session:join')).toHaveLength(1);
    // Unreadable stored copies do not make the ack unreadable: the input is not failed, and a re-join brings them.
    carry = () => ({ sessionId: SID, events: [{ ...ev(3), seq: 'three' }] });
    rig.store.send('again');
    for (let i = 0; i < 3; i++) await tick();
    expect(rig.store.getState().queue.filter((q) => q.status === 'failed')).toEqual([]);
    const joins = rig.socket.requests.filter((r) => r.event === 'session:join');
    expect(joins).toHaveLength(2);
    expect(joins[1]!.payload).toMatchObject({ sessionId: SID, afterSeq: 2 });
  });

  it('makes its input’s stored copy from the notice with a time its ack carries (ownNotices), with the text as stored', async () => {
    let carry: ((payload: Record<string, unknown>) => unknown) | null = null;
    const rig = setup((event, payload, relay) => {
      const answer = relay(event, payload) as Record<string, unknown>;
      return event === 'session:input' && carry ? { ...answer, stored: carry(payload) } : answer;
    });
    rig.store.start();
    rig.socket.up();
    await tick();
    await rig.store.attach(IID);
    await rig.store.selectSession(SID);
    const at = '2026-11-29T16:00:00.123Z';
    const eventId = '11111111-2222-4333-8444-555555555555';
    // The relay stored the input as seq 1 (the rig's ack says so) and the CLI's answer as seq 2 (a notice-less event).
    carry = () => ({ sessionId: SID, events: [ev(2)], notices: [{ eventId, seq: 1, at }] });
    // NUL is stored as ␀ (relay/protocol/text.ts): the window sends the text as it will be stored.
    rig.store.send('hi\u0000there');
    await tick();
    const sent = rig.socket.requests.find((r) => r.event === 'session:input')!.payload;
    expect(sent.text).toBe('hi␀there');
    const [input, answer] = rig.store.getState().logs[SID]!.events;
    expect(input).toEqual({
      sessionId: SID,
      seq: 1,
      eventId,
      at,
      body: { type: 'user_message', clientMsgId: sent.clientMsgId, text: 'hi␀there' },
    });
    expect(answer!.seq).toBe(2);
    expect(rig.store.getState().queue).toEqual([]);
    expect(rig.socket.requests.filter((r) => r.event === 'session:join')).toHaveLength(1);

    // A notice with a time for another seq is none of this input's (seq 3, which the rig's relay also pushes whole):
    // not taken as it, and the session re-joins for it.
    carry = () => ({ sessionId: SID, events: [], notices: [{ eventId: '11111111-2222-4333-8444-666666666666', seq: 4, at }] });
    rig.store.send('next');
    for (let i = 0; i < 3; i++) await tick();
    expect(rig.store.getState().logs[SID]!.events.map((e) => e.seq)).toEqual([1, 2, 3]);
    expect(rig.socket.requests.filter((r) => r.event === 'session:join')).toHaveLength(2);
  });

  it('applies a burst of pushed events in one store update, and an action in between sees every event received', async () => {
    const { store, socket } = await joined();
    let updates = 0;
    store.subscribe(() => updates++);
    for (let seq = 500; seq >= 1; seq--) socket.fire('session:event', ev(seq));
    expect(store.getState().logs[SID]).toBeUndefined(); // queued, not applied yet
    await tick();
    expect(updates).toBe(1);
    expect(store.getState().logs[SID]!.events.map((e) => e.seq)).toEqual(Array.from({ length: 500 }, (_, i) => i + 1));
    // Received but not applied yet when the user opens the session again: the join still starts after them.
    for (let seq = 501; seq <= 510; seq++) socket.fire('session:event', ev(seq));
    await store.selectSession(SID);
    expect(socket.requests.filter((r) => r.event === 'session:join').at(-1)!.payload).toEqual({
      sessionId: SID,
      afterSeq: 510,
      ...JOIN_FLAGS,
    });
  });

  it("applies a join's replay at once when its last event arrives (the relay's lastSeq at the join), not a burst later", async () => {
    const { store, socket } = setup((event, payload, relay) =>
      event === 'session:join' ? { ok: true, session: { ...session, lastSeq: 3 } } : relay(event, payload),
    );
    store.start();
    socket.up();
    await tick();
    await store.attach(IID);
    await store.selectSession(SID);
    socket.fire('session:event', ev(1));
    socket.fire('session:event', ev(2));
    expect(store.getState().logs[SID]).toBeUndefined(); // gathering
    socket.fire('session:event', ev(3));
    expect(store.getState().logs[SID]!.events.map((e) => e.seq)).toEqual([1, 2, 3]);
    // Later events gather again.
    socket.fire('session:event', ev(4));
    expect(store.getState().logs[SID]!.lastSeq).toBe(3);
    await tick();
    expect(store.getState().logs[SID]!.lastSeq).toBe(4);
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
    await tick();
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

  it('a wake-up while an attempt is under way waits for it: one CONNECT at a time (a second would make the relay close the connection)', () => {
    const { store, socket } = setup();
    store.start();
    expect(socket.connects).toBe(1);
    socket.fire('connect_error', new Error('xhr poll error'));
    store.wake();
    expect(socket.connects).toBe(2);
    // The page comes back and the network too, "Retry now" tapped: the attempt under way is left to answer.
    store.wake();
    store.wake();
    expect(socket.connects).toBe(2);
    expect(store.getState().connection).toMatchObject({ status: 'reconnecting', attempt: 1 });
    // Once it has answered (here: failed), a wake-up retries at once again.
    socket.fire('connect_error', new Error('xhr poll error'));
    store.wake();
    expect(socket.connects).toBe(3);
    socket.up();
    expect(store.getState().connection).toEqual({ status: 'connected' });
  });

  it('the network going away ends an attempt under way, so the next wake-up or retry starts afresh', () => {
    const { store, socket } = setup();
    store.start();
    socket.fire('connect_error', new Error('xhr poll error'));
    store.wake();
    expect(socket.connects).toBe(2);
    let disconnects = 0;
    const disconnect = socket.disconnect.bind(socket);
    socket.disconnect = () => {
      disconnects++;
      disconnect();
    };
    store.networkLost();
    expect(disconnects).toBe(1);
    expect(store.getState().connection).toMatchObject({ status: 'reconnecting', offline: false });
    store.wake();
    expect(socket.connects).toBe(3);
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
    const { store, socket } = setup(undefined, cache, memoryOutbox([{ clientMsgId: 'c-1', sessionId: SID, text: 'typed offline' }]));
    store.start();
    for (let i = 0; i < 5; i++) await tick();
    expect(store.getState()).toMatchObject({ instancesLoaded: true, stale: true, currentSessionId: SID, instances: [instance] });
    expect(store.getState().logs[SID]!.events.map((e) => e.seq)).toEqual([1, 2]);
    expect(store.getState().queue).toEqual([{ clientMsgId: 'c-1', sessionId: SID, text: 'typed offline', status: 'queued' }]);
    socket.up();
    for (let i = 0; i < 8; i++) await tick();
    expect(store.getState().attach).toEqual({ status: 'attached', instanceId: IID });
    expect(socket.requests.find((r) => r.event === 'session:join')!.payload).toEqual({
      sessionId: SID,
      afterSeq: 2,
      ...JOIN_FLAGS,
    });
    expect(socket.requests.find((r) => r.event === 'session:input')!.payload).toEqual({
      sessionId: SID,
      clientMsgId: 'c-1',
      text: 'typed offline',
    });
    expect(store.getState().stale).toBe(false);
  });
});
