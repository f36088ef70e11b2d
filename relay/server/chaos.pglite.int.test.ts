import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  CLI_EVENTS,
  CLI_NAMESPACE,
  cliTokenListResponseSchema,
  pairingCreateResponseSchema,
  pairingPollResponseSchema,
  REMOTE_PROTOCOL_VERSION,
  type SessionEvent,
  SOCKET_PATH,
  WEB_EVENTS,
  WEB_NAMESPACE,
  WEB_PUSH,
} from '../protocol';
import { buildRelayOnce, type RelayNode, startRelayNode } from './testing/clusterNodes';
import { cliEnv, waitFor } from './testing/remoteClients';

/**
 * Chaos on one PGlite node (issue #15): a relay with history and a paired CLI is SIGKILLed, which leaves its
 * pglite.lock naming a dead process; restarted on the same DATA_DIR it starts, and the session history, the pairing
 * (the CLI token) and the browser's sign-in are all still there.
 */
let build: Awaited<ReturnType<typeof buildRelayOnce>> | undefined;
const nodes: RelayNode[] = [];
const sockets: Socket[] = [];

beforeAll(async () => {
  build = await buildRelayOnce(`chaos-pglite-${process.pid}`);
}, 120_000);
afterAll(() => {
  for (const s of sockets) s.disconnect();
  for (const node of nodes) node.kill('SIGKILL');
  build?.remove();
  if (nodes[0]) rmSync(nodes[0].dataDir, { recursive: true, force: true });
});

async function post(url: string, route: string, body: unknown, jwt?: string): Promise<unknown> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (jwt) headers.authorization = `Bearer ${jwt}`;
  const res = await fetch(url + route, { method: 'POST', headers, body: JSON.stringify(body) });
  return res.json();
}

function socketTo(url: string, namespace: string, auth: Record<string, unknown>): Promise<Socket> {
  const socket = io(url + namespace, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    auth: { protocolVersion: REMOTE_PROTOCOL_VERSION, ...auth },
  });
  sockets.push(socket);
  return new Promise((resolve, reject) => socket.once('connect', () => resolve(socket)).once('connect_error', reject));
}

describe('chaos: a PGlite node killed and restarted', () => {
  it('keeps history, pairings and sign-ins across a SIGKILL and a stale pglite.lock', async () => {
    const first = await startRelayNode(build!.entry, {});
    nodes.push(first);
    const url = first.url;

    // A user, a CLI paired through the browser approval, a session with 30 events.
    const signup = (await post(url, '/auth/tern/signup', { email: 'pglite@example.com', password: 'correct horse', username: 'pg' })) as {
      data: { token: string; user_id: string };
    };
    const login = (await post(url, '/auth/jwt/tern-login', { token: signup.data.token, user_id: signup.data.user_id, plat: 'web' })) as {
      data: { accessToken: string };
    };
    const jwt = login.data.accessToken;
    const pairing = pairingCreateResponseSchema.parse(await post(url, '/cli-api/pairing', { hostname: 'devbox', platform: 'linux' })).data;
    await post(url, '/web-api/pairing/approve', { pairingCode: pairing.pairingCode }, jwt);
    const polled = pairingPollResponseSchema.parse(await post(url, '/cli-api/pairing/poll', { deviceCode: pairing.deviceCode })).data;
    if (polled.status !== 'approved') throw new Error(`pairing not approved: ${polled.status}`);
    const instanceId = randomUUID();
    const sessionId = randomUUID();
    const cli = await socketTo(url, CLI_NAMESPACE, { token: polled.cliToken, instanceId });
    const session = { id: sessionId, title: 'before the crash', createdAt: new Date().toISOString() };
    expect(await cli.timeout(10_000).emitWithAck(CLI_EVENTS.hello, { env: cliEnv(), sessions: [session] })).toMatchObject({ ok: true });
    const eventIds: string[] = [];
    for (let i = 1; i <= 30; i++) {
      const eventId = randomUUID();
      eventIds.push(eventId);
      const body = { type: 'notice', level: 'info', text: `event ${i}` };
      expect(await cli.timeout(10_000).emitWithAck(CLI_EVENTS.sessionEvent, { sessionId, eventId, body })).toEqual({ ok: true, seq: i });
    }

    first.kill('SIGKILL');
    await first.exited;
    const lock = path.join(first.dataDir, 'pglite.lock');
    expect(existsSync(lock)).toBe(true);
    expect(Number(readFileSync(lock, 'utf8'))).toBe(first.child.pid);

    const second = await startRelayNode(build!.entry, {}, { dataDir: first.dataDir });
    nodes.push(second);
    expect(Number(readFileSync(lock, 'utf8'))).toBe(second.child.pid);

    // The sign-in (JWT key in DATA_DIR) and the pairing (the CLI token) still work; the token is still listed.
    const tokens = await fetch(`${second.url}/web-api/cli-tokens`, { headers: { authorization: `Bearer ${jwt}` } });
    expect(tokens.status).toBe(200);
    expect(cliTokenListResponseSchema.parse(await tokens.json()).data).toHaveLength(1);
    const cliAgain = await socketTo(second.url, CLI_NAMESPACE, { token: polled.cliToken, instanceId });
    expect(await cliAgain.timeout(10_000).emitWithAck(CLI_EVENTS.hello, { env: cliEnv(), sessions: [session] })).toMatchObject({
      ok: true,
    });

    // The history: a browser joining from the start gets all 30 events, in order, once each; the next one is seq 31.
    const web = await socketTo(second.url, WEB_NAMESPACE, { token: jwt, windowId: randomUUID() });
    const received: SessionEvent[] = [];
    web.on(WEB_PUSH.sessionEvent, (event: SessionEvent) => received.push(event));
    expect(await web.timeout(10_000).emitWithAck(WEB_EVENTS.instanceAttach, { instanceId })).toMatchObject({ ok: true });
    const joined = await web.timeout(10_000).emitWithAck(WEB_EVENTS.sessionJoin, { sessionId, afterSeq: 0 });
    expect(joined).toMatchObject({ ok: true, session: { title: 'before the crash' } });
    await waitFor(() => received.length >= 30, 20_000, 'the history');
    expect(received.map((e) => [e.seq, e.eventId])).toEqual(eventIds.map((id, i) => [i + 1, id]));
    const next = { sessionId, eventId: randomUUID(), body: { type: 'notice', level: 'info', text: 'after the restart' } };
    expect(await cliAgain.timeout(10_000).emitWithAck(CLI_EVENTS.sessionEvent, next)).toEqual({ ok: true, seq: 31 });
    // A resend of an event stored before the crash is recognised, not stored twice.
    const resend = { sessionId, eventId: eventIds[29], body: { type: 'notice', level: 'info', text: 'event 30' } };
    expect(await cliAgain.timeout(10_000).emitWithAck(CLI_EVENTS.sessionEvent, resend)).toEqual({ ok: true, seq: 30 });
  }, 240_000);
});
