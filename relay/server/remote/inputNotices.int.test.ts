import { randomUUID } from 'node:crypto';

import type { Socket } from 'socket.io-client';
import { PacketType } from 'socket.io-parser';
import { describe, expect, it } from 'vitest';

import {
  CLI_COMMANDS,
  CLI_EVENTS,
  INPUT_REFUSED,
  INPUT_TEXT_MAX_CHARS,
  type InputRefused,
  type SessionEvent,
  type SessionEvents,
  type StoredNotice,
  WEB_EVENTS,
  WEB_PUSH,
} from '../../protocol';
import { connect, connectCli, request, waitFor, webSocket } from '../testing/remoteClients';
import { sharedTestRelay } from '../testing/sharedRelay';

/**
 * Input notices (relay/protocol/inputNotices.ts) on a real relay: a window whose join said `inputNotices` sends its
 * input without an ack and hears it stored in its stored copies (its own notice, with the clientMsgId), or refused in
 * `session:refused`; no ack packet either way.
 */
const shared = sharedTestRelay();
const { track } = shared;

const FULL_JOIN = { batches: true, notices: true, carried: true, carriedLive: true, ownNotices: true, inputNotices: true };

/** What the window hears: stored copies (whole and notices, wherever they ride), refusals, and packets by type. */
function listen(web: Socket) {
  const heard = {
    events: [] as SessionEvent[],
    notices: [] as StoredNotice[],
    refused: [] as InputRefused[],
    packets: new Map<number, number>(),
  };
  const take = (batch: SessionEvents | undefined) => {
    if (!batch) return;
    heard.events.push(...batch.events);
    heard.notices.push(...(batch.notices ?? []));
  };
  web.on(WEB_PUSH.sessionEvent, (event: SessionEvent) => heard.events.push(event));
  web.on(WEB_PUSH.sessionEvents, take);
  web.on(WEB_PUSH.sessionLive, (live: { stored?: SessionEvents }) => take(live.stored));
  web.on(INPUT_REFUSED, (refused: InputRefused) => heard.refused.push(refused));
  // Every packet the relay sends the window, by Socket.IO packet type (an ack would be PacketType.ACK).
  const own = web as unknown as { onpacket: (packet: { type: number }) => void };
  const onpacket = own.onpacket.bind(web);
  own.onpacket = (packet) => {
    heard.packets.set(packet.type, (heard.packets.get(packet.type) ?? 0) + 1);
    onpacket(packet);
  };
  return heard;
}

/** A CLI that answers every input with an assistant_message (acked commands), a window attached, a session joined. */
async function setup(join: Record<string, boolean> = FULL_JOIN) {
  const { user, instanceId, cli, commands } = await connectCli(shared.relay, { track });
  const web = track(await connect(webSocket(shared.relay, user.jwt)));
  expect((await request(web, WEB_EVENTS.instanceAttach, { instanceId })).ok).toBe(true);
  const created = await request(web, WEB_EVENTS.sessionCreate, { instanceId, clientRequestId: randomUUID() });
  const sessionId = created.session.id as string;
  cli.on(CLI_COMMANDS.sessionInput, (payload: { clientMsgId: string }) => {
    const body = { type: 'assistant_message', messageId: payload.clientMsgId, text: 'pong' };
    cli.emit(CLI_EVENTS.sessionEvent, { sessionId, eventId: randomUUID(), body }, () => undefined);
  });
  const heard = listen(web);
  const joined = await request(web, WEB_EVENTS.sessionJoin, { sessionId, afterSeq: 0, ...join });
  expect(joined.ok).toBe(true);
  return { user, instanceId, cli, commands, web, sessionId, heard, joined };
}

const userMessages = (events: SessionEvent[]) =>
  events.filter((e) => e.body.type === 'user_message').map((e) => (e.body as { clientMsgId: string }).clientMsgId);

describe('input notices', () => {
  it('an input sent without an ack reaches the CLI and comes back as its own notice (clientMsgId, seq, time); no ack packet', async () => {
    const { user, web, sessionId, heard, joined, commands } = await setup();
    expect(joined).toMatchObject({ ok: true, inputNotices: true });
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    for (const [i, clientMsgId] of ids.entries()) {
      web.emit(WEB_EVENTS.sessionInput, { sessionId, clientMsgId, text: `ping ${i}` });
      await waitFor(() => heard.notices.some((n) => n.clientMsgId === clientMsgId), 5000, `the notice of input ${i}`);
    }
    expect(commands.filter((c) => c.event === CLI_COMMANDS.sessionInput).map((c) => c.payload.clientMsgId)).toEqual(ids);
    const own = ids.map((id) => heard.notices.find((n) => n.clientMsgId === id)!);
    for (const notice of own)
      expect(notice).toEqual({
        eventId: expect.any(String),
        seq: expect.any(Number),
        at: expect.any(String),
        clientMsgId: expect.any(String),
      });
    expect(own.map((n) => n.seq)).toEqual([...own.map((n) => n.seq)].sort((a, b) => a - b));
    expect(heard.packets.get(PacketType.ACK) ?? 0).toBe(0);
    // Stored as sent: a window joining afresh replays the three user messages, with the seqs the notices gave.
    const other = track(await connect(webSocket(shared.relay, user.jwt)));
    const replay = listen(other);
    expect((await request(other, WEB_EVENTS.sessionJoin, { sessionId, afterSeq: 0 })).ok).toBe(true);
    await waitFor(() => userMessages(replay.events).length === 3, 5000, 'the replay');
    expect(userMessages(replay.events)).toEqual(ids);
    expect(replay.events.filter((e) => e.body.type === 'user_message').map((e) => e.seq)).toEqual(own.map((n) => n.seq));
  });

  it('a resend of a stored input is answered by the same notice again, and stored once', async () => {
    const { web, sessionId, heard, commands } = await setup();
    const clientMsgId = randomUUID();
    web.emit(WEB_EVENTS.sessionInput, { sessionId, clientMsgId, text: 'once' });
    await waitFor(() => heard.notices.some((n) => n.clientMsgId === clientMsgId), 5000, 'the first notice');
    web.emit(WEB_EVENTS.sessionInput, { sessionId, clientMsgId, text: 'once' });
    await waitFor(() => heard.notices.filter((n) => n.clientMsgId === clientMsgId).length === 2, 5000, 'the second notice');
    const [first, second] = heard.notices.filter((n) => n.clientMsgId === clientMsgId);
    expect(second).toEqual(first);
    expect(commands.filter((c) => c.event === CLI_COMMANDS.sessionInput)).toHaveLength(1);
  });

  it('a refused input comes back as session:refused with its ids and the error; one without ids is dropped', async () => {
    const { web, sessionId, heard } = await setup();
    const unknown = randomUUID();
    web.emit(WEB_EVENTS.sessionInput, { sessionId: unknown, clientMsgId: 'a', text: 'nowhere' });
    web.emit(WEB_EVENTS.sessionInput, { sessionId, clientMsgId: 'b', text: 'x'.repeat(INPUT_TEXT_MAX_CHARS + 1) });
    web.emit(WEB_EVENTS.sessionInput, { sessionId, text: 'no id' });
    web.emit(WEB_EVENTS.sessionInput, 'not an object');
    await waitFor(() => heard.refused.length === 2, 5000, 'two refusals');
    // The malformed one is refused at once, the other after its session was looked up.
    expect([...heard.refused].sort((x, y) => x.clientMsgId.localeCompare(y.clientMsgId))).toEqual([
      { sessionId: unknown, clientMsgId: 'a', error: expect.objectContaining({ code: 'NOT_FOUND', message: expect.any(String) }) },
      { sessionId, clientMsgId: 'b', error: expect.objectContaining({ code: 'BAD_REQUEST', message: expect.any(String) }) },
    ]);
    // The connection goes on; nothing was stored.
    const clientMsgId = randomUUID();
    web.emit(WEB_EVENTS.sessionInput, { sessionId, clientMsgId, text: 'fine' });
    await waitFor(() => heard.notices.some((n) => n.clientMsgId === clientMsgId), 5000, 'the notice');
    expect(heard.notices.find((n) => n.clientMsgId === clientMsgId)!.seq).toBe(1);
    expect(heard.packets.get(PacketType.ACK) ?? 0).toBe(0);
  });

  it('is said back only with the flags it needs; a window without it that sends no ack still hears its input stored', async () => {
    const { web, sessionId, heard, joined } = await setup({ batches: true, notices: true, inputNotices: true });
    expect(joined.ok).toBe(true);
    expect(joined).not.toHaveProperty('inputNotices');
    const clientMsgId = randomUUID();
    web.emit(WEB_EVENTS.sessionInput, { sessionId, clientMsgId, text: 'anyway' });
    await waitFor(() => heard.notices.some((n) => n.clientMsgId === clientMsgId), 5000, 'the notice');
    // With an ack, as before.
    const ack = await request(web, WEB_EVENTS.sessionInput, { sessionId, clientMsgId: randomUUID(), text: 'acked' });
    expect(ack).toMatchObject({ ok: true, seq: 3 });
  });
});
