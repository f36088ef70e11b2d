import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { RemoteSessionRow } from '../storage/schema';
import { createSessionTouches } from './sessionTouches';

const row = (id: string, lastSeq: number) => ({ id, userId: 'u', title: '', lastSeq }) as unknown as RemoteSessionRow;

/** A database of session rows for the touches to read, each read answered when the test says so. */
function setup() {
  const rows = new Map<string, RemoteSessionRow>();
  const reads: Array<{ ids: string[]; answer: () => void; fail: (error: Error) => void }> = [];
  const sent: RemoteSessionRow[][] = [];
  const errors: unknown[] = [];
  const touches = createSessionTouches({
    intervalMs: 1_000,
    read: (ids) =>
      new Promise((resolve, reject) => {
        reads.push({ ids, answer: () => resolve(ids.flatMap((id) => (rows.has(id) ? [rows.get(id)!] : []))), fail: reject });
      }),
    send: (batch) => sent.push(batch),
    onError: (error) => errors.push(error),
  });
  return { rows, reads, sent, errors, touches };
}

describe('session touches', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends each touched session once per interval, read when the interval ends', async () => {
    const { rows, reads, sent, touches } = setup();
    rows.set('a', row('a', 1));
    touches.touch('a');
    touches.touch('b');
    rows.set('a', row('a', 5));
    touches.touch('a');
    await vi.advanceTimersByTimeAsync(999);
    expect(reads).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(reads.map((r) => r.ids)).toEqual([['a', 'b']]);
    reads[0]!.answer();
    await vi.advanceTimersByTimeAsync(0);
    // The row as it is when read (b is gone: deleted sessions are not read).
    expect(sent).toEqual([[row('a', 5)]]);
    // Nothing more until the next touch.
    await vi.advanceTimersByTimeAsync(5_000);
    expect(reads).toHaveLength(1);
    touches.touch('a');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(reads.map((r) => r.ids)).toEqual([['a', 'b'], ['a']]);
  });

  it('does not send a session whose row went out meanwhile, before or during the read', async () => {
    const { rows, reads, sent, touches } = setup();
    for (const id of ['a', 'b', 'c']) rows.set(id, row(id, 1));
    touches.touch('a');
    touches.touch('b');
    touches.touch('c');
    // Renamed (say) before the flush: its row went out whole.
    touches.sent('a');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(reads[0]!.ids).toEqual(['b', 'c']);
    // Sent while the read was under way: what the read answers may be older.
    touches.sent('b');
    reads[0]!.answer();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([[row('c', 1)]]);
  });

  it('reports a failed read and goes on with the next touches', async () => {
    const { rows, reads, sent, errors, touches } = setup();
    rows.set('a', row('a', 1));
    touches.touch('a');
    await vi.advanceTimersByTimeAsync(1_000);
    // A touch during the read waits for the next interval.
    touches.touch('a');
    reads[0]!.fail(new Error('database down'));
    await vi.advanceTimersByTimeAsync(0);
    expect(errors).toEqual([new Error('database down')]);
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1_000);
    reads[1]!.answer();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([[row('a', 1)]]);
  });
});
