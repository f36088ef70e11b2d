import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { ackSchema } from '../../protocol';
import { fail } from '../core/remote/failures';
import { AckLater, AfterAck, createEventRouter } from './socketEvents';

/** A socket stand-in with Socket.IO's listener API: `deliver` plays an inbound event with its ack callback. */
function fakeSocket() {
  const listeners = new Map<string, (...args: unknown[]) => void>();
  return {
    on(event: string, listener: (...args: unknown[]) => void) {
      listeners.set(event, listener);
    },
    onAny() {},
    deliver(event: string, payload: unknown): Promise<unknown> {
      return new Promise((resolve) => listeners.get(event)!(payload, resolve));
    },
  };
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
