/**
 * Whether a CLI took a command handed to it before the command's event was committed (webCommands.ts EarlyDelivery):
 * settled once, taken or not, or failed with the error that stopped the hand-over.
 *
 * Not a promise: on the hot path the answer is read where it is needed (`taken`, when the input's commit is handed out,
 * by which time the CLI has usually told its receipt), so a round makes no promise and no reaction for it. It is still
 * awaitable (`then`), for the rare waits: an input committed before the CLI's receipt came (webCommands.ts `untaken`),
 * a command kept and then taken late (hubContext.ts `appliedAck`); a promise is made only then.
 */
export class Handover implements PromiseLike<boolean> {
  /** undefined while pending; then whether the CLI took the command. */
  private outcome: boolean | undefined;
  private failure: { error: unknown } | null = null;
  private listeners: Array<(handover: Handover) => void> | null = null;

  /** A hand-over already settled: `taken` or not. */
  static settled(taken: boolean): Handover {
    const handover = new Handover();
    handover.settle(taken);
    return handover;
  }

  /** A hand-over that failed with `error`. */
  static failed(error: unknown): Handover {
    const handover = new Handover();
    handover.fail(error);
    return handover;
  }

  /** A hand-over settled by `promise`: its value, or the failure it rejects with. */
  static of(promise: PromiseLike<boolean>): Handover {
    const handover = new Handover();
    promise.then(
      (taken) => handover.settle(taken),
      (error: unknown) => handover.fail(error),
    );
    return handover;
  }

  /** Taken as soon as one of `handovers` is; not taken once all are settled otherwise (none: not taken). */
  static any(handovers: readonly Handover[]): Handover {
    if (handovers.length === 1) return handovers[0]!;
    const any = new Handover();
    let left = handovers.length;
    if (left === 0) any.settle(false);
    for (const handover of handovers)
      handover.whenDone((done) => {
        if (done.taken) any.settle(true);
        else if (--left === 0) any.settle(false);
      });
    return any;
  }

  /** Whether it is settled (taken, not taken, or failed). */
  get done(): boolean {
    return this.outcome !== undefined || this.failure !== null;
  }

  /** The CLI took the command (false while pending, when not taken, and when failed). */
  get taken(): boolean {
    return this.outcome === true;
  }

  /** Settles it, once: later calls (a receipt told after the timeout, say) change nothing. */
  settle(taken: boolean): void {
    if (this.done) return;
    this.outcome = taken;
    this.told();
  }

  /** Fails it, once. */
  fail(error: unknown): void {
    if (this.done) return;
    this.failure = { error };
    this.told();
  }

  /** Calls `listener` once it is settled (at once if it is). */
  whenDone(listener: (handover: Handover) => void): void {
    if (this.done) listener(this);
    else (this.listeners ??= []).push(listener);
  }

  then<A = boolean, B = never>(
    onTaken?: ((taken: boolean) => A | PromiseLike<A>) | null,
    onFailed?: ((error: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    const settled = new Promise<boolean>((resolve, reject) =>
      this.whenDone((done) => (done.failure ? reject(done.failure.error) : resolve(done.outcome!))),
    );
    return settled.then(onTaken, onFailed);
  }

  private told(): void {
    const listeners = this.listeners;
    this.listeners = null;
    if (listeners) for (const listener of listeners) listener(this);
  }
}
