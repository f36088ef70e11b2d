import { randomUUID } from 'node:crypto';

import type { Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';

import {
  CLI_EVENTS,
  type SessionEvent,
  sessionEventSchema,
  sessionEventsSchema,
  sessionHistoryAckSchema,
  sessionJoinAckSchema,
  WEB_EVENTS,
  WEB_PUSH,
} from '../../protocol';
import { connect, connectCli, request, waitFor, webSocket } from '../testing/remoteClients';
import { sharedTestRelay } from '../testing/sharedRelay';
import { approxSize, HISTORY_PAGE_BYTES, latestWithin } from './storedCopies';

/**
 * The latest page first (issue #15): `session:join` with a `tail` replays only the session's last events and says where
 * it started (`from`); `session:history` gives the older ones, a page at a time, in seq order, until the first.
 */
const shared = sharedTestRelay();
const { track } = shared;

/** Every stored event a window receives (`session:event` and `session:events`), validated by the protocol's schemas. */
function storedOf(web: Socket): SessionEvent[] {
  const got: SessionEvent[] = [];
  web.on(WEB_PUSH.sessionEvent, (p: unknown) => got.push(sessionEventSchema.parse(p)));
  web.on(WEB_PUSH.sessionEvents, (p: unknown) => got.push(...sessionEventsSchema.parse(p).events));
  return got;
}

/** A session with `count` stored events from its CLI (`text(i)` the i-th's chunk), and a window of the same user. */
async function sessionWith(count: number, text = (i: number) => `line ${i}\n`) {
  const { user, cli } = await connectCli(shared.relay, { track });
  const sessionId = randomUUID();
  for (let i = 0; i < count; i += 100) {
    const acks = await Promise.all(
      Array.from({ length: Math.min(100, count - i) }, (_, k) =>
        cli.timeout(10_000).emitWithAck(CLI_EVENTS.sessionEvent, {
          sessionId,
          eventId: randomUUID(),
          body: { type: 'tool_output', toolCallId: 'call-1', stream: 'stdout', chunk: text(i + k) },
        }),
      ),
    );
    for (const ack of acks) expect(ack.ok).toBe(true);
  }
  const web = track(await connect(webSocket(shared.relay, user.jwt)));
  return { sessionId, web, jwt: user.jwt };
}

const chunkOf = (event: SessionEvent) => (event.body.type === 'tool_output' ? event.body.chunk : '');

describe('a tail join and older pages (session:history)', () => {
  it('replays only the last `tail` events, says where it started, and hands the rest over in older pages down to the first', async () => {
    const { sessionId, web } = await sessionWith(1_234);
    const got = storedOf(web);
    const joined = sessionJoinAckSchema.parse(
      await request(web, WEB_EVENTS.sessionJoin, { sessionId, afterSeq: 0, tail: 300, batches: true }),
    );
    expect(joined.ok && joined.from).toBe(934);
    await waitFor(() => got.length === 300, 10_000, 'the tail');
    expect(got.map((e) => e.seq)).toEqual(Array.from({ length: 300 }, (_, i) => 935 + i));

    const all: SessionEvent[] = [...got];
    for (let before = 935, pages = 0; before > 1; pages++) {
      expect(pages).toBeLessThan(4);
      const ack = sessionHistoryAckSchema.parse(
        await request(web, WEB_EVENTS.sessionHistory, { sessionId, beforeSeq: before, limit: 500 }),
      );
      if (!ack.ok) throw new Error(JSON.stringify(ack));
      expect(ack.events.length).toBe(Math.min(500, before - 1));
      expect(ack.events.at(-1)!.seq).toBe(before - 1);
      all.unshift(...ack.events);
      before = ack.events[0]!.seq;
    }
    // Every event once, in order, each with its own text.
    expect(all.map((e) => e.seq)).toEqual(Array.from({ length: 1_234 }, (_, i) => i + 1));
    expect(all.map(chunkOf)).toEqual(Array.from({ length: 1_234 }, (_, i) => `line ${i}\n`));
    // Before the first: nothing more.
    const none = sessionHistoryAckSchema.parse(await request(web, WEB_EVENTS.sessionHistory, { sessionId, beforeSeq: 1, limit: 10 }));
    expect(none).toEqual({ ok: true, events: [] });
  });

  it('a window closer than its tail replays from its own seq, and a join without a tail replays everything', async () => {
    const { sessionId, web, jwt } = await sessionWith(120);
    const got = storedOf(web);
    const close = sessionJoinAckSchema.parse(await request(web, WEB_EVENTS.sessionJoin, { sessionId, afterSeq: 100, tail: 50 }));
    expect(close.ok && close.from).toBe(100);
    await waitFor(() => got.length === 20, 10_000, 'the replay after seq 100');
    expect(got.map((e) => e.seq)).toEqual(Array.from({ length: 20 }, (_, i) => 101 + i));
    const other = track(await connect(webSocket(shared.relay, jwt)));
    const all = storedOf(other);
    const full = sessionJoinAckSchema.parse(await request(other, WEB_EVENTS.sessionJoin, { sessionId, afterSeq: 0 }));
    expect(full.ok && full.from).toBe(0);
    await waitFor(() => all.length === 120, 10_000, 'the full replay');
  });

  it('refuses a session of another user and bad pages, with a clear error', async () => {
    const { sessionId } = await sessionWith(3);
    const { web: stranger } = await sessionWith(1);
    const theirs = sessionHistoryAckSchema.parse(
      await request(stranger, WEB_EVENTS.sessionHistory, { sessionId, beforeSeq: 4, limit: 10 }),
    );
    expect(theirs.ok).toBe(false);
    for (const bad of [
      { sessionId, beforeSeq: 0, limit: 10 },
      { sessionId, beforeSeq: 4, limit: 0 },
      { sessionId, beforeSeq: 4, limit: 501 },
      { sessionId, beforeSeq: 4.5, limit: 10 },
      { sessionId: 'not-a-uuid', beforeSeq: 4, limit: 10 },
    ]) {
      const ack = sessionHistoryAckSchema.parse(await request(stranger, WEB_EVENTS.sessionHistory, bad));
      expect(ack.ok ? 'ok' : ack.error.code, JSON.stringify(bad)).toBe('BAD_REQUEST');
    }
    const tooLong = sessionJoinAckSchema.parse(await request(stranger, WEB_EVENTS.sessionJoin, { sessionId, afterSeq: 0, tail: 501 }));
    expect(tooLong.ok ? 'ok' : tooLong.error.code).toBe('BAD_REQUEST');
  });

  it('cuts a page of big events to about HISTORY_PAGE_BYTES, keeping the latest (and always one)', async () => {
    const big = 'x'.repeat(60_000);
    const { sessionId, web } = await sessionWith(30, () => big);
    const ack = sessionHistoryAckSchema.parse(await request(web, WEB_EVENTS.sessionHistory, { sessionId, beforeSeq: 31, limit: 500 }));
    if (!ack.ok) throw new Error(JSON.stringify(ack));
    const fit = Math.floor(HISTORY_PAGE_BYTES / approxSize(ack.events[0]!.body, Infinity));
    expect(fit).toBeLessThan(30);
    expect(ack.events.map((e) => e.seq)).toEqual(Array.from({ length: fit }, (_, i) => 31 - fit + i));
    const one = (n: number) => ({ body: 'y'.repeat(n) });
    expect(latestWithin([one(10), one(HISTORY_PAGE_BYTES * 2)], HISTORY_PAGE_BYTES)).toHaveLength(1);
    expect(latestWithin([], HISTORY_PAGE_BYTES)).toEqual([]);
  });
});
