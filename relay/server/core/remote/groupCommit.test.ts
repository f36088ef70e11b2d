import { afterEach, describe, expect, it, vi } from 'vitest';

import type { EventAppend, EventAppendOutcome } from '../../storage/repos/remote/eventBatchRepo';
import { createGroupCommit } from './groupCommit';

const append = (eventId: string): EventAppend => ({ sessionId: 's', eventId, body: { type: 'notice' }, at: new Date(0) });

/** A statement stand-in that records each batch's event ids and answers every append as stored. */
function recorder() {
  const batches: string[][] = [];
  const run = async (items: readonly EventAppend[]) => {
    batches.push(items.map((i) => i.eventId));
    return items.map((i) => ({ event: { eventId: i.eventId }, duplicate: false }) as unknown as EventAppendOutcome);
  };
  return { batches, run };
}

describe('group commit delay', () => {
  afterEach(() => void vi.useRealTimers());

  it('holds the first append for the delay so later ones share its statement', async () => {
    vi.useFakeTimers();
    const { batches, run } = recorder();
    const commit = createGroupCommit(run, 1_000);
    const first = commit.append(append('a'));
    await vi.advanceTimersByTimeAsync(500);
    expect(batches).toEqual([]);
    const second = commit.append(append('b'));
    await vi.advanceTimersByTimeAsync(500);
    expect(batches).toEqual([['a', 'b']]);
    await expect(Promise.all([first, second])).resolves.toHaveLength(2);
  });

  it('an urgent append cuts the delay short, taking what waits with it', async () => {
    vi.useFakeTimers();
    const { batches, run } = recorder();
    const commit = createGroupCommit(run, 1_000);
    void commit.append(append('a'));
    await vi.advanceTimersByTimeAsync(10);
    const urgent = commit.append(append('b'), true);
    await vi.advanceTimersByTimeAsync(1);
    expect(batches).toEqual([['a', 'b']]);
    await urgent;
    // Alone, an urgent append does not wait either; without a delay nothing does.
    void commit.append(append('c'), true);
    await vi.advanceTimersByTimeAsync(1);
    expect(batches).toEqual([['a', 'b'], ['c']]);
    const none = createGroupCommit(run, 0);
    void none.append(append('d'));
    await vi.advanceTimersByTimeAsync(1);
    expect(batches.at(-1)).toEqual(['d']);
  });
});
