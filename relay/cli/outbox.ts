import { randomUUID } from 'node:crypto';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';

import { z } from 'zod';

import { writePrivateFile } from './credentials';
import {
  classifyRefusal,
  type DeadLetters,
  type FlushResult,
  isUndeliverableNotice,
  MAX_EVENT_BYTES,
  type Refusal,
  retryDelay,
  sanitizeReason,
  TOO_LARGE,
  undeliverableBody,
} from './delivery';
import type { EventBody } from './events';

const COALESCE_MAX_CHARS = 32 * 1024;

/**
 * The most session events in flight at once to a relay that takes a window (`cli:hello` `eventWindow`): the next goes
 * out before the last is acked, so a relay that holds its acks for its next write (50 ms at most:
 * relay/server/remote/eventWindows.ts) does not hold back a streaming session. What waits behind a full window is
 * merged as before (coalesceAt): a slow relay gets fewer, larger events, not more of them.
 */
export const EVENT_WINDOW = 16;

export type OutboxItem =
  | { kind: 'event'; id: string; sessionId: string; body: EventBody }
  | { kind: 'meta'; id: string; sessionId: string; title?: string; active?: boolean };

/**
 * What one delivery attempt came to: `acked`; `offline` (not connected, nothing sent); or the refusal, which
 * classifyRefusal (delivery.ts) makes final (set aside) or retryable (kept at the head, retried after a backoff).
 */
export type DeliveryResult = 'acked' | 'offline' | Refusal;

export interface OutboxOptions {
  /** Where events refused for good go (none: they are only reported through `onDeadLetter`). */
  deadLetters?: DeadLetters;
  /** Clock and randomness for the retry backoff (tests inject their own). */
  now?: () => number;
  random?: () => number;
}

// The shape the flush relies on; what is inside a body is the relay's to judge (a bad one is refused, set aside).
const itemSchema = z.union([
  z.object({ kind: z.literal('event'), id: z.string(), sessionId: z.string(), body: z.looseObject({ type: z.string() }) }),
  z.object({ kind: z.literal('meta'), id: z.string(), sessionId: z.string() }).loose(),
]);
const lineSchema = z.union([z.object({ op: z.literal('add'), item: itemSchema }), z.object({ op: z.literal('ack'), id: z.string() })]);

/**
 * Session events and meta updates waiting for the relay's ack, in order. Every event has a uuid (the relay's
 * idempotency key), so a resend after a reconnect is harmless. With a file, the outbox is an append-only JSONL log
 * (`add` / `ack` lines, compacted on load and now and then), so a crash loses nothing.
 */
export class Outbox {
  private items: OutboxItem[] = [];
  /** Items that went out at least once: the relay may have stored them, so they are never changed again. */
  private readonly attempted = new Set<string>();
  private acksSinceCompact = 0;
  private flushing: Promise<FlushResult> | null = null;
  /** A run waiting for an ack: woken when items are added (flush called again) or an ack comes. */
  private wake: (() => void) | null = null;
  /** The next event sent after one that was not acked is marked `resume` (a window's relay refuses the rest till then). */
  private resumeNext = false;
  /** Failed attempts in a row (reset by an ack or a final refusal), and no attempt before `notBefore`. */
  private failures = 0;
  private notBefore = 0;
  private readonly now: () => number;
  private readonly random: () => number;

  constructor(
    private readonly file?: string,
    private readonly options: OutboxOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.random = options.random ?? Math.random;

    if (file && existsSync(file)) {
      const pending = new Map<string, OutboxItem>();
      for (const line of readFileSync(file, 'utf8').split('\n')) {
        if (!line.trim()) continue;
        try {
          const parsed = lineSchema.safeParse(JSON.parse(line));
          if (!parsed.success) continue;
          if (parsed.data.op === 'add') pending.set(parsed.data.item.id, parsed.data.item as OutboxItem);
          else pending.delete(parsed.data.id);
        } catch {
          // a torn last line after a crash
        }
      }
      this.items = [...pending.values()];
      for (const item of this.items) this.attempted.add(item.id);
      this.compact();
    }
  }

  get size(): number {
    return this.items.length;
  }

  get pending(): ReadonlyArray<OutboxItem> {
    return this.items;
  }

  addEvent(sessionId: string, body: EventBody): OutboxItem {
    return this.add({ kind: 'event', id: randomUUID(), sessionId, body });
  }

  addMeta(sessionId: string, meta: { title?: string; active?: boolean }): OutboxItem {
    return this.add({ kind: 'meta', id: randomUUID(), sessionId, ...meta });
  }

  /** Drops what is still queued for a session deleted in the console (the relay would refuse it as NOT_FOUND). */
  dropSession(sessionId: string): void {
    const before = this.items.length;
    this.items = this.items.filter((item) => item.sessionId !== sessionId);
    if (this.items.length !== before) this.compact();
  }

  private add(item: OutboxItem): OutboxItem {
    this.items.push(item);
    if (this.file) appendFileSync(this.file, JSON.stringify({ op: 'add', item }) + '\n', { mode: 0o600 });
    return item;
  }

  private remove(id: string): void {
    const index = this.items.findIndex((i) => i.id === id);
    if (index !== -1) this.items.splice(index, 1);
    if (!this.file) return;
    appendFileSync(this.file, JSON.stringify({ op: 'ack', id }) + '\n', { mode: 0o600 });
    if (++this.acksSinceCompact >= 500) this.compact();
  }

  /**
   * When the relay is slower than the stream, unsent assistant deltas of one message (or output chunks of one tool
   * call) pile up; they are merged into one event before sending. Only never-sent items are merged.
   */
  private coalesceAt(index: number): void {
    const head = this.items[index];
    if (!head || head.kind !== 'event' || this.attempted.has(head.id)) return;
    let body = head.body;
    let merged = 0;
    for (;;) {
      const next = this.items[index + 1 + merged];
      if (!next || next.kind !== 'event' || next.sessionId !== head.sessionId || this.attempted.has(next.id)) break;
      const nb = next.body;
      if (
        body.type === 'assistant_delta' &&
        nb.type === 'assistant_delta' &&
        nb.messageId === body.messageId &&
        body.text.length + nb.text.length <= COALESCE_MAX_CHARS
      ) {
        body = { ...body, text: body.text + nb.text };
      } else if (
        body.type === 'tool_output' &&
        nb.type === 'tool_output' &&
        nb.toolCallId === body.toolCallId &&
        nb.stream === body.stream &&
        body.chunk.length + nb.chunk.length <= COALESCE_MAX_CHARS
      ) {
        body = { ...body, chunk: body.chunk + nb.chunk };
      } else break;
      merged++;
    }
    if (merged === 0) return;
    const removed = this.items.splice(index + 1, merged);
    const updated: OutboxItem = { ...head, body };
    this.items[index] = updated;
    if (this.file) {
      appendFileSync(
        this.file,
        JSON.stringify({ op: 'add', item: updated }) + '\n' + removed.map((r) => JSON.stringify({ op: 'ack', id: r.id }) + '\n').join(''),
        { mode: 0o600 },
      );
    }
  }

  private compact(): void {
    this.acksSinceCompact = 0;
    if (!this.file) return;
    writePrivateFile(this.file, this.items.map((item) => JSON.stringify({ op: 'add', item }) + '\n').join(''));
  }

  /** Lets the next flush try at once (after a reconnect), keeping the failure count for the next backoff. */
  retryNow(): void {
    this.notBefore = 0;
  }

  /**
   * Delivers the items in order until the outbox is empty, offline, or an item meets a retryable refusal (then nothing
   * is tried again before its backoff delay has passed, however often flush is called). A final refusal sets the item
   * aside (dead-letter file), puts an error event for its session in its place, and goes on. Concurrent calls share one
   * run (a call during a run wakes it, and what was added meanwhile goes out as the window allows).
   *
   * `window`: how many events may be in flight at once (EVENT_WINDOW for a relay that took it, else 1: one at a time,
   * each sent once the last is acked). With a window, an event added while acks are awaited goes out at once; a
   * `session:meta` update still goes alone. After an item is not acked, the rest in flight are waited for and the next
   * event sent is marked `resume` (`deliver`'s second argument, always false without a window), whatever else came of
   * them: the relay refuses the events sent behind a failed one until then, so they go again, in their order.
   */
  flush(
    deliver: (item: OutboxItem, resume: boolean) => Promise<DeliveryResult>,
    onDeadLetter?: (item: OutboxItem, reason: Refusal) => void,
    window = 1,
  ): Promise<FlushResult> {
    if (this.flushing) {
      this.wake?.();
      return this.flushing;
    }
    const run = async (): Promise<FlushResult> => {
      // Yield first: `this.flushing` must be set before the run can finish.
      await Promise.resolve();
      try {
        return await this.send(deliver, onDeadLetter, window);
      } finally {
        this.flushing = null;
      }
    };
    this.flushing = run();
    return this.flushing;
  }

  /**
   * flush's run: sends in order while the window has room (one item at a time when it is 1), and settles each as its
   * answer comes. An item not acked stops the sending; once the rest in flight are answered the run ends (offline, or
   * retry after the backoff of one failure, not one per item in flight) or, after a refusal, goes on from the first.
   */
  private async send(
    deliver: (item: OutboxItem, resume: boolean) => Promise<DeliveryResult>,
    onDeadLetter: ((item: OutboxItem, reason: Refusal) => void) | undefined,
    window: number,
  ): Promise<FlushResult> {
    const inFlight = new Set<string>();
    /** Why nothing more is sent (offline, or a retryable refusal): the run ends once the items in flight are answered. */
    let stop: FlushResult | null = null;
    /**
     * An item was refused (for good, or as sent behind one that was not stored: OUT_OF_ORDER): nothing more is sent
     * until those in flight are answered, then what is left goes again from the outbox's first item, marked `resume`,
     * without a backoff. Waiting matters: a `resume` lifts the relay's block on the connection, so it must not go out
     * while an earlier event may still fail (the events sent behind that one would be stored before its resend).
     */
    let restart = false;
    let metaInFlight = false;
    const settle = (item: OutboxItem, result: DeliveryResult) => {
      inFlight.delete(item.id);
      if (item.kind === 'meta') metaInFlight = false;
      if (result !== 'acked') this.resumeNext = true;
      if (result === 'acked') {
        if (!stop) this.failures = 0;
        this.remove(item.id);
      } else if (result === 'offline') {
        stop ??= { status: 'offline' };
      } else if (result.code === 'OUT_OF_ORDER') {
        restart = true;
      } else if (classifyRefusal(result.code) === 'final') {
        if (!stop) this.failures = 0;
        this.setAside(item, result, onDeadLetter);
        restart = true;
      } else if (stop?.status !== 'retry') {
        // One backoff for the run, however many of the items in flight were refused with this one.
        this.failures++;
        const delayMs = retryDelay(this.failures, result, this.random);
        this.notBefore = this.now() + delayMs;
        stop = { status: 'retry', delayMs, failures: this.failures, refusal: result };
      }
      this.wake?.();
    };
    for (;;) {
      while (!stop && !restart && !metaInFlight && inFlight.size < window) {
        const wait = this.notBefore - this.now();
        if (wait > 0) {
          stop = { status: 'retry', delayMs: wait, failures: this.failures };
          break;
        }
        const index = this.items.findIndex((i) => !inFlight.has(i.id));
        if (index === -1) break;
        // A meta update goes alone: its handler on the relay is not part of the events' order.
        if (this.items[index]!.kind === 'meta' && inFlight.size > 0) break;
        this.coalesceAt(index);
        const item = this.items[index]!;
        inFlight.add(item.id);
        if (item.kind === 'meta') metaInFlight = true;
        // Only an event carries `resume` (a meta update is not held back by the relay): the next event takes it.
        const resume = window > 1 && item.kind === 'event' && this.resumeNext;
        if (resume) this.resumeNext = false;
        this.attempt(item, (i) => deliver(i, resume)).then(
          (result) => settle(item, result),
          (error: unknown) => settle(item, { code: 'INTERNAL', message: error instanceof Error ? error.message : String(error) }),
        );
      }
      if (inFlight.size === 0) {
        if (stop) return stop;
        restart = false;
        // Nothing in flight and nothing sent: the outbox is empty (the loop above sends whatever is left).
        if (this.items.length === 0) return { status: 'empty' };
        continue;
      }
      await new Promise<void>((resolve) => (this.wake = resolve));
      this.wake = null;
    }
  }

  private async attempt(head: OutboxItem, deliver: (item: OutboxItem) => Promise<DeliveryResult>): Promise<DeliveryResult> {
    if (eventBytes(head) > MAX_EVENT_BYTES)
      return { code: TOO_LARGE, message: `the event is larger than the relay accepts (${MAX_EVENT_BYTES} bytes)` };
    const sentBefore = this.attempted.has(head.id);
    this.attempted.add(head.id);
    const result = await deliver(head);
    // Not sent after all: it may still be merged with what follows.
    if (result === 'offline' && !sentBefore) this.attempted.delete(head.id);
    return result;
  }

  /** A final refusal: the head goes to the dead letters, and its session gets an error event in its place. */
  private setAside(head: OutboxItem, refusal: Refusal, onDeadLetter?: (item: OutboxItem, reason: Refusal) => void): void {
    const reason = sanitizeReason(refusal);
    const dead = this.options.deadLetters;
    try {
      dead?.add(head, reason, new Date(this.now()));
    } catch {
      // A full or read-only disk must not jam the queue; the item is still reported below.
    }
    // Where it stood (the head, unless events went after it in a window): its error event takes its place.
    const place = Math.max(
      0,
      this.items.findIndex((i) => i.id === head.id),
    );
    this.remove(head.id);
    onDeadLetter?.(head, reason);
    // The error event about an error event that was refused is not sent: that could go round forever.
    if (isUndeliverableNotice(head)) return;
    this.items.splice(place, 0, {
      kind: 'event',
      id: randomUUID(),
      sessionId: head.sessionId,
      body: undeliverableBody(head, reason, dead?.name),
    });
    // Rewritten so that the error event keeps its place after a restart too (an appended line would load last).
    this.compact();
  }
}

/** The UTF-8 size of the JSON the item is sent as (an upper bound: the sent payload has the same fields). */
function eventBytes(item: OutboxItem): number {
  return Buffer.byteLength(JSON.stringify(item), 'utf8');
}
