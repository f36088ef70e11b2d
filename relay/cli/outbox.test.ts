import { appendFileSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { ACK_TIMEOUT, DeadLetters, drainOutbox } from './delivery';
import { type DeliveryResult, Outbox, type OutboxItem } from './outbox';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'tern-outbox-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const notice = (text: string) => ({ type: 'notice' as const, level: 'info' as const, text });
/** No answer (the connection dropped): retryable. */
const timeout: DeliveryResult = { code: ACK_TIMEOUT, message: 'no answer' };
const texts = (items: ReadonlyArray<OutboxItem>) =>
  items.map((i) => (i.kind === 'event' && i.body.type === 'notice' ? i.body.text : i.kind));

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
        return timeout;
      }
      return 'acked';
    };
    await outbox.flush(deliver);
    expect(seen).toEqual(['a', 'b']);
    expect(texts(outbox.pending)).toEqual(['b', 'c']);
    const ids = outbox.pending.map((i) => i.id);
    outbox.addEvent('s1', notice('d'));
    outbox.retryNow(); // reconnected
    await outbox.flush(deliver);
    expect(seen).toEqual(['a', 'b', 'b', 'c', 'd']);
    expect(outbox.size).toBe(0);
    // The resent event kept its eventId (the relay's idempotency key).
    expect(ids).toHaveLength(2);
  });

  it('sets a refused item (malformed) aside instead of blocking the queue', async () => {
    const outbox = new Outbox();
    outbox.addEvent('s1', notice('bad'));
    outbox.addMeta('s1', { active: false });
    const rejected: OutboxItem[] = [];
    const delivered: string[] = [];
    await outbox.flush(
      async (item) => {
        delivered.push(item.kind === 'event' ? item.body.type : 'meta');
        return item.kind === 'event' && item.body.type === 'notice' ? { code: 'BAD_REQUEST', message: 'invalid' } : 'acked';
      },
      (item) => rejected.push(item),
    );
    // The refused notice, then the error event put in its place, then the meta update.
    expect(delivered).toEqual(['notice', 'error', 'meta']);
    expect(rejected).toHaveLength(1);
    expect(outbox.size).toBe(0);
  });

  it('persists to a private JSONL file and survives a crash (and a torn last line)', async () => {
    const file = path.join(dir, 'outbox-x.jsonl');
    const first = new Outbox(file);
    const a = first.addEvent('s1', notice('a'));
    first.addEvent('s1', notice('b'));
    await first.flush(async (item) => (item.id === a.id ? 'acked' : timeout));
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
      return timeout;
    });
    outbox.addEvent('s', delta('m1', 'lo'));
    outbox.addEvent('s', delta('m1', ' world'));
    outbox.addEvent('s', delta('m2', '!'));
    outbox.addEvent('s', notice('n'));
    sent = [];
    outbox.retryNow();
    await outbox.flush(async (item) => {
      sent.push(item);
      return 'acked';
    });
    const summary = sent.map((i) =>
      i.kind === 'event' ? (i.body.type === 'assistant_delta' ? `${i.body.messageId}:${i.body.text}` : i.body.type) : i.kind,
    );
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
    await outbox.flush(async () => timeout);
    const reloaded = new Outbox(file);
    expect(
      reloaded.pending.map((i) => (i.kind === 'event' && i.body.type === 'tool_output' ? `${i.body.stream}:${i.body.chunk}` : '')),
    ).toEqual(['stdout:ab', 'stderr:c']);
    expect(reloaded.pending[0]!.id).toBe(outbox.pending[0]!.id);
  });
});

describe('outbox refusals (issue #11)', () => {
  const poison = { type: 'tool_output' as const, toolCallId: '', stream: 'stdout' as const, chunk: 'a\u0000b\ud800' };
  const badRequest: DeliveryResult = { code: 'BAD_REQUEST', message: 'body.toolCallId: Too small\u0000\u202E' };
  const clock = () => {
    const c = { t: Date.parse('2025-01-02T03:04:05.000Z'), now: () => c.t, sleep: async (ms: number) => void (c.t += ms) };
    return c;
  };
  const deadLines = (file: string) =>
    readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { at: string; code: string; message: string; item: OutboxItem });

  it('a final refusal moves the event to the dead letters, queues an error event for its session, and goes on', async () => {
    const file = path.join(dir, 'outbox-i.jsonl');
    const deadFile = path.join(dir, 'outbox-i.dead.jsonl');
    const c = clock();
    const outbox = new Outbox(file, { deadLetters: new DeadLetters(deadFile), now: c.now });
    const bad = outbox.addEvent('s1', poison);
    outbox.addEvent('s1', notice('next'));
    const sent: OutboxItem[] = [];
    const reported: string[] = [];
    const result = await outbox.flush(
      async (item) => {
        sent.push(item);
        return item.id === bad.id ? badRequest : 'acked';
      },
      (item, reason) => reported.push(`${item.id}:${reason.code}`),
    );
    expect(result).toEqual({ status: 'empty' });
    expect(sent.map((i) => (i.kind === 'event' ? i.body.type : i.kind))).toEqual(['tool_output', 'error', 'notice']);
    expect(reported).toEqual([`${bad.id}:BAD_REQUEST`]);

    const error = sent[1]!;
    expect(error).toMatchObject({
      kind: 'event',
      sessionId: 's1',
      body: { type: 'error', code: 'EVENT_UNDELIVERABLE', params: { eventType: 'tool_output', reason: 'BAD_REQUEST' } },
    });
    // Nothing of the refused payload, and no unstorable or invisible characters, in the error event.
    const errorJson = JSON.stringify(error);
    for (const part of ['a\\u0000b', '\\u0000', '\\ud800', '\u202E']) expect(errorJson).not.toContain(part);
    expect(error.kind === 'event' && error.body.type === 'error' && error.body.message).toContain('An event could not be delivered');

    const [entry, ...rest] = deadLines(deadFile);
    expect(rest).toEqual([]);
    expect(entry).toEqual({ at: '2025-01-02T03:04:05.000Z', code: 'BAD_REQUEST', message: 'body.toolCallId: Too small', item: bad });
    expect(statSync(deadFile).mode & 0o777).toBe(0o600);
    // The jam does not survive a restart: the refused event is gone from the outbox file.
    expect(new Outbox(file).size).toBe(0);
  });

  it('after a restart, the error event still comes first, before what was queued behind the refused event', async () => {
    const file = path.join(dir, 'outbox-r.jsonl');
    const outbox = new Outbox(file, { deadLetters: new DeadLetters(path.join(dir, 'dead.jsonl')) });
    const bad = outbox.addEvent('s1', poison);
    outbox.addEvent('s1', notice('next'));
    // The relay refuses the poison, then the connection drops before the error event is acked.
    await outbox.flush(async (item) => (item.id === bad.id ? badRequest : timeout));
    const reloaded = new Outbox(file);
    expect(reloaded.pending.map((i) => (i.kind === 'event' ? i.body.type : i.kind))).toEqual(['error', 'notice']);
  });

  it('a refused error event is set aside without another one (no loop)', async () => {
    const deadFile = path.join(dir, 'dead.jsonl');
    const outbox = new Outbox(undefined, { deadLetters: new DeadLetters(deadFile) });
    outbox.addEvent('gone', poison);
    let attempts = 0;
    const result = await outbox.flush(async () => {
      attempts++;
      return { code: 'NOT_FOUND', message: 'Session not found' };
    });
    expect(result).toEqual({ status: 'empty' });
    expect(attempts).toBe(2);
    expect(deadLines(deadFile).map((e) => (e.item.kind === 'event' ? e.item.body.type : ''))).toEqual(['tool_output', 'error']);
  });

  it('an event larger than the relay accepts is set aside without being sent', async () => {
    const outbox = new Outbox();
    outbox.addEvent('s1', { type: 'assistant_message', messageId: 'm', text: '\u0000'.repeat(400_000) });
    const sent: string[] = [];
    await outbox.flush(async (item) => {
      sent.push(item.kind === 'event' ? item.body.type : item.kind);
      return 'acked';
    });
    expect(sent).toEqual(['error']);
  });

  it('a retryable refusal keeps the head, blocks further attempts until its backoff has passed, and the delays grow', async () => {
    const c = clock();
    const outbox = new Outbox(undefined, { now: c.now, random: () => 0.5 });
    const head = outbox.addEvent('s1', notice('head'));
    outbox.addEvent('s1', notice('behind'));
    let attempts = 0;
    let down = 7;
    const deliver = async (item: OutboxItem): Promise<DeliveryResult> => {
      attempts++;
      expect(item.id).toBe(head.id); // the queue keeps its order: nothing overtakes the head
      return down-- > 0 ? { code: 'INTERNAL', message: 'Server error, please try again' } : 'acked';
    };
    const delays: number[] = [];
    for (let i = 0; i < 7; i++) {
      const result = await outbox.flush(deliver);
      if (result.status !== 'retry') throw new Error(`expected a retry, got ${result.status}`);
      delays.push(result.delayMs);
      // Flushing again before the delay (a new event, say) does not try again.
      c.t += result.delayMs - 1;
      expect(await outbox.flush(deliver)).toMatchObject({ status: 'retry', delayMs: 1 });
      c.t += 1;
    }
    expect(attempts).toBe(7);
    expect(delays).toEqual([750, 1500, 3000, 6000, 12_000, 22_500, 22_500]);
    expect(outbox.size).toBe(2);
    outbox.addEvent('s1', notice('later'));
    c.t += 22_500;
    const rest: string[] = [];
    expect(await outbox.flush(async (item) => (rest.push(texts([item])[0]!), 'acked'))).toEqual({ status: 'empty' });
    expect(rest).toEqual(['head', 'behind', 'later']);
  });

  it('offline: nothing is tried and nothing counts as a failure', async () => {
    const c = clock();
    const outbox = new Outbox(undefined, { now: c.now, random: () => 0 });
    outbox.addEvent('s1', notice('a'));
    expect(await outbox.flush(async () => 'offline')).toEqual({ status: 'offline' });
    expect(await outbox.flush(async () => ({ code: 'INTERNAL', message: '' }))).toMatchObject({
      status: 'retry',
      delayMs: 500,
      failures: 1,
    });
  });

  it('ignores outbox lines whose item lacks the fields the flush needs', () => {
    const file = path.join(dir, 'outbox-bad.jsonl');
    appendFileSync(
      file,
      JSON.stringify({ op: 'add', item: { kind: 'event', id: 'x' } }) +
        '\n' +
        JSON.stringify({ op: 'add', item: { kind: 'event', id: 'y', sessionId: 's', body: notice('ok') } }) +
        '\n',
    );
    expect(new Outbox(file).pending.map((i) => i.id)).toEqual(['y']);
  });
});

describe('shutdown drain (issue #11)', () => {
  const fakeClock = () => {
    const c = { t: 0, sleeps: [] as number[], now: () => c.t, sleep: async (ms: number) => void (c.sleeps.push(ms), (c.t += ms)) };
    return c;
  };

  it('waits out the backoff instead of spinning and gives up at the deadline, leaving the events on disk', async () => {
    const c = fakeClock();
    const file = path.join(dir, 'outbox-d.jsonl');
    const outbox = new Outbox(file, { now: c.now, random: () => 0.5 });
    outbox.addEvent('s1', notice('a'));
    outbox.addEvent('s1', notice('b'));
    let attempts = 0;
    const emptied = await drainOutbox(
      () =>
        outbox.flush(async () => {
          attempts++;
          return { code: 'INTERNAL', message: 'Server error' };
        }),
      3000,
      c,
    );
    expect(emptied).toBe(false);
    // 750 ms, then 1500 ms; the next wait (3000 ms) would end after the deadline.
    expect(c.sleeps).toEqual([750, 1500]);
    expect(attempts).toBe(3);
    expect(c.t).toBeLessThanOrEqual(3000);
    expect(new Outbox(file).size).toBe(2);
  });

  it('empties the outbox when the relay recovers before the deadline, and stops at once when offline', async () => {
    const c = fakeClock();
    const outbox = new Outbox(undefined, { now: c.now, random: () => 0 });
    outbox.addEvent('s1', notice('a'));
    let failures = 2;
    expect(
      await drainOutbox(() => outbox.flush(async () => (failures-- > 0 ? { code: 'INTERNAL', message: '' } : 'acked')), 10_000, c),
    ).toBe(true);
    expect(c.sleeps).toEqual([500, 1000]);

    outbox.addEvent('s1', notice('b'));
    let offlineAttempts = 0;
    expect(
      await drainOutbox(
        () =>
          outbox.flush(async () => {
            offlineAttempts++;
            return 'offline';
          }),
        20_000,
        c,
      ),
    ).toBe(false);
    expect(offlineAttempts).toBe(1);
  });
});

/**
 * A relay that answers when told to: each `deliver` waits until the test settles it (the window's acks held for the
 * relay's next write, or in flight on a slow link).
 */
function heldRelay() {
  const sent: Array<{ text: string; resume: boolean; answer: (result: DeliveryResult) => void }> = [];
  const deliver = (item: OutboxItem, resume: boolean) =>
    new Promise<DeliveryResult>((answer) => sent.push({ text: texts([item])[0]!, resume, answer }));
  return { sent, deliver };
}
const turn = () => new Promise((r) => setImmediate(r));

describe('outbox with an event window (a relay that took eventWindow)', () => {
  it('sends the next events before the last are acked, up to the window, and an event added meanwhile at once', async () => {
    const outbox = new Outbox();
    for (const t of ['a', 'b', 'c']) outbox.addEvent('s1', notice(t));
    const relay = heldRelay();
    const run = outbox.flush(relay.deliver, undefined, 2);
    await turn();
    // Two in flight (the window), none acked yet.
    expect(relay.sent.map((s) => s.text)).toEqual(['a', 'b']);
    relay.sent[0]!.answer('acked');
    await turn();
    expect(relay.sent.map((s) => s.text)).toEqual(['a', 'b', 'c']);
    // Added while acks are awaited: a flush call wakes the run, which sends it once the window has room.
    outbox.addEvent('s1', notice('d'));
    void outbox.flush(relay.deliver, undefined, 2);
    await turn();
    expect(relay.sent).toHaveLength(3);
    relay.sent[1]!.answer('acked');
    await turn();
    expect(relay.sent.map((s) => s.text)).toEqual(['a', 'b', 'c', 'd']);
    relay.sent[2]!.answer('acked');
    relay.sent[3]!.answer('acked');
    expect(await run).toEqual({ status: 'empty' });
    expect(outbox.size).toBe(0);
    expect(relay.sent.every((s) => !s.resume)).toBe(true);
  });

  it('an event added while the window waits for its acks goes out at once, not after them', async () => {
    const outbox = new Outbox();
    outbox.addEvent('s1', notice('a'));
    const relay = heldRelay();
    const run = outbox.flush(relay.deliver, undefined, 32);
    await turn();
    outbox.addEvent('s1', notice('b'));
    void outbox.flush(relay.deliver, undefined, 32);
    await turn();
    // "a" is not acked yet (a relay holding its ack for its next write): "b" went anyway.
    expect(relay.sent.map((s) => s.text)).toEqual(['a', 'b']);
    for (const s of relay.sent) s.answer('acked');
    expect(await run).toEqual({ status: 'empty' });
  });

  it('OUT_OF_ORDER: sends again from the first event not stored, marked resume, without a backoff', async () => {
    const outbox = new Outbox();
    for (const t of ['a', 'b', 'c']) outbox.addEvent('s1', notice(t));
    const relay = heldRelay();
    const run = outbox.flush(relay.deliver, undefined, 8);
    await turn();
    expect(relay.sent.map((s) => s.text)).toEqual(['a', 'b', 'c']);
    // "a" is stored; "b" was refused for good; "c", sent behind it, was refused for its place.
    relay.sent[0]!.answer('acked');
    relay.sent[1]!.answer({ code: 'BAD_REQUEST', message: 'bad' });
    relay.sent[2]!.answer({ code: 'OUT_OF_ORDER', message: 'behind a refused event' });
    await turn();
    await turn();
    // The error event in the refused one's place, then "c": the first of them marked resume.
    const again = relay.sent.slice(3);
    expect(again.map((s) => [s.text, s.resume])).toEqual([
      ['event', true],
      ['c', false],
    ]);
    for (const s of again) s.answer('acked');
    expect(await run).toEqual({ status: 'empty' });
    expect(outbox.size).toBe(0);
  });

  it('after a refusal nothing goes out, the resume included, until every event sent before is answered', async () => {
    const outbox = new Outbox();
    for (const t of ['a', 'b', 'c']) outbox.addEvent('s1', notice(t));
    const relay = heldRelay();
    const run = outbox.flush(relay.deliver, undefined, 8);
    await turn();
    // "b" is refused at once (its payload) while "a" still waits for its commit, which may yet fail.
    relay.sent[1]!.answer({ code: 'BAD_REQUEST', message: 'bad' });
    await turn();
    expect(relay.sent).toHaveLength(3);
    relay.sent[2]!.answer({ code: 'OUT_OF_ORDER', message: 'behind a refused event' });
    await turn();
    expect(relay.sent).toHaveLength(3);
    relay.sent[0]!.answer('acked');
    await turn();
    await turn();
    expect(relay.sent.slice(3).map((s) => [s.text, s.resume])).toEqual([
      ['event', true],
      ['c', false],
    ]);
    for (const s of relay.sent.slice(3)) s.answer('acked');
    expect(await run).toEqual({ status: 'empty' });
  });

  it('the error event of a refused event keeps its place in a window (not first of the outbox)', async () => {
    const outbox = new Outbox();
    for (const t of ['a', 'b']) outbox.addEvent('s1', notice(t));
    const relay = heldRelay();
    void outbox.flush(relay.deliver, undefined, 8);
    await turn();
    relay.sent[1]!.answer({ code: 'BAD_REQUEST', message: 'bad' });
    await turn();
    // "a" still waits for its ack: the error event for "b" goes after it.
    expect(outbox.pending.map((i) => (i.kind === 'event' ? i.body.type : i.kind))).toEqual(['notice', 'error']);
    relay.sent[0]!.answer('acked');
  });

  it('a retryable refusal: one backoff for the run however many were in flight, then again from it, marked resume', async () => {
    let now = 1000;
    const outbox = new Outbox(undefined, { now: () => now, random: () => 0 });
    for (const t of ['a', 'b', 'c']) outbox.addEvent('s1', notice(t));
    const relay = heldRelay();
    const run = outbox.flush(relay.deliver, undefined, 8);
    await turn();
    relay.sent[0]!.answer({ code: 'INTERNAL', message: 'the database failed' });
    relay.sent[1]!.answer({ code: 'OUT_OF_ORDER', message: 'behind a failed event' });
    relay.sent[2]!.answer({ code: 'OUT_OF_ORDER', message: 'behind a failed event' });
    const result = await run;
    expect(result).toMatchObject({ status: 'retry', failures: 1, delayMs: 500 });
    expect(texts(outbox.pending)).toEqual(['a', 'b', 'c']);
    // Nothing before the backoff has passed.
    await outbox.flush(relay.deliver, undefined, 8);
    expect(relay.sent).toHaveLength(3);
    now += 500;
    const second = outbox.flush(relay.deliver, undefined, 8);
    await turn();
    expect(relay.sent.slice(3).map((s) => [s.text, s.resume])).toEqual([
      ['a', true],
      ['b', false],
      ['c', false],
    ]);
    for (const s of relay.sent.slice(3)) s.answer('acked');
    expect(await second).toEqual({ status: 'empty' });
  });

  it('a session:meta update goes alone: after the events in flight, before the events behind it', async () => {
    const outbox = new Outbox();
    outbox.addEvent('s1', notice('a'));
    outbox.addMeta('s1', { title: 'T' });
    outbox.addEvent('s1', notice('b'));
    const relay = heldRelay();
    const run = outbox.flush(relay.deliver, undefined, 8);
    await turn();
    expect(relay.sent.map((s) => s.text)).toEqual(['a']);
    relay.sent[0]!.answer('acked');
    await turn();
    expect(relay.sent.map((s) => s.text)).toEqual(['a', 'meta']);
    relay.sent[1]!.answer('acked');
    await turn();
    expect(relay.sent.map((s) => s.text)).toEqual(['a', 'meta', 'b']);
    relay.sent[2]!.answer('acked');
    expect(await run).toEqual({ status: 'empty' });
  });

  it('a meta update first after an item not acked leaves the resume mark to the next event', async () => {
    // The connection drops with the meta update in flight; after it, the meta goes first (no mark), then "b".
    const outbox = new Outbox();
    outbox.addMeta('s1', { title: 'T' });
    outbox.addEvent('s1', notice('b'));
    const relay = heldRelay();
    const run = outbox.flush(relay.deliver, undefined, 8);
    await turn();
    relay.sent[0]!.answer('offline');
    expect(await run).toEqual({ status: 'offline' });
    const again = outbox.flush(relay.deliver, undefined, 8);
    await turn();
    expect(relay.sent.slice(1).map((s) => [s.text, s.resume])).toEqual([['meta', false]]);
    relay.sent[1]!.answer('acked');
    await turn();
    expect(relay.sent.slice(2).map((s) => [s.text, s.resume])).toEqual([['b', true]]);
    relay.sent[2]!.answer('acked');
    expect(await again).toEqual({ status: 'empty' });
  });

  it('offline: the run ends once those in flight are answered, and the next event sent is marked resume', async () => {
    const outbox = new Outbox();
    for (const t of ['a', 'b']) outbox.addEvent('s1', notice(t));
    const relay = heldRelay();
    const run = outbox.flush(relay.deliver, undefined, 8);
    await turn();
    relay.sent[0]!.answer('acked');
    relay.sent[1]!.answer(timeout); // the connection dropped with "b" in flight
    expect(await run).toMatchObject({ status: 'retry' });
    outbox.retryNow();
    const again = outbox.flush(relay.deliver, undefined, 8);
    await turn();
    expect(relay.sent.slice(2).map((s) => [s.text, s.resume])).toEqual([['b', true]]);
    relay.sent[2]!.answer('acked');
    expect(await again).toEqual({ status: 'empty' });
  });
});
