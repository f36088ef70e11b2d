import { describe, expect, it } from 'vitest';

import {
  discard,
  enqueue,
  type InputQueue,
  markFailed,
  markSending,
  markStored,
  nextToSend,
  requeueInFlight,
  restoreQueue,
  settle,
} from './inputQueue';

const input = (clientMsgId: string, sessionId = 's1') => ({ clientMsgId, sessionId, text: `text ${clientMsgId}` });

describe('input queue', () => {
  it('enqueues once per clientMsgId', () => {
    const queue = enqueue(enqueue([], input('a')), input('b'));
    expect(enqueue(queue, input('a'))).toBe(queue);
    expect(queue.map((q) => [q.clientMsgId, q.status])).toEqual([
      ['a', 'queued'],
      ['b', 'queued'],
    ]);
  });

  it('sends one entry at a time per session, oldest first, skipping failed ones', () => {
    let queue: InputQueue = [input('a'), input('x', 's2'), input('b')].reduce<InputQueue>(enqueue, []);
    expect(nextToSend(queue, 's1')?.clientMsgId).toBe('a');
    queue = markSending(queue, 'a');
    // 'a' is in flight: nothing else for s1 until it is acknowledged; s2 is independent.
    expect(nextToSend(queue, 's1')).toBeNull();
    expect(nextToSend(queue, 's2')?.clientMsgId).toBe('x');
    queue = markFailed(queue, 'a', 'refused');
    expect(queue[0]).toMatchObject({ status: 'failed', error: 'refused' });
    expect(nextToSend(queue, 's1')?.clientMsgId).toBe('b');
    expect(nextToSend([], 's1')).toBeNull();
  });

  it('an entry the relay acknowledged (stored) does not hold back the next one', () => {
    let queue: InputQueue = [input('a'), input('b')].reduce<InputQueue>(enqueue, []);
    queue = markStored(markSending(queue, 'a'), 'a');
    expect(queue[0]).toMatchObject({ status: 'stored' });
    expect(nextToSend(queue, 's1')?.clientMsgId).toBe('b');
    expect(requeueInFlight(queue)).toBe(queue);
  });

  it('settles acknowledged entries and discards on request', () => {
    const queue = [input('a'), input('b'), input('c')].reduce<InputQueue>(enqueue, []);
    expect(settle(queue, ['a', 'c']).map((q) => q.clientMsgId)).toEqual(['b']);
    expect(settle(queue, [])).toBe(queue);
    expect(discard(queue, 'b').map((q) => q.clientMsgId)).toEqual(['a', 'c']);
  });

  it('puts in-flight entries back to waiting after a disconnect', () => {
    const queue = markSending([input('a'), input('b')].reduce<InputQueue>(enqueue, []), 'a');
    expect(requeueInFlight(queue).map((q) => q.status)).toEqual(['queued', 'queued']);
    const idle = [input('a')].reduce<InputQueue>(enqueue, []);
    expect(requeueInFlight(idle)).toBe(idle);
  });

  it('restoreQueue puts the cached outbox first (in flight back to waiting), then what is new since the page opened', () => {
    const cached: InputQueue = [
      { ...input('a'), status: 'sending' },
      { ...input('b'), status: 'failed', error: 'x' },
    ];
    const current = [input('b'), input('c')].reduce<InputQueue>(enqueue, []);
    expect(restoreQueue(cached, current)).toEqual([
      { ...input('a'), status: 'queued' },
      { ...input('b'), status: 'failed', error: 'x' },
      { ...input('c'), status: 'queued' },
    ]);
  });
});
