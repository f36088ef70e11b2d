import { randomBytes, randomUUID } from 'node:crypto';

import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { CLI_COMMANDS, CLI_EVENTS, defaultPushPrefs, pushPayloadSchema, WEB_EVENTS, WINDOW_VISIBILITY_EVENT } from '../../protocol';
import { createTestPostgres, type TestPostgres } from '../testing/postgres';
import { startPushServiceStandIn } from '../testing/pushServiceStandIn';
import { reachable, TEST_REDIS_URL } from '../testing/redis';
import { cliEnv, cliSocket, cliTokenFor, connect, request, signIn, waitFor, webSocket } from '../testing/remoteClients';
import { createTestRelay, RELAY_START_TIMEOUT_MS, type TestRelay } from '../testing/testRelay';

/**
 * Push notifications with two relay nodes on one PostgreSQL and one Redis: the CLI on node A, the user's window on
 * node B. A visible window on B stops A's push; once it is hidden, exactly one push goes out (A saw the event, B did
 * not send it again). The push service is a loopback STAND-IN that decrypts. Skipped without PostgreSQL or Redis.
 */
const REDIS_URL = TEST_REDIS_URL;

let pg: TestPostgres | null = null;
let a: TestRelay | undefined;
let b: TestRelay | undefined;
let pushService: Awaited<ReturnType<typeof startPushServiceStandIn>>;
const sockets: Socket[] = [];

beforeAll(async () => {
  pushService = await startPushServiceStandIn();
  if (!(await reachable(REDIS_URL))) return;
  pg = await createTestPostgres();
  if (!pg) return;
  const env = { REDIS_URL, JWT_SECRET: randomBytes(32).toString('hex'), PUSH_ALLOW_LOOPBACK_HTTP: '1' };
  a = await createTestRelay({ databaseUrl: pg.url, env });
  b = await createTestRelay({ databaseUrl: pg.url, env });
  // Let the adapters' stream readers start before anything is published.
  await new Promise((r) => setTimeout(r, 1000));
}, RELAY_START_TIMEOUT_MS);
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await a?.close();
  await b?.close();
  await pg?.drop();
  await pushService?.close();
}, RELAY_START_TIMEOUT_MS);

/** A user whose CLI is on node A and whose window is on node B, with a subscribed device. */
async function userAcrossNodes(email: string) {
  const user = await signIn(a!, email);
  const { token } = await cliTokenFor(a!, user.userId);
  const instanceId = randomUUID();
  const cli = await connect(cliSocket(a!, token, instanceId));
  sockets.push(cli);
  for (const event of Object.values(CLI_COMMANDS)) cli.on(event, (_p: unknown, ack?: (r: unknown) => void) => ack?.({ ok: true }));
  await request(cli, CLI_EVENTS.hello, { env: cliEnv(), sessions: [] });
  const web = await connect(webSocket(b!, user.jwt));
  sockets.push(web);
  expect(await request(web, WEB_EVENTS.instanceAttach, { instanceId })).toMatchObject({ ok: true });
  const created = await request(web, WEB_EVENTS.sessionCreate, { instanceId, clientRequestId: randomUUID() });
  const sub = pushService.subscribe();
  const res = await fetch(`${b!.url}/web-api/push/subscription`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${user.jwt}` },
    body: JSON.stringify({ deviceId: randomUUID(), subscription: sub.json, prefs: defaultPushPrefs, lang: 'en' }),
  });
  expect(res.status).toBe(200);
  const ask = (requestId = randomUUID()) =>
    request(cli, CLI_EVENTS.sessionEvent, {
      sessionId: created.session.id,
      eventId: randomUUID(),
      body: { type: 'permission_request', requestId, toolCallId: randomUUID(), tool: 'edit_file', summary: 'Edit', input: {} },
    });
  return { web, sub, ask };
}

describe('push with two relay nodes', () => {
  it('a visible window on the other node stops the push; hidden, exactly one push goes out', async (ctx) => {
    if (!a || !b) return ctx.skip();
    const mine = (id: string) => pushService.received.filter((r) => r.subscriptionId === id);
    const user = await userAcrossNodes('push-scale@example.com');
    expect(await request(user.web, WINDOW_VISIBILITY_EVENT, { visible: true })).toMatchObject({ ok: true });
    await user.ask();
    // A marker: another user's push through the same node A, sent after the first event was decided.
    const marker = await userAcrossNodes('push-scale-marker@example.com');
    await request(marker.web, WINDOW_VISIBILITY_EVENT, { visible: false });
    await marker.ask();
    await waitFor(() => mine(marker.sub.id).length === 1, 10_000);
    expect(mine(user.sub.id)).toHaveLength(0);

    await request(user.web, WINDOW_VISIBILITY_EVENT, { visible: false });
    const requestId = randomUUID();
    await user.ask(requestId);
    await waitFor(() => mine(user.sub.id).length === 1, 10_000);
    expect(pushPayloadSchema.parse(mine(user.sub.id)[0]!.payload).approval?.requestId).toBe(requestId);
    expect(mine(user.sub.id)).toHaveLength(1);
  });
});
