/**
 * Moves the outbox to the relay over the `/cli` socket: one `session:event` / `session:meta` at a time with an ack,
 * retries after the outbox's backoff (a timer, never a loop), and the shutdown drain (issue #11).
 */
import type { Socket } from 'socket.io-client';

import { CLI_EVENTS } from '../protocol/remote';
import { ACK_TIMEOUT, BAD_RESPONSE, drainOutbox, type FlushResult, itemKindLabel } from './delivery';
import type { DeliveryResult, Outbox, OutboxItem } from './outbox';

type AnyAck = { ok: true } & Record<string, unknown>;
export type ErrAck = { ok: false; error?: { code?: string; message?: string; retryAfterSeconds?: number }; code?: string; message?: string; retryAfterSeconds?: number };

/** An ack as `{ ok: true, … }` or an error ack (the nested `error` or the flat `{ ok: false, code, message }`). */
export function readAck(value: unknown): AnyAck | ErrAck {
  if (value && typeof value === 'object' && 'ok' in value) {
    const v = value as { ok: unknown };
    if (v.ok === true) return value as AnyAck;
    return value as ErrAck;
  }
  return { ok: false, error: { code: BAD_RESPONSE, message: 'malformed ack' } };
}
export const errCode = (a: ErrAck) => a.error?.code ?? a.code ?? 'UNKNOWN';
export const errMessage = (a: ErrAck) => a.error?.message ?? a.message ?? '';
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
  socket: () => Socket | null;
  ackTimeoutMs: number;
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
      (item) => this.deliver(item),
      (item, reason) =>
        this.deps.log(
          `The relay refused a ${itemKindLabel(item)} event for session ${short(item.sessionId)} for good (${reason.code}${reason.message ? `: ${reason.message}` : ''}); it was set aside in ${this.deps.deadLetterName}.`,
        ),
    );
    if (result.status === 'retry') {
      // Logged once per run of failures, not on every retry.
      if (result.refusal && result.failures === 1) this.deps.log(`The relay did not take an event (${result.refusal.code}); retrying with backoff …`);
      this.retryIn(result.delayMs);
    }
    return result;
  }

  private async deliver(item: OutboxItem): Promise<DeliveryResult> {
    const socket = this.deps.socket();
    if (!socket || this.stopped) return 'offline';
    const [event, payload] =
      item.kind === 'event'
        ? [CLI_EVENTS.sessionEvent, { sessionId: item.sessionId, eventId: item.id, body: item.body }]
        : [
            CLI_EVENTS.sessionMeta,
            { sessionId: item.sessionId, ...(item.title !== undefined && { title: item.title }), ...(item.active !== undefined && { active: item.active }) },
          ];
    let raw: unknown;
    try {
      raw = await socket.timeout(this.deps.ackTimeoutMs).emitWithAck(event, payload);
    } catch {
      return { code: ACK_TIMEOUT, message: `no answer to ${event}` };
    }
    const ack = readAck(raw);
    if (ack.ok) return 'acked';
    const retryAfterSeconds = ack.error?.retryAfterSeconds ?? ack.retryAfterSeconds;
    return { code: errCode(ack), message: errMessage(ack), ...(typeof retryAfterSeconds === 'number' && { retryAfterSeconds }) };
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
