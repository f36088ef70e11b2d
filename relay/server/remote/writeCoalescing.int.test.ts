import { randomUUID } from 'node:crypto';
import { Socket as NetSocket } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { coalesceWrites as coalesceCliWrites } from '../../cli/writeCoalescing';
import {
  CLI_EVENTS,
  type InputAck,
  inputAckSchema,
  liveSessionPushSchema,
  type SessionEvents,
  sessionEventsSchema,
  WEB_EVENTS,
  WEB_PUSH,
} from '../../protocol';
import { connect, connectCli, emitOutputs, request, waitFor, webSocket } from '../testing/remoteClients';
import { sharedTestRelay } from '../testing/sharedRelay';

/**
 * One socket write per connection and turn (relay/protocol/turnFlush.ts, docs/performance.md, "What was built"),
 * counted on real TCP sockets: every write or writev system call Node makes on a socket goes through
 * net.Socket#_writeGeneric, which is wrapped here for the file's tests.
 */
const shared = sharedTestRelay();
const { track } = shared;

const writes = { toClients: 0, toRelay: 0 };
let relayPort = 0;
const proto = NetSocket.prototype as unknown as { _writeGeneric: (this: NetSocket, ...args: unknown[]) => unknown };
const original = proto._writeGeneric;
beforeAll(() => {
  relayPort = Number(new URL(shared.relay.url).port);
  proto._writeGeneric = function (this: NetSocket, ...args: unknown[]) {
    if (this.localPort === relayPort) writes.toClients++;
    else if (this.remotePort === relayPort) writes.toRelay++;
    return original.apply(this, args);
  };
});
afterAll(() => {
  proto._writeGeneric = original;
});

/** Counts the writes both ways while `work` runs (and until its last answer arrived). */
async function counted<T>(work: () => Promise<T>): Promise<{ result: T; toClients: number; toRelay: number }> {
  writes.toClients = 0;
  writes.toRelay = 0;
  const result = await work();
  return { result, toClients: writes.toClients, toRelay: writes.toRelay };
}

/** A CLI with a session and a window joined to it, the CLI's socket writing once per turn as relay/cli's does. */
async function setup(carried = false, carriedLive = false, ownNotices = false) {
  const { user, instanceId, cli } = await connectCli(shared.relay, { track });
  coalesceCliWrites(cli);
  const web = track(await connect(webSocket(shared.relay, user.jwt)));
  expect((await request(web, WEB_EVENTS.instanceAttach, { instanceId })).ok).toBe(true);
  const created = await request(web, WEB_EVENTS.sessionCreate, { instanceId, clientRequestId: randomUUID() });
  const sessionId = created.session.id as string;
  const join = { sessionId, afterSeq: 0, batches: true, notices: true, carried, carriedLive, ownNotices };
  expect((await request(web, WEB_EVENTS.sessionJoin, join)).ok).toBe(true);
  return { cli, web, sessionId, user };
}

describe('writes per turn', () => {
  it('a burst of 20 CLI events goes to the relay in one write, and the acks of their commit come back in one', async () => {
    const { cli, web, sessionId } = await setup();
    let live = 0;
    web.on(WEB_PUSH.sessionLive, () => live++);
    const { result: acks, toClients, toRelay } = await counted(() => emitOutputs(cli, sessionId, 20));
    expect(acks.map((a) => a.ok)).toEqual(Array(20).fill(true));
    expect(acks.map((a) => a.seq)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    // One write each way for the burst and its acks (one per packet before: 20 and 20); the window's live copies and
    // stored copies are the rest of the relay's writes, a few for the 20 events (40 before).
    expect(toRelay).toBeLessThanOrEqual(2);
    expect(toClients).toBeLessThanOrEqual(6);
    await waitFor(() => live === 20, 5000, 'the live copies');
  });

  it('an input’s stored copy reaches its window in the same write as the input’s ack', async () => {
    const { cli, web, sessionId } = await setup();
    // The CLI answers each input (connectCli acks the command); the relay takes CLI events with an ack only.
    cli.on('session:input', (payload: { clientMsgId: string }) => {
      const answer = { type: 'assistant_message', messageId: payload.clientMsgId, text: 'pong' };
      cli.emit(CLI_EVENTS.sessionEvent, { sessionId, eventId: randomUUID(), body: answer }, () => undefined);
    });
    const seqs = new Set<number>();
    web.on(WEB_PUSH.sessionEvents, (batch: { events: Array<{ seq: number }>; notices?: Array<{ seq: number }> }) => {
      for (const e of [...batch.events, ...(batch.notices ?? [])]) seqs.add(e.seq);
    });
    web.on(WEB_PUSH.sessionEvent, (event: { seq: number }) => seqs.add(event.seq));
    for (let i = 0; i < 10; i++) {
      const ack = await request(web, WEB_EVENTS.sessionInput, { sessionId, clientMsgId: randomUUID(), text: `ping ${i}` });
      expect(ack.ok).toBe(true);
      // Packets of one write are read and handled in one go, before the ack's promise continues here. Sent apart, the
      // stored copy would come STORED_FLUSH_MS (50 ms) after the ack.
      expect(seqs.has(ack.seq as number), `stored copy of seq ${ack.seq} with its ack`).toBe(true);
    }
    // Every event of the 10 rounds (inputs and answers) is stored and reached the window: seqs 1..20.
    await waitFor(() => seqs.size === 20, 5000, 'the stored copies');
    expect([...seqs].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('an input’s ack waits for the window’s next write (the answer’s live copy), and comes on its own when there is none', async () => {
    const { cli, web, sessionId } = await setup();
    // The CLI takes the input at once (connectCli acks the command) and answers 25 ms later, as a model would.
    let answer = true;
    cli.on('session:input', (payload: { clientMsgId: string }) => {
      if (!answer) return;
      const body = { type: 'assistant_message', messageId: payload.clientMsgId, text: 'pong' };
      setTimeout(() => cli.emit(CLI_EVENTS.sessionEvent, { sessionId, eventId: randomUUID(), body }, () => undefined), 25);
    });
    let pushed = 0;
    // Stored copies ride along with the ack either way (the test above): count what else the window is sent.
    web.onAny((name: string) => {
      if (name !== WEB_PUSH.sessionEvent && name !== WEB_PUSH.sessionEvents) pushed++;
    });
    for (let i = 0; i < 5; i++) {
      pushed = 0;
      const ack = await request(web, WEB_EVENTS.sessionInput, { sessionId, clientMsgId: randomUUID(), text: `ping ${i}` });
      expect(ack.ok).toBe(true);
      // Stored and taken by the CLI within a few ms, the ack was held for the socket's next write (the answer's live
      // copy, or whatever else the window was sent first: a session:updated) and came in the same read, after what it
      // rode along with. Sent on its own, it would come ~20 ms before the live copy, with only its stored copy.
      expect(pushed, `input ${i}: the ack came with another packet`).toBeGreaterThan(0);
    }
    // No answer, so nothing else to write to the window: the ack still comes, when the hold ends.
    answer = false;
    const started = Date.now();
    const ack = await request(web, WEB_EVENTS.sessionInput, { sessionId, clientMsgId: randomUUID(), text: 'no answer' });
    expect(ack.ok).toBe(true);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('a window that joined with carried gets an input’s stored copies, and its answer’s, in the input’s ack', async () => {
    const { cli, web, sessionId } = await setup(true);
    cli.on('session:input', (payload: { clientMsgId: string }) => {
      const answer = { type: 'assistant_message', messageId: payload.clientMsgId, text: 'pong' };
      cli.emit(CLI_EVENTS.sessionEvent, { sessionId, eventId: randomUUID(), body: answer }, () => undefined);
    });
    const seqs: number[] = [];
    // A batch's events and notices are contiguous seqs together, not each list after the other (an answer's notice from
    // an earlier commit can ride with the next input's whole event): taken in seq order, as the console merges them.
    const add = (batch: { events: Array<{ seq: number }>; notices?: Array<{ seq: number }> }) =>
      seqs.push(...[...batch.events, ...(batch.notices ?? [])].map((e) => e.seq).sort((a, b) => a - b));
    // An answer committed apart from its input (a slow CLI, a loaded machine) still comes in a message of its own.
    web.on(WEB_PUSH.sessionEvents, add);
    web.on(WEB_PUSH.sessionEvent, (event: { seq: number }) => seqs.push(event.seq));
    let carried = 0;
    for (let i = 0; i < 10; i++) {
      // Taken in the ack's callback, in the order the packets arrived (an await continues after the rest of the read).
      const ack = await new Promise<InputAck>((resolve) =>
        web.emit(WEB_EVENTS.sessionInput, { sessionId, clientMsgId: randomUUID(), text: `ping ${i}` }, (raw: unknown) => {
          const parsed = inputAckSchema.parse(raw);
          if (parsed.ok && parsed.stored) add(sessionEventsSchema.parse(parsed.stored));
          resolve(parsed);
        }),
      );
      if (!ack.ok) throw new Error(`input refused: ${JSON.stringify(ack)}`);
      if (!ack.stored) continue;
      carried++;
      const stored = sessionEventsSchema.parse(ack.stored);
      expect(stored.sessionId).toBe(sessionId);
      // The input's own stored copy is among them (whole: this window never had it live).
      expect(stored.events.map((e) => e.seq)).toContain(ack.seq);
    }
    // The stored copies come in the acks (each with its own input's, at the least).
    expect(carried).toBeGreaterThanOrEqual(8);
    // Every event of the 10 rounds reached the window exactly once, in order, whichever way it came: seqs 1..20.
    await waitFor(() => seqs.length >= 20, 5000, 'the stored copies');
    expect(seqs).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('a window that joined with ownNotices gets its input’s stored copy in the ack as a notice with its time', async () => {
    const { cli, web, sessionId, user } = await setup(true, true, true);
    cli.on('session:input', (payload: { clientMsgId: string }) => {
      const answer = { type: 'assistant_message', messageId: payload.clientMsgId, text: 'pong' };
      cli.emit(CLI_EVENTS.sessionEvent, { sessionId, eventId: randomUUID(), body: answer }, () => undefined);
    });
    // Another window of the user, joined without ownNotices: it gets the input live, then its stored copy's seq.
    const other = track(await connect(webSocket(shared.relay, user.jwt)));
    const otherJoin = { sessionId, afterSeq: 0, batches: true, notices: true, carried: true, carriedLive: true };
    expect((await request(other, WEB_EVENTS.sessionJoin, otherJoin)).ok).toBe(true);
    const otherLive = new Map<string, { at: string; type: string }>();
    const otherSeqs = new Map<number, string>();
    const seen = (batch: SessionEvents) => {
      for (const e of [...batch.events, ...(batch.notices ?? [])]) otherSeqs.set(e.seq, e.eventId);
    };
    other.on(WEB_PUSH.sessionEvents, (batch: unknown) => seen(sessionEventsSchema.parse(batch)));
    other.on(WEB_PUSH.sessionLive, (payload: unknown) => {
      const { stored, eventId, at, body } = liveSessionPushSchema.parse(payload);
      otherLive.set(eventId, { at, type: body.type });
      if (stored !== undefined) seen(sessionEventsSchema.parse(stored));
    });
    const notices: Array<{ eventId: string; seq: number; at?: string }> = [];
    for (let i = 0; i < 6; i++) {
      const ack = await new Promise<InputAck>((resolve) =>
        web.emit(WEB_EVENTS.sessionInput, { sessionId, clientMsgId: randomUUID(), text: `ping ${i}` }, (raw: unknown) =>
          resolve(inputAckSchema.parse(raw)),
        ),
      );
      if (!ack.ok) throw new Error(`input refused: ${JSON.stringify(ack)}`);
      if (!ack.stored) continue;
      const stored = sessionEventsSchema.parse(ack.stored);
      // Never whole: the window sent the body.
      expect(stored.events.map((e) => e.seq)).not.toContain(ack.seq);
      const own = stored.notices?.find((n) => n.seq === ack.seq);
      expect(own?.at, `input ${i}: its stored copy as a notice with its time`).toBeDefined();
      notices.push(own!);
      // The other notices in it (the answers this window had live) carry no time.
      expect(stored.notices!.filter((n) => n !== own).every((n) => n.at === undefined)).toBe(true);
    }
    expect(notices.length).toBeGreaterThanOrEqual(4);
    // The notice's event id, seq and time are the stored copy's, as the other window got them (live, then its seq).
    await waitFor(() => notices.every((n) => otherSeqs.has(n.seq)), 5000, 'the other window’s stored copies');
    for (const n of notices) {
      expect(otherSeqs.get(n.seq)).toBe(n.eventId);
      expect(otherLive.get(n.eventId)).toEqual({ at: n.at, type: 'user_message' });
    }
  });

  it('a window that did not join with carried gets plain acks (seq only) and its stored copies apart', async () => {
    const { web, sessionId } = await setup(false);
    let stored = 0;
    web.on(WEB_PUSH.sessionEvents, () => stored++);
    web.on(WEB_PUSH.sessionEvent, () => stored++);
    const ack = await request(web, WEB_EVENTS.sessionInput, { sessionId, clientMsgId: randomUUID(), text: 'ping' });
    expect(ack).toEqual({ ok: true, seq: 1 });
    await waitFor(() => stored === 1, 5000, 'the stored copy');
  });

  it('a streaming CLI’s notices ride in its next event’s live copy to a window that joined with carriedLive', async () => {
    const { cli, web, sessionId } = await setup(true, true);
    const seqs: number[] = [];
    let alone = 0;
    let riding = 0;
    const add = (batch: SessionEvents) => seqs.push(...[...batch.events, ...(batch.notices ?? [])].map((e) => e.seq).sort((a, b) => a - b));
    web.on(WEB_PUSH.sessionEvents, (batch: unknown) => {
      alone++;
      add(sessionEventsSchema.parse(batch));
    });
    web.on(WEB_PUSH.sessionEvent, (event: { seq: number }) => {
      alone++;
      seqs.push(event.seq);
    });
    web.on(WEB_PUSH.sessionLive, (payload: unknown) => {
      const { stored } = liveSessionPushSchema.parse(payload);
      if (stored === undefined) return;
      riding++;
      add(sessionEventsSchema.parse(stored));
    });
    // As relay/cli sends: one event at a time, the next once the last is acked (so after its commit).
    for (let i = 0; i < 12; i++) {
      const ack = (await cli.timeout(5_000).emitWithAck(CLI_EVENTS.sessionEvent, {
        sessionId,
        eventId: randomUUID(),
        body: { type: 'tool_output', toolCallId: 'call-1', stream: 'stdout', chunk: `line ${i}\n` },
      })) as { ok: boolean; seq: number };
      expect(ack).toEqual({ ok: true, seq: i + 1 });
    }
    // Each event's notice rode in the next one's live copy; the last waited for one, then went alone.
    await waitFor(() => seqs.length >= 12, 5_000, 'the notices');
    expect(seqs).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(riding).toBeGreaterThanOrEqual(9);
    expect(alone).toBeLessThanOrEqual(3);
  });
});
