import { describe, expect, it } from 'vitest';

import { backoffMs, type ConnectionEvent, connectionReducer, initialConnection } from './connection';
import { discard, enqueue, markFailed, markSending, nextToSend, requeueInFlight, settle } from './inputQueue';

const run = (...events: ConnectionEvent[]) => events.reduce(connectionReducer, initialConnection);

describe('connection state machine', () => {
  it('goes connecting → connected → reconnecting with a counted attempt → connected', () => {
    expect(run({ type: 'start' })).toEqual({ status: 'connecting' });
    expect(run({ type: 'start' }, { type: 'connected' })).toEqual({ status: 'connected' });
    const lost = run({ type: 'start' }, { type: 'connected' }, { type: 'lost', offline: true });
    expect(lost).toEqual({ status: 'reconnecting', attempt: 0, offline: true });
    expect(connectionReducer(connectionReducer(lost, { type: 'retry' }), { type: 'retry' })).toEqual({
      status: 'reconnecting',
      attempt: 2,
      offline: true,
    });
    expect(connectionReducer(lost, { type: 'connected' })).toEqual({ status: 'connected' });
  });

  it('shows when the next retry is due until it starts', () => {
    const lost = run({ type: 'start' }, { type: 'connected' }, { type: 'lost', offline: false });
    const scheduled = connectionReducer(lost, { type: 'scheduled', at: 1_000 });
    expect(scheduled).toEqual({ status: 'reconnecting', attempt: 0, offline: false, retryAt: 1_000 });
    expect(connectionReducer(scheduled, { type: 'retry' })).toStrictEqual({ status: 'reconnecting', attempt: 1, offline: false });
    expect(run({ type: 'start' }, { type: 'connected' }, { type: 'scheduled', at: 1_000 })).toEqual({ status: 'connected' });
  });

  it('a failed first connect also reconnects; repeated failures keep the attempt count', () => {
    const s = run(
      { type: 'start' },
      { type: 'lost', offline: false },
      { type: 'retry' },
      { type: 'lost', offline: false },
      { type: 'retry' },
    );
    expect(s).toEqual({ status: 'reconnecting', attempt: 2, offline: false });
  });

  it('stops for good on unauthorized, revoked or stop; later drops are ignored', () => {
    expect(run({ type: 'start' }, { type: 'unauthorized' })).toEqual({ status: 'disconnected', reason: 'unauthorized' });
    expect(run({ type: 'start' }, { type: 'connected' }, { type: 'revoked' }, { type: 'lost', offline: false })).toEqual({
      status: 'disconnected',
      reason: 'revoked',
    });
    expect(run({ type: 'start' }, { type: 'refused' }, { type: 'lost', offline: false }, { type: 'retry' })).toEqual({
      status: 'disconnected',
      reason: 'refused',
    });
    expect(run({ type: 'start' }, { type: 'stop' }, { type: 'retry' })).toEqual({ status: 'disconnected', reason: 'stopped' });
    expect(run({ type: 'lost', offline: false })).toEqual(initialConnection);
  });

  it('backs off exponentially with a cap', () => {
    const mid = () => 0.5;
    expect([1, 2, 3, 4].map((n) => backoffMs(n, mid))).toEqual([500, 1000, 2000, 4000]);
    expect(backoffMs(20, mid)).toBe(15_000);
    expect(backoffMs(1, () => 0)).toBe(400);
  });
});

describe('input queue', () => {
  it('sends one entry per session at a time, oldest first, and keeps ids unique', () => {
    let q = enqueue([], { clientMsgId: 'a', sessionId: 's', text: 'one' });
    q = enqueue(q, { clientMsgId: 'b', sessionId: 's', text: 'two' });
    q = enqueue(q, { clientMsgId: 'a', sessionId: 's', text: 'dup' });
    expect(q.map((e) => e.text)).toEqual(['one', 'two']);
    expect(nextToSend(q, 's')?.clientMsgId).toBe('a');
    q = markSending(q, 'a');
    expect(nextToSend(q, 's')).toBeNull();
    expect(nextToSend(q, 'other')).toBeNull();
    q = settle(q, ['a']);
    expect(nextToSend(q, 's')?.clientMsgId).toBe('b');
  });

  it('puts in-flight input back after a drop, and skips failed entries', () => {
    let q = markSending(enqueue([], { clientMsgId: 'a', sessionId: 's', text: 'x' }), 'a');
    q = requeueInFlight(q);
    expect(q[0]!.status).toBe('queued');
    q = markFailed(enqueue(q, { clientMsgId: 'b', sessionId: 's', text: 'y' }), 'a', 'NOT_FOUND');
    expect(nextToSend(q, 's')?.clientMsgId).toBe('b');
    expect(discard(q, 'a').map((e) => e.clientMsgId)).toEqual(['b']);
  });
});
