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
