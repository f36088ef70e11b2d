import { mkdtempSync, readFileSync, rmSync, statSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { Outbox, type DeliveryResult, type OutboxItem } from './outbox';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'tern-outbox-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const notice = (text: string) => ({ type: 'notice' as const, level: 'info' as const, text });
const texts = (items: ReadonlyArray<OutboxItem>) => items.map((i) => (i.kind === 'event' && i.body.type === 'notice' ? i.body.text : i.kind));

describe('outbox', () => {
  it('delivers in order, keeps unacked items and resends them first after a reconnect', async () => {
    const outbox = new Outbox();
    outbox.addEvent('s1', notice('a'));
    outbox.addEvent('s1', notice('b'));
    outbox.addEvent('s1', notice('c'));
    const seen: string[] = [];
    let online = true;
    const deliver = async (item: OutboxItem): Promise<DeliveryResult> => {
      const t = texts([item])[0]!;
      seen.push(t);
      if (t === 'b' && online) {
        online = false; // the connection drops while "b" is in flight
        return 'retry';
      }
      return 'acked';
    };
    await outbox.flush(deliver);
    expect(seen).toEqual(['a', 'b']);
    expect(texts(outbox.pending)).toEqual(['b', 'c']);
    const ids = outbox.pending.map((i) => i.id);
    outbox.addEvent('s1', notice('d'));
    await outbox.flush(deliver);
    expect(seen).toEqual(['a', 'b', 'b', 'c', 'd']);
    expect(outbox.size).toBe(0);
    // The resent event kept its eventId (the relay's idempotency key).
    expect(ids).toHaveLength(2);
  });

  it('drops a rejected item (malformed) instead of blocking the queue', async () => {
    const outbox = new Outbox();
    outbox.addEvent('s1', notice('bad'));
    outbox.addMeta('s1', { active: false });
    const rejected: OutboxItem[] = [];
    const delivered: string[] = [];
    await outbox.flush(
      async (item) => {
        delivered.push(texts([item])[0]!);
        return item.kind === 'event' ? 'rejected' : 'acked';
      },
      (item) => rejected.push(item),
    );
    expect(delivered).toEqual(['bad', 'meta']);
    expect(rejected).toHaveLength(1);
    expect(outbox.size).toBe(0);
  });

  it('persists to a private JSONL file and survives a crash (and a torn last line)', async () => {
    const file = path.join(dir, 'outbox-x.jsonl');
    const first = new Outbox(file);
    const a = first.addEvent('s1', notice('a'));
    first.addEvent('s1', notice('b'));
    await first.flush(async (item) => (item.id === a.id ? 'acked' : 'retry'));
    expect(statSync(file).mode & 0o777).toBe(0o600);
    appendFileSync(file, '{"op":"add","item":{"kind":"ev'); // crash mid-write
    const second = new Outbox(file);
    expect(texts(second.pending)).toEqual(['b']);
    expect(readFileSync(file, 'utf8').trim().split('\n')).toHaveLength(1);
  });

  it('a flush requested during a flush also delivers items added meanwhile', async () => {
    const outbox = new Outbox();
    const seen: string[] = [];
    outbox.addEvent('s', notice('1'));
    const deliver = async (item: OutboxItem): Promise<DeliveryResult> => {
      await new Promise((r) => setTimeout(r, 5));
      seen.push(texts([item])[0]!);
      return 'acked';
    };
    const p1 = outbox.flush(deliver);
    outbox.addEvent('s', notice('2'));
    const p2 = outbox.flush(deliver);
    await Promise.all([p1, p2]);
    expect(seen).toEqual(['1', '2']);
  });
});

describe('outbox flush on an empty queue', () => {
  it('does not wedge: a flush of an empty outbox lets later flushes deliver', async () => {
    const outbox = new Outbox();
    const seen: string[] = [];
    await outbox.flush(async () => 'acked');
    outbox.addEvent('s', notice('later'));
    await outbox.flush(async (item) => {
      seen.push(texts([item])[0]!);
      return 'acked';
    });
    expect(seen).toEqual(['later']);
  });
});

describe('outbox coalescing', () => {
  const delta = (messageId: string, text: string) => ({ type: 'assistant_delta' as const, messageId, text });
  it('merges unsent deltas of one message, never an item that was already sent', async () => {
    const file = path.join(dir, 'o.jsonl');
    const outbox = new Outbox(file);
    outbox.addEvent('s', delta('m1', 'Hel'));
    let sent: OutboxItem[] = [];
    // The first attempt fails (e.g. the connection drops), so "Hel" counts as sent.
    await outbox.flush(async (item) => {
      sent.push(item);
      return 'retry';
    });
    outbox.addEvent('s', delta('m1', 'lo'));
    outbox.addEvent('s', delta('m1', ' world'));
    outbox.addEvent('s', delta('m2', '!'));
    outbox.addEvent('s', notice('n'));
    sent = [];
    await outbox.flush(async (item) => {
      sent.push(item);
      return 'acked';
    });
    const summary = sent.map((i) => (i.kind === 'event' ? (i.body.type === 'assistant_delta' ? `${i.body.messageId}:${i.body.text}` : i.body.type) : i.kind));
    expect(summary).toEqual(['m1:Hel', 'm1:lo world', 'm2:!', 'notice']);
    expect(new Outbox(file).size).toBe(0);
  });
});

describe('outbox coalescing and crashes', () => {
  it('a merged head survives a restart as one event', async () => {
    const file = path.join(dir, 'c.jsonl');
    const outbox = new Outbox(file);
    outbox.addEvent('s', { type: 'tool_output', toolCallId: 't', stream: 'stdout', chunk: 'a' });
    outbox.addEvent('s', { type: 'tool_output', toolCallId: 't', stream: 'stdout', chunk: 'b' });
    outbox.addEvent('s', { type: 'tool_output', toolCallId: 't', stream: 'stderr', chunk: 'c' });
    await outbox.flush(async () => 'retry');
    const reloaded = new Outbox(file);
    expect(reloaded.pending.map((i) => (i.kind === 'event' && i.body.type === 'tool_output' ? `${i.body.stream}:${i.body.chunk}` : ''))).toEqual([
      'stdout:ab',
      'stderr:c',
    ]);
    expect(reloaded.pending[0]!.id).toBe(outbox.pending[0]!.id);
  });
});
