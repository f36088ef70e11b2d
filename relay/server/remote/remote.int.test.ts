import { randomUUID } from 'node:crypto';
import { IncomingMessage } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

import { io, Manager, type Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';

import {
  CLI_COMMANDS,
  CLI_EVENTS,
  CLI_NAMESPACE,
  cliHelloAckSchema,
  handshakeErrorDataSchema,
  instanceAttachAckSchema,
  instancesListAckSchema,
  REMOTE_PROTOCOL_VERSION,
  type SessionEvent,
  sessionEventSchema,
  WEB_EVENTS,
  WEB_NAMESPACE,
  WEB_PUSH,
  workspaceLostSchema,
} from '../../protocol';
import { createRemoteRepo } from '../storage/repos/remoteRepo';
import { call } from '../testing/http';
import {
  cliEnv,
  cliSocket,
  cliTokenFor,
  collect,
  connect,
  connectCli,
  recordCommands,
  request,
  signIn,
  waitFor,
  webSocket,
} from '../testing/remoteClients';
import { sharedTestRelay } from '../testing/sharedRelay';

let clockOffsetMs = 0;
const now = () => new Date(Date.now() + clockOffsetMs);
const LEASE_MS = 5_000;

const shared = sharedTestRelay({
  now,
  remote: { presenceGraceMs: 300, leaseMs: LEASE_MS, renewMs: 1_000, revocationCheckMs: 200, commandAckTimeoutMs: 1_000 },
});
const { track } = shared;

let userSeq = 0;
/** A user with a connected, hello'd CLI instance and a browser window. */
async function setup(options: { attach?: boolean } = {}) {
  const n = ++userSeq;
  const email = `remote${n}@example.com`;
  const { user, token, tokenId, instanceId, cli } = await connectCli(shared.relay, {
    email,
    tokenLabel: `host${n}`,
    ackCommands: false,
    track,
  });
  const cliToken = { token, id: tokenId };
  const windowId = randomUUID();
  const web = track(await connect(webSocket(shared.relay, user.jwt, windowId)));
  if (options.attach !== false) {
    const attached = await request(web, WEB_EVENTS.instanceAttach, { instanceId });
    expect(attached.ok, JSON.stringify(attached)).toBe(true);
  }
  return { ...user, cliToken, instanceId, cli, web, windowId };
}

async function newSession(s: Awaited<ReturnType<typeof setup>>) {
  const res = await request(s.web, WEB_EVENTS.sessionCreate, { instanceId: s.instanceId, clientRequestId: randomUUID() });
  expect(res.ok, JSON.stringify(res)).toBe(true);
  return res.session.id as string;
}

const cliEvent = (cli: Socket, sessionId: string, text: string, eventId: string = randomUUID()) =>
  request(cli, CLI_EVENTS.sessionEvent, { sessionId, eventId, body: { type: 'assistant_delta', messageId: 'm1', text } });

describe('handshakes', () => {
  /** The `connect_error` of a refused handshake: its message and `data.code`. */
  const refusal = async (socket: Socket) => {
    const error = await connect(socket).then(
      () => {
        throw new Error('the handshake was accepted');
      },
      (e: unknown) => e as Error & { data?: unknown },
    );
    return { message: error.message, data: handshakeErrorDataSchema.parse(error.data) };
  };

  it('refuses a bad CLI token, a malformed CLI handshake and a bad user token, with a code in err.data', async () => {
    expect(await refusal(cliSocket(shared.relay, 'tern_cli_nope'))).toEqual({
      message: 'UNAUTHORIZED: invalid or revoked CLI token',
      data: { code: 'UNAUTHORIZED' },
    });
    const user = await signIn(shared.relay, 'hs@example.com');
    const { token } = await cliTokenFor(shared.relay, user.userId);
    expect(await refusal(cliSocket(shared.relay, token, 'not-a-uuid'))).toMatchObject({
      message: expect.stringMatching(/^BAD_HANDSHAKE: /),
      data: { code: 'BAD_HANDSHAKE' },
    });
    expect(await refusal(cliSocket(shared.relay, token, randomUUID(), { protocolVersion: undefined }))).toMatchObject({
      data: { code: 'BAD_HANDSHAKE' },
    });
    expect(await refusal(cliSocket(shared.relay, token, randomUUID(), { protocolVersion: 99 }))).toMatchObject({
      message: expect.stringMatching(/^PROTOCOL_VERSION: .*version 1, not 99/),
      data: { code: 'PROTOCOL_VERSION' },
    });
    expect(await refusal(webSocket(shared.relay, 'garbage'))).toMatchObject({
      message: expect.stringMatching(/^UNAUTHORIZED: /),
      data: { code: 'UNAUTHORIZED' },
    });
    expect(await refusal(webSocket(shared.relay, token))).toMatchObject({ data: { code: 'UNAUTHORIZED' } });
    expect(await refusal(webSocket(shared.relay, user.jwt, 'not-a-uuid'))).toMatchObject({ data: { code: 'BAD_HANDSHAKE' } });
  });

  it('keeps no credential once a handshake is accepted: the token is not left in handshake.auth', async () => {
    const { user, token, cli } = await connectCli(shared.relay, { email: 'forget@example.com', ackCommands: false, hello: false, track });
    const web = track(await connect(webSocket(shared.relay, user.jwt)));
    const server = [
      ...shared.relay.app.remote.io.of(CLI_NAMESPACE).sockets.values(),
      ...shared.relay.app.remote.io.of(WEB_NAMESPACE).sockets.values(),
    ];
    const held = server.filter((s) => s.id === cli.id || s.id === web.id);
    expect(held).toHaveLength(2);
    for (const s of held) expect(JSON.stringify(s.handshake)).not.toMatch(new RegExp(`${token}|${user.jwt}`));
    expect(held.map((s) => s.data.userId)).toEqual([user.userId, user.userId]);
  });

  it('drops the first HTTP request of a polling-first connection, and a namespace joined later on it still handshakes', async () => {
    const user = await signIn(shared.relay, 'slim@example.com');
    const { token } = await cliTokenFor(shared.relay, user.userId);
    // Like the PWA: long-polling first (then the upgrade), one connection for both namespaces.
    const ua = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
    const manager = new Manager(shared.relay.url, { reconnection: false, extraHeaders: { 'user-agent': ua } });
    const cli = track(
      await connect(manager.socket(CLI_NAMESPACE, { auth: { token, instanceId: randomUUID(), protocolVersion: REMOTE_PROTOCOL_VERSION } })),
    );
    const [cliServer] = [...shared.relay.app.remote.io.of(CLI_NAMESPACE).sockets.values()].filter((s) => s.id === cli.id);
    expect(cliServer!.conn.request).not.toBeInstanceOf(IncomingMessage);
    const web = track(
      await connect(
        manager.socket(WEB_NAMESPACE, { auth: { token: user.jwt, windowId: randomUUID(), protocolVersion: REMOTE_PROTOCOL_VERSION } }),
      ),
    );
    const [webServer] = [...shared.relay.app.remote.io.of(WEB_NAMESPACE).sockets.values()].filter((s) => s.id === web.id);
    expect(webServer!.conn).toBe(cliServer!.conn);
    expect(webServer!.handshake.headers['user-agent']).toBe(ua);
    expect(webServer!.data.device).toEqual({ browser: 'Chrome', os: 'Android' });
    expect((await request(web, WEB_EVENTS.instancesList, {})).ok).toBe(true);
  });

  it('a second CONNECT for a namespace the connection has joined closes the connection (so the PWA sends one at a time)', async () => {
    const user = await signIn(shared.relay, 'twice@example.com');
    const web = track(await connect(webSocket(shared.relay, user.jwt)));
    const gone = new Promise<string>((resolve) => web.once('disconnect', resolve));
    // What socket.io-client sends when `connect()` is called again before the first CONNECT was answered.
    web.io.engine.write(
      `0${WEB_NAMESPACE},${JSON.stringify({ token: user.jwt, windowId: randomUUID(), protocolVersion: REMOTE_PROTOCOL_VERSION })}`,
    );
    expect(await gone).toBe('transport close');
  });

  it("a request cut off by a disconnect says why (the test clients' request helper)", async () => {
    const user = await signIn(shared.relay, 'cutoff@example.com');
    const web = track(await connect(webSocket(shared.relay, user.jwt)));
    const pending = request(web, WEB_EVENTS.instancesList, {});
    web.io.engine.close();
    await expect(pending).rejects.toThrow(`${WEB_EVENTS.instancesList}: socket has been disconnected (forced close)`);
  });

  it('keeps no WebSocket upgrade request once upgraded (a WebSocket-first CLI, a polling-first browser), and both still talk', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const user = await signIn(shared.relay, 'upgrades@example.com');
    const { token } = await cliTokenFor(shared.relay, user.userId);
    const upgrades: WeakRef<IncomingMessage>[] = [];
    const seen = (req: IncomingMessage) => void upgrades.push(new WeakRef(req));
    const server = shared.relay.app.server;
    server.prependListener('upgrade', seen);
    try {
      const instanceId = randomUUID();
      const cli = track(await connect(cliSocket(shared.relay, token, instanceId)));
      // Like the PWA: long-polling first, then the upgrade.
      const web = track(
        await connect(
          io(shared.relay.url + WEB_NAMESPACE, {
            reconnection: false,
            forceNew: true,
            autoConnect: false,
            auth: { token: user.jwt, windowId: randomUUID(), protocolVersion: REMOTE_PROTOCOL_VERSION },
          }),
        ),
      );
      await waitFor(() => web.io.engine.transport.name === 'websocket');
      expect(upgrades).toHaveLength(2);
      for (let i = 0; i < 3 && upgrades.some((ref) => ref.deref()); i++) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        gc();
      }
      expect(upgrades.map((ref) => ref.deref() === undefined)).toEqual([true, true]);
      expect((await request(cli, CLI_EVENTS.hello, { env: cliEnv('/upgrades'), sessions: [] })).ok).toBe(true);
      expect((await request(web, WEB_EVENTS.instanceAttach, { instanceId })).ok).toBe(true);
      // Closing still reaches the relay: the CLI goes offline for the window.
      const updates = collect<{ instance: { id: string; online: boolean } }>(web, WEB_PUSH.instanceUpdated);
      cli.disconnect();
      await waitFor(() => updates.some((u) => u.instance.id === instanceId && !u.instance.online), 5000, 'offline update');
    } finally {
      server.removeListener('upgrade', seen);
    }
  });

  it('checks the Origin of /web: foreign sites are refused, the relay itself is allowed', async () => {
    const user = await signIn(shared.relay, 'origin@example.com');
    expect(await refusal(webSocket(shared.relay, user.jwt, randomUUID(), { origin: 'https://evil.example' }))).toEqual({
      message: 'ORIGIN_NOT_ALLOWED: origin not allowed',
      data: { code: 'ORIGIN_NOT_ALLOWED' },
    });
    track(await connect(webSocket(shared.relay, user.jwt, randomUUID(), { origin: shared.relay.url })));
  });

  it('/web carries the protocol version too: another version gets PROTOCOL_VERSION, none at all BAD_HANDSHAKE', async () => {
    const user = await signIn(shared.relay, 'webversion@example.com');
    const web = (auth: Record<string, unknown>) =>
      io(shared.relay.url + WEB_NAMESPACE, {
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
        autoConnect: false,
        auth: { token: user.jwt, windowId: randomUUID(), ...auth },
      });
    expect(await refusal(web({ protocolVersion: 2 }))).toMatchObject({
      message: expect.stringMatching(/^PROTOCOL_VERSION: .*version 1, not 2; reload the page/),
      data: { code: 'PROTOCOL_VERSION' },
    });
    expect(await refusal(web({}))).toMatchObject({ data: { code: 'BAD_HANDSHAKE' } });
    track(await connect(web({ protocolVersion: REMOTE_PROTOCOL_VERSION })));
  });
});

describe('authorisation: a user only sees and drives their own instances', () => {
  it('user A cannot list, attach, create sessions on, join or drive user B’s instance', async () => {
    const a = await setup();
    const b = await setup();
    recordCommands(b.cli);
    const bSession = await newSession(b);

    const listA = instancesListAckSchema.parse(await request(a.web, WEB_EVENTS.instancesList, {}));
    expect(listA.ok && listA.instances.map((i) => i.id)).toEqual([a.instanceId]);

    const attach = await request(a.web, WEB_EVENTS.instanceAttach, { instanceId: b.instanceId });
    expect(attach).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    expect(await request(a.web, WEB_EVENTS.instanceAttach, { instanceId: b.instanceId, takeOver: true })).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });
    expect(await request(a.web, WEB_EVENTS.sessionCreate, { instanceId: b.instanceId, clientRequestId: randomUUID() })).toMatchObject({
      error: { code: 'NOT_FOUND' },
    });
    const seen = collect<SessionEvent>(a.web, WEB_PUSH.sessionEvent);
    expect(await request(a.web, WEB_EVENTS.sessionJoin, { sessionId: bSession, afterSeq: 0 })).toMatchObject({
      error: { code: 'NOT_FOUND' },
    });
    expect(await request(a.web, WEB_EVENTS.sessionInput, { sessionId: bSession, clientMsgId: 'x', text: 'rm -rf /' })).toMatchObject({
      error: { code: 'NOT_FOUND' },
    });
    for (const [event, payload] of [
      [WEB_EVENTS.sessionPermission, { sessionId: bSession, requestId: 'r', decision: 'allow', scope: 'session' }],
      [WEB_EVENTS.sessionInterrupt, { sessionId: bSession }],
      [WEB_EVENTS.sessionSettings, { sessionId: bSession, autoApprove: true }],
      [WEB_EVENTS.sessionLeave, { sessionId: bSession }],
      [WEB_EVENTS.instanceDetach, { instanceId: b.instanceId }],
    ] as const) {
      expect(await request(a.web, event, payload), event).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    }
    // An id that does not exist at all answers the same.
    expect(await request(a.web, WEB_EVENTS.instanceAttach, { instanceId: randomUUID() })).toMatchObject({ error: { code: 'NOT_FOUND' } });

    // A's CLI cannot write into B's session or claim B's instance id.
    expect(await cliEvent(a.cli, bSession, 'injected')).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    expect(await request(a.cli, CLI_EVENTS.sessionMeta, { sessionId: bSession, title: 'pwned' })).toMatchObject({
      error: { code: 'NOT_FOUND' },
    });
    await expect(connect(cliSocket(shared.relay, a.cliToken.token, b.instanceId))).rejects.toThrow(/UNAUTHORIZED/);

    // B still has its instance and nothing reached A's window.
    const listB = instancesListAckSchema.parse(await request(b.web, WEB_EVENTS.instancesList, {}));
    expect(listB.ok && listB.instances.map((i) => i.id)).toEqual([b.instanceId]);
    expect(seen).toEqual([]);
  });
});

describe('malformed events', () => {
  it('answers BAD_REQUEST to wrong shapes and unknown events, drops events without ack, and keeps working', async () => {
    const s = await setup();
    const bad = [
      [WEB_EVENTS.instanceAttach, { instanceId: 42 }],
      [WEB_EVENTS.instanceAttach, 'garbage'],
      [WEB_EVENTS.instanceAttach, null],
      [WEB_EVENTS.sessionJoin, { sessionId: randomUUID(), afterSeq: -1 }],
      [WEB_EVENTS.sessionInput, { sessionId: randomUUID(), text: 'no clientMsgId' }],
      [WEB_EVENTS.sessionInput, [1, 2, 3]],
      [WEB_EVENTS.sessionPermission, { sessionId: randomUUID(), requestId: 'r', decision: 'maybe', scope: 'once' }],
      ['no:such:event', {}],
    ] as const;
    for (const [event, payload] of bad) {
      const res = await request(s.web, event, payload);
      expect(res, `${event} ${JSON.stringify(payload)}`).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } });
      expect(typeof res.error.message).toBe('string');
    }
    // No payload at all (only the ack).
    expect(await s.web.timeout(5000).emitWithAck(WEB_EVENTS.instancesList)).toMatchObject({ error: { code: 'BAD_REQUEST' } });
    for (const payload of [{ sessionId: randomUUID(), eventId: randomUUID(), body: { type: 'nope' } }, { sessionId: 1 }, 7]) {
      expect(await request(s.cli, CLI_EVENTS.sessionEvent, payload)).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } });
    }
    expect(await request(s.cli, CLI_EVENTS.hello, { env: { platform: 1 } })).toMatchObject({ error: { code: 'BAD_REQUEST' } });

    // Without an ack: nothing happens (no session is created), nothing crashes.
    s.web.emit(WEB_EVENTS.sessionCreate, { instanceId: s.instanceId, clientRequestId: randomUUID() });
    s.cli.emit(CLI_EVENTS.sessionEvent, {
      sessionId: randomUUID(),
      eventId: randomUUID(),
      body: { type: 'turn_end', reason: 'completed' },
    });
    s.web.emit('garbage', Buffer.from('xx'));

    const list = instancesListAckSchema.parse(await request(s.web, WEB_EVENTS.instancesList, {}));
    expect(list.ok && list.instances[0]!.sessionCount).toBe(0);
    expect(s.web.connected && s.cli.connected).toBe(true);
    expect((await call(shared.relay, 'GET', '/healthz')).status).toBe(200);
  });
});

describe('workspace lock', () => {
  const ANDROID_CHROME =
    'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
  const IPHONE_SAFARI =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
  const repo = () => createRemoteRepo(shared.relay.storage.db);
  /** The lock row once the relay has handled `socket`'s disconnect (its lease lapsed at once, long before LEASE_MS). */
  const lapsedAfterClose = async (instanceId: string) => {
    await waitFor(async () => ((await repo().findLock(instanceId))?.leaseExpiresAt ?? new Date(0)) <= now(), LEASE_MS / 2, 'lock lapsed');
    return (await repo().findLock(instanceId))!;
  };
  /** Waits until the relay has dropped the server side of `socket`. */
  const goneFromRelay = (id: string) => waitFor(() => !shared.relay.app.remote.io.of(WEB_NAMESPACE).sockets.has(id), 2000, 'socket gone');

  it('one window at a time: busy, explicit take-over, a lapsed lease, re-attach by the same window, detach', async () => {
    const s = await setup();
    const other = track(await connect(webSocket(shared.relay, s.jwt)));
    const busy = instanceAttachAckSchema.parse(await request(other, WEB_EVENTS.instanceAttach, { instanceId: s.instanceId }));
    expect(busy.ok).toBe(false);
    if (!busy.ok) {
      expect(busy.error.code).toBe('WORKSPACE_BUSY');
      expect(Date.parse(busy.error.holder!.since)).not.toBeNaN();
    }
    // Not attached: cannot create sessions or send input.
    expect(await request(other, WEB_EVENTS.sessionCreate, { instanceId: s.instanceId, clientRequestId: randomUUID() })).toMatchObject({
      error: { code: 'NOT_ATTACHED' },
    });

    const lost = collect<{ instanceId: string; reason: string }>(s.web, WEB_PUSH.workspaceLost);
    const taken = await request(other, WEB_EVENTS.instanceAttach, { instanceId: s.instanceId, takeOver: true });
    expect(taken.ok).toBe(true);
    await waitFor(() => lost.length === 1, 5000, 'workspace:lost');
    expect(lost[0]).toMatchObject({ instanceId: s.instanceId, reason: 'taken_over' });
    expect(await request(s.web, WEB_EVENTS.sessionCreate, { instanceId: s.instanceId, clientRequestId: randomUUID() })).toMatchObject({
      error: { code: 'NOT_ATTACHED' },
    });
    expect(await request(s.web, WEB_EVENTS.instanceAttach, { instanceId: s.instanceId })).toMatchObject({
      error: { code: 'WORKSPACE_BUSY' },
    });

    // A holder still connected but silent past its lease (its node stopped renewing) is no holder either.
    const lapsed = collect<{ instanceId: string; reason: string }>(other, WEB_PUSH.workspaceLost);
    clockOffsetMs += LEASE_MS + 1_000;
    try {
      expect(await request(s.web, WEB_EVENTS.instanceAttach, { instanceId: s.instanceId })).toMatchObject({ ok: true });
    } finally {
      clockOffsetMs -= LEASE_MS + 1_000;
    }
    await waitFor(() => lapsed.length === 1, 5000, 'workspace:lost lease_expired');
    expect(lapsed[0]).toEqual({ instanceId: s.instanceId, reason: 'lease_expired' });

    // The same window reconnecting (page reload keeps windowId) gets its lock back; detach frees it for others.
    s.web.disconnect();
    const reloaded = track(await connect(webSocket(shared.relay, s.jwt, s.windowId)));
    expect(await request(reloaded, WEB_EVENTS.instanceAttach, { instanceId: s.instanceId })).toMatchObject({ ok: true });
    expect(await request(reloaded, WEB_EVENTS.instanceDetach, { instanceId: s.instanceId })).toEqual({ ok: true });
    const third = track(await connect(webSocket(shared.relay, s.jwt)));
    expect(await request(third, WEB_EVENTS.instanceAttach, { instanceId: s.instanceId })).toMatchObject({ ok: true });
  });

  it('a closed window is no holder: its socket closing frees the workspace at once, for a new tab', async () => {
    const s = await setup();
    const before = (await repo().findLock(s.instanceId))!;
    expect(before.leaseExpiresAt.getTime()).toBeGreaterThan(now().getTime() + LEASE_MS / 2);
    s.web.disconnect();
    await lapsedAfterClose(s.instanceId);
    // A new tab (a new windowId) attaches without taking over, and nobody is told anything was lost.
    const tab = track(await connect(webSocket(shared.relay, s.jwt)));
    expect(await request(tab, WEB_EVENTS.instanceAttach, { instanceId: s.instanceId })).toMatchObject({ ok: true });
    expect(await request(tab, WEB_EVENTS.sessionCreate, { instanceId: s.instanceId, clientRequestId: randomUUID() })).toMatchObject({
      ok: true,
    });
  });

  it('a quick reconnect of the same window keeps its lock, whichever of close and re-attach the relay sees first', async () => {
    const s = await setup();
    const { since } = (await repo().findLock(s.instanceId))!;

    // Re-attach from the new socket first, then the old socket's close arrives: the lock is not touched by it.
    const second = track(await connect(webSocket(shared.relay, s.jwt, s.windowId)));
    const firstId = s.web.id!;
    expect(await request(second, WEB_EVENTS.instanceAttach, { instanceId: s.instanceId })).toMatchObject({ ok: true });
    s.web.disconnect();
    await goneFromRelay(firstId);
    const stranger = track(await connect(webSocket(shared.relay, s.jwt)));
    expect(await request(stranger, WEB_EVENTS.instanceAttach, { instanceId: s.instanceId })).toMatchObject({
      error: { code: 'WORKSPACE_BUSY' },
    });
    expect(await request(second, WEB_EVENTS.sessionCreate, { instanceId: s.instanceId, clientRequestId: randomUUID() })).toMatchObject({
      ok: true,
    });

    // The close first, then the same window again: it is the same holding, since the same moment.
    const lost = collect(second, WEB_PUSH.workspaceLost);
    second.disconnect();
    await lapsedAfterClose(s.instanceId);
    const third = track(await connect(webSocket(shared.relay, s.jwt, s.windowId)));
    expect(await request(third, WEB_EVENTS.instanceAttach, { instanceId: s.instanceId })).toMatchObject({ ok: true });
    const lock = (await repo().findLock(s.instanceId))!;
    expect(lock.since).toEqual(since);
    expect(lock.socketId).toBe(third.id);
    expect(lost).toEqual([]);
  });

  it('busy names the live holder: its device from the User-Agent and when it last drove the workspace', async () => {
    const s = await setup({ attach: false });
    const phone = track(await connect(webSocket(shared.relay, s.jwt, randomUUID(), { 'user-agent': ANDROID_CHROME })));
    expect(await request(phone, WEB_EVENTS.instanceAttach, { instanceId: s.instanceId })).toMatchObject({ ok: true });
    const attachedAt = (await repo().findLock(s.instanceId))!.lastActiveAt;

    clockOffsetMs += 2_000;
    try {
      // Driving the workspace (here: a new session) is activity.
      expect(await request(phone, WEB_EVENTS.sessionCreate, { instanceId: s.instanceId, clientRequestId: randomUUID() })).toMatchObject({
        ok: true,
      });
      const busy = await request(s.web, WEB_EVENTS.instanceAttach, { instanceId: s.instanceId });
      const parsed = instanceAttachAckSchema.parse(busy);
      expect(parsed.ok).toBe(false);
      if (parsed.ok) return;
      expect(parsed.error.code).toBe('WORKSPACE_BUSY');
      const holder = parsed.error.holder!;
      expect(holder.device).toEqual({ browser: 'Chrome', os: 'Android' });
      expect(Date.parse(holder.since)).toBe(attachedAt.getTime());
      expect(Date.parse(holder.lastActiveAt!)).toBeGreaterThanOrEqual(attachedAt.getTime() + 2_000);
    } finally {
      clockOffsetMs -= 2_000;
    }
  });

  it("busy lists the instance and its sessions, so the window can watch one read-only; never another account's", async () => {
    const s = await setup();
    const first = await newSession(s);
    await cliEvent(s.cli, first, 'hello');
    const second = await newSession(s);
    const other = track(await connect(webSocket(shared.relay, s.jwt)));
    const busy = instanceAttachAckSchema.parse(await request(other, WEB_EVENTS.instanceAttach, { instanceId: s.instanceId }));
    if (busy.ok) throw new Error('attached while another window holds the workspace');
    expect(busy.error).toMatchObject({ code: 'WORKSPACE_BUSY', instance: { id: s.instanceId, online: true, sessionCount: 2 } });
    expect(busy.error.sessions!.map((x) => x.id).sort()).toEqual([first, second].sort());
    expect(busy.error.sessions!.find((x) => x.id === first)).toMatchObject({ instanceId: s.instanceId, lastSeq: 1 });
    // Read-only: it joins a listed session (replayed), and cannot drive the workspace.
    expect(await request(other, WEB_EVENTS.sessionJoin, { sessionId: first, afterSeq: 0 })).toMatchObject({
      ok: true,
      session: { id: first },
    });
    expect(await request(other, WEB_EVENTS.sessionCreate, { instanceId: s.instanceId, clientRequestId: randomUUID() })).toMatchObject({
      error: { code: 'NOT_ATTACHED' },
    });

    // Another account learns nothing of the instance: not found, no sessions.
    const stranger = await setup({ attach: false });
    const refused = await request(stranger.web, WEB_EVENTS.instanceAttach, { instanceId: s.instanceId });
    expect(refused).toEqual({ ok: false, error: { code: 'NOT_FOUND', message: 'Instance not found' } });
  });

  it('a take-over tells the old window workspace:lost taken_over, with the device that took it', async () => {
    const s = await setup({ attach: false });
    const android = track(await connect(webSocket(shared.relay, s.jwt, randomUUID(), { 'user-agent': ANDROID_CHROME })));
    expect(await request(android, WEB_EVENTS.instanceAttach, { instanceId: s.instanceId })).toMatchObject({ ok: true });
    const lost = collect(android, WEB_PUSH.workspaceLost);
    const iphone = track(await connect(webSocket(shared.relay, s.jwt, randomUUID(), { 'user-agent': IPHONE_SAFARI })));
    expect(await request(iphone, WEB_EVENTS.instanceAttach, { instanceId: s.instanceId })).toMatchObject({
      error: { code: 'WORKSPACE_BUSY', holder: { device: { browser: 'Chrome', os: 'Android' } } },
    });
    expect(await request(iphone, WEB_EVENTS.instanceAttach, { instanceId: s.instanceId, takeOver: true })).toMatchObject({ ok: true });
    await waitFor(() => lost.length === 1, 5000, 'workspace:lost');
    const pushed = workspaceLostSchema.parse(lost[0]);
    expect(pushed).toMatchObject({ instanceId: s.instanceId, reason: 'taken_over', by: { device: { browser: 'Safari', os: 'iPhone' } } });
    expect(Date.parse(pushed.by!.since)).not.toBeNaN();
    // The old window is read-only now, and can take it back.
    expect(await request(android, WEB_EVENTS.sessionCreate, { instanceId: s.instanceId, clientRequestId: randomUUID() })).toMatchObject({
      error: { code: 'NOT_ATTACHED' },
    });
    const lostByIphone = collect(iphone, WEB_PUSH.workspaceLost);
    expect(await request(android, WEB_EVENTS.instanceAttach, { instanceId: s.instanceId, takeOver: true })).toMatchObject({ ok: true });
    await waitFor(() => lostByIphone.length === 1, 5000, 'workspace:lost to the iPhone');
    expect(lostByIphone[0]).toMatchObject({ reason: 'taken_over', by: { device: { browser: 'Chrome', os: 'Android' } } });
  });
});

describe('sessions, seq and replay', () => {
  it('assigns seqs in order, is idempotent on CLI event ids, and replays afterSeq exactly once including live events', async () => {
    const s = await setup();
    const commands = recordCommands(s.cli);
    const sessionId = await newSession(s);
    await waitFor(() => commands.some((c) => c.event === CLI_COMMANDS.sessionCreate), 5000, 'session:create command');
    expect(commands[0]!.payload).toEqual({ sessionId, autoApprove: false });

    const ids = Array.from({ length: 5 }, () => randomUUID());
    const seqs = [];
    for (const [i, id] of ids.entries()) seqs.push((await cliEvent(s.cli, sessionId, `chunk ${i}`, id)).seq);
    expect(seqs).toEqual([1, 2, 3, 4, 5]);
    // The CLI's outbox resends after a reconnect: same seq, nothing new stored.
    expect(await cliEvent(s.cli, sessionId, 'chunk 1', ids[1])).toEqual({ ok: true, seq: 2 });
    expect((await cliEvent(s.cli, sessionId, 'chunk 5')).seq).toBe(6);

    // Join after seq 2 while the CLI keeps streaming: 3..N exactly once, in order.
    const viewer = track(await connect(webSocket(shared.relay, s.jwt)));
    const received = collect<SessionEvent>(viewer, WEB_PUSH.sessionEvent);
    const joined = await request(viewer, WEB_EVENTS.sessionJoin, { sessionId, afterSeq: 2 });
    expect(joined).toMatchObject({ ok: true, session: { id: sessionId, lastSeq: 6 } });
    const live = [];
    for (let i = 6; i < 30; i++) live.push(cliEvent(s.cli, sessionId, `chunk ${i}`)); // seqs 7..30
    await Promise.all(live);
    await waitFor(() => received.length >= 28, 5000, 'replay + live');
    await new Promise((r) => setTimeout(r, 100));
    expect(received.map((e) => e.seq)).toEqual(Array.from({ length: 28 }, (_, i) => i + 3));
    for (const e of received) expect(sessionEventSchema.safeParse(e).success).toBe(true);
    expect(received[0]!.body).toMatchObject({ type: 'assistant_delta', text: 'chunk 2' });

    // Browser input: persisted as user_message once per clientMsgId and forwarded to the CLI once.
    const first = await request(s.web, WEB_EVENTS.sessionInput, { sessionId, clientMsgId: 'msg-1', text: 'hello there' });
    const again = await request(s.web, WEB_EVENTS.sessionInput, { sessionId, clientMsgId: 'msg-1', text: 'hello there' });
    expect(first).toEqual({ ok: true, seq: 31 });
    expect(again).toEqual(first);
    await waitFor(() => commands.some((c) => c.event === CLI_COMMANDS.sessionInput), 5000, 'input command');
    await new Promise((r) => setTimeout(r, 100));
    expect(commands.filter((c) => c.event === CLI_COMMANDS.sessionInput)).toEqual([
      { event: CLI_COMMANDS.sessionInput, payload: { sessionId, clientMsgId: 'msg-1', text: 'hello there' } },
    ]);
    await waitFor(() => received.length === 29, 5000, 'user_message fan-out');
    expect(received[28]).toMatchObject({ seq: 31, body: { type: 'user_message', clientMsgId: 'msg-1', text: 'hello there' } });
    expect(sessionEventSchema.safeParse(received[28]).success).toBe(true);

    const attached = instanceAttachAckSchema.parse(await request(s.web, WEB_EVENTS.instanceAttach, { instanceId: s.instanceId }));
    expect(attached.ok && attached.sessions[0]).toMatchObject({
      id: sessionId,
      firstMessage: 'hello there',
      lastMessage: 'hello there',
      lastSeq: 31,
    });

    // Detached, a resend still answers its seq (nothing stored twice); new input is refused and burns no seq.
    expect(await request(s.web, WEB_EVENTS.instanceDetach, { instanceId: s.instanceId })).toEqual({ ok: true });
    expect(await request(s.web, WEB_EVENTS.sessionInput, { sessionId, clientMsgId: 'msg-1', text: 'hello there' })).toEqual(first);
    expect(await request(s.web, WEB_EVENTS.sessionInput, { sessionId, clientMsgId: 'msg-2', text: 'later' })).toMatchObject({
      error: { code: 'NOT_ATTACHED' },
    });
    expect((await cliEvent(s.cli, sessionId, 'after')).seq).toBe(32);
  });

  it('keeps commands for an offline CLI and hands them over in the cli:hello ack; presence has a grace period', async () => {
    const s = await setup();
    const commands = recordCommands(s.cli);
    const sessionId = await newSession(s);
    // The CLI took session:create (acked): it is not pending any more.
    await waitFor(() => commands.length === 1, 5000, 'session:create');
    await waitFor(
      async () => (await createRemoteRepo(shared.relay.storage.db).pendingCommands(s.instanceId)).length === 0,
      5000,
      'delivered',
    );
    const updates = collect<{ instance: { id: string; online: boolean } }>(s.web, WEB_PUSH.instanceUpdated);
    s.cli.disconnect();
    // Still online within the grace period…
    let list = instancesListAckSchema.parse(await request(s.web, WEB_EVENTS.instancesList, {}));
    expect(list.ok && list.instances[0]!.online).toBe(true);
    // …offline after it, announced to the browser.
    await waitFor(() => updates.some((u) => u.instance.id === s.instanceId && !u.instance.online), 5000, 'offline update');
    list = instancesListAckSchema.parse(await request(s.web, WEB_EVENTS.instancesList, {}));
    expect(list.ok && list.instances[0]!.online).toBe(false);

    expect(await request(s.web, WEB_EVENTS.sessionInput, { sessionId, clientMsgId: 'while-away', text: 'are you there?' })).toMatchObject({
      ok: true,
    });
    expect(
      await request(s.web, WEB_EVENTS.sessionPermission, { sessionId, requestId: 'perm-1', decision: 'allow', scope: 'once' }),
    ).toMatchObject({
      ok: true,
    });
    expect(await request(s.web, WEB_EVENTS.sessionInterrupt, { sessionId })).toMatchObject({ error: { code: 'INSTANCE_OFFLINE' } });
    expect(await request(s.web, WEB_EVENTS.sessionCreate, { instanceId: s.instanceId, clientRequestId: randomUUID() })).toMatchObject({
      error: { code: 'INSTANCE_OFFLINE' },
    });

    const back = track(await connect(cliSocket(shared.relay, s.cliToken.token, s.instanceId)));
    const hello = cliHelloAckSchema.parse(
      await request(back, CLI_EVENTS.hello, {
        env: cliEnv(),
        sessions: [{ id: sessionId, title: 't', createdAt: new Date().toISOString() }],
      }),
    );
    expect(hello.ok).toBe(true);
    if (!hello.ok) return;
    expect(hello.instance).toMatchObject({ id: s.instanceId, online: true });
    expect(hello.sessions).toEqual([{ id: sessionId, lastSeq: 2, autoApprove: false }]);
    expect(hello.pendingInputs.map((p) => [p.type, p.payload])).toEqual([
      ['session:input', { sessionId, clientMsgId: 'while-away', text: 'are you there?' }],
      ['session:permission', { sessionId, requestId: 'perm-1', decision: 'allow', scope: 'once' }],
    ]);
    // Handing them over in the ack is not delivery: still pending while the CLI has not confirmed them, even when it
    // sends other events and stays connected past the command ack timeout (1 s here)…
    expect(await cliEvent(back, sessionId, 'resumed')).toMatchObject({ ok: true });
    await new Promise((r) => setTimeout(r, 1_300));
    const pendingIds = async () => (await createRemoteRepo(shared.relay.storage.db).pendingCommands(s.instanceId)).map((c) => c.id);
    expect(await pendingIds()).toEqual(hello.pendingInputs.map((p) => p.commandId));
    // …so a CLI that drops (crashes) before commands:taken gets them again on its next hello.
    back.disconnect();
    const back2 = track(await connect(cliSocket(shared.relay, s.cliToken.token, s.instanceId)));
    const retry = cliHelloAckSchema.parse(await request(back2, CLI_EVENTS.hello, { env: cliEnv(), sessions: [] }));
    expect(retry.ok && retry.pendingInputs.map((p) => p.commandId)).toEqual(hello.pendingInputs.map((p) => p.commandId));
    // commands:taken marks only this instance's own commands; a foreign or unknown id changes nothing.
    const other = await setup({ attach: false });
    recordCommands(other.cli);
    expect(await request(other.cli, CLI_EVENTS.commandsTaken, { commandIds: hello.pendingInputs.map((p) => p.commandId) })).toEqual({
      ok: true,
    });
    expect(await pendingIds()).toEqual(hello.pendingInputs.map((p) => p.commandId));
    expect(await request(back2, CLI_EVENTS.commandsTaken, { commandIds: ['x'] })).toMatchObject({
      ok: false,
      error: { code: 'BAD_REQUEST' },
    });
    // Confirming the first one leaves the second pending; confirming again is harmless.
    const [first, second] = hello.pendingInputs.map((p) => p.commandId);
    expect(await request(back2, CLI_EVENTS.commandsTaken, { commandIds: [first, randomUUID()] })).toEqual({ ok: true });
    expect(await pendingIds()).toEqual([second]);
    expect(await request(back2, CLI_EVENTS.commandsTaken, { commandIds: [first, second] })).toEqual({ ok: true });
    expect(await pendingIds()).toEqual([]);
    const again = cliHelloAckSchema.parse(await request(back2, CLI_EVENTS.hello, { env: cliEnv(), sessions: [] }));
    expect(again.ok && again.pendingInputs).toEqual([]);

    // A connected CLI that does not ack a live command (within the 1 s test timeout) gets it with its next hello.
    expect(await request(s.web, WEB_EVENTS.sessionInput, { sessionId, clientMsgId: 'unacked', text: 'x' })).toMatchObject({ ok: true });
    await new Promise((r) => setTimeout(r, 1_300));
    back2.disconnect();
    const back3 = track(await connect(cliSocket(shared.relay, s.cliToken.token, s.instanceId)));
    const third = cliHelloAckSchema.parse(await request(back3, CLI_EVENTS.hello, { env: cliEnv(), sessions: [] }));
    expect(third.ok && third.pendingInputs.map((p) => p.payload)).toEqual([{ sessionId, clientMsgId: 'unacked', text: 'x' }]);
    // A live command the CLI acks is delivered at once.
    const live = recordCommands(back3);
    expect(await request(s.web, WEB_EVENTS.sessionSettings, { sessionId, autoApprove: true })).toMatchObject({ ok: true });
    await waitFor(() => live.some((c) => c.event === CLI_COMMANDS.sessionSettings), 5000, 'live settings');
    await waitFor(async () => (await pendingIds()).length === 1, 5000, 'settings delivered, the hand-over still pending');
  });
});

describe('presence and session meta', () => {
  it('a quick reconnect does not flicker offline; meta and CLI-started sessions reach the browser', async () => {
    const s = await setup({ attach: false });
    const instanceUpdates = collect<{ instance: { id: string; online: boolean } }>(s.web, WEB_PUSH.instanceUpdated);
    const sessionUpdates = collect<{ session: { id: string; title: string; active: boolean } }>(s.web, WEB_PUSH.sessionUpdated);
    s.cli.disconnect();
    const back = track(await connect(cliSocket(shared.relay, s.cliToken.token, s.instanceId)));
    const sessionId = randomUUID();
    expect(
      await request(back, CLI_EVENTS.hello, {
        env: cliEnv('/home/me/other'),
        sessions: [{ id: sessionId, title: 'local', createdAt: new Date().toISOString() }],
      }),
    ).toMatchObject({
      ok: true,
      instance: { online: true, cwd: '/home/me/other', sessionCount: 1 },
      sessions: [{ id: sessionId, lastSeq: 0 }],
    });
    await new Promise((r) => setTimeout(r, 600)); // longer than the test grace period (300 ms)
    expect(instanceUpdates.every((u) => u.instance.online)).toBe(true);
    const list = instancesListAckSchema.parse(await request(s.web, WEB_EVENTS.instancesList, {}));
    expect(list.ok && list.instances[0]).toMatchObject({ online: true, cwd: '/home/me/other' });

    expect(await request(back, CLI_EVENTS.sessionMeta, { sessionId, title: 'Fix the tests', active: false })).toEqual({ ok: true });
    await waitFor(() => sessionUpdates.some((u) => u.session.title === 'Fix the tests'), 5000, 'session:updated');
    expect(sessionUpdates.at(-1)!.session).toMatchObject({ id: sessionId, active: false });
    // A session the CLI never announced is created by its first event.
    const fresh = randomUUID();
    expect((await cliEvent(back, fresh, 'hello')).seq).toBe(1);
    await waitFor(() => sessionUpdates.some((u) => u.session.id === fresh), 5000, 'new session');
  });
});

describe('usage over the socket', () => {
  it('authorizes and records usage through billing, idempotent on requestId', async () => {
    const s = await setup({ attach: false });
    expect(await request(s.cli, CLI_EVENTS.usageAuthorize, { model: 'claude-sonnet-4' })).toEqual({ ok: true });
    const report = {
      requestId: randomUUID(),
      model: 'claude-sonnet-4',
      inputTokens: 1000,
      outputTokens: 500,
      cacheCreationTokens: 0,
      cacheReadTokens: 0,
    };
    const first = await request(s.cli, CLI_EVENTS.usageReport, report);
    expect(first).toMatchObject({ ok: true, requestId: report.requestId, duplicate: false });
    expect(first.credits).toBeGreaterThan(0);
    expect(await request(s.cli, CLI_EVENTS.usageReport, report)).toMatchObject({ ok: true, duplicate: true, credits: first.credits });
    expect(await request(s.cli, CLI_EVENTS.usageReport, { ...report, inputTokens: -1 })).toMatchObject({ error: { code: 'BAD_REQUEST' } });
    expect(await request(s.cli, CLI_EVENTS.usageAuthorize, {})).toMatchObject({ error: { code: 'BAD_REQUEST' } });
    // The same report over HTTP (CLIs without a socket) is the same record.
    const http = await call(shared.relay, 'POST', '/cli-api/usage', { token: s.cliToken.token, body: report });
    expect(http.body).toMatchObject({ success: true, data: { duplicate: true, credits: first.credits } });
    expect((await call(shared.relay, 'POST', '/cli-api/usage', { token: s.jwt, body: report })).status).toBe(401);
  });
});

describe('revocation', () => {
  it('disconnects the live CLI socket when its token is revoked, and web sockets on logout', async () => {
    const s = await setup();
    const cliRevoked = collect(s.cli, WEB_PUSH.authRevoked);
    const cliGone = new Promise((resolve) => s.cli.once('disconnect', resolve));
    const del = await call(shared.relay, 'GET', '/web-api/cli-tokens', { token: s.jwt });
    expect(del.body.data.map((t: { id: string }) => t.id)).toEqual([s.cliToken.id]);
    const res = await fetch(`${shared.relay.url}/web-api/cli-tokens/${s.cliToken.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${s.jwt}` },
    });
    expect(res.status).toBe(200);
    await cliGone;
    expect(cliRevoked).toHaveLength(1);
    await expect(connect(cliSocket(shared.relay, s.cliToken.token, s.instanceId))).rejects.toThrow(/UNAUTHORIZED/);

    const webRevoked = collect(s.web, WEB_PUSH.authRevoked);
    const webGone = new Promise((resolve) => s.web.once('disconnect', resolve));
    expect((await call(shared.relay, 'POST', '/web-api/auth/logout', { token: s.jwt })).status).toBe(200);
    await webGone;
    expect(webRevoked).toHaveLength(1);
    await expect(connect(webSocket(shared.relay, s.jwt))).rejects.toThrow(/UNAUTHORIZED/);
  });
});
