import { isReceipt } from '../protocol/receipts';

/**
 * The CLI's side of command receipts (relay/protocol/receipts.ts): a command that came with a receipt number instead
 * of an ack is confirmed by listing the number in `took`, on the next `session:event` sent in the same turn, or at the
 * end of the turn in a `commands:took` notice. What the command's ack cost before, a Socket.IO packet of its own, goes.
 */
export class TookReceipts {
  private untold: number[] = [];

  /**
   * `tell` sends a `commands:took` notice; `atEndOfTurn` runs a task at the end of the current turn, before the turn's
   * packets are written (relay/cli/writeCoalescing.ts `beforeWrite`), so the notice joins that write.
   */
  constructor(
    private readonly tell: (took: number[]) => void,
    private readonly atEndOfTurn: (task: () => void) => void,
  ) {}

  /** A command with this receipt was taken. */
  took(receipt: number): void {
    if (this.untold.push(receipt) === 1) this.atEndOfTurn(() => this.flush());
  }

  /** The receipts not told yet, taken out to go with an event sent now; undefined when there are none. */
  take(): number[] | undefined {
    if (this.untold.length === 0) return undefined;
    const took = this.untold;
    this.untold = [];
    return took;
  }

  /** The connection dropped: its receipts mean nothing to the relay's next one. */
  forget(): void {
    this.untold = [];
  }

  private flush(): void {
    const took = this.take();
    if (took) this.tell(took);
  }
}

/**
 * A command listener's second argument, as Socket.IO hands it over: the ack function (a relay that wants an ack), a
 * receipt number (a relay that took this CLI's `receipts: true`), or nothing. Answers the command accordingly.
 */
export function answerCommand(second: unknown, answer: { ok: boolean }, receipts: TookReceipts): void {
  if (typeof second === 'function') (second as (answer: unknown) => void)(answer);
  else if (answer.ok && isReceipt(second)) receipts.took(second);
}
