import { randomUUID } from 'node:crypto';

import { io, type Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';

import { coalesceWrites as coalesceCliWrites, sendBundles } from '../../cli/writeCoalescing';
import { CLI_EVENTS, CLI_NAMESPACE, REMOTE_PROTOCOL_VERSION, WEB_EVENTS, WEB_NAMESPACE, WEB_PUSH } from '../../protocol';
import { BUNDLE_SEPARATOR, WIRE_QUERY, wireParser } from '../../protocol/wireParser';
import { cliEnv, connect, connectCli, emitOutputs, request, waitFor, webSocket } from '../testing/remoteClients';
import { sharedTestRelay } from '../testing/sharedRelay';

/**
 * Bundles (relay/protocol/wireParser.ts, writeCoalescing.ts): what the relay writes to a client in one turn goes as one
 * WebSocket message when the client asked for bundles in its connection's query (as the CLI, the PWA and the test
 * sockets do), and as one message per packet to a client that did not (an older CLI or PWA). Counted on the client:
 * engine.io-client reports every message it receives as a `packet`.
 */
const shared = sharedTestRelay();
const { track } = shared;

/** The text messages the socket's connection receives from now on. */
function messages(socket: Socket): string[] {
  const seen: string[] = [];
  socket.io.engine.on('packet', (packet: { type: string; data?: unknown }) => {
    if (packet.type === 'message' && typeof packet.data === 'string') seen.push(packet.data);
  });
  return seen;
}

/** The text frames the socket's WebSocket sends from now on. */
function framesSent(socket: Socket): string[] {
  const ws = (socket.io.engine.transport as unknown as { ws: { send: (data: unknown, ...rest: unknown[]) => void } }).ws;
  const sent: string[] = [];
  const send = ws.send.bind(ws);
  ws.send = (data, ...rest) => {
    if (typeof data === 'string') sent.push(data);
    send(data, ...rest);
  };
  return sent;
}

/** Tool outputs with the separator and a NUL in their text: JSON escapes both, so no bundle is split inside one. */
const burst = (cli: Socket, sessionId: string, count: number) => emitOutputs(cli, sessionId, count, (i) => `line ${i} \u001e \u0000\n`);

/**
 * A window on a new session of the CLI's instance, joined as the console joins; then a burst of 20 events from the
 * CLI. Resolves with the window's messages that held the 20 live copies.
 */
async function liveCopiesOfBurst(cli: Socket, web: Socket, instanceId: string): Promise<string[]> {
  expect((await request(web, WEB_EVENTS.instanceAttach, { instanceId })).ok).toBe(true);
  const created = await request(web, WEB_EVENTS.sessionCreate, { instanceId, clientRequestId: randomUUID() });
  const sessionId = created.session.id as string;
  expect((await request(web, WEB_EVENTS.sessionJoin, { sessionId, afterSeq: 0, batches: true, notices: true })).ok).toBe(true);
  const seen = messages(web);
  const live: string[] = [];
  web.on(WEB_PUSH.sessionLive, (event: { eventId: string }) => live.push(event.eventId));
  expect((await burst(cli, sessionId, 20)).every((a) => a.ok)).toBe(true);
  await waitFor(() => live.length === 20, 5000, 'the live copies');
  return seen.filter((m) => m.includes('"session:live"'));
}

describe('bundles', () => {
  it('a client that asked for bundles gets a commit’s acks in one message, each decoded in order', async () => {
    const { cli } = await connectCli(shared.relay, { track });
    coalesceCliWrites(cli);
    const seen = messages(cli);
    const sessionId = randomUUID();
    const acks = await burst(cli, sessionId, 20);
    expect(acks.map((a) => a.ok)).toEqual(Array(20).fill(true));
    expect(acks.map((a) => a.seq)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    // The 20 acks (and the session's announcement, if any) in a message or two, not 20.
    const withAcks = seen.filter((m) => m.includes('"seq"'));
    expect(withAcks.length).toBeLessThanOrEqual(2);
    expect(
      withAcks
        .join(BUNDLE_SEPARATOR)
        .split(BUNDLE_SEPARATOR)
        .filter((p) => p.startsWith('3/cli,')),
    ).toHaveLength(20);
  });

  it('a window that asked for bundles gets everything a turn holds for it in one message', async () => {
    const { user, instanceId, cli } = await connectCli(shared.relay, { track });
    coalesceCliWrites(cli);
    const web = track(await connect(webSocket(shared.relay, user.jwt)));
    const withLive = await liveCopiesOfBurst(cli, web, instanceId);
    // The CLI's burst reached the relay in one write, so the 20 live copies left it in a turn or two (the first event
    // of a session new to this CLI socket waits for a lookup): one message per turn, not one per copy.
    expect(withLive.length).toBeLessThanOrEqual(2);
    const packets = withLive.join(BUNDLE_SEPARATOR).split(BUNDLE_SEPARATOR);
    expect(packets.filter((p) => p.includes('"session:live"'))).toHaveLength(20);
  });

  it('a window that connects long-polling first, as the console does, gets bundles once upgraded to WebSocket', async () => {
    const { user, instanceId, cli } = await connectCli(shared.relay, { track });
    coalesceCliWrites(cli);
    const web = io(shared.relay.url + WEB_NAMESPACE, {
      transports: ['polling', 'websocket'],
      reconnection: false,
      forceNew: true,
      autoConnect: false,
      parser: wireParser,
      query: WIRE_QUERY,
      auth: { token: user.jwt, windowId: randomUUID(), protocolVersion: REMOTE_PROTOCOL_VERSION },
    });
    const upgraded = new Promise<void>((resolve) => web.io.on('open', () => web.io.engine.once('upgrade', () => resolve())));
    track(await connect(web));
    await upgraded;
    expect(web.io.engine.transport.name).toBe('websocket');
    expect((await liveCopiesOfBurst(cli, web, instanceId)).length).toBeLessThanOrEqual(2);
  });

  it('a client that did not ask (an older CLI) gets one message per packet, as before', async () => {
    const { token } = await connectCli(shared.relay, { track });
    const older = io(shared.relay.url + CLI_NAMESPACE, {
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      autoConnect: false,
      parser: wireParser,
      auth: { token, instanceId: randomUUID(), protocolVersion: REMOTE_PROTOCOL_VERSION },
    });
    const cli = track(await connect(older));
    coalesceCliWrites(cli);
    expect((await request(cli, CLI_EVENTS.hello, { env: cliEnv(), sessions: [] })).ok).toBe(true);
    const seen = messages(cli);
    const acks = await burst(cli, randomUUID(), 20);
    expect(acks.map((a) => a.seq)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(seen.some((m) => m.includes(BUNDLE_SEPARATOR))).toBe(false);
    expect(seen.filter((m) => m.startsWith('3/cli,'))).toHaveLength(20);
  });

  it('a CLI whose relay takes bundles (its hello ack says so) sends a turn’s packets in one message, each taken in order', async () => {
    const { cli, hello } = await connectCli(shared.relay, { track });
    expect(hello?.bundles).toBe(true);
    coalesceCliWrites(cli);
    const before = framesSent(cli);
    await burst(cli, randomUUID(), 5);
    // Without sendBundles: one message per packet, as the CLI sends to a relay that did not say it takes bundles.
    expect(before.filter((m) => m.startsWith('42/cli,'))).toHaveLength(5);
    sendBundles(cli);
    const after = framesSent(cli);
    const acks = await burst(cli, randomUUID(), 20);
    expect(acks.map((a) => a.seq)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(after).toHaveLength(1);
    expect(after[0]!.split(BUNDLE_SEPARATOR)).toHaveLength(20);
  });

  it('closes a connection that sends a bundle of too many packets (a flood of one-byte CONNECTs), and serves the others', async () => {
    const { cli } = await connectCli(shared.relay, { track });
    const { cli: other } = await connectCli(shared.relay, { track });
    const closed = new Promise<string>((resolve) => cli.on('disconnect', (reason) => resolve(reason)));
    (cli.io.engine as unknown as { write: (data: string) => void }).write(Array<string>(100_000).fill('0').join(BUNDLE_SEPARATOR));
    expect(await closed).toBe('transport close');
    const acks = await burst(other, randomUUID(), 3);
    expect(acks.map((a) => a.seq)).toEqual([1, 2, 3]);
  });
});
