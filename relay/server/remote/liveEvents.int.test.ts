import { randomUUID } from 'node:crypto';

import type { Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';

import {
  CLI_COMMANDS,
  CLI_EVENTS,
  cliHelloAckSchema,
  liveSessionEventSchema,
  type SessionEvent,
  sessionEventSchema,
  sessionEventsSchema,
  WEB_EVENTS,
  WEB_PUSH,
} from '../../protocol';
import { cliEnv, connect, connectCli, emitOutputs, request, waitFor, webSocket } from '../testing/remoteClients';
import { sharedTestRelay } from '../testing/sharedRelay';

/**
 * `session:live`: events fanned out before their commit (docs/protocol.md, "Live events"). Each must reach the joined
 * windows before its stored copy, with the same id and body and no seq, and an input must reach the CLI before it is
 * stored, once, and not again at its next hello.
 */
const shared = sharedTestRelay({ remote: { commandAckTimeoutMs: 2_000 } });
const { track } = shared;

type Push = { kind: 'live' | 'stored'; event: SessionEvent | Omit<SessionEvent, 'seq'> };

/** Every session push a window receives, in arrival order, validated by the protocol's schemas. */
function pushes(web: Socket): Push[] {
  const got: Push[] = [];
  web.on(WEB_PUSH.sessionLive, (p: unknown) => got.push({ kind: 'live', event: liveSessionEventSchema.parse(p) }));
  web.on(WEB_PUSH.sessionEvent, (p: unknown) => got.push({ kind: 'stored', event: sessionEventSchema.parse(p) }));
  return got;
}

/** A user with a hello'd CLI that records (and acks) every command, a window holding the workspace, a session both windows joined. */
async function setup(tag: string) {
  const email = `live-${tag}-${randomUUID().slice(0, 6)}@example.com`;
  const { user, instanceId, cli, commands } = await connectCli(shared.relay, { email, tokenLabel: tag, track });
  const web = track(await connect(webSocket(shared.relay, user.jwt)));
  const watcher = track(await connect(webSocket(shared.relay, user.jwt)));
  expect((await request(web, WEB_EVENTS.instanceAttach, { instanceId })).ok).toBe(true);
  const created = await request(web, WEB_EVENTS.sessionCreate, { instanceId, clientRequestId: randomUUID() });
  const sessionId = created.session.id as string;
  const seen = { web: pushes(web), watcher: pushes(watcher) };
  for (const w of [web, watcher]) expect((await request(w, WEB_EVENTS.sessionJoin, { sessionId, afterSeq: 0 })).ok).toBe(true);
  return { cli, web, watcher, sessionId, commands, seen, jwt: user.jwt };
}

/** Each stored event came live first (same body, no seq), and nothing came live that was not stored. */
function expectLiveThenStored(got: Push[], ids: string[]) {
  for (const id of ids) {
    const live = got.findIndex((p) => p.kind === 'live' && p.event.eventId === id);
    const stored = got.findIndex((p) => p.kind === 'stored' && p.event.eventId === id);
    expect(live, `live copy of ${id}`).toBeGreaterThanOrEqual(0);
    expect(stored, `stored copy of ${id}`).toBeGreaterThan(live);
    expect('seq' in got[live]!.event).toBe(false);
    expect(got[live]!.event.body).toEqual(got[stored]!.event.body);
    expect(got[live]!.event.at).toBe(got[stored]!.event.at);
  }
  const stored = new Set(got.filter((p) => p.kind === 'stored').map((p) => p.event.eventId));
  expect(got.filter((p) => p.kind === 'live' && !stored.has(p.event.eventId))).toEqual([]);
}

describe('live events', () => {
  it('CLI events reach every joined window live, in the CLI’s order, then stored with seqs in that order', async () => {
    const { cli, sessionId, seen } = await setup('cli');
    const ids = Array.from({ length: 20 }, () => randomUUID());
    expect((await emitOutputs(cli, sessionId, ids)).map((a) => a.seq)).toEqual(ids.map((_, i) => i + 1));
    for (const got of [seen.web, seen.watcher]) {
      await waitFor(() => got.filter((p) => p.kind === 'stored').length === ids.length, 5_000, 'stored copies');
      expectLiveThenStored(got, ids);
      expect(got.filter((p) => p.kind === 'live').map((p) => p.event.eventId)).toEqual(ids);
      expect(got.filter((p) => p.kind === 'stored').map((p) => (p.event as SessionEvent).seq)).toEqual(ids.map((_, i) => i + 1));
    }

    // A CLI resending an event already stored (a lost ack) gets its seq; windows get nothing stored twice.
    const again = await request(cli, CLI_EVENTS.sessionEvent, {
      sessionId,
      eventId: ids[3],
      body: { type: 'tool_output', toolCallId: 'call-1', stream: 'stdout', chunk: 'line 3\n' },
    });
    expect(again).toEqual({ ok: true, seq: 4 });
    await new Promise((r) => setTimeout(r, 100));
    expect(seen.web.filter((p) => p.kind === 'stored')).toHaveLength(ids.length);
  });

  it('an input reaches the CLI before it is stored, once; other windows see it live then stored; no command is kept for it', async () => {
    const { cli, web, sessionId, commands, seen } = await setup('input');
    const input = { sessionId, clientMsgId: randomUUID(), text: 'hello, early' };
    expect(await request(web, WEB_EVENTS.sessionInput, input)).toEqual({ ok: true, seq: 1 });
    // A resend (the browser's outbox, no ack seen) answers the same seq and is not handed over again.
    expect(await request(web, WEB_EVENTS.sessionInput, input)).toEqual({ ok: true, seq: 1 });
    await new Promise((r) => setTimeout(r, 100));
    expect(commands.filter((c) => c.event === CLI_COMMANDS.sessionInput)).toEqual([{ event: CLI_COMMANDS.sessionInput, payload: input }]);
    for (const got of [seen.web, seen.watcher]) {
      await waitFor(() => got.some((p) => p.kind === 'stored'), 5_000, 'the stored user_message');
      const stored = got.filter((p) => p.kind === 'stored');
      expect(stored).toHaveLength(1);
      expect(stored[0]!.event.body).toEqual({ type: 'user_message', clientMsgId: input.clientMsgId, text: input.text });
    }
    // The other window sees it live first; the window that sent it (which shows it already) gets only the stored copy.
    expectLiveThenStored(seen.watcher, [seen.watcher.find((p) => p.kind === 'stored')!.event.eventId]);
    expect(seen.web.filter((p) => p.kind === 'live')).toEqual([]);
    // The CLI took it: its next hello is not handed the input again.
    const hello = cliHelloAckSchema.parse(await request(cli, CLI_EVENTS.hello, { env: cliEnv(), sessions: [] }));
    expect(hello.ok && hello.pendingInputs.filter((p) => p.type === 'session:input')).toEqual([]);
  });

  it('a permission answer reaches the CLI before it is stored, once; other windows see it live then stored; no command is kept', async () => {
    const { cli, web, sessionId, commands, seen } = await setup('permission');
    const answer = { sessionId, requestId: randomUUID(), decision: 'allow', scope: 'once' };
    const first = await request(web, WEB_EVENTS.sessionPermission, answer);
    expect(first).toEqual({ ok: true, seq: 1 });
    expect(await request(web, WEB_EVENTS.sessionPermission, answer)).toEqual({ ok: true, seq: 1 });
    await new Promise((r) => setTimeout(r, 100));
    expect(commands.filter((c) => c.event === CLI_COMMANDS.sessionPermission)).toEqual([
      { event: CLI_COMMANDS.sessionPermission, payload: answer },
    ]);
    await waitFor(() => seen.watcher.some((p) => p.kind === 'stored'), 5_000, 'the stored permission_response');
    expectLiveThenStored(seen.watcher, [seen.watcher.find((p) => p.kind === 'stored')!.event.eventId]);
    expect(seen.web.filter((p) => p.kind === 'live')).toEqual([]);
    const hello = cliHelloAckSchema.parse(await request(cli, CLI_EVENTS.hello, { env: cliEnv(), sessions: [] }));
    expect(hello.ok && hello.pendingInputs.filter((p) => p.type === 'session:permission')).toEqual([]);
  });

  it('a window that joins with batches gets stored events several to a message, the same events in the same order', async () => {
    const { cli, sessionId, jwt } = await setup('batches');
    const total = 1_200;
    for (let start = 0; start < total; start += 200) {
      const ids = Array.from({ length: 200 }, () => randomUUID());
      expect((await emitOutputs(cli, sessionId, ids, (i) => `line ${start + i}\n`)).every((a) => a.ok)).toBe(true);
    }
    const web = track(await connect(webSocket(shared.relay, jwt)));
    const messages: SessionEvent[][] = [];
    web.on(WEB_PUSH.sessionEvent, (p: unknown) => messages.push([sessionEventSchema.parse(p)]));
    web.on(WEB_PUSH.sessionEvents, (p: unknown) => messages.push(sessionEventsSchema.parse(p).events));
    expect((await request(web, WEB_EVENTS.sessionJoin, { sessionId, afterSeq: 0, batches: true })).ok).toBe(true);
    await waitFor(() => messages.flat().length >= total, 20_000, 'the replay');
    const events = messages.flat();
    expect(events.map((e) => e.seq)).toEqual(Array.from({ length: total }, (_, i) => i + 1));
    expect(events.at(-1)!.body).toMatchObject({ chunk: `line ${total - 1}\n` });
    // Pages of 500: a handful of messages instead of 1,200.
    expect(messages.length).toBeLessThanOrEqual(6);

    // Live stored copies keep coming after the replay, in order, each once.
    const more = Array.from({ length: 30 }, () => randomUUID());
    await emitOutputs(cli, sessionId, more, (i) => `more ${i}\n`);
    await waitFor(() => messages.flat().length >= total + 30, 10_000, 'the stored copies');
    await new Promise((r) => setTimeout(r, 100));
    expect(messages.flat().map((e) => e.seq)).toEqual(Array.from({ length: total + 30 }, (_, i) => i + 1));
  });

  it('a window that joins with notices gets what it had live back as seqs only; a replay brings whole events', async () => {
    const { cli, sessionId, jwt } = await setup('notices');
    const web = track(await connect(webSocket(shared.relay, jwt)));
    const live: string[] = [];
    const whole: SessionEvent[] = [];
    const notices: Array<{ eventId: string; seq: number }> = [];
    web.on(WEB_PUSH.sessionLive, (p: unknown) => live.push(liveSessionEventSchema.parse(p).eventId));
    web.on(WEB_PUSH.sessionEvent, (p: unknown) => whole.push(sessionEventSchema.parse(p)));
    web.on(WEB_PUSH.sessionEvents, (p: unknown) => {
      const batch = sessionEventsSchema.parse(p);
      whole.push(...batch.events);
      notices.push(...(batch.notices ?? []));
    });
    expect((await request(web, WEB_EVENTS.sessionJoin, { sessionId, afterSeq: 0, batches: true, notices: true })).ok).toBe(true);
    const ids = Array.from({ length: 20 }, () => randomUUID());
    await emitOutputs(cli, sessionId, ids);
    await waitFor(() => notices.length + whole.length >= ids.length, 5_000, 'the stored copies');
    await new Promise((r) => setTimeout(r, 100));
    expect(live).toEqual(ids);
    expect(whole).toEqual([]);
    expect(notices).toEqual(ids.map((eventId, i) => ({ eventId, seq: i + 1 })));

    // Joining again replays from storage: whole events (this subscription had none of them live).
    expect((await request(web, WEB_EVENTS.sessionJoin, { sessionId, afterSeq: 0, batches: true, notices: true })).ok).toBe(true);
    await waitFor(() => whole.length >= ids.length, 5_000, 'the replay');
    expect(whole.map((e) => e.eventId)).toEqual(ids);
    expect(notices).toHaveLength(ids.length);
  });
});
