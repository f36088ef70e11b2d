import { describe, expect, it } from 'vitest';

import { Handover } from './handover';

describe('Handover', () => {
  it('is read at once once settled, settles once, and tells its listeners once', async () => {
    const handover = new Handover();
    const told: boolean[] = [];
    handover.whenDone((h) => told.push(h.taken));
    expect(handover.done).toBe(false);
    expect(handover.taken).toBe(false);
    handover.settle(true);
    expect(handover.done).toBe(true);
    expect(handover.taken).toBe(true);
    // A late answer (a receipt after the timeout, say) changes nothing.
    handover.settle(false);
    handover.fail(new Error('late'));
    expect(handover.taken).toBe(true);
    expect(told).toEqual([true]);
    // A listener added once it is settled is told at once.
    handover.whenDone((h) => told.push(h.taken));
    expect(told).toEqual([true, true]);
    await expect(handover).resolves.toBe(true);
    await expect(Handover.settled(false)).resolves.toBe(false);
  });

  it('awaits to its outcome, or rejects with the failure; a failed one is not taken', async () => {
    const pending = new Handover();
    const waited = pending.then((taken) => `taken ${taken}`);
    pending.settle(false);
    await expect(waited).resolves.toBe('taken false');
    const failed = Handover.failed(new Error('hand-over failed'));
    expect(failed.done).toBe(true);
    expect(failed.taken).toBe(false);
    await expect(failed).rejects.toThrow('hand-over failed');
    await expect(failed.then(undefined, () => 'handled')).resolves.toBe('handled');
  });

  it('of: settled by a promise, its value or its rejection', async () => {
    const taken = Handover.of(Promise.resolve(true));
    expect(taken.done).toBe(false);
    await Promise.resolve();
    expect(taken.taken).toBe(true);
    const failed = Handover.of(Promise.reject(new Error('no')));
    await expect(failed).rejects.toThrow('no');
  });

  it('any: taken as soon as one is, not taken once every one is settled otherwise', () => {
    const [a, b, c] = [new Handover(), new Handover(), new Handover()];
    const any = Handover.any([a!, b!, c!]);
    a!.settle(false);
    b!.fail(new Error('gone'));
    expect(any.done).toBe(false);
    c!.settle(true);
    expect(any.taken).toBe(true);
    const none = Handover.any([Handover.settled(false), Handover.settled(false)]);
    expect(none.done && !none.taken).toBe(true);
    expect(Handover.any([]).done).toBe(true);
    expect(Handover.any([]).taken).toBe(false);
    // One hand-over is answered as it is.
    expect(Handover.any([a!])).toBe(a);
  });
});
