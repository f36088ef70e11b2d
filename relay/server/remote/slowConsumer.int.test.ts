import { randomUUID } from 'node:crypto';
import type { Socket as NetSocket } from 'node:net';

import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { CLI_EVENTS, type SessionEvent, WEB_EVENTS, WEB_NAMESPACE, WEB_PUSH } from '../../protocol';
import { isSlowConsumerClose } from '../../protocol/transport';
import { createRemoteRepo } from '../storage/repos/remoteRepo';
import { collect, connect, connectCli, request, waitFor, webSocket } from '../testing/remoteClients';
import { createTestRelay, RELAY_START_TIMEOUT_MS, type TestRelay } from '../testing/testRelay';
import { pendingBytes, SLOW_CONSUMER_CLOSE_CODE, SLOW_CONSUMER_REASON } from './backpressure';

/**
 * A browser that stops reading (its TCP socket paused, as a frozen tab or a stalled phone link) while a CLI streams
 * large events: the relay's buffer for it stays under the cap, it is disconnected with a reason, the other browser of
 * the same session gets every event meanwhile, and the slow one, back, misses nothing.
 */
const LIMIT = 512 * 1024;
const EVENTS = 80;
const TEXT = 'x'.repeat(200 * 1024);

let relay: TestRelay;
const sockets: Socket[] = [];
beforeAll(async () => {
  relay = await createTestRelay({
    env: { SOCKET_BUFFER_LIMIT_BYTES: String(LIMIT), SLOW_CONSUMER_STALL_MS: '1000' },
    // The slow window reads nothing while paused, pings included: with the protocol's 5 + 10 s, on a loaded machine
    // (CI took 16 s over the 80 events) its own client gave up first, not the relay. A minute keeps the test on the
    // relay's slow-consumer drop, which comes 1 s after its buffer stalls.
    remote: { pingTimeoutMs: 60_000 },
  });
}, RELAY_START_TIMEOUT_MS);
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await relay.close();
}, RELAY_START_TIMEOUT_MS);

/** The TCP socket under a socket.io-client connection (engine.io-client's WebSocket transport on `ws`). */
const tcpOf = (socket: Socket): NetSocket =>
  (socket.io.engine as unknown as { transport: { ws: { _socket: NetSocket } } }).transport.ws._socket;

describe('slow consumers', () => {
  it('caps what a browser that stopped reading holds, disconnects it with a reason, and delays no one', async () => {
    // (SLOW_CONSUMER_STALL_MS is 1 s here so the test does not wait the default 10 s.)
    const { user, instanceId, cli } = await connectCli(relay, { email: 'slow@example.com', ackCommands: false, track: sockets });
    const sessionId = randomUUID();
    await createRemoteRepo(relay.storage.db).ensureSession({ id: sessionId, instanceId, userId: user.userId, createdAt: new Date() });

    const windows = [] as Array<{ socket: Socket; received: SessionEvent[] }>;
    for (let i = 0; i < 2; i++) {
      const socket = await connect(webSocket(relay, user.jwt));
      sockets.push(socket);
      const received = collect<SessionEvent>(socket, WEB_PUSH.sessionEvent);
      expect(await request(socket, WEB_EVENTS.sessionJoin, { sessionId, afterSeq: 0 })).toMatchObject({ ok: true });
      windows.push({ socket, received });
    }
    const [fast, slow] = windows as [(typeof windows)[0], (typeof windows)[0]];
    const slowServer = relay.app.remote.io.of(WEB_NAMESPACE).sockets.get(slow.socket.id!)!;
    const closed = new Promise<{ reason: string; code?: number; text?: string; told: boolean }>((resolve) =>
      slow.socket.once('disconnect', (reason, details) => {
        const context = (details as { context?: { code?: number; reason?: unknown } } | undefined)?.context;
        resolve({ reason, code: context?.code, text: String(context?.reason ?? ''), told: isSlowConsumerClose(details) });
      }),
    );
    tcpOf(slow.socket).pause();

    let maxPending = 0;
    for (let i = 0; i < EVENTS; i++) {
      const body = { type: 'assistant_message', messageId: `m${i}`, text: TEXT };
      expect(await request(cli, CLI_EVENTS.sessionEvent, { sessionId, eventId: randomUUID(), body })).toMatchObject({ ok: true });
      maxPending = Math.max(maxPending, pendingBytes(slowServer));
    }
    // The fast window got everything while the slow one read nothing.
    await waitFor(() => fast.received.length === EVENTS, 30_000, 'the fast window to get every event');
    expect(fast.received.map((e) => e.seq)).toEqual(Array.from({ length: EVENTS }, (_, i) => i + 1));
    // What the relay held for the slow one stayed under the cap (paced: past half of it, events wait in storage), and
    // as it took nothing more, it was dropped as a slow consumer.
    expect(maxPending).toBeGreaterThan(LIMIT / 2);
    expect(maxPending).toBeLessThanOrEqual(LIMIT);
    await waitFor(() => !relay.app.remote.io.of(WEB_NAMESPACE).sockets.has(slowServer.id), 30_000, 'the slow socket to be dropped');
    expect(pendingBytes(slowServer)).toBeLessThanOrEqual(LIMIT);

    // Back to reading: it takes what was queued, then the close with its reason.
    tcpOf(slow.socket).resume();
    const close = await closed;
    // What the PWA's link reads to say why it reconnects (src/features/remote/client/link.ts).
    expect(close).toMatchObject({ reason: 'transport close', code: SLOW_CONSUMER_CLOSE_CODE, text: SLOW_CONSUMER_REASON, told: true });
    const kept = slow.received.length;
    expect(kept).toBeLessThan(EVENTS);
    expect(slow.received.map((e) => e.seq)).toEqual(Array.from({ length: kept }, (_, i) => i + 1));

    // Reconnected, it re-joins after the last seq it holds and misses nothing.
    const again = await connect(webSocket(relay, user.jwt));
    sockets.push(again);
    const rest = collect<SessionEvent>(again, WEB_PUSH.sessionEvent);
    expect(await request(again, WEB_EVENTS.sessionJoin, { sessionId, afterSeq: kept })).toMatchObject({ ok: true });
    await waitFor(() => kept + rest.length === EVENTS, 30_000, 'the rest after the reconnect');
    expect([...slow.received, ...rest].map((e) => e.seq)).toEqual(Array.from({ length: EVENTS }, (_, i) => i + 1));
  }, 120_000);
});
