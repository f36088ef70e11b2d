import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { type AckError, ackSchema } from '../../protocol';
import { fail } from '../core/remote/failures';
import { AckLater, AfterAck, createEventRoutes, type LaterAnswer } from './socketEvents';

type Listener = (this: unknown, ...args: unknown[]) => void;
type Middleware = (packet: unknown[], next: (error?: Error) => void) => void;

/**
 * A socket stand-in with Socket.IO's inbound path (socket.io/dist/socket.js `onevent` / `dispatch` / `run`): the
 * event array (name, payload…, ack) goes through the socket's middlewares in the order they were added (`use`), each
 * getting the same array, then, in a later tick, is emitted to the listeners of its first element, called with
 * `this` = the socket.
 * `deliver` plays an inbound event with its ack callback, `deliverWithoutAck` one without.
 */
function fakeSocket() {
  const socket = {
    fns: [] as Middleware[],
    listeners: new Map<string, Listener[]>(),
    use(middleware: Middleware) {
      socket.fns.push(middleware);
    },
    on(event: string, listener: Listener) {
      socket.listeners.set(event, [...(socket.listeners.get(event) ?? []), listener]);
    },
    play(packet: unknown[]): void {
      const emit = () => {
        for (const listener of socket.listeners.get(packet[0] as string) ?? []) listener.call(socket, ...packet.slice(1));
      };
      const run = (i: number): void => {
        if (i === socket.fns.length) return process.nextTick(emit);
        socket.fns[i]!(packet, (error) => {
          if (!error) run(i + 1);
        });
      };
      run(0);
    },
    deliver(event: unknown, ...args: unknown[]): Promise<unknown> {
      return new Promise((resolve) => socket.play([event, ...args, resolve]));
    },
    deliverWithoutAck(event: unknown, ...args: unknown[]): void {
      socket.play([event, ...args]);
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
    const acks: unknown[] = [];
    socket.play(['step', { n: 3 }, (ack: unknown) => void (acks.push(ack), order.push('acked'))]);
    await tick();
    expect(acks).toEqual([{ ok: true, n: 3 }]);
    expect(order).toEqual(['acked', 'after']);
  });

  it('logs a follow-up that throws or rejects, and goes on with the socket’s next events', async () => {
    const socket = fakeSocket();
    const errors: string[] = [];
    const logging = { ...(log as object), error: (_: unknown, message: string) => errors.push(message) } as never;
    const routes = createEventRoutes<typeof contracts, FakeSocket>(contracts, logging);
    routes.on('step', async ({ n }) => {
      if (n === 1)
        return new AfterAck({ ok: true as const, n }, () => {
          throw new Error('sync');
        });
      if (n === 2) return new AckLater(Promise.resolve(new AfterAck({ ok: true as const, n }, () => Promise.reject(new Error('async')))));
      return { ok: true as const, n };
    });
    routes.attach(socket);
    const answers = await Promise.all([1, 2, 3].map((n) => socket.deliver('step', { n })));
    await tick();
    expect(answers).toEqual([1, 2, 3].map((n) => ({ ok: true, n })));
    expect(errors).toEqual(['remote: follow-up failed', 'remote: follow-up failed']);
  });
});

describe('event router: AckLater started by the router (no promise)', () => {
  it("starts the work before the socket's next event, and answers each when it answers, once", async () => {
    const socket = fakeSocket();
    const routes = createEventRoutes<typeof contracts, FakeSocket>(contracts, log);
    const started: number[] = [];
    const answers = new Map<number, LaterAnswer<{ ok: true; n: number } | AckError>>();
    routes.on(
      'step',
      ({ n }) => new AckLater<{ ok: true; n: number } | AckError>((answer) => void (started.push(n), answers.set(n, answer))),
    );
    routes.attach(socket);
    const first = socket.deliver('step', { n: 1 });
    const second = socket.deliver('step', { n: 2 });
    await tick();
    expect(started).toEqual([1, 2]);
    answers.get(2)!.ok(new AfterAck({ ok: true as const, n: 2 }, () => void started.push(20)));
    expect(await second).toEqual({ ok: true, n: 2 });
    expect(started).toEqual([1, 2, 20]);
    answers.get(1)!.fail(fail('NOT_FOUND', 'Session not found'));
    // A second answer is ignored: the ack went.
    answers.get(1)!.ok({ ok: true as const, n: 1 });
    expect(await first).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
  });

  it('answers a start that throws like a handler that throws, and goes on with the next event', async () => {
    const socket = fakeSocket();
    const routes = createEventRoutes<typeof contracts, FakeSocket>(contracts, log);
    routes.on('step', ({ n }) =>
      n === 1
        ? new AckLater<{ ok: true; n: number }>(() => {
            throw new Error('boom');
          })
        : new AckLater<{ ok: true; n: number }>((answer) => answer.ok({ ok: true as const, n })),
    );
    routes.attach(socket);
    const [first, second] = await Promise.all([socket.deliver('step', { n: 1 }), socket.deliver('step', { n: 2 })]);
    expect(first).toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
    expect(second).toEqual({ ok: true, n: 2 });
  });
});

describe('event router: one set of handlers for every socket', () => {
  it('shares one middleware and one listener between sockets and hands every handler its own socket', async () => {
    const a = fakeSocket();
    const b = fakeSocket();
    const seen: unknown[] = [];
    const routes = createEventRoutes<typeof contracts, FakeSocket>(contracts, log).on('step', async ({ n }, socket) => {
      seen.push(socket);
      return { ok: true as const, n: n * 2 };
    });
    routes.attach(a);
    routes.attach(b);
    // One middleware and one listener per socket, the same functions for every socket, whatever the events.
    expect(a.fns).toHaveLength(1);
    expect(a.fns[0]).toBe(b.fns[0]);
    expect([...a.listeners.keys()]).toEqual(['tern:routed']);
    expect(a.listeners.get('tern:routed')).toEqual(b.listeners.get('tern:routed'));
    expect(await a.deliver('step', { n: 1 })).toEqual({ ok: true, n: 2 });
    expect(await b.deliver('step', { n: 5 })).toEqual({ ok: true, n: 10 });
    expect(seen).toEqual([a, b]);
  });

  it.each(['before', 'after'])(
    "answers through the ack the socket's middlewares hand on, and runs nothing they refuse (gate added %s attach)",
    async (when) => {
      const socket = fakeSocket();
      let calls = 0;
      const routes = createEventRoutes<typeof contracts, FakeSocket>(contracts, log).on('step', async ({ n }) => {
        calls += 1;
        return { ok: true as const, n };
      });
      // Like lifecycle.ts: counts each answer through its own ack, refuses events while draining.
      let draining = false;
      let answered = 0;
      const names: unknown[] = [];
      const gate: Middleware = (packet, next) => {
        names.push(packet[0]);
        const ack = packet.at(-1) as (answer: unknown) => void;
        if (draining) return ack({ ok: false, error: { code: 'INTERNAL', message: 'draining' } });
        packet[packet.length - 1] = (answer: unknown) => ((answered += 1), ack(answer));
        next();
      };
      if (when === 'before') socket.use(gate);
      routes.attach(socket);
      if (when === 'after') socket.use(gate);
      expect(await socket.deliver('step', { n: 1 })).toEqual({ ok: true, n: 1 });
      expect(await socket.deliver('nope', {})).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } });
      expect(answered).toBe(2);
      // Other middlewares see each event as it was sent.
      expect(names).toEqual(['step', 'nope']);
      draining = true;
      expect(await socket.deliver('step', { n: 2 })).toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
      await tick();
      expect(calls).toBe(1);
    },
  );

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
    expect(await socket.deliver('tern:routed', {})).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } });
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
