import { describe, expect, it } from 'vitest';

import { createInbox, INBOX_DELAY_MS, REPLAY_BURST, REPLAY_DELAY_MS } from './inbox';

function rig() {
  const applied: number[][] = [];
  const timers: { fn: () => void; ms: number }[] = [];
  const inbox = createInbox<number>(
    (batch) => applied.push(batch),
    (fn, ms) => timers.push({ fn, ms }),
  );
  return { inbox, applied, timers };
}

describe('inbox (pushed events applied together)', () => {
  it('applies everything queued in one batch, in arrival order, one timer per burst', () => {
    const { inbox, applied, timers } = rig();
    for (let i = 1; i <= 5; i++) inbox.push(i);
    expect(timers.map((t) => t.ms)).toEqual([INBOX_DELAY_MS]);
    expect(applied).toEqual([]);
    timers[0]!.fn();
    expect(applied).toEqual([[1, 2, 3, 4, 5]]);
    timers[0]!.fn(); // nothing left: nothing applied
    expect(applied).toHaveLength(1);
  });

  it('drains at once when asked (an action reads the state), and the timer then finds nothing', () => {
    const { inbox, applied, timers } = rig();
    inbox.push(1);
    inbox.drain();
    expect(applied).toEqual([[1]]);
    timers[0]!.fn();
    expect(applied).toEqual([[1]]);
    inbox.push(2);
    expect(timers).toHaveLength(2);
  });

  it('gathers longer while a replay pours in, and goes back to a frame once bursts are small', () => {
    const { inbox, applied, timers } = rig();
    for (let i = 0; i < REPLAY_BURST; i++) inbox.push(i);
    timers.at(-1)!.fn();
    inbox.push(-1);
    expect(timers.at(-1)!.ms).toBe(REPLAY_DELAY_MS);
    timers.at(-1)!.fn();
    inbox.push(-2);
    expect(timers.at(-1)!.ms).toBe(INBOX_DELAY_MS);
    expect(applied.map((b) => b.length)).toEqual([REPLAY_BURST, 1]);
  });
});
