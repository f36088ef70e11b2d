import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { ackSchema } from '../../protocol';
import { fail } from '../core/remote/failures';
import { AckLater, AfterAck, createEventRoutes } from './socketEvents';

type AnyListener = (this: unknown, event: unknown, ...args: unknown[]) => void;

type Listener = (this: unknown, ...args: unknown[]) => void;

/**
 * A socket stand-in with Socket.IO's listener API and order (socket.io/dist/socket.js): an inbound event goes to the
 * any-listeners (`onAny` pushes to `_anyListeners`, made on first use; `listenersAny()` returns that array), then
 * through the socket's middlewares (here `middleware`, which may replace the ack or refuse the event), then to the
 * event's listeners; every listener is called with `this` = the socket. `deliver` plays an inbound event with its ack
 * callback, `deliverWithoutAck` one without. With `elsewhere`, any-listeners are kept in a private array instead (a
 * Socket.IO that changed how it stores them).
 */
function fakeSocket(elsewhere = false) {
  const hidden: AnyListener[] = [];
  const socket = {
    _anyListeners: undefined as AnyListener[] | undefined,
    onAnyCalls: 0,
    listeners: new Map<string, Listener>(),
    middleware: (args: unknown[]): unknown[] | null => args,
    get any(): AnyListener[] {
      return elsewhere ? hidden : (socket._anyListeners ?? []);
    },
    on(event: string, listener: Listener) {
      socket.listeners.set(event, listener);
    },
    onAny(listener: AnyListener) {
      socket.onAnyCalls += 1;
      if (elsewhere) hidden.push(listener);
      else (socket._anyListeners ??= []).push(listener);
    },
    listenersAny(): AnyListener[] {
      return socket.any;
    },
    play(event: unknown, args: unknown[]): void {
      for (const listener of socket.any.slice()) listener.call(socket, event, ...args);
      const passed = socket.middleware(args);
      if (passed && typeof event === 'string') socket.listeners.get(event)?.call(socket, ...passed);
    },
    deliver(event: unknown, ...args: unknown[]): Promise<unknown> {
      return new Promise((resolve) => socket.play(event, [...args, resolve]));
    },
    deliverWithoutAck(event: unknown, ...args: unknown[]): void {
      socket.play(event, args);
    },
  };
  return socket;
}
type FakeSocket = ReturnType<typeof fakeSocket>;

const log = { warn() {}, error() {}, debug() {} } as never;
const contracts = { step: { payload: z.object({ n: z.number() }), ack: ackSchema({ n: z.number() }) } };
const tick = (ms = 0) => new Promise((r) => setTimeout(r, ms));

describe('event router: AckLater', () => {
  it("takes the socket's next event while an earlier ack waits, and answers each when its work settles", async () => {
    const socket = fakeSocket();
    const routes = createEventRoutes<typeof contracts, FakeSocket>(contracts, log);
    const started: number[] = [];
    const release = new Map<number, () => void>();
    routes.on('step', async ({ n }) => {
      started.push(n);
      const done = new Promise<void>((resolve) => release.set(n, resolve));
      return new AckLater(done.then(() => ({ ok: true as const, n })));
    });
    routes.attach(socket);
    const first = socket.deliver('step', { n: 1 });
    const second = socket.deliver('step', { n: 2 });
    await tick(10);
    expect(started).toEqual([1, 2]);
    release.get(2)!();
    expect(await second).toEqual({ ok: true, n: 2 });
    release.get(1)!();
    expect(await first).toEqual({ ok: true, n: 1 });
  });

  it('answers a rejected AckLater like a throw, and runs an AfterAck it settles to after the ack', async () => {
    const socket = fakeSocket();
    const routes = createEventRoutes<typeof contracts, FakeSocket>(contracts, log);
    const order: string[] = [];
    routes.on('step', async ({ n }) => {
      if (n === 0) return new AckLater(Promise.reject(fail('NOT_FOUND', 'Session not found')));
      return new AckLater(Promise.resolve(new AfterAck({ ok: true as const, n }, () => void order.push('after'))));
    });
    routes.attach(socket);
    expect(await socket.deliver('step', { n: 0 })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    const acked = await socket.deliver('step', { n: 3 });
    order.push('acked');
    expect(acked).toEqual({ ok: true, n: 3 });
    await tick();
    expect(order).toEqual(['acked', 'after']);
  });
});

describe('event router: one set of handlers for every socket', () => {
  it('shares one any-listener between sockets and hands every handler its own socket', async () => {
    const a = fakeSocket();
    const b = fakeSocket();
    const seen: unknown[] = [];
    const routes = createEventRoutes<typeof contracts, FakeSocket>(contracts, log).on('step', async ({ n }, socket) => {
      seen.push(socket);
      return { ok: true as const, n: n * 2 };
    });
    routes.attach(a);
    routes.attach(b);
    expect(a.any).toHaveLength(1);
    expect(a.any[0]).toBe(b.any[0]);
    expect(a.listeners.get('step')).toBe(b.listeners.get('step'));
    expect(await a.deliver('step', { n: 1 })).toEqual({ ok: true, n: 2 });
    expect(await b.deliver('step', { n: 5 })).toEqual({ ok: true, n: 10 });
    expect(seen).toEqual([a, b]);
  });

  it('gives a socket a one-slot any-listener array, and uses onAny where Socket.IO keeps them elsewhere', async () => {
    const routes = createEventRoutes<typeof contracts, FakeSocket>(contracts, log).on('step', async ({ n }) => ({ ok: true as const, n }));
    const plain = fakeSocket();
    routes.attach(plain);
    // Not through onAny, whose array V8 grows to 17 slots on the first push.
    expect(plain.onAnyCalls).toBe(0);
    expect(plain._anyListeners).toHaveLength(1);
    expect(plain.listenersAny()).toBe(plain._anyListeners);
    expect(await plain.deliver('step', { n: 1 })).toEqual({ ok: true, n: 1 });
    const other = fakeSocket(true);
    routes.attach(other);
    expect(other._anyListeners).toBeUndefined();
    expect(other.onAnyCalls).toBe(1);
    expect(other.listenersAny()).toHaveLength(1);
    expect(await other.deliver('step', { n: 2 })).toEqual({ ok: true, n: 2 });
    // One that already has an any-listener keeps it, and gets the router's next to it.
    const seen: unknown[] = [];
    const busy = fakeSocket();
    busy.onAny((event) => void seen.push(event));
    routes.attach(busy);
    expect(busy.listenersAny()).toHaveLength(2);
    expect(await busy.deliver('step', { n: 3 })).toEqual({ ok: true, n: 3 });
    expect(seen).toEqual(['step']);
  });

  it("answers through the ack the socket's middlewares hand on, and not at all to an event they refuse", async () => {
    const socket = fakeSocket();
    let calls = 0;
    const routes = createEventRoutes<typeof contracts, FakeSocket>(contracts, log).on('step', async ({ n }) => {
      calls += 1;
      return { ok: true as const, n };
    });
    routes.attach(socket);
    // Like lifecycle.ts: counts each answer through its own ack, and refuses events while draining.
    let draining = false;
    let answered = 0;
    socket.middleware = (args) => {
      const ack = args.at(-1) as (answer: unknown) => void;
      if (draining) {
        ack({ ok: false, error: { code: 'INTERNAL', message: 'draining' } });
        return null;
      }
      return [...args.slice(0, -1), (answer: unknown) => ((answered += 1), ack(answer))];
    };
    expect(await socket.deliver('step', { n: 1 })).toEqual({ ok: true, n: 1 });
    expect(answered).toBe(1);
    draining = true;
    expect(await socket.deliver('step', { n: 2 })).toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
    await tick();
    expect(calls).toBe(1);
  });

  it('refuses a handler registered after a socket was attached (it would not be listened to)', () => {
    const routes = createEventRoutes<typeof contracts, FakeSocket>(contracts, log);
    routes.attach(fakeSocket());
    expect(() => routes.on('step', async ({ n }) => ({ ok: true as const, n }))).toThrow(/after a socket was attached/);
  });

  it("runs one socket's handlers in arrival order without holding up another socket", async () => {
    const a = fakeSocket();
    const b = fakeSocket();
    const order: string[] = [];
    let releaseA1: () => void = () => undefined;
    const routes = createEventRoutes<typeof contracts, FakeSocket>(contracts, log).on('step', async ({ n }, socket) => {
      const name = `${socket === a ? 'a' : 'b'}${n}`;
      order.push(`start ${name}`);
      if (name === 'a1') await new Promise<void>((resolve) => (releaseA1 = resolve));
      order.push(`end ${name}`);
      return { ok: true as const, n };
    });
    routes.attach(a);
    routes.attach(b);
    const a1 = a.deliver('step', { n: 1 });
    const a2 = a.deliver('step', { n: 2 });
    expect(await b.deliver('step', { n: 1 })).toEqual({ ok: true, n: 1 });
    expect(order).toEqual(['start a1', 'start b1', 'end b1']);
    releaseA1();
    expect(await Promise.all([a1, a2])).toEqual([
      { ok: true, n: 1 },
      { ok: true, n: 2 },
    ]);
    expect(order).toEqual(['start a1', 'start b1', 'end b1', 'end a1', 'start a2', 'end a2']);
  });

  it('answers an unknown event and a bad payload BAD_REQUEST, and drops an event without an ack', async () => {
    const socket = fakeSocket();
    const routes = createEventRoutes<typeof contracts & { other: (typeof contracts)['step'] }, FakeSocket>(
      { ...contracts, other: contracts.step },
      log,
    );
    let calls = 0;
    routes.on('step', async ({ n }) => {
      calls += 1;
      return { ok: true as const, n };
    });
    routes.attach(socket);
    // 'other' is in the table but has no handler: unknown here.
    expect(await socket.deliver('other', { n: 1 })).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } });
    expect(await socket.deliver('nope', {})).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST', message: 'Unknown event nope' } });
    expect(await socket.deliver(7, {})).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST', message: 'Unknown event 7' } });
    expect(await socket.deliver('__proto__', {})).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } });
    expect(await socket.deliver('step', { n: 'x' })).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } });
    socket.deliverWithoutAck('step', { n: 1 });
    socket.deliverWithoutAck('nope', {});
    await tick();
    expect(calls).toBe(0);
    expect(await socket.deliver('step', { n: 4 })).toEqual({ ok: true, n: 4 });
    expect(calls).toBe(1);
  });
});
