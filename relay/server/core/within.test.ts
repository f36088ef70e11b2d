import { afterEach, describe, expect, it, vi } from 'vitest';

import { within } from './within';

describe('within', () => {
  afterEach(() => void vi.useRealTimers());

  it("answers the promise's value when it settles in time, and leaves no timer behind", async () => {
    vi.useFakeTimers();
    const answer = within(Promise.resolve('done'), 1_000, 'late');
    await expect(answer).resolves.toBe('done');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('answers the fallback once the time is up with the promise still pending', async () => {
    vi.useFakeTimers();
    const answer = within(new Promise<string>(() => undefined), 1_000, 'late');
    await vi.advanceTimersByTimeAsync(999);
    let settled = false;
    void answer.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(answer).resolves.toBe('late');
  });

  it("passes the promise's rejection on, and clears its timer", async () => {
    vi.useFakeTimers();
    await expect(within(Promise.reject(new Error('no')), 1_000, 'late')).rejects.toThrow('no');
    expect(vi.getTimerCount()).toBe(0);
  });
});
