/**
 * Moves the outbox to the relay over the `/cli` socket: `session:event` / `session:meta` with an ack each, one at a time
 * or several events in flight to a relay that took the CLI's window (outbox.ts EVENT_WINDOW), retries after the
 * outbox's backoff (a timer, never a loop), and the shutdown drain (issue #11).
 */
import { CLI_EVENTS } from '../protocol/remote';
import { type CliSocket, refusalOf, request } from './acks';
import { ACK_TIMEOUT, drainOutbox, type FlushResult, itemKindLabel } from './delivery';
import type { DeliveryResult, Outbox, OutboxItem } from './outbox';

export const short = (id: string) => id.slice(0, 8);

/** Waits for `promise`, at most `ms` (the timer does not outlive it). */
export async function within(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([promise, new Promise<void>((r) => (timer = setTimeout(r, ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

export interface OutboxPumpDeps {
  /** The socket when connected and past `cli:hello`, else null. */
  socket: () => CliSocket | null;
  ackTimeoutMs: number;
  /** The receipts of commands taken and not told yet, to go with the event sent now (receipts.ts). */
  took?: () => number[] | undefined;
  /** How many events may be in flight now: EVENT_WINDOW once the connection's relay took it (`cli:hello`), else 1. */
  window?: () => number;
  /** The dead-letter file's name, for the log line. */
  deadLetterName: string;
  log: (line: string) => void;
}

export class OutboxPump {
  private retryTimer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly outbox: Outbox,
    private readonly deps: OutboxPumpDeps,
  ) {}

  /**
   * Sends what the outbox holds, in order. A retryable failure (INTERNAL, timeout …) is tried again after the
   * outbox's backoff; an event refused for good is set aside (dead-letter file) and the queue goes on.
   */
  async flush(): Promise<FlushResult> {
    const result = await this.outbox.flush(
      (item, resume) => this.deliver(item, resume),
      (item, reason) =>
        this.deps.log(
          `The relay refused a ${itemKindLabel(item)} event for session ${short(item.sessionId)} for good (${reason.code}${reason.message ? `: ${reason.message}` : ''}); it was set aside in ${this.deps.deadLetterName}.`,
        ),
      this.deps.window?.() ?? 1,
    );
    if (result.status === 'retry') {
      // Logged once per run of failures, not on every retry.
      if (result.refusal && result.failures === 1)
        this.deps.log(`The relay did not take an event (${result.refusal.code}); retrying with backoff …`);
      this.retryIn(result.delayMs);
    }
    return result;
  }

  private async deliver(item: OutboxItem, resume: boolean): Promise<DeliveryResult> {
    const socket = this.deps.socket();
    if (!socket || this.stopped) return 'offline';
    const ack = await this.send(socket, item, resume);
    if (!ack)
      return { code: ACK_TIMEOUT, message: `no answer to ${item.kind === 'event' ? CLI_EVENTS.sessionEvent : CLI_EVENTS.sessionMeta}` };
    return ack.ok ? 'acked' : refusalOf(ack);
  }

  /** `session:event` or `session:meta` for one item, and its ack (null: none in time); `resume`: see outbox.ts flush. */
  private send(socket: CliSocket, item: OutboxItem, resume: boolean) {
    const ms = this.deps.ackTimeoutMs;
    if (item.kind === 'event') {
      const took = this.deps.took?.();
      const event = {
        sessionId: item.sessionId,
        eventId: item.id,
        body: item.body,
        ...(took && { took }),
        ...(resume && { resume: true as const }),
      };
      return request(CLI_EVENTS.sessionEvent, (e) => socket.timeout(ms).emitWithAck(e, event));
    }
    const meta = {
      sessionId: item.sessionId,
      ...(item.title !== undefined && { title: item.title }),
      ...(item.active !== undefined && { active: item.active }),
    };
    return request(CLI_EVENTS.sessionMeta, (e) => socket.timeout(ms).emitWithAck(e, meta));
  }

  private retryIn(delayMs: number): void {
    if (this.retryTimer || this.stopped) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.flush();
    }, delayMs);
    this.retryTimer.unref();
  }

  /**
   * The shutdown drain: waits out retry delays instead of spinning and gives up at `deadline` (epoch ms); what is
   * left stays in the outbox file for the next start.
   */
  async drain(deadline: number): Promise<void> {
    const clock = { now: () => Date.now(), sleep: (ms: number) => within(new Promise<never>(() => {}), ms) };
    await within(
      drainOutbox(() => this.flush(), deadline, clock),
      Math.max(0, deadline - Date.now()),
    );
    if (this.outbox.size > 0) this.deps.log(`${this.outbox.size} event(s) not delivered yet; they are kept for the next start.`);
  }

  stop(): void {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }
}
