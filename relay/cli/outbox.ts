import { randomUUID } from 'node:crypto';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';

import { z } from 'zod';

import { writePrivateFile } from './credentials';
import type { EventBody } from './events';

const COALESCE_MAX_CHARS = 32 * 1024;

export type OutboxItem =
  | { kind: 'event'; id: string; sessionId: string; body: EventBody }
  | { kind: 'meta'; id: string; sessionId: string; title?: string; active?: boolean };

/** What one delivery attempt came to. `retry`: keep the item and stop for now (offline, timeout, server error). */
export type DeliveryResult = 'acked' | 'rejected' | 'retry';

const lineSchema = z.union([
  z.object({ op: z.literal('add'), item: z.custom<OutboxItem>((v) => typeof v === 'object' && v !== null && 'kind' in v && 'id' in v) }),
  z.object({ op: z.literal('ack'), id: z.string() }),
]);

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
  private flushing: Promise<void> | null = null;
  private again = false;

  constructor(private readonly file?: string) {
    if (file && existsSync(file)) {
      const pending = new Map<string, OutboxItem>();
      for (const line of readFileSync(file, 'utf8').split('\n')) {
        if (!line.trim()) continue;
        try {
          const parsed = lineSchema.safeParse(JSON.parse(line));
          if (!parsed.success) continue;
          if (parsed.data.op === 'add') pending.set(parsed.data.item.id, parsed.data.item);
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
  private coalesceHead(): void {
    const head = this.items[0];
    if (!head || head.kind !== 'event' || this.attempted.has(head.id)) return;
    let body = head.body;
    let merged = 0;
    for (;;) {
      const next = this.items[1 + merged];
      if (!next || next.kind !== 'event' || next.sessionId !== head.sessionId) break;
      const nb = next.body;
      if (body.type === 'assistant_delta' && nb.type === 'assistant_delta' && nb.messageId === body.messageId && body.text.length + nb.text.length <= COALESCE_MAX_CHARS) {
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
    const removed = this.items.splice(1, merged);
    const updated: OutboxItem = { ...head, body };
    this.items[0] = updated;
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

  /**
   * Delivers the items in order, one at a time, until the outbox is empty or a delivery says `retry`. Concurrent
   * calls share one run (a call during a run makes it go round once more for items added meanwhile).
   */
  flush(deliver: (item: OutboxItem) => Promise<DeliveryResult>, onRejected?: (item: OutboxItem) => void): Promise<void> {
    if (this.flushing) {
      this.again = true;
      return this.flushing;
    }
    const run = async () => {
      // Yield first: `this.flushing` must be set before the run can finish.
      await Promise.resolve();
      try {
        do {
          this.again = false;
          while (this.items.length > 0) {
            this.coalesceHead();
            const head = this.items[0]!;
            this.attempted.add(head.id);
            const result = await deliver(head);
            if (result === 'retry') return;
            if (result === 'rejected') onRejected?.(head);
            this.remove(head.id);
          }
        } while (this.again);
      } finally {
        this.flushing = null;
      }
    };
    this.flushing = run();
    return this.flushing;
  }
}
