import type { PendingInput } from '../../protocol';
import { Handover } from '../core/remote/handover';
import type { CliServerSocket } from './namespaces';

/** The part of a CLI socket used here: its commands go out with a receipt as second argument, and no ack. */
type ReceiptSocket = Pick<CliServerSocket, 'emit' | 'connected'>;

/**
 * The relay's side of command receipts (relay/protocol/receipts.ts): commands to a CLI that said `receipts: true` in
 * its `cli:hello` go with a receipt number instead of an ack, and are taken when the CLI lists the number in `took`
 * (on a `session:event`, or a `commands:took` notice). What a CLI's socket waits for is kept here, by socket, made on
 * first use and dropped once settled (memory per connection: a CLI with no command in flight has none of it), not in
 * `socket.data`.
 */
/** A command waiting for its receipt: how it is settled (taken or not), and when it counts as not taken. */
interface Waiting {
  settle: (taken: boolean) => void;
  /** performance.now() past which the command is not taken. */
  deadline: number;
}

export class CommandReceipts {
  /** CLI sockets whose hello asked for receipts. */
  private readonly takers = new WeakSet<object>();
  /**
   * Per socket with a command in flight: the commands waiting for their receipt, by number, in the order sent. A
   * socket is here only while it has one (memory per connection: a CLI with no command in flight has none of it).
   */
  private readonly waiting = new Map<object, Map<number, Waiting>>();
  /**
   * One timer for every command waiting, set for the earliest deadline: a command sent costs no timer of its own (a
   * timer set and cleared on every command was ~1 % of a one-pair round trip's main thread: Node makes and drops the
   * list of timers of that duration each time, with a priority-queue insert and removal).
   */
  private sweepTimer: ReturnType<typeof setTimeout> | null = null;
  /**
   * The last number given: unique across this process's sockets, so an old connection's receipt matches nothing, and
   * starting at a random point, so neither does a receipt of an earlier process (a CLI tells its receipts only on the
   * connection they came from, but a bug there should not mark another command taken).
   */
  private last = Math.floor(Math.random() * 2 ** 40);

  /** The socket's CLI takes receipts (its hello said so). */
  accept(socket: object): void {
    this.takers.add(socket);
  }

  /** Whether commands to this socket go with receipts. */
  takes(socket: object): boolean {
    return this.takers.has(socket);
  }

  /**
   * Sends the command with the next receipt number; the hand-over settles whether the CLI took it: taken once it tells
   * the number, not taken after `timeoutMs` or when the socket goes (as an ack that does not come).
   */
  send(socket: ReceiptSocket, command: PendingInput, timeoutMs: number): Handover {
    if (!socket.connected) return Handover.settled(false);
    const receipt = ++this.last;
    let mine = this.waiting.get(socket);
    if (!mine) this.waiting.set(socket, (mine = new Map()));
    const waiting = mine;
    const deadline = performance.now() + timeoutMs;
    const taken = new Handover();
    const settle = (ok: boolean) => {
      if (!waiting.delete(receipt)) return;
      // An idle CLI keeps nothing here (memory per connection).
      if (waiting.size === 0 && this.waiting.get(socket) === waiting) this.waiting.delete(socket);
      taken.settle(ok);
    };
    waiting.set(receipt, { settle, deadline });
    this.sweepTimer ??= this.sweepAfter(timeoutMs);
    // Typed per command for its ack (EventsWithAck); a receipt in the ack's place is the same payload and a number.
    (socket.emit as (event: string, payload: unknown, receipt: number) => boolean)(command.type, command.payload, receipt);
    return taken;
  }

  /** The CLI took these commands. Numbers this socket is not waiting for are ignored. */
  took(socket: object, receipts: readonly number[]): void {
    const mine = this.waiting.get(socket);
    if (!mine) return;
    for (const receipt of receipts) mine.get(receipt)?.settle(true);
  }

  /** The socket is gone: what it had not told is not taken. */
  gone(socket: object): void {
    const mine = this.waiting.get(socket);
    this.waiting.delete(socket);
    this.takers.delete(socket);
    if (mine) for (const { settle } of [...mine.values()]) settle(false);
  }

  /** The sweep in `ms` (not keeping the process alive for it). */
  private sweepAfter(ms: number): ReturnType<typeof setTimeout> {
    const timer = setTimeout(() => this.sweep(), Math.max(1, Math.ceil(ms)));
    timer.unref();
    return timer;
  }

  /** Commands past their deadline are not taken; the timer is set again for the earliest one left. */
  private sweep(): void {
    this.sweepTimer = null;
    const now = performance.now();
    let next = Infinity;
    for (const mine of [...this.waiting.values()])
      for (const w of [...mine.values()]) {
        if (w.deadline <= now) w.settle(false);
        else next = Math.min(next, w.deadline);
      }
    if (next < Infinity) this.sweepTimer = this.sweepAfter(next - now);
  }
}
