import { randomUUID } from 'node:crypto';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';

import { z } from 'zod';

import { writePrivateFile } from './credentials';
import type { EventBody } from './events';

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
    this.flushing = (async () => {
      try {
        do {
          this.again = false;
          while (this.items.length > 0) {
            const head = this.items[0]!;
            const result = await deliver(head);
            if (result === 'retry') return;
            if (result === 'rejected') onRejected?.(head);
            this.remove(head.id);
          }
        } while (this.again);
      } finally {
        this.flushing = null;
      }
    })();
    return this.flushing;
  }
}
