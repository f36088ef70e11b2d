import { randomBytes, randomUUID } from 'node:crypto';

import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { CLI_COMMANDS, CLI_EVENTS, type SessionEvent, WEB_EVENTS, WEB_NAMESPACE, WEB_PUSH } from '../../protocol';
import { nameUuid } from '../core/remote/views';
import { createRemoteRepo } from '../storage/repos/remoteRepo';
import { cliCommands } from '../storage/schema';
import { createTestPostgres, type TestPostgres } from '../testing/postgres';
import { reachable, TEST_REDIS_URL } from '../testing/redis';
import { cliEnv, collect, connect, connectCli, request, waitFor, webSocket } from '../testing/remoteClients';
import { createTestRelay, RELAY_START_TIMEOUT_MS, type TestRelay } from '../testing/testRelay';

/**
 * Two relay nodes on one PostgreSQL and one Redis (the Socket.IO Redis Streams adapter): a CLI on node A, the browser
 * on node B. Skipped when PostgreSQL or Redis is not reachable locally (REDIS_URL overrides the default).
 */
const REDIS_URL = TEST_REDIS_URL;

let pg: TestPostgres | null = null;
let a: TestRelay | undefined;
let b: TestRelay | undefined;
const sockets: Socket[] = [];

beforeAll(async () => {
  if (!(await reachable(REDIS_URL))) return;
  pg = await createTestPostgres();
  if (!pg) return;
  const env = { REDIS_URL, JWT_SECRET: randomBytes(32).toString('hex') };
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
}, RELAY_START_TIMEOUT_MS);

/** Counts what `relay` sends the other nodes (its node bus, nodeBus.ts), by event name, until `stop`. */
function nodeMessages(relay: TestRelay): { counts: Record<string, number>; stop: () => void } {
  const nodes = relay.app.remote.nodes;
  const original = nodes.emit;
  const counts: Record<string, number> = {};
  nodes.emit = (event, payload) => {
    counts[event] = (counts[event] ?? 0) + 1;
    original(event, payload);
  };
  return { counts, stop: () => void (nodes.emit = original) };
}

describe('scale-out: two relay nodes', () => {
  it('drives a CLI on node A from a browser on node B', async (ctx) => {
    if (!a || !b) return ctx.skip();
    const { user, tokenId, instanceId, cli, commands } = await connectCli(a, { email: 'scale@example.com', track: sockets });

    const web = await connect(webSocket(b, user.jwt));
    sockets.push(web);
    const list = await request(web, WEB_EVENTS.instancesList, {});
    expect(list.instances).toEqual([expect.objectContaining({ id: instanceId, online: true })]);
    expect(await request(web, WEB_EVENTS.instanceAttach, { instanceId })).toMatchObject({ ok: true });

    // A command from node B reaches the CLI on node A and is acked back across nodes.
    const created = await request(web, WEB_EVENTS.sessionCreate, { instanceId, clientRequestId: randomUUID() });
    expect(created.ok).toBe(true);
    const sessionId = created.session.id as string;
    await waitFor(() => commands.some((c) => c.event === CLI_COMMANDS.sessionCreate), 10_000, 'session:create on node A');
    await waitFor(async () => (await createRemoteRepo(b!.storage.db).pendingCommands(instanceId)).length === 0, 10_000, 'delivered');

    // Events persisted on node A stream to the browser on node B, in order, exactly once.
    const received = collect<SessionEvent>(web, WEB_PUSH.sessionEvent);
    expect(await request(web, WEB_EVENTS.sessionJoin, { sessionId, afterSeq: 0 })).toMatchObject({ ok: true });
    for (let i = 1; i <= 10; i++) {
      expect(
        await request(cli, CLI_EVENTS.sessionEvent, {
          sessionId,
          eventId: randomUUID(),
          body: { type: 'notice', level: 'info', text: `n${i}` },
        }),
      ).toEqual({
        ok: true,
        seq: i,
      });
    }
    await waitFor(() => received.length >= 10, 10_000, 'events on node B');
    expect(received.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);

    expect(await request(web, WEB_EVENTS.sessionInput, { sessionId, clientMsgId: 'x1', text: 'hi from B' })).toEqual({ ok: true, seq: 11 });
    await waitFor(() => commands.some((c) => c.event === CLI_COMMANDS.sessionInput), 10_000, 'input on node A');

    // The workspace lock is shared: a window on node A is busy, takes over, and the window on node B is told.
    const lost = collect(web, WEB_PUSH.workspaceLost);
    const other = await connect(webSocket(a, user.jwt));
    sockets.push(other);
    expect(await request(other, WEB_EVENTS.instanceAttach, { instanceId })).toMatchObject({ error: { code: 'WORKSPACE_BUSY' } });
    expect(await request(other, WEB_EVENTS.instanceAttach, { instanceId, takeOver: true })).toMatchObject({ ok: true });
    await waitFor(() => lost.length === 1, 10_000, 'workspace:lost on node B');
    // Node B trusted that window's lease a moment ago (leaseTrust.ts); the take-over on node A ends that trust there too.
    expect(await request(web, WEB_EVENTS.sessionInput, { sessionId, clientMsgId: 'x2', text: 'after losing it' })).toMatchObject({
      error: { code: 'NOT_ATTACHED' },
    });

    // Revoking the token on node B disconnects the CLI on node A.
    const gone = new Promise((resolve) => cli.once('disconnect', resolve));
    const res = await fetch(`${b.url}/web-api/cli-tokens/${tokenId}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${user.jwt}` },
    });
    expect(res.status).toBe(200);
    await gone;
  });

  it('workspace lock across nodes: a window closing on one node frees it at once; the same window moving nodes keeps it', async (ctx) => {
    if (!a || !b) return ctx.skip();
    const { user, instanceId } = await connectCli(a, { email: 'scalelock@example.com', ackCommands: false, track: sockets });
    const repo = createRemoteRepo(a.storage.db);
    const lapsed = () =>
      waitFor(async () => ((await repo.findLock(instanceId))?.leaseExpiresAt ?? new Date(0)) <= new Date(), 10_000, 'lock lapsed');

    // A window on node B holds it and closes: a new tab on node A attaches without a take-over, long before the lease.
    const closing = await connect(webSocket(b, user.jwt));
    expect(await request(closing, WEB_EVENTS.instanceAttach, { instanceId })).toMatchObject({ ok: true });
    closing.disconnect();
    await lapsed();
    const windowId = randomUUID();
    const onB = await connect(webSocket(b, user.jwt, windowId));
    sockets.push(onB);
    expect(await request(onB, WEB_EVENTS.instanceAttach, { instanceId })).toMatchObject({ ok: true });

    // The same window reconnects to node A and re-attaches before node B sees its old socket close: still its lock.
    const onA = await connect(webSocket(a, user.jwt, windowId));
    sockets.push(onA);
    expect(await request(onA, WEB_EVENTS.instanceAttach, { instanceId })).toMatchObject({ ok: true });
    const oldId = onB.id!;
    onB.disconnect();
    await waitFor(() => !b!.app.remote.io.of(WEB_NAMESPACE).sockets.has(oldId), 5_000, 'old socket gone from node B');
    const stranger = await connect(webSocket(b, user.jwt));
    sockets.push(stranger);
    expect(await request(stranger, WEB_EVENTS.instanceAttach, { instanceId })).toMatchObject({ error: { code: 'WORKSPACE_BUSY' } });
    expect(await request(onA, WEB_EVENTS.sessionCreate, { instanceId, clientRequestId: randomUUID() })).toMatchObject({ ok: true });
  });

  it('hands out gap-free, distinct seqs for concurrent appends on both nodes, once per event id', async (ctx) => {
    if (!a || !b) return ctx.skip();
    const { user, instanceId } = await connectCli(a, { email: 'seq@example.com', ackCommands: false, hello: false, track: sockets });
    const sessionId = randomUUID();
    await createRemoteRepo(a.storage.db).ensureSession({ id: sessionId, instanceId, userId: user.userId, createdAt: new Date() });
    const ids = Array.from({ length: 20 }, () => randomUUID());
    const body = { type: 'notice', level: 'info', text: 'x' };
    // Every id twice, half through each node's connection pool, all at once.
    const results = await Promise.all(
      [...ids, ...ids].map((eventId, i) =>
        createRemoteRepo((i % 2 ? a : b)!.storage.db).appendEvent({ sessionId, eventId, body, at: new Date() }),
      ),
    );
    const seqById = new Map<string, Set<number>>();
    for (const r of results) {
      const set = seqById.get(r.event.eventId) ?? new Set();
      set.add(r.event.seq);
      seqById.set(r.event.eventId, set);
    }
    expect([...seqById.values()].every((set) => set.size === 1)).toBe(true);
    expect([...seqById.values()].map((set) => [...set][0]).sort((x, y) => x! - y!)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect((await createRemoteRepo(b.storage.db).findSession(sessionId))!.lastSeq).toBe(20);
    // What an append answers (fanned out as is) is what storage replays.
    const fresh = results.find((r) => !r.duplicate)!;
    const [stored] = await createRemoteRepo(a.storage.db).eventsAfter(sessionId, fresh.event.seq - 1, 1);
    expect(fresh.event).toEqual(stored);
    expect(fresh.session).toEqual({ id: sessionId, userId: user.userId, title: '' });
  });

  it("an input for the CLI on the other node is stored by the CLI's node, before the CLI's answer, with no command kept", async (ctx) => {
    if (!a || !b) return ctx.skip();
    const { user, instanceId, cli } = await connectCli(a, {
      email: 'forward@example.com',
      ackCommands: false,
      hello: false,
      track: sockets,
    });
    // The CLI answers every input at once, as its own session event on node A.
    cli.on(CLI_COMMANDS.sessionCreate, (_p: unknown, ack?: (r: unknown) => void) => ack?.({ ok: true }));
    cli.on(CLI_COMMANDS.sessionInput, (p: { sessionId: string; clientMsgId: string }, ack?: (r: unknown) => void) => {
      ack?.({ ok: true });
      const body = { type: 'assistant_message', messageId: p.clientMsgId, text: `answer ${p.clientMsgId}` };
      cli.emit(CLI_EVENTS.sessionEvent, { sessionId: p.sessionId, eventId: randomUUID(), body }, () => undefined);
    });
    expect(await request(cli, CLI_EVENTS.hello, { env: cliEnv(), sessions: [] })).toMatchObject({ ok: true });
    const web = await connect(webSocket(b, user.jwt));
    sockets.push(web);
    expect(await request(web, WEB_EVENTS.instanceAttach, { instanceId })).toMatchObject({ ok: true });
    const created = await request(web, WEB_EVENTS.sessionCreate, { instanceId, clientRequestId: randomUUID() });
    const sessionId = created.session.id as string;
    const live = collect<{ body: { type: string; messageId?: string } }>(web, WEB_PUSH.sessionLive);
    expect(await request(web, WEB_EVENTS.sessionJoin, { sessionId, afterSeq: 0 })).toMatchObject({ ok: true });

    const acks = [];
    const fromA = nodeMessages(a);
    const fromB = nodeMessages(b);
    try {
      for (let i = 1; i <= 5; i++)
        acks.push(await request(web, WEB_EVENTS.sessionInput, { sessionId, clientMsgId: `m${i}`, text: `q${i}` }));
    } finally {
      fromA.stop();
      fromB.stop();
    }
    // Each input, then its answer: the CLI's node stored both, in that order.
    expect(acks).toEqual([1, 3, 5, 7, 9].map((seq) => ({ ok: true, seq })));
    // Node B forwarded each input; node A's answers were the stored copies in its fan-out, no message of their own.
    expect(fromB.counts['remote:input']).toBe(5);
    expect(fromA.counts['remote:input-stored']).toBeUndefined();
    expect(fromA.counts['remote:fanout']).toBeGreaterThan(0);
    await waitFor(() => live.filter((e) => e.body.type === 'assistant_message').length === 5, 10_000, 'answers live on node B');
    const repo = createRemoteRepo(b.storage.db);
    await waitFor(async () => (await repo.findSession(sessionId))!.lastSeq === 10, 10_000, 'answers stored');
    const stored = await repo.eventsAfter(sessionId, 0, 20);
    expect(
      stored.map((e) => [
        e.seq,
        e.body.type,
        (e.body as { clientMsgId?: string; messageId?: string }).clientMsgId ?? (e.body as { messageId?: string }).messageId,
      ]),
    ).toEqual(
      [1, 2, 3, 4, 5].flatMap((i) => [
        [2 * i - 1, 'user_message', `m${i}`],
        [2 * i, 'assistant_message', `m${i}`],
      ]),
    );
    // Handed to the CLI before its commit and taken: no input command was kept (only the session's creation).
    const kept = await b.storage.db.select().from(cliCommands).where(eq(cliCommands.instanceId, instanceId));
    expect(kept.map((c) => c.type)).toEqual(['session:create']);

    // A resend of an input already stored answers its seq and reaches the CLI no second time. Nothing is published
    // again, so node A answers it in a message of its own.
    const inputs = collect(cli, CLI_COMMANDS.sessionInput);
    const resendFromA = nodeMessages(a);
    try {
      expect(await request(web, WEB_EVENTS.sessionInput, { sessionId, clientMsgId: 'm5', text: 'q5' })).toEqual({ ok: true, seq: 9 });
    } finally {
      resendFromA.stop();
    }
    expect(resendFromA.counts['remote:input-stored']).toBe(1);

    await new Promise((r) => setTimeout(r, 200));
    expect(inputs).toEqual([]);

    // A node of an earlier release forwards without `fanoutAnswers`: it is answered with `remote:input-stored`.
    const webB = b.app.remote.io.of(WEB_NAMESPACE);
    const replies: Array<{ eventId: string; seq: number | null }> = [];
    webB.on('remote:input-stored', (reply: { eventId: string; seq: number | null }) => replies.push(reply));
    const eventId = nameUuid('input', sessionId, 'old1');
    const at = new Date().toISOString();
    const event = { sessionId, eventId, at, body: { type: 'user_message', clientMsgId: 'old1', text: 'from an older node' } };
    webB.serverSideEmit('remote:input', { event, instanceId, input: { sessionId, clientMsgId: 'old1', text: 'from an older node' } });
    await waitFor(() => replies.some((r) => r.eventId === eventId), 10_000, 'remote:input-stored for an older node');
    expect(replies.find((r) => r.eventId === eventId)).toMatchObject({ seq: 11 });

    // The CLI goes offline: node B stores the input itself and keeps the command for the CLI's next hello.
    cli.disconnect();
    await waitFor(async () => (await repo.findInstance(instanceId))?.online === false, 10_000, 'instance offline');
    expect(await request(web, WEB_EVENTS.sessionInput, { sessionId, clientMsgId: 'm6', text: 'q6' })).toEqual({ ok: true, seq: 13 });
    expect((await repo.pendingCommands(instanceId)).map((c) => c.type)).toEqual(['session:input']);
  });

  it("a forwarded input the CLI's node does not answer, for an instance still online, is stored by the window's node and reaches the CLI", async (ctx) => {
    if (!a || !b) return ctx.skip();
    const { user, instanceId, commands } = await connectCli(a, { email: 'unanswered@example.com', track: sockets });
    const web = await connect(webSocket(b, user.jwt));
    sockets.push(web);
    expect(await request(web, WEB_EVENTS.instanceAttach, { instanceId })).toMatchObject({ ok: true });
    const created = await request(web, WEB_EVENTS.sessionCreate, { instanceId, clientRequestId: randomUUID() });
    const sessionId = created.session.id as string;
    await waitFor(() => commands.some((c) => c.event === CLI_COMMANDS.sessionCreate), 10_000, 'session:create on node A');
    const repo = createRemoteRepo(b.storage.db);
    await waitFor(async () => (await repo.pendingCommands(instanceId)).length === 0, 10_000, 'session:create taken');

    // Node A stops hearing forwarded inputs (as a node stalled on its event loop would): the instance stays online.
    const nodesA = a.app.remote.nodes;
    const listeners = nodesA.listeners('remote:input');
    for (const listener of listeners) nodesA.off('remote:input', listener);
    try {
      // Node B checks the instance (online), waits out the answer, then stores the input itself and keeps it.
      expect(await request(web, WEB_EVENTS.sessionInput, { sessionId, clientMsgId: 'u1', text: 'nobody answers' })).toEqual({
        ok: true,
        seq: 1,
      });
    } finally {
      for (const listener of listeners) nodesA.on('remote:input', listener);
    }
    expect((await repo.findInstance(instanceId))?.online).toBe(true);
    // The kept command still reaches the CLI on node A (the stored command's notice to its node), and is taken.
    await waitFor(() => commands.some((c) => c.event === CLI_COMMANDS.sessionInput), 10_000, 'session:input on node A');
    await waitFor(async () => (await repo.pendingCommands(instanceId)).length === 0, 10_000, 'session:input taken');
  });

  it("a window that joined with carried gets a forwarded input's stored copy in the input's ack, not a message of its own", async (ctx) => {
    if (!a || !b) return ctx.skip();
    // The CLI on node A takes inputs without answering them (its answer would be the next stored copy).
    const { user, instanceId, cli } = await connectCli(a, { email: 'carried-forward@example.com', track: sockets });
    expect(cli.connected).toBe(true);
    const web = await connect(webSocket(b, user.jwt));
    sockets.push(web);
    expect(await request(web, WEB_EVENTS.instanceAttach, { instanceId })).toMatchObject({ ok: true });
    const created = await request(web, WEB_EVENTS.sessionCreate, { instanceId, clientRequestId: randomUUID() });
    const sessionId = created.session.id as string;
    const join = { sessionId, afterSeq: 0, batches: true, notices: true, carried: true, carriedLive: true };
    expect(await request(web, WEB_EVENTS.sessionJoin, join)).toMatchObject({ ok: true });
    const pushed = { count: 0 };
    web.on(WEB_PUSH.sessionEvent, () => pushed.count++);
    web.on(WEB_PUSH.sessionEvents, () => pushed.count++);
    for (let i = 1; i <= 3; i++) {
      const ack = await request(web, WEB_EVENTS.sessionInput, { sessionId, clientMsgId: `c${i}`, text: `q${i}` });
      expect(ack).toMatchObject({ ok: true, seq: i });
      // The CLI's node sent the stored copy with the seq: it rides in the ack, whole (this window never had it live).
      expect((ack.stored as { events: SessionEvent[] }).events.map((e) => [e.seq, e.body.type])).toEqual([[i, 'user_message']]);
    }
    // Its copy through the fan-out came too, a repeat this window skips.
    await new Promise((r) => setTimeout(r, 300));
    expect(pushed.count).toBe(0);
  });

  it("a permission answer for the CLI on the other node is stored by the CLI's node, before the CLI goes on, with no command kept", async (ctx) => {
    if (!a || !b) return ctx.skip();
    const { user, instanceId, cli, commands } = await connectCli(a, { email: 'forward-permission@example.com', track: sockets });
    // Allowed, the CLI goes on at once: its tool's output is its next session event on node A.
    cli.on(CLI_COMMANDS.sessionPermission, (p: { sessionId: string; requestId: string }) => {
      const body = { type: 'tool_output', toolCallId: `t-${p.requestId}`, stream: 'stdout', chunk: `ran ${p.requestId}` };
      cli.emit(CLI_EVENTS.sessionEvent, { sessionId: p.sessionId, eventId: randomUUID(), body }, () => undefined);
    });
    const web = await connect(webSocket(b, user.jwt));
    sockets.push(web);
    expect(await request(web, WEB_EVENTS.instanceAttach, { instanceId })).toMatchObject({ ok: true });
    const created = await request(web, WEB_EVENTS.sessionCreate, { instanceId, clientRequestId: randomUUID() });
    const sessionId = created.session.id as string;
    expect(await request(web, WEB_EVENTS.sessionJoin, { sessionId, afterSeq: 0 })).toMatchObject({ ok: true });
    const ask = (requestId: string) => {
      const body = {
        type: 'permission_request',
        requestId,
        toolCallId: `t-${requestId}`,
        tool: 'bash',
        summary: 'ls',
        input: { command: 'ls' },
      };
      return request(cli, CLI_EVENTS.sessionEvent, { sessionId, eventId: randomUUID(), body });
    };
    const answer = (requestId: string) =>
      request(web, WEB_EVENTS.sessionPermission, { sessionId, requestId, decision: 'allow', scope: 'once' });

    expect(await ask('r1')).toEqual({ ok: true, seq: 1 });
    expect(await answer('r1')).toEqual({ ok: true, seq: 2 });
    const repo = createRemoteRepo(b.storage.db);
    await waitFor(async () => (await repo.findSession(sessionId))!.lastSeq === 3, 10_000, 'the tool output stored');
    const stored = await repo.eventsAfter(sessionId, 0, 10);
    expect(stored.map((e) => [e.seq, e.body.type])).toEqual([
      [1, 'permission_request'],
      [2, 'permission_response'],
      [3, 'tool_output'],
    ]);
    // Handed to the CLI by its own node before the commit, once: no permission command was kept.
    expect(commands.filter((c) => c.event === CLI_COMMANDS.sessionPermission).map((c) => c.payload.requestId)).toEqual(['r1']);
    const kept = await b.storage.db.select().from(cliCommands).where(eq(cliCommands.instanceId, instanceId));
    expect(kept.map((c) => c.type)).toEqual(['session:create']);
    // A resend answers the same seq and reaches the CLI no second time.
    expect(await answer('r1')).toEqual({ ok: true, seq: 2 });
    await new Promise((r) => setTimeout(r, 200));
    expect(commands.filter((c) => c.event === CLI_COMMANDS.sessionPermission)).toHaveLength(1);

    // The CLI goes offline with a question open: node B stores the answer itself and keeps it for the CLI's next hello.
    expect(await ask('r2')).toEqual({ ok: true, seq: 4 });
    cli.disconnect();
    await waitFor(async () => (await repo.findInstance(instanceId))?.online === false, 10_000, 'instance offline');
    expect(await answer('r2')).toEqual({ ok: true, seq: 5 });
    expect((await repo.pendingCommands(instanceId)).map((c) => c.type)).toEqual(['session:permission']);
  });

  it('a message to the other nodes sent after the node closed (a timer during shutdown) does not end the process', async (ctx) => {
    if (!a || !pg) return ctx.skip();
    const c = await createTestRelay({ databaseUrl: pg.url, env: { REDIS_URL, JWT_SECRET: randomBytes(32).toString('hex') } });
    const web = c.app.remote.io.of(WEB_NAMESPACE);
    const nodes = c.app.remote.nodes;
    await c.close();
    // The adapter's own shutdown (its Pub/Sub client's pending commands) settles first.
    await new Promise((r) => setTimeout(r, 300));
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      web.serverSideEmit('remote:fanout', { live: [], stored: [] });
      nodes.emit('remote:fanout', { live: [], stored: [] });
      await new Promise((r) => setTimeout(r, 200));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
