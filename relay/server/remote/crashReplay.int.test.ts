import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { io, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';

import { applyEvent, emptyLog, type EventLog } from '../../../src/features/remote/model/eventLog';
import {
  CLI_COMMANDS,
  CLI_EVENTS,
  CLI_NAMESPACE,
  type LiveSessionEvent,
  loginResultResponseSchema,
  oneTimeTokenResponseSchema,
  REMOTE_PROTOCOL_VERSION,
  type SessionEvent,
  WEB_EVENTS,
  WEB_NAMESPACE,
  WEB_PUSH,
} from '../../protocol';
import { type RelayChild, spawnRelay } from '../testing/relayChild';
import { cliEnv, waitFor } from '../testing/remoteClients';

/**
 * A relay on PGlite killed with SIGKILL in the middle of a CLI's event stream, then restarted on the same data
 * (stale pglite.lock included). The CLI behaves like relay/cli's outbox: events in order, several in flight, every
 * un-acked one sent again after a reconnect. The browser applies what it receives with the PWA's own reducer
 * (src/features/remote/model/eventLog.ts: in seq order, a repeated seq dropped, a gap answered by a re-join from the
 * last contiguous seq) and re-joins after its reconnect. At the end the browser must hold every event exactly once,
 * by event id, with seqs 1..n, and a fresh join from seq 0 (storage) must give the same list.
 */
const EVENTS = 300;
const KILL_AFTER = 120;
const IN_FLIGHT = 16;
const START_TIMEOUT_MS = 120_000;

const dir = mkdtempSync(path.join(tmpdir(), 'tern-crash-'));
const env = { DATA_DIR: dir, JWT_SECRET: randomBytes(32).toString('hex'), PORT: '0' };
let relay: RelayChild | undefined;
const sockets: Socket[] = [];

afterAll(async () => {
  for (const s of sockets) s.disconnect();
  relay?.process.kill('SIGKILL');
  await relay?.exited;
  rmSync(dir, { recursive: true, force: true });
}, START_TIMEOUT_MS);

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

async function post(url: string, body: unknown): Promise<unknown> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return res.json();
}

/** Signs a tern account up and in over HTTP: its user id and access JWT. */
async function signUp(url: string): Promise<{ userId: string; jwt: string }> {
  const email = `crash-${randomUUID().slice(0, 8)}@example.com`;
  const signup = oneTimeTokenResponseSchema.parse(
    await post(`${url}/auth/tern/signup`, { email, password: 'correct horse', username: 'crash' }),
  );
  const { token, user_id } = signup.data;
  const login = loginResultResponseSchema.parse(await post(`${url}/auth/jwt/tern-login`, { token, user_id, plat: 'web' }));
  return { userId: user_id, jwt: login.data.accessToken };
}

const reconnecting = { transports: ['websocket'], forceNew: true, reconnectionDelay: 100, reconnectionDelayMax: 500, timeout: 5000 };

/** Like relay/cli's outbox: sends in order with up to IN_FLIGHT awaiting their ack; an event without an ack goes again. */
function cliOutbox(socket: Socket, sessionId: string, eventIds: string[]) {
  const acked = new Set<string>();
  /** Refusals that can never succeed (the test fails on the first). */
  const refused: unknown[] = [];
  const inFlight = new Set<string>();
  const pump = () => {
    if (!socket.connected) return;
    for (const eventId of eventIds) {
      if (inFlight.size >= IN_FLIGHT) return;
      if (acked.has(eventId) || inFlight.has(eventId)) continue;
      inFlight.add(eventId);
      const n = eventIds.indexOf(eventId) + 1;
      socket
        .timeout(2_000)
        .emitWithAck(CLI_EVENTS.sessionEvent, {
          sessionId,
          eventId,
          body: { type: 'tool_output', toolCallId: 'call-1', stream: 'stdout', chunk: `line ${n}\n` },
        })
        .then(
          (ack: { ok: boolean; error?: { code: string } }) => {
            if (ack.ok) acked.add(eventId);
            else if (ack.error?.code === 'BAD_REQUEST' || ack.error?.code === 'NOT_FOUND') refused.push(ack);
          },
          () => undefined,
        )
        .finally(() => {
          inFlight.delete(eventId);
          pump();
        });
    }
  };
  return { acked, refused, pump };
}

describe('relay SIGKILL mid-stream (PGlite)', () => {
  it('the browser ends with every event once, seqs 1..n, the same as storage replays', async () => {
    env.PORT = String(await freePort());
    relay = await spawnRelay(env);
    const { url } = relay;
    const user = await signUp(url);
    const instanceId = randomUUID();
    const cli = io(url + CLI_NAMESPACE, {
      ...reconnecting,
      auth: { token: await relay.cliToken(user.userId), instanceId, protocolVersion: REMOTE_PROTOCOL_VERSION },
    });
    sockets.push(cli);
    cli.on(CLI_COMMANDS.sessionCreate, (_p: unknown, ack?: (r: unknown) => void) => ack?.({ ok: true }));
    const hello = () => cli.timeout(5_000).emitWithAck(CLI_EVENTS.hello, { env: cliEnv('/crash'), sessions: [] });
    await new Promise<void>((resolve) => cli.once('connect', () => resolve()));
    expect((await hello()).ok).toBe(true);

    const web = io(url + WEB_NAMESPACE, {
      ...reconnecting,
      auth: { token: user.jwt, windowId: randomUUID(), protocolVersion: REMOTE_PROTOCOL_VERSION },
    });
    sockets.push(web);
    await new Promise<void>((resolve) => web.once('connect', () => resolve()));
    expect((await web.timeout(5_000).emitWithAck(WEB_EVENTS.instanceAttach, { instanceId })).ok).toBe(true);
    const created = await web.timeout(5_000).emitWithAck(WEB_EVENTS.sessionCreate, { instanceId, clientRequestId: randomUUID() });
    const sessionId = created.session.id as string;

    // The browser: the PWA's reducer, a re-join on a gap and after every reconnect (attach first, as the PWA does).
    let log: EventLog = emptyLog(sessionId);
    let received = 0;
    const join = () =>
      web
        .timeout(5_000)
        .emitWithAck(WEB_EVENTS.sessionJoin, { sessionId, afterSeq: log.lastSeq })
        .catch(() => undefined);
    web.on(WEB_PUSH.sessionEvent, (event: SessionEvent) => {
      received++;
      const next = applyEvent(log, event);
      log = next.log;
      if (next.result === 'gap') void join();
    });
    // Live events (fanned out before their commit, no seq): each must turn out to be a stored event, same body.
    const live = new Map<string, LiveSessionEvent>();
    web.on(WEB_PUSH.sessionLive, (event: LiveSessionEvent) => live.set(event.eventId, event));
    web.on('connect', () => {
      void web
        .timeout(5_000)
        .emitWithAck(WEB_EVENTS.instanceAttach, { instanceId })
        .then(join, () => undefined);
    });
    await join();

    const eventIds = Array.from({ length: EVENTS }, () => randomUUID());
    const outbox = cliOutbox(cli, sessionId, eventIds);
    cli.on('connect', () => void hello().then(outbox.pump, () => undefined));
    outbox.pump();

    const noRefusal = () => {
      if (outbox.refused.length > 0) throw new Error(`event refused: ${JSON.stringify(outbox.refused[0])}`);
    };
    await waitFor(() => (noRefusal(), log.lastSeq >= KILL_AFTER), 60_000, `${KILL_AFTER} events at the browser`);
    relay.process.kill('SIGKILL');
    await relay.exited;
    const inFlightAtKill = EVENTS - outbox.acked.size;
    const storedAtKill = new Set(log.events.map((e) => e.eventId));
    const liveOnlyAtKill = [...live.keys()].filter((id) => !storedAtKill.has(id)).length;
    relay = await spawnRelay(env);

    await waitFor(
      () => (noRefusal(), outbox.acked.size === EVENTS && log.lastSeq >= EVENTS),
      120_000,
      'every event acked and at the browser',
    );
    const ids = log.events.map((e) => e.eventId);
    expect(inFlightAtKill).toBeGreaterThan(0);
    expect(log.events.map((e) => e.seq)).toEqual(Array.from({ length: EVENTS }, (_, i) => i + 1));
    expect(new Set(ids).size).toBe(EVENTS);
    expect([...ids].sort()).toEqual([...eventIds].sort());
    expect(log.ahead.size).toBe(0);
    expect(received).toBeGreaterThanOrEqual(EVENTS);
    expect(live.size).toBeGreaterThan(0);
    const stored = new Map(log.events.map((e) => [e.eventId, e]));
    for (const event of live.values()) expect(stored.get(event.eventId)?.body).toEqual(event.body);
    console.info(`crash test: ${inFlightAtKill} events in flight and ${liveOnlyAtKill} seen live but not stored at the kill`);

    // Storage agrees: a fresh join from seq 0 replays the same events in the same order.
    const replayed: SessionEvent[] = [];
    const fresh = io(url + WEB_NAMESPACE, {
      ...reconnecting,
      auth: { token: user.jwt, windowId: randomUUID(), protocolVersion: REMOTE_PROTOCOL_VERSION },
    });
    sockets.push(fresh);
    fresh.on(WEB_PUSH.sessionEvent, (event: SessionEvent) => replayed.push(event));
    await new Promise<void>((resolve) => fresh.once('connect', () => resolve()));
    expect((await fresh.timeout(5_000).emitWithAck(WEB_EVENTS.sessionJoin, { sessionId, afterSeq: 0 })).ok).toBe(true);
    await waitFor(() => replayed.length >= EVENTS, 30_000, 'the replay from storage');
    expect(replayed.map((e) => e.eventId)).toEqual(ids);
  }, 300_000);
});
