import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { PendingInput } from '../../protocol';
import { CommandReceipts } from './receipts';

/** A CLI socket as CommandReceipts sees it: what it was sent, with each command's receipt number. */
function cliSocket() {
  const sent: Array<{ type: string; receipt: number }> = [];
  const socket = {
    connected: true,
    emit: (type: string, _payload: unknown, receipt: number) => {
      sent.push({ type, receipt });
      return true;
    },
  };
  return { socket: socket as unknown as Parameters<CommandReceipts['send']>[0], sent };
}

const command = (n: number): PendingInput =>
  ({ type: 'session:input', commandId: `c${n}`, payload: { sessionId: 's', clientMsgId: `m${n}`, text: 'hi' } }) as unknown as PendingInput;

/** Whether `promise` (a hand-over) has settled, and with what, without waiting for it. */
function peek<T>(promise: PromiseLike<T>) {
  const state: { settled: boolean; value?: T } = { settled: false };
  void promise.then((value) => Object.assign(state, { settled: true, value }));
  return state;
}

describe('CommandReceipts', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('resolves true once the CLI tells the receipt, and keeps nothing for an idle socket', async () => {
    const receipts = new CommandReceipts();
    const { socket, sent } = cliSocket();
    const taken = peek(receipts.send(socket, command(1), 1000));
    expect(sent).toHaveLength(1);
    receipts.took(socket, [sent[0]!.receipt + 1]);
    await Promise.resolve();
    expect(taken.settled).toBe(false);
    receipts.took(socket, [sent[0]!.receipt]);
    await Promise.resolve();
    expect(taken).toEqual({ settled: true, value: true });
    // A receipt told twice, or after the command settled, changes nothing.
    receipts.took(socket, [sent[0]!.receipt]);
    expect((receipts as unknown as { waiting: Map<object, unknown> }).waiting.size).toBe(0);
  });

  it('resolves false at the timeout for every command not taken, each at its own deadline, with one timer', async () => {
    const receipts = new CommandReceipts();
    const { socket, sent } = cliSocket();
    const other = cliSocket();
    const first = peek(receipts.send(socket, command(1), 1000));
    await vi.advanceTimersByTimeAsync(400);
    const second = peek(receipts.send(socket, command(2), 1000));
    const third = peek(receipts.send(other.socket, command(3), 1000));
    expect(vi.getTimerCount()).toBe(1);
    receipts.took(other.socket, [other.sent[0]!.receipt]);
    await vi.advanceTimersByTimeAsync(599);
    expect(first.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(first).toEqual({ settled: true, value: false });
    expect(second.settled).toBe(false);
    expect(third).toEqual({ settled: true, value: true });
    // The sweep is set again for the command left.
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(400);
    expect(second).toEqual({ settled: true, value: false });
    expect(vi.getTimerCount()).toBe(0);
    // A receipt told after its timeout is ignored.
    receipts.took(socket, [sent[1]!.receipt]);
    expect(second.value).toBe(false);
  });

  it('commands sent while the sweep waits do not set a timer each', async () => {
    const receipts = new CommandReceipts();
    const { socket, sent } = cliSocket();
    for (let n = 0; n < 100; n++) {
      const taken = receipts.send(socket, command(n), 10_000);
      receipts.took(socket, [sent[n]!.receipt]);
      expect(await taken).toBe(true);
    }
    expect(vi.getTimerCount()).toBe(1);
    // The sweep finds nothing waiting and is not set again.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a socket that goes settles what it had not told as not taken', async () => {
    const receipts = new CommandReceipts();
    const { socket } = cliSocket();
    receipts.accept(socket);
    expect(receipts.takes(socket)).toBe(true);
    const taken = receipts.send(socket, command(1), 1000);
    receipts.gone(socket);
    expect(await taken).toBe(false);
    expect(receipts.takes(socket)).toBe(false);
    await vi.advanceTimersByTimeAsync(1000);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a socket no longer connected is not sent the command', async () => {
    const receipts = new CommandReceipts();
    const { socket, sent } = cliSocket();
    (socket as unknown as { connected: boolean }).connected = false;
    expect(await receipts.send(socket, command(1), 1000)).toBe(false);
    expect(sent).toHaveLength(0);
  });
});
