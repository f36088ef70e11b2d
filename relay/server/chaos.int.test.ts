import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { Connector } from '../cli/connector';
import { type ScriptedModel, startScriptedModel } from '../cli/testing/scriptedModelStandIn';
import {
  CLI_EVENTS,
  CLI_NAMESPACE,
  REMOTE_PROTOCOL_VERSION,
  type SessionEvent,
  SOCKET_PATH,
  WEB_EVENTS,
  WEB_NAMESPACE,
  WEB_PUSH,
} from '../protocol';
import { issueCliToken } from './core/remote/cliAuth';
import { openStorage, type Storage } from './storage/database';
import { createRemoteRepo } from './storage/repos/remoteRepo';
import { type Balancer, buildRelayOnce, type RelayNode, startBalancer, startRelayNode } from './testing/clusterNodes';
import { createTestPostgres, type TestPostgres } from './testing/postgres';
import { reachable, TEST_REDIS_URL } from './testing/redis';
import { cliEnv, waitFor } from './testing/remoteClients';

/**
 * Chaos (issue #15): two relay processes (the compiled relay) on one PostgreSQL and one Redis behind a TCP balancer;
 * the reference CLI (relay/cli Connector, a scripted model stand-in) on node A, a browser socket on node B, a turn
 * streaming. Node A is frozen (SIGSTOP, so events are in flight) and SIGKILLed. The CLI reconnects through the
 * balancer to B, resends what was not acked, and the turn completes; the browser saw every event once, in seq order,
 * exactly what storage holds. Skipped without local PostgreSQL and Redis (CI has both).
 */
const REDIS_URL = TEST_REDIS_URL;
const STORY = Array.from({ length: 120 }, (_, i) => `line ${i + 1} of a long answer streamed while a relay node dies.`).join('\n');

let pg: TestPostgres | null = null;
let storage: Storage | undefined;
let build: Awaited<ReturnType<typeof buildRelayOnce>> | undefined;
let a: RelayNode | undefined;
let b: RelayNode | undefined;
let lb: Balancer | undefined;
let model: ScriptedModel | undefined;
const cleanup: Array<() => unknown> = [];

beforeAll(async () => {
  if (!(await reachable(REDIS_URL))) {
    if (process.env.CI) throw new Error(`Redis is required in CI but unreachable at ${REDIS_URL}`);
    return;
  }
  pg = await createTestPostgres();
  if (!pg) return;
  storage = await openStorage({ databaseUrl: pg.url, dataDir: tmpdir() });
  build = await buildRelayOnce(`chaos-${process.pid}`);
  const env = { DATABASE_URL: pg.url, REDIS_URL, JWT_SECRET: randomBytes(32).toString('hex') };
  [a, b] = await Promise.all([startRelayNode(build.entry, env), startRelayNode(build.entry, env)]);
  lb = await startBalancer([a.port, b.port]);
  model = await startScriptedModel({
    steps: [{ match: { lastUserIncludes: 'Tell the long story', lastRole: 'user' }, text: STORY, chunkDelayMs: 4 }],
  });
}, 180_000);

afterAll(async () => {
  for (const fn of cleanup.reverse()) await fn();
  a?.kill('SIGKILL');
  b?.kill('SIGKILL');
  await lb?.close();
  await model?.close();
  await storage?.close();
  await pg?.drop();
  build?.remove();
  for (const node of [a, b]) if (node) rmSync(node.dataDir, { recursive: true, force: true });
}, 60_000);

async function signUp(url: string, email: string): Promise<{ userId: string; jwt: string }> {
  const post = async (route: string, body: unknown) => {
    const res = await fetch(url + route, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return (await res.json()) as { data: Record<string, string> };
  };
  const signup = await post('/auth/tern/signup', { email, password: 'correct horse', username: email.split('@')[0] });
  const login = await post('/auth/jwt/tern-login', { token: signup.data.token, user_id: signup.data.user_id, plat: 'web' });
  return { userId: signup.data.user_id!, jwt: login.data.accessToken! };
}

/** A browser as the PWA behaves: reconnects, re-attaches, and re-joins after the last seq it holds. */
function startBrowser(url: string, jwt: string, instanceId: string) {
  const received: SessionEvent[] = [];
  let sessionId: string | null = null;
  const lastSeq = () => received.reduce((max, e) => Math.max(max, e.seq), 0);
  const socket: Socket = io(url + WEB_NAMESPACE, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    forceNew: true,
    reconnectionDelay: 200,
    reconnectionDelayMax: 1000,
    auth: { token: jwt, windowId: randomUUID(), protocolVersion: REMOTE_PROTOCOL_VERSION },
  });
  socket.on(WEB_PUSH.sessionEvent, (event: SessionEvent) => received.push(event));
  socket.on('connect', () => {
    void (async () => {
      await socket.timeout(10_000).emitWithAck(WEB_EVENTS.instanceAttach, { instanceId, takeOver: true });
      if (sessionId) await socket.timeout(10_000).emitWithAck(WEB_EVENTS.sessionJoin, { sessionId, afterSeq: lastSeq() });
    })().catch(() => undefined);
  });
  return {
    socket,
    received,
    async join(id: string) {
      sessionId = id;
      return socket.timeout(10_000).emitWithAck(WEB_EVENTS.sessionJoin, { sessionId: id, afterSeq: lastSeq() });
    },
  };
}

describe('chaos: SIGKILL of a relay node', () => {
  it('CLI on A, browser on B: A is killed mid-turn; the CLI moves to B and the turn completes with 0 events lost or duplicated', async (ctx) => {
    if (!a || !b || !lb || !storage || !model) return ctx.skip();
    const user = await signUp(b.url, 'chaos@example.com');
    const { token } = await issueCliToken(
      { db: storage.db, now: () => new Date() },
      { userId: user.userId, label: 'chaos', origin: 'admin' },
    );
    const instanceId = randomUUID();
    const home = mkdtempSync(path.join(tmpdir(), 'tern-chaos-home-'));
    const cwd = mkdtempSync(path.join(tmpdir(), 'tern-chaos-cwd-'));
    cleanup.push(
      () => rmSync(home, { recursive: true, force: true }),
      () => rmSync(cwd, { recursive: true, force: true }),
    );

    lb.prefer([a.port, b.port]);
    const logs: string[] = [];
    const connector = new Connector({
      relayUrl: lb.url,
      token,
      instanceId,
      home,
      cwd,
      model: { baseUrl: model.url, model: 'scripted', apiKey: undefined },
      log: (line) => logs.push(line),
      onUnauthorized: (reason) => logs.push(`unauthorized: ${reason}`),
      reconnectDelayMs: 200,
      reconnectDelayMaxMs: 1000,
      ackTimeoutMs: 60_000,
    });
    cleanup.push(() => connector.stop());
    connector.start();
    await waitFor(() => connector.connected, 20_000, 'the CLI to connect to node A');
    expect(lb.counts.get(a.port)).toBe(1);

    // A second, bare CLI socket on A whose ack is in flight when A dies: it must fail, not wait for its timeout.
    const probe = io(lb.url + CLI_NAMESPACE, {
      path: SOCKET_PATH,
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
      auth: { token, instanceId: randomUUID(), protocolVersion: REMOTE_PROTOCOL_VERSION },
    });
    cleanup.push(() => probe.disconnect());
    await new Promise<void>((resolve, reject) => probe.once('connect', () => resolve()).once('connect_error', reject));
    await probe.timeout(10_000).emitWithAck(CLI_EVENTS.hello, { env: cliEnv(cwd), sessions: [] });

    lb.prefer([b.port, a.port]);
    const browser = startBrowser(lb.url, user.jwt, instanceId);
    cleanup.push(() => browser.socket.disconnect());
    await waitFor(() => browser.socket.connected, 20_000, 'the browser to connect to node B');
    expect(lb.counts.get(b.port)).toBe(1);
    const created = await browser.socket
      .timeout(10_000)
      .emitWithAck(WEB_EVENTS.sessionCreate, { instanceId, clientRequestId: randomUUID() });
    expect(created.ok, JSON.stringify(created)).toBe(true);
    const sessionId = created.session.id as string;
    await waitFor(() => connector.sessions.has(sessionId), 20_000, 'session:create to reach the CLI across nodes');
    expect((await browser.join(sessionId)).ok).toBe(true);
    const sent = await browser.socket
      .timeout(10_000)
      .emitWithAck(WEB_EVENTS.sessionInput, { sessionId, clientMsgId: randomUUID(), text: 'Tell the long story' });
    expect(sent.ok, JSON.stringify(sent)).toBe(true);

    // Streaming: some of the answer has reached the browser on B through A and Redis. Freeze A, let the CLI queue
    // events it cannot get acked, put the probe's ack in flight, then kill A.
    const deltas = () => browser.received.filter((e) => e.body.type === 'assistant_delta').length;
    await waitFor(() => deltas() >= 3, 30_000, 'the answer to stream to the browser');
    lb.prefer([b.port]);
    a.kill('SIGSTOP');
    await waitFor(() => connector.outbox.size >= 2, 30_000, 'CLI events in flight to the frozen node');
    const probeAck = probe
      .timeout(60_000)
      .emitWithAck(CLI_EVENTS.sessionEvent, { sessionId, eventId: randomUUID(), body: { type: 'notice', level: 'info', text: 'probe' } })
      .then(
        () => 'answered',
        (error: Error) => error.message,
      );
    a.kill('SIGKILL');
    await a.exited;

    // The in-flight ack failed because the connection died, well before its 60 s timeout.
    expect(await probeAck).toBe('socket has been disconnected');
    await waitFor(() => browser.received.some((e) => e.body.type === 'turn_end'), 60_000, 'the turn to complete on node B');
    await waitFor(() => connector.outbox.size === 0, 30_000, 'the CLI outbox to empty');
    expect(lb.counts.get(b.port)).toBeGreaterThanOrEqual(2);

    const seen = browser.received;
    const ids = seen.map((e) => e.eventId);
    const seqs = seen.map((e) => e.seq);
    expect(new Set(ids).size, 'duplicate eventIds').toBe(ids.length);
    expect(seqs, 'seqs in order without gaps or duplicates').toEqual(seqs.map((_, i) => i + 1));
    const stored = await createRemoteRepo(storage.db).eventsAfter(sessionId, 0, 10_000);
    expect(seen.map((e) => [e.seq, e.eventId])).toEqual(stored.map((e) => [e.seq, e.eventId]));
    const bodies = seen.map((e) => e.body);
    expect(bodies.filter((e) => e.type === 'turn_end')).toEqual([{ type: 'turn_end', reason: 'completed' }]);
    expect(bodies.filter((e) => e.type === 'assistant_message').map((e) => (e.type === 'assistant_message' ? e.text : ''))).toEqual([
      STORY,
    ]);
    const streamed = bodies.map((e) => (e.type === 'assistant_delta' ? e.text : '')).join('');
    expect(streamed).toBe(STORY);
  }, 240_000);
});
