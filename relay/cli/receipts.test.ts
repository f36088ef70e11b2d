import { describe, expect, it, vi } from 'vitest';

import { answerCommand, TookReceipts } from './receipts';

/** Receipts whose end-of-turn tasks run when the test says so. */
function receiptsWithTurns() {
  const told: number[][] = [];
  const tasks: Array<() => void> = [];
  const receipts = new TookReceipts(
    (took) => told.push(took),
    (task) => tasks.push(task),
  );
  const endTurn = () => tasks.splice(0).forEach((t) => t());
  return { receipts, told, tasks, endTurn };
}

describe('TookReceipts (the CLI side of command receipts)', () => {
  it('receipts taken by an event sent in the turn are not told again at its end', () => {
    const { receipts, told, tasks, endTurn } = receiptsWithTurns();
    receipts.took(4);
    receipts.took(5);
    expect(tasks).toHaveLength(1); // one end-of-turn task for the turn, however many receipts
    expect(receipts.take()).toEqual([4, 5]);
    expect(receipts.take()).toBeUndefined();
    endTurn();
    expect(told).toEqual([]);
  });

  it('receipts no event took are told in one notice at the end of the turn, in order', () => {
    const { receipts, told, endTurn } = receiptsWithTurns();
    receipts.took(7);
    receipts.took(8);
    endTurn();
    expect(told).toEqual([[7, 8]]);
    // The next turn starts afresh.
    receipts.took(9);
    endTurn();
    expect(told).toEqual([[7, 8], [9]]);
  });

  it('a dropped connection forgets what it had not told', () => {
    const { receipts, told, endTurn } = receiptsWithTurns();
    receipts.took(1);
    receipts.forget();
    endTurn();
    expect(told).toEqual([]);
    expect(receipts.take()).toBeUndefined();
  });
});

describe('answerCommand', () => {
  it('acks a command that came with an ack, and notes the receipt of one that came with a number', () => {
    const { receipts } = receiptsWithTurns();
    const ack = vi.fn();
    answerCommand(ack, { ok: true }, receipts);
    expect(ack).toHaveBeenCalledWith({ ok: true });
    answerCommand(12, { ok: true }, receipts);
    expect(receipts.take()).toEqual([12]);
  });

  it('does not tell a refused command, nor a second argument that is no receipt', () => {
    const { receipts } = receiptsWithTurns();
    const refusal = { ok: false, error: { code: 'BAD_REQUEST', message: 'invalid payload' } };
    const ack = vi.fn();
    answerCommand(ack, refusal, receipts);
    expect(ack).toHaveBeenCalledWith(refusal);
    for (const second of [3, undefined, 0, -2, 1.5, Number.NaN, 2 ** 53, '4', {}]) {
      answerCommand(second, second === 3 ? refusal : { ok: true }, receipts);
    }
    expect(receipts.take()).toBeUndefined();
  });
});
