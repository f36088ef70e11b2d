import { randomUUID } from 'node:crypto';

import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import {
  CLI_COMMANDS,
  CLI_EVENTS,
  defaultPushPrefs,
  pushAnswerResultSchema,
  pushPayloadSchema,
  WEB_EVENTS,
  WINDOW_VISIBILITY_EVENT,
} from '../../protocol';
import { pushSubscriptions } from '../storage/schema';
import { startPushServiceStandIn } from '../testing/pushServiceStandIn';
import { cliEnv, cliSocket, cliTokenFor, connect, request, signIn, waitFor, webSocket } from '../testing/remoteClients';
import { createTestRelay, RELAY_START_TIMEOUT_MS, type TestRelay } from '../testing/testRelay';

/**
 * Push notifications end to end on a real relay (issue #14): a push-service STAND-IN on loopback receives what the
 * relay sends and decrypts it with the subscription's keys; a CLI and browser windows are real Socket.IO clients.
 */
let relay: TestRelay;
let pushService: Awaited<ReturnType<typeof startPushServiceStandIn>>;
const open: Socket[] = [];

beforeAll(async () => {
  pushService = await startPushServiceStandIn();
  relay = await createTestRelay({
    env: { PUSH_ALLOW_LOOPBACK_HTTP: '1' },
    remote: { presenceGraceMs: 200, commandAckTimeoutMs: 1_000, pushCoalesceMs: 60_000 },
  });
}, RELAY_START_TIMEOUT_MS);
afterEach(() => {
  for (const s of open.splice(0)) s.disconnect();
});
afterAll(async () => {
  await relay?.close();
  await pushService?.close();
}, RELAY_START_TIMEOUT_MS);

async function api(method: 'GET' | 'PUT' | 'DELETE' | 'POST', path: string, body?: unknown, token?: string) {
  const res = await fetch(relay.url + path, {
    method,
    headers: { ...(body !== undefined && { 'content-type': 'application/json' }), ...(token && { authorization: `Bearer ${token}` }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.status, body: (await res.json()) as any };
}

let n = 0;
/** A signed-in user with a hello'd CLI, a session, a subscribed device and one window (visible unless told). */
async function setup(lang: 'en' | 'zh' = 'en') {
  const user = await signIn(relay, `push${++n}@example.com`);
  const { token } = await cliTokenFor(relay, user.userId, `push-host${n}`);
  const instanceId = randomUUID();
  const cli = await connect(cliSocket(relay, token, instanceId));
  open.push(cli);
  cli.on(CLI_COMMANDS.sessionCreate, (_p: unknown, ack: (r: unknown) => void) => ack({ ok: true }));
  const commands: unknown[] = [];
  cli.on(CLI_COMMANDS.sessionPermission, (p: unknown, ack: (r: unknown) => void) => {
    commands.push(p);
    ack({ ok: true });
  });
  await request(cli, CLI_EVENTS.hello, { env: cliEnv(), sessions: [] });
  const web = await connect(webSocket(relay, user.jwt));
  open.push(web);
  expect((await request(web, WEB_EVENTS.instanceAttach, { instanceId })).ok).toBe(true);
  const created = await request(web, WEB_EVENTS.sessionCreate, { instanceId, clientRequestId: randomUUID() });
  const sessionId = created.session.id as string;
  const sub = pushService.subscribe();
  const deviceId = randomUUID();
  const put = await api('PUT', '/web-api/push/subscription', { deviceId, subscription: sub.json, prefs: defaultPushPrefs, lang }, user.jwt);
  expect(put.status, JSON.stringify(put.body)).toBe(200);
  return { ...user, cli, web, sessionId, sub, deviceId, commands };
}

const permissionRequest = (cli: Socket, sessionId: string, requestId = randomUUID()) =>
  request(cli, CLI_EVENTS.sessionEvent, {
    sessionId,
    eventId: randomUUID(),
    body: {
      type: 'permission_request',
      requestId,
      toolCallId: randomUUID(),
      tool: 'edit_file',
      summary: 'Edit src/secret.ts',
      input: { path: 'src/secret.ts', content: 'TOP SECRET FILE CONTENTS' },
    },
  });

const pushesFor = (id: string) => pushService.received.filter((r) => r.subscriptionId === id);

describe('subscriptions', () => {
  it('refuses bad subscriptions with 400 and keeps nothing', async () => {
    const user = await signIn(relay, 'push-bad@example.com');
    const good = pushService.subscribe().json;
    const bad = [
      { ...good, endpoint: 'not a url' },
      { ...good, endpoint: 'http://push.example.com/x' },
      { ...good, endpoint: 'ftp://push.example.com/x' },
      { ...good, endpoint: 'https://user:pw@push.example.com/x' },
      { ...good, keys: { p256dh: 'short', auth: good.keys.auth } },
      { ...good, keys: { p256dh: good.keys.p256dh, auth: 'not base64url!!' } },
      { ...good, keys: { p256dh: good.keys.p256dh, auth: Buffer.alloc(15).toString('base64url') } },
      { ...good, keys: {} },
      'garbage',
    ];
    for (const subscription of bad) {
      const res = await api(
        'PUT',
        '/web-api/push/subscription',
        { deviceId: randomUUID(), subscription, prefs: defaultPushPrefs, lang: 'en' },
        user.jwt,
      );
      expect(res.status, JSON.stringify(subscription)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
    }
    expect(await relay.storage.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.userId))).toEqual([]);
    expect(
      (await api('PUT', '/web-api/push/subscription', { deviceId: randomUUID(), subscription: good, prefs: defaultPushPrefs, lang: 'en' }))
        .status,
    ).toBe(401);
    expect((await api('DELETE', '/web-api/push/subscription', { deviceId: 'nope' }, user.jwt)).status).toBe(400);
  });

  it('stores one subscription per device with its user agent; logout on that device removes it', async () => {
    const user = await signIn(relay, 'push-store@example.com');
    const deviceId = randomUUID();
    const first = pushService.subscribe().json;
    const second = pushService.subscribe().json;
    for (const subscription of [first, second]) {
      expect(
        (await api('PUT', '/web-api/push/subscription', { deviceId, subscription, prefs: defaultPushPrefs, lang: 'zh' }, user.jwt)).status,
      ).toBe(200);
    }
    const rows = await relay.storage.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      endpoint: second.endpoint,
      lang: 'zh',
      userAgent: expect.stringMatching(/node/i),
      lastSuccessAt: null,
    });
    expect((await api('GET', `/web-api/push/subscription?deviceId=${deviceId}`, undefined, user.jwt)).body.data).toEqual({
      subscribed: true,
      prefs: defaultPushPrefs,
    });
    expect((await api('POST', '/web-api/auth/logout', {}, user.jwt)).status).toBe(200);
    await waitFor(
      async () => (await relay.storage.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.userId))).length === 0,
    );
  });
});

describe('pushes', () => {
  it('sends nothing while a window is visible, exactly one encrypted, short, translated push when it is hidden', async () => {
    const s = await setup('zh');
    expect((await request(s.web, WINDOW_VISIBILITY_EVENT, { visible: true })).ok).toBe(true);
    await permissionRequest(s.cli, s.sessionId);
    // A marker push through another user proves the relay had time to send the first one, had it wanted to.
    const marker = await setup();
    await request(marker.web, WINDOW_VISIBILITY_EVENT, { visible: false });
    await permissionRequest(marker.cli, marker.sessionId);
    await waitFor(() => pushesFor(marker.sub.id).length === 1);
    expect(pushesFor(s.sub.id)).toHaveLength(0);

    await request(s.web, WINDOW_VISIBILITY_EVENT, { visible: false });
    const requestId = randomUUID();
    await permissionRequest(s.cli, s.sessionId, requestId);
    await waitFor(() => pushesFor(s.sub.id).length === 1);
    const [push] = pushesFor(s.sub.id);
    expect(push!.headers['content-encoding']).toBe('aes128gcm');
    const payload = pushPayloadSchema.parse(push!.payload);
    expect(payload).toMatchObject({ kind: 'approval', tag: `approval:${s.sessionId}`, lang: 'zh', title: '需要你的批准', badge: 2 });
    expect(payload.body).toContain('edit_file');
    expect(JSON.stringify(payload)).not.toContain('TOP SECRET');
    expect(payload.approval).toMatchObject({ sessionId: s.sessionId, requestId, allowLabel: '允许', denyLabel: '拒绝' });
    expect(payload.url).toBe(`/zh/remote?session=${s.sessionId}&request=${requestId}`);
    await waitFor(async () => {
      const [row] = await relay.storage.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, s.userId));
      return row?.lastSuccessAt instanceof Date;
    });
  });

  it('a window that closes stops counting as watching', async () => {
    const s = await setup();
    await request(s.web, WINDOW_VISIBILITY_EVENT, { visible: true });
    s.web.disconnect();
    await waitFor(async () => (await relay.app.remote.io.of('/web').in(`visible:${s.userId}`).fetchSockets()).length === 0);
    await permissionRequest(s.cli, s.sessionId);
    await waitFor(() => pushesFor(s.sub.id).length === 1);
  });

  it('the Allow token applies once; a replay and a forged token are refused; the CLI gets one answer', async () => {
    const s = await setup();
    await request(s.web, WINDOW_VISIBILITY_EVENT, { visible: false });
    const requestId = randomUUID();
    await permissionRequest(s.cli, s.sessionId, requestId);
    await waitFor(() => pushesFor(s.sub.id).length === 1);
    const { approval } = pushPayloadSchema.parse(pushesFor(s.sub.id)[0]!.payload);
    const first = await api('POST', '/web-api/push/answer', { token: approval!.token, decision: 'allow', lang: 'en' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(pushAnswerResultSchema.parse(first.body.data)).toMatchObject({ outcome: 'applied', decision: 'allow', title: 'Allowed' });
    const replay = await api('POST', '/web-api/push/answer', { token: approval!.token, decision: 'deny', lang: 'en' });
    expect(replay.body.data).toMatchObject({ outcome: 'already', decision: 'allow', title: 'Already answered' });
    await waitFor(() => s.commands.length === 1);
    expect(s.commands[0]).toMatchObject({ sessionId: s.sessionId, requestId, decision: 'allow', scope: 'once' });

    const forged = approval!.token.slice(0, -4) + (approval!.token.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    expect((await api('POST', '/web-api/push/answer', { token: forged, decision: 'allow' })).status).toBe(403);
    expect((await api('POST', '/web-api/push/answer', { token: 'x', decision: 'maybe' })).status).toBe(400);
  });

  it('answered elsewhere first: the notification is told "already answered" with that answer', async () => {
    const s = await setup();
    await request(s.web, WINDOW_VISIBILITY_EVENT, { visible: false });
    const requestId = randomUUID();
    await permissionRequest(s.cli, s.sessionId, requestId);
    await waitFor(() => pushesFor(s.sub.id).length === 1);
    const answered = await request(s.web, WEB_EVENTS.sessionPermission, {
      sessionId: s.sessionId,
      requestId,
      decision: 'deny',
      scope: 'once',
    });
    expect(answered.ok).toBe(true);
    const { approval } = pushPayloadSchema.parse(pushesFor(s.sub.id)[0]!.payload);
    const res = await api('POST', '/web-api/push/answer', { token: approval!.token, decision: 'allow', lang: 'zh' });
    expect(res.body.data).toEqual({ outcome: 'already', decision: 'deny', title: '已经回答过了', body: '此请求之前已被拒绝。' });
  });

  it('at most one push per session and kind in the window; turn end and failure are their own kinds', async () => {
    const s = await setup();
    await request(s.web, WINDOW_VISIBILITY_EVENT, { visible: false });
    await permissionRequest(s.cli, s.sessionId);
    await permissionRequest(s.cli, s.sessionId);
    await request(s.cli, CLI_EVENTS.sessionEvent, {
      sessionId: s.sessionId,
      eventId: randomUUID(),
      body: { type: 'turn_end', reason: 'completed' },
    });
    await waitFor(() => pushesFor(s.sub.id).length === 2);
    const kinds = pushesFor(s.sub.id).map((p) => pushPayloadSchema.parse(p.payload).kind);
    expect(kinds.sort()).toEqual(['approval', 'turnDone']);
  });

  it('a device that opted out of a kind gets none of it; a 410 from the push service removes the subscription', async () => {
    const s = await setup();
    await request(s.web, WINDOW_VISIBILITY_EVENT, { visible: false });
    const prefs = { ...defaultPushPrefs, turnDone: false };
    await api('PUT', '/web-api/push/subscription', { deviceId: s.deviceId, subscription: s.sub.json, prefs, lang: 'en' }, s.jwt);
    await request(s.cli, CLI_EVENTS.sessionEvent, {
      sessionId: s.sessionId,
      eventId: randomUUID(),
      body: { type: 'turn_end', reason: 'completed' },
    });
    pushService.answer(s.sub.id, 410);
    await permissionRequest(s.cli, s.sessionId);
    await waitFor(
      async () => (await relay.storage.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, s.userId))).length === 0,
    );
    expect(pushesFor(s.sub.id)).toHaveLength(0);
  });

  it('a CLI that goes offline mid-turn sends a cliOffline push', async () => {
    const s = await setup();
    await request(s.web, WINDOW_VISIBILITY_EVENT, { visible: false });
    const input = await request(s.web, WEB_EVENTS.sessionInput, { sessionId: s.sessionId, clientMsgId: randomUUID(), text: 'refactor it' });
    expect(input.ok, JSON.stringify(input)).toBe(true);
    s.cli.disconnect();
    await waitFor(() => pushesFor(s.sub.id).length === 1);
    const payload = pushPayloadSchema.parse(pushesFor(s.sub.id)[0]!.payload);
    expect(payload).toMatchObject({ kind: 'cliOffline', tag: `cliOffline:${s.sessionId}`, title: 'CLI went offline' });
  });
});
