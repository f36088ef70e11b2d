import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { SessionEvent } from '../../protocol';
import type { RemoteRepo } from '../storage/repos/remoteRepo';
import type { SessionEventRow } from '../storage/schema';
import { AHEAD_MAX, createSessionFanout } from './fanout';
import type { WebServerSocket } from './namespaces';
import type { NodeBus } from './nodeBus';
import { approxSize, LIVE_REMEMBERED_MAX, NOTICE_HOLD_MS, STORED_FLUSH_MS } from './storedCopies';

/**
 * The fan-out's order rules with a fake namespace, sockets and storage: stored events reach each window once, in seq
 * order, even when they are published out of order (on one node the input's stored copy follows its ack, which waits
 * for the CLI, while the CLI's answer from the same commit goes out at once).
 */
const SESSION = 's1';
const event = (seq: number): SessionEvent => ({
  sessionId: SESSION,
  seq,
  eventId: `e${seq}`,
  at: new Date(0).toISOString(),
  body: { type: 'assistant_message', messageId: `m${seq}`, text: `t${seq}` },
});
/** The event before its commit, as `session:live` carries it (no seq). */
const liveOf = (seq: number) => {
  const { seq: _seq, ...live } = event(seq);
  return live;
};
const row = (seq: number) => ({ ...event(seq), at: new Date(0) }) as unknown as SessionEventRow;

/** `store.count`: how many events storage holds (seqs 1..count). */
function setup(stored = 0, clustered = false) {
  const store = { count: stored };
  const sent: Array<{ name: string; seqs: number[] }> = [];
  const payloads: unknown[] = [];
  const socket = {
    id: 'web1',
    connected: true,
    conn: {},
    emit(name: string, payload: SessionEvent | { events: SessionEvent[] }) {
      payloads.push(payload);
      sent.push({ name, seqs: 'events' in payload ? payload.events.map((e) => e.seq) : [payload.seq] });
      return true;
    },
  } as unknown as WebServerSocket;
  const reads: number[] = [];
  const repo = {
    async eventsAfter(_sessionId: string, after: number, limit: number) {
      reads.push(after);
      return Array.from({ length: Math.max(0, Math.min(limit, store.count - after)) }, (_, i) => row(after + i + 1));
    },
  } as unknown as RemoteRepo;
  const handlers = new Map<string, (payload: unknown) => void>();
  const toNodes: Array<{ name: string; payload: unknown }> = [];
  const nodes = {
    clustered,
    on: (name: string, handler: (payload: unknown) => void) => handlers.set(name, handler),
    emit: (name: string, payload: unknown) => toNodes.push({ name, payload }),
  } as unknown as NodeBus;
  const log = { warn: () => undefined, error: () => undefined } as never;
  const fanout = createSessionFanout(nodes, () => repo, log);
  const seqs = () => sent.filter((s) => s.name !== 'session:live').flatMap((s) => s.seqs);
  return { fanout, socket, sent, payloads, reads, seqs, store, handlers, toNodes };
}

describe('session fan-out order', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('holds an event published ahead of its predecessor and sends both in order, without reading storage', async () => {
    const { fanout, socket, reads, seqs } = setup(0);
    await fanout.join(socket, SESSION, 0);
    expect(reads).toEqual([0]);
    fanout.publish(event(2));
    expect(seqs()).toEqual([]);
    fanout.publish(event(1));
    expect(seqs()).toEqual([1, 2]);
    fanout.publish(event(3));
    expect(seqs()).toEqual([1, 2, 3]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(reads).toEqual([0]);
    expect(seqs()).toEqual([1, 2, 3]);
  });

  it('keeps taking live copies while it waits for a gap to fill', async () => {
    const { fanout, socket, sent } = setup(0);
    await fanout.join(socket, SESSION, 0);
    fanout.publish(event(2));
    const { seq: _seq, ...live } = event(3);
    fanout.publishLive(live);
    expect(sent.map((s) => s.name)).toEqual(['session:live']);
  });

  it('catches up from storage when the gap does not fill in time, and ignores the late event', async () => {
    const { fanout, socket, reads, seqs, store } = setup(3);
    await fanout.join(socket, SESSION, 3);
    store.count = 5;
    fanout.publish(event(5));
    await vi.advanceTimersByTimeAsync(50);
    expect(seqs()).toEqual([]);
    await vi.advanceTimersByTimeAsync(100);
    expect(reads).toEqual([3, 3]);
    expect(seqs()).toEqual([4, 5]);
    fanout.publish(event(4));
    fanout.publish(event(5));
    expect(seqs()).toEqual([4, 5]);
  });

  it('catches up at once when too many events wait for a gap', async () => {
    const { fanout, socket, reads, seqs, store } = setup(30);
    await fanout.join(socket, SESSION, 30);
    const last = 31 + AHEAD_MAX + 1;
    store.count = last;
    for (let seq = 32; seq <= last; seq++) fanout.publish(event(seq));
    await vi.advanceTimersByTimeAsync(0);
    expect(reads.slice(0, 2)).toEqual([30, 30]);
    expect(seqs()).toEqual(Array.from({ length: last - 30 }, (_, i) => 31 + i));
  });

  it("holds a whole commit's answers published before its inputs, live copies still flowing, without reading storage", async () => {
    // One pair's commit of 200 rounds: the CLI's answers (even seqs) settle and publish first, the inputs (odd) after.
    const { fanout, socket, reads, seqs, sent } = setup(0);
    await fanout.join(socket, SESSION, 0);
    for (let seq = 2; seq <= 400; seq += 2) fanout.publish(event(seq));
    fanout.publishLive(liveOf(401));
    for (let seq = 1; seq <= 399; seq += 2) fanout.publish(event(seq));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(reads).toEqual([0]);
    expect(seqs()).toEqual(Array.from({ length: 400 }, (_, i) => i + 1));
    expect(sent.filter((s) => s.name === 'session:live')).toHaveLength(1);
  });

  it('forgets waiting events when the window leaves', async () => {
    const { fanout, socket, reads, seqs } = setup(0);
    await fanout.join(socket, SESSION, 0);
    fanout.publish(event(2));
    fanout.leave(socket, SESSION);
    await vi.advanceTimersByTimeAsync(1_000);
    fanout.publish(event(1));
    expect(seqs()).toEqual([]);
    expect(reads).toEqual([0]);
  });

  it('gathers stored copies for a batching window over STORED_FLUSH_MS into one session:events', async () => {
    const { fanout, socket, sent } = setup(0);
    await fanout.join(socket, SESSION, 0, { batches: true });
    fanout.publish(event(1));
    await vi.advanceTimersByTimeAsync(STORED_FLUSH_MS / 2);
    fanout.publish(event(2));
    fanout.publish(event(3));
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(STORED_FLUSH_MS / 2);
    expect(sent).toEqual([{ name: 'session:events', seqs: [1, 2, 3] }]);
    fanout.publish(event(4));
    await vi.advanceTimersByTimeAsync(STORED_FLUSH_MS);
    expect(sent.at(-1)).toEqual({ name: 'session:event', seqs: [4] });
  });

  it('sends a window that joined with notices the seq of an event it had live, the whole event otherwise', async () => {
    const { fanout, socket, payloads } = setup(0);
    await fanout.join(socket, SESSION, 0, { batches: true, notices: true });
    fanout.publishLive(liveOf(1));
    fanout.publishLive(liveOf(2));
    for (const seq of [1, 2, 3]) fanout.publish(event(seq));
    await vi.advanceTimersByTimeAsync(STORED_FLUSH_MS);
    expect(payloads.at(-1)).toEqual({
      sessionId: SESSION,
      events: [event(3)],
      notices: [
        { eventId: 'e1', seq: 1 },
        { eventId: 'e2', seq: 2 },
      ],
    });
    // Only notices: still one session:events.
    fanout.publishLive(liveOf(4));
    fanout.publish(event(4));
    await vi.advanceTimersByTimeAsync(STORED_FLUSH_MS);
    expect(payloads.at(-1)).toEqual({ sessionId: SESSION, events: [], notices: [{ eventId: 'e4', seq: 4 }] });
    // Past LIVE_REMEMBERED_MAX live copies awaiting their stored copy, the rest come whole.
    for (let seq = 5; seq < 5 + LIVE_REMEMBERED_MAX + 2; seq++) fanout.publishLive(liveOf(seq));
    for (let seq = 5; seq < 5 + LIVE_REMEMBERED_MAX + 2; seq++) fanout.publish(event(seq));
    await vi.advanceTimersByTimeAsync(STORED_FLUSH_MS);
    const last = payloads.at(-1) as { events: SessionEvent[]; notices: unknown[] };
    expect([last.notices.length, last.events.map((e) => e.seq)]).toEqual([
      LIVE_REMEMBERED_MAX,
      [LIVE_REMEMBERED_MAX + 5, LIVE_REMEMBERED_MAX + 6],
    ]);
  });

  it('has notices wait for the next live copy of a window that joined with carriedLive, and ride in it', async () => {
    const { fanout, socket, sent, payloads } = setup(0);
    await fanout.join(socket, SESSION, 0, { batches: true, notices: true, carried: true, carriedLive: true });
    fanout.publishLive(liveOf(1));
    fanout.publish(event(1));
    // Past STORED_FLUSH_MS, the notice still waits for a live copy to ride in.
    await vi.advanceTimersByTimeAsync(STORED_FLUSH_MS);
    expect(sent.map((s) => s.name)).toEqual(['session:live']);
    fanout.publishLive(liveOf(2));
    expect(payloads.at(-1)).toEqual({ ...liveOf(2), stored: { sessionId: SESSION, events: [], notices: [{ eventId: 'e1', seq: 1 }] } });
    // Nothing else goes for it later.
    await vi.advanceTimersByTimeAsync(NOTICE_HOLD_MS);
    expect(sent.map((s) => s.name)).toEqual(['session:live', 'session:live']);
    // No live copy within NOTICE_HOLD_MS: the notice goes on its own.
    fanout.publish(event(2));
    await vi.advanceTimersByTimeAsync(NOTICE_HOLD_MS - 1);
    expect(sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(payloads.at(-1)).toEqual({ sessionId: SESSION, events: [], notices: [{ eventId: 'e2', seq: 2 }] });
  });

  it('does not hold a whole stored event for a live copy: it goes after STORED_FLUSH_MS, or in a live copy sent before', async () => {
    const { fanout, socket, payloads } = setup(0);
    await fanout.join(socket, SESSION, 0, { batches: true, notices: true, carried: true, carriedLive: true });
    // Event 1 never went live to this window (another window's input): its stored copy is whole.
    fanout.publish(event(1));
    await vi.advanceTimersByTimeAsync(STORED_FLUSH_MS);
    expect(payloads).toEqual([event(1)]);
    fanout.publishLive(liveOf(2));
    fanout.publish(event(2));
    fanout.publish(event(3));
    // A live copy in the meantime takes the notice and the whole event with it.
    fanout.publishLive(liveOf(4));
    expect(payloads.at(-1)).toEqual({
      ...liveOf(4),
      stored: { sessionId: SESSION, events: [event(3)], notices: [{ eventId: 'e2', seq: 2 }] },
    });
    await vi.advanceTimersByTimeAsync(NOTICE_HOLD_MS);
    expect(payloads).toHaveLength(3);
  });

  it('keeps notices waiting when a flush of whole events comes due, and gives each hold its own NOTICE_HOLD_MS', async () => {
    const { fanout, socket, sent, payloads } = setup(0);
    await fanout.join(socket, SESSION, 0, { batches: true, notices: true, carried: true, carriedLive: true });
    fanout.publish(event(1)); // whole: due within STORED_FLUSH_MS
    fanout.publishLive(liveOf(2)); // takes it along
    expect(payloads.at(-1)).toEqual({ ...liveOf(2), stored: { sessionId: SESSION, events: [event(1)] } });
    fanout.publish(event(2)); // a notice alone: held
    await vi.advanceTimersByTimeAsync(STORED_FLUSH_MS);
    expect(sent).toHaveLength(1);
    // Taken by a live copy halfway through its hold; the next notice waits a whole NOTICE_HOLD_MS of its own.
    await vi.advanceTimersByTimeAsync(NOTICE_HOLD_MS / 2 - STORED_FLUSH_MS);
    fanout.publishLive(liveOf(3));
    fanout.publish(event(3));
    await vi.advanceTimersByTimeAsync(NOTICE_HOLD_MS - 1);
    expect(sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(payloads.at(-1)).toEqual({ sessionId: SESSION, events: [], notices: [{ eventId: 'e3', seq: 3 }] });
  });

  it('sends plain live copies to a window that did not join with carriedLive', async () => {
    const { fanout, socket, payloads } = setup(0);
    await fanout.join(socket, SESSION, 0, { batches: true, notices: true, carried: true });
    fanout.publishLive(liveOf(1));
    fanout.publish(event(1));
    fanout.publishLive(liveOf(2));
    expect(payloads.at(-1)).toEqual(liveOf(2));
    await vi.advanceTimersByTimeAsync(STORED_FLUSH_MS);
    expect(payloads.at(-1)).toEqual({ sessionId: SESSION, events: [], notices: [{ eventId: 'e1', seq: 1 }] });
  });

  it('sends whole events to a window that did not ask for notices, and in a replay', async () => {
    const plain = setup(0);
    await plain.fanout.join(plain.socket, SESSION, 0, { batches: true });
    plain.fanout.publishLive(liveOf(1));
    plain.fanout.publish(event(1));
    await vi.advanceTimersByTimeAsync(STORED_FLUSH_MS);
    expect(plain.payloads.at(-1)).toEqual(event(1));
    // A window catching up from storage had no live copy of what it replays: whole events, and nothing remembered.
    const { fanout, socket, payloads, store } = setup(2);
    await fanout.join(socket, SESSION, 0, { batches: true, notices: true });
    expect(payloads.at(-1)).toEqual({ sessionId: SESSION, events: [event(1), event(2)] });
    fanout.publishLive(liveOf(3));
    store.count = 4;
    fanout.publish(event(4)); // ahead of 3: waits, then catches up from storage (3 and 4, whole)
    await vi.advanceTimersByTimeAsync(200);
    expect(payloads.at(-1)).toEqual({ sessionId: SESSION, events: [event(3), event(4)] });
    fanout.publish(event(3));
    await vi.advanceTimersByTimeAsync(STORED_FLUSH_MS);
    expect(payloads).toHaveLength(3);
  });

  it('sends the other nodes one remote:fanout message per turn, and delivers theirs to its own windows', async () => {
    const { fanout, socket, toNodes, handlers, seqs, sent } = setup(0, true);
    await fanout.join(socket, SESSION, 0);
    const { seq: _seq, ...live } = event(3);
    fanout.publishLive(live);
    fanout.publish(event(1));
    fanout.publish(event(2));
    expect(toNodes).toEqual([]);
    await vi.advanceTimersByTimeAsync(0);
    expect(toNodes).toEqual([{ name: 'remote:fanout', payload: { live: [live], stored: [event(1), event(2)] } }]);
    handlers.get('remote:fanout')!({ live: [{ ...live, eventId: 'e4' }], stored: [event(3), event(4)] });
    expect(seqs()).toEqual([1, 2, 3, 4]);
    expect(sent.filter((s) => s.name === 'session:live').length).toBe(2);
  });

  it('splits a turn of large events over several remote:fanout messages of about 256 KB, in order', async () => {
    const { fanout, socket, toNodes } = setup(0, true);
    await fanout.join(socket, SESSION, 0);
    const big = (seq: number): SessionEvent => ({
      ...event(seq),
      body: { type: 'assistant_message', messageId: 'm', text: 'x'.repeat(100_000) },
    });
    for (let seq = 1; seq <= 7; seq++) fanout.publish(big(seq));
    await vi.advanceTimersByTimeAsync(0);
    const batches = toNodes.map((m) => (m.payload as { stored: SessionEvent[] }).stored.map((e) => e.seq));
    expect(batches).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    expect(approxSize(big(1).body, Infinity)).toBeGreaterThan(100_000);
    expect(approxSize({ a: ['xy', 1, null, { b: true }] }, Infinity)).toBe(4 + 4 + 8 + 8 + 4 + 8);
    expect(approxSize('x'.repeat(10), 5)).toBe(12);
  });

  it('sends a batching window about 64 KB of stored events to a message at most', async () => {
    const { fanout, socket, sent } = setup(0);
    await fanout.join(socket, SESSION, 0, { batches: true });
    const big = (seq: number): SessionEvent => ({
      ...event(seq),
      body: { type: 'assistant_message', messageId: 'm', text: 'x'.repeat(30_000) },
    });
    for (let seq = 1; seq <= 5; seq++) fanout.publish(big(seq));
    await vi.advanceTimersByTimeAsync(STORED_FLUSH_MS);
    expect(sent).toEqual([
      { name: 'session:events', seqs: [1, 2, 3] },
      { name: 'session:events', seqs: [4, 5] },
    ]);
  });
});
