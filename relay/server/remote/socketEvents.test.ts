import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { ackSchema } from '../../protocol';
import { fail } from '../core/remote/failures';
import { AckLater, AfterAck, createEventRouter } from './socketEvents';

/**
 * A socket stand-in with Socket.IO's listener API: listeners are called with `this` = the socket, `onAny` ones first,
 * and `deliver` plays an inbound event with its ack callback.
 */
function fakeSocket() {
  const listeners = new Map<string, (this: unknown, ...args: unknown[]) => void>();
  const any: Array<(this: unknown, event: unknown, ...args: unknown[]) => void> = [];
  const socket = {
    listeners,
    on(event: string, listener: (this: unknown, ...args: unknown[]) => void) {
      listeners.set(event, listener);
    },
    onAny(listener: (this: unknown, event: unknown, ...args: unknown[]) => void) {
      any.push(listener);
    },
    deliver(event: string, ...args: unknown[]): Promise<unknown> {
      return new Promise((resolve) => {
        for (const listener of any) listener.call(socket, event, ...args, resolve);
        listeners.get(event)?.call(socket, ...args, resolve);
      });
    },
  };
  return socket;
}

const log = { warn() {}, error() {}, debug() {} } as never;
const contracts = { step: { payload: z.object({ n: z.number() }), ack: ackSchema({ n: z.number() }) } };

describe('event router: AckLater', () => {
  it("takes the socket's next event while an earlier ack waits, and answers each when its work settles", async () => {
    const socket = fakeSocket();
    const router = createEventRouter(socket, contracts, log);
    const started: number[] = [];
    const release = new Map<number, () => void>();
    router.on('step', async ({ n }) => {
      started.push(n);
      const done = new Promise<void>((resolve) => release.set(n, resolve));
      return new AckLater(done.then(() => ({ ok: true as const, n })));
    });
    const first = socket.deliver('step', { n: 1 });
    const second = socket.deliver('step', { n: 2 });
    await new Promise((r) => setTimeout(r, 10));
    expect(started).toEqual([1, 2]);
    release.get(2)!();
    expect(await second).toEqual({ ok: true, n: 2 });
    release.get(1)!();
    expect(await first).toEqual({ ok: true, n: 1 });
  });

  it('answers a rejected AckLater like a throw, and runs an AfterAck it settles to after the ack', async () => {
    const socket = fakeSocket();
    const router = createEventRouter(socket, contracts, log);
    const order: string[] = [];
    router.on('step', async ({ n }) => {
      if (n === 0) return new AckLater(Promise.reject(fail('NOT_FOUND', 'Session not found')));
      return new AckLater(Promise.resolve(new AfterAck({ ok: true as const, n }, () => void order.push('after'))));
    });
    expect(await socket.deliver('step', { n: 0 })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    const acked = await socket.deliver('step', { n: 3 });
    order.push('acked');
    expect(acked).toEqual({ ok: true, n: 3 });
    await new Promise((r) => setTimeout(r, 0));
    expect(order).toEqual(['acked', 'after']);
  });
});

describe('event router: one set of listeners for every socket', () => {
  it("shares each event's listener between sockets and hands every handler its own socket", async () => {
    const a = fakeSocket();
    const b = fakeSocket();
    const seen: unknown[] = [];
    const handler = async ({ n }: { n: number }, socket: unknown) => {
      seen.push(socket);
      return { ok: true as const, n: n * 2 };
    };
    createEventRouter(a, contracts, log).on('step', handler);
    createEventRouter(b, contracts, log).on('step', handler);
    expect(a.listeners.get('step')).toBe(b.listeners.get('step'));
    expect(await a.deliver('step', { n: 1 })).toEqual({ ok: true, n: 2 });
    expect(await b.deliver('step', { n: 5 })).toEqual({ ok: true, n: 10 });
    expect(seen).toEqual([a, b]);
  });

  it('answers an unknown event and a bad payload BAD_REQUEST, and drops an event without an ack', async () => {
    const socket = fakeSocket();
    const router = createEventRouter(socket, { ...contracts, other: contracts.step }, log);
    let calls = 0;
    router.on('step', async ({ n }) => {
      calls += 1;
      return { ok: true as const, n };
    });
    // 'other' is in the table but has no handler on this socket: unknown here.
    expect(await socket.deliver('other', { n: 1 })).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } });
    expect(await socket.deliver('nope', {})).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST', message: 'Unknown event nope' } });
    expect(await socket.deliver('step', { n: 'x' })).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } });
    socket.listeners.get('step')!.call(socket, { n: 1 });
    await new Promise((r) => setTimeout(r, 0));
    expect(calls).toBe(0);
    expect(await socket.deliver('step', { n: 4 })).toEqual({ ok: true, n: 4 });
    expect(calls).toBe(1);
  });
});
