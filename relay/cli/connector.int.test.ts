import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { and, eq, isNull } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { CLI_COMMANDS, instancesListAckSchema, type SessionEvent, WEB_EVENTS, WEB_PUSH } from '../protocol';
import { createRemoteRepo } from '../server/storage/repos/remoteRepo';
import { cliCommands, usageRecords } from '../server/storage/schema';
import { call } from '../server/testing/http';
import { cliTokenFor, collect, connect, countPacketsSent, request, signIn, waitFor, webSocket } from '../server/testing/remoteClients';
import { createTestRelay, RELAY_START_TIMEOUT_MS, type TestRelay } from '../server/testing/testRelay';
import { Connector } from './connector';
import { loadCredential } from './credentials';
import { createLoginLink } from './pairing';
import { type Script, type ScriptedModel, startScriptedModel } from './testing/scriptedModelStandIn';

let relay: TestRelay;
let model: ScriptedModel;
const dirs: string[] = [];
const sockets: Socket[] = [];
const connectors: Connector[] = [];
const children: ChildProcess[] = [];

const tmp = (prefix: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};
const editScript = JSON.parse(readFileSync(new URL('./testing/scripts/edit-file.json', import.meta.url), 'utf8')) as Script;

beforeAll(async () => {
  relay = await createTestRelay({ remote: { presenceGraceMs: 300, revocationCheckMs: 200, commandAckTimeoutMs: 2_000 } });
  model = await startScriptedModel(editScript);
}, RELAY_START_TIMEOUT_MS);

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  for (const c of connectors) await c.stop();
  for (const s of sockets) s.disconnect();
  await model?.close();
  await relay?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}, RELAY_START_TIMEOUT_MS);

async function startCli(email: string, cwd: string) {
  const user = await signIn(relay, email);
  const cliToken = await cliTokenFor(relay, user.userId, 'int-test');
  const instanceId = randomUUID();
  const logs: string[] = [];
  const state = { unauthorized: '' };
  const home = tmp('tern-int-home-');
  const connector = new Connector({
    relayUrl: relay.url,
    token: cliToken.token,
    instanceId,
    home,
    cwd,
    model: { baseUrl: model.url, model: 'scripted', apiKey: undefined },
    log: (line) => logs.push(line),
    onUnauthorized: (reason) => {
      state.unauthorized = reason;
    },
    reconnectDelayMs: 300,
    reconnectDelayMaxMs: 1000,
  });
  connectors.push(connector);
  connector.start();
  await waitFor(() => connector.connected, 10_000, 'the CLI to connect');
  const web = await connect(webSocket(relay, user.jwt));
  sockets.push(web);
  const attached = await request(web, WEB_EVENTS.instanceAttach, { instanceId });
  expect(attached.ok, JSON.stringify(attached)).toBe(true);
  return { user, cliToken, instanceId, connector, web, logs, state, home };
}

const bodies = (events: SessionEvent[]) => events.map((e) => e.body);
function expectGapless(events: SessionEvent[]) {
  expect(events.map((e) => e.seq)).toEqual(events.map((_e, i) => i + 1));
  expect(new Set(events.map((e) => e.eventId)).size).toBe(events.length);
}

describe('tern --cloud against a real relay', () => {
  it('creates a session, runs the scripted edit with a browser-approved permission, and streams every event in order', async () => {
    const cwd = tmp('tern-int-cwd-');
    writeFileSync(path.join(cwd, 'greeting.txt'), 'hello\n');
    const s = await startCli('cli-edit@example.com', cwd);
    // The Socket.IO packets the CLI sends, by type: its commands are taken by receipts, never by an ack packet.
    const packets = countPacketsSent(s.connector.transport as Socket);

    const list = instancesListAckSchema.parse(await request(s.web, WEB_EVENTS.instancesList, {}));
    expect(list.ok && list.instances[0]).toMatchObject({ id: s.instanceId, cwd, online: true, cliVersion: '0.1.0' });

    const created = await request(s.web, WEB_EVENTS.sessionCreate, { instanceId: s.instanceId, clientRequestId: randomUUID() });
    expect(created.ok, JSON.stringify(created)).toBe(true);
    const sessionId = created.session.id as string;
    await waitFor(() => s.connector.sessions.has(sessionId), 5000, 'session:create to reach the CLI');

    const events = collect<SessionEvent>(s.web, WEB_PUSH.sessionEvent);
    expect((await request(s.web, WEB_EVENTS.sessionJoin, { sessionId, afterSeq: 0 })).ok).toBe(true);
    const sent = await request(s.web, WEB_EVENTS.sessionInput, { sessionId, clientMsgId: randomUUID(), text: 'Update greeting.txt' });
    expect(sent.ok, JSON.stringify(sent)).toBe(true);

    await waitFor(() => events.some((e) => e.body.type === 'permission_request'), 10_000, 'a permission request');
    const ask = events.find((e) => e.body.type === 'permission_request')!.body;
    if (ask.type !== 'permission_request') throw new Error('unreachable');
    expect(ask).toMatchObject({ tool: 'edit_file', summary: 'Edit greeting.txt' });
    const answer = await request(s.web, WEB_EVENTS.sessionPermission, {
      sessionId,
      requestId: ask.requestId,
      decision: 'allow',
      scope: 'once',
    });
    expect(answer.ok, JSON.stringify(answer)).toBe(true);

    await waitFor(() => events.some((e) => e.body.type === 'turn_end'), 10_000, 'the turn to end');
    expect(readFileSync(path.join(cwd, 'greeting.txt'), 'utf8')).toBe('hello, tern\n');
    expectGapless(events);
    const types = bodies(events).map((b) => b.type);
    expect(bodies(events)[0]).toMatchObject({
      type: 'notice',
      code: 'cli.ready',
      params: { cwd, model: 'scripted' },
      text: expect.stringContaining('Ready in'),
    });
    expect(types).toContain('user_message');
    expect(types.filter((t) => t === 'todo_list')).toHaveLength(2);
    // The browser's answer is in the session exactly once: the relay's event, with the seq its ack named.
    const answers = events.filter((e) => e.body.type === 'permission_response');
    expect(answers.map((e) => [e.seq, e.body])).toEqual([
      [answer.seq, { type: 'permission_response', requestId: ask.requestId, decision: 'allow', scope: 'once' }],
    ]);
    expect(types.indexOf('permission_response')).toBeGreaterThan(types.indexOf('permission_request'));
    expect(types.indexOf('file_diff')).toBeGreaterThan(types.indexOf('permission_response'));
    expect(bodies(events).find((b) => b.type === 'file_diff')).toMatchObject({
      path: 'greeting.txt',
      oldText: 'hello\n',
      newText: 'hello, tern\n',
    });
    expect(
      bodies(events)
        .filter((b) => b.type === 'assistant_message')
        .at(-1),
    ).toMatchObject({ text: expect.stringContaining('```text') });
    expect(bodies(events).at(-1)).toEqual({ type: 'turn_end', reason: 'completed' });
    // The relay took the CLI's event window: its acks may trail the events by up to HOLD_MS (eventWindows.ts).
    await waitFor(() => s.connector.outbox.size === 0, 5000, 'the acks of every event');
    // Create, input and permission answer were taken by receipts (relay/protocol/receipts.ts): no ack packet (type 3),
    // and nothing left for the CLI's next hello.
    expect(packets.get(3) ?? 0).toBe(0);
    const undelivered = and(eq(cliCommands.instanceId, s.instanceId), isNull(cliCommands.deliveredAt));
    expect(await relay.storage.db.select().from(cliCommands).where(undelivered)).toEqual([]);

    // Resent input (same clientMsgId) is not run twice; the relay dedupes, and so does the CLI.
    const before = model.requests.length;
    s.connector.command(CLI_COMMANDS.sessionInput, { sessionId, clientMsgId: sent.seq ? 'x' : 'y', text: '/help' }, null);
    s.connector.command(CLI_COMMANDS.sessionInput, { sessionId, clientMsgId: sent.seq ? 'x' : 'y', text: '/help' }, null);
    await waitFor(() => events.filter((e) => e.body.type === 'turn_end').length === 2, 5000, 'the /help turn');
    await new Promise((r) => setTimeout(r, 200));
    expect(events.filter((e) => e.body.type === 'turn_end')).toHaveLength(2);
    expect(model.requests.length).toBe(before);

    // Every model request was authorised and reported to the relay's usage ledger (5 requests in the script).
    await waitFor(
      async () => (await relay.storage.db.select().from(usageRecords).where(eq(usageRecords.userId, s.user.userId))).length === 5,
      5000,
      'usage records',
    );
    const records = await relay.storage.db.select().from(usageRecords).where(eq(usageRecords.userId, s.user.userId));
    expect(records.every((r) => r.model === 'scripted' && r.source === 'cli' && r.inputTokens > 0 && r.outputTokens > 0)).toBe(true);
    expect(s.logs.some((l) => l.includes('not available'))).toBe(false);
    expect(s.logs.filter((l) => /rejected/i.test(l))).toEqual([]);

    // The relay knows the session title the CLI set.
    const joined = await request(s.web, WEB_EVENTS.sessionJoin, { sessionId, afterSeq: events.length });
    expect(joined.session.title).toBe('Update greeting.txt');
  });

  it('keeps events produced while the connection is down and delivers them, in order, after the reconnect', async () => {
    const s = await startCli('cli-outbox@example.com', tmp('tern-int-cwd-'));
    const created = await request(s.web, WEB_EVENTS.sessionCreate, { instanceId: s.instanceId, clientRequestId: randomUUID() });
    const sessionId = created.session.id as string;
    await waitFor(() => s.connector.sessions.has(sessionId), 5000, 'session:create');
    const events = collect<SessionEvent>(s.web, WEB_PUSH.sessionEvent);
    await request(s.web, WEB_EVENTS.sessionJoin, { sessionId, afterSeq: 0 });
    await waitFor(() => events.length === 1, 5000, 'the ready notice');
    // Its ack too (it may trail the event by up to HOLD_MS: eventWindows.ts), so the outbox holds only what follows.
    await waitFor(() => s.connector.outbox.size === 0, 5000, 'the ready notice’s ack');

    s.connector.transport!.io.engine.close(); // the network drops
    expect(s.connector.connected).toBe(false);
    s.connector.command(CLI_COMMANDS.sessionInput, { sessionId, clientMsgId: 'offline-1', text: '/help' }, null);
    s.connector.command(CLI_COMMANDS.sessionInput, { sessionId, clientMsgId: 'offline-2', text: '/stats' }, null);
    await s.connector.sessions.get(sessionId)!.idle();
    // Besides the notices and turn ends, each input's turn start (input_status: started); an input may also have been
    // taken behind a running turn first (received), depending on timing: checked per input below.
    const size = s.connector.outbox.size;
    expect(size).toBeGreaterThanOrEqual(6);
    expect(size).toBeLessThanOrEqual(8);

    await waitFor(() => events.length === size + 1, 10_000, 'the resent events');
    expectGapless(events);
    expect(bodies(events).flatMap((b) => (b.type === 'input_status' ? [] : [b.type]))).toEqual([
      'notice',
      'notice',
      'turn_end',
      'notice',
      'turn_end',
    ]);
    const started = bodies(events).flatMap((b) => (b.type === 'input_status' && b.status === 'started' ? [b.clientMsgId] : []));
    expect(started).toEqual(['offline-1', 'offline-2']);
    for (const id of ['offline-1', 'offline-2']) {
      const statuses = bodies(events).flatMap((b) => (b.type === 'input_status' && b.clientMsgId === id ? [b.status] : []));
      expect([['started'], ['received', 'started']]).toContainEqual(statuses);
    }
    await waitFor(() => s.connector.outbox.size === 0, 5000, 'the acks of every event');
    expect(s.logs.some((l) => l.startsWith('Reconnected'))).toBe(true);
  });

  it('a restarted CLI runs the input sent while it was away (pendingInputs) in the session it kept on disk', async () => {
    const cwd = tmp('tern-int-cwd-');
    const s = await startCli('cli-away@example.com', cwd);
    const created = await request(s.web, WEB_EVENTS.sessionCreate, { instanceId: s.instanceId, clientRequestId: randomUUID() });
    const sessionId = created.session.id as string;
    await waitFor(() => s.connector.sessions.has(sessionId), 5000, 'session:create');
    const events = collect<SessionEvent>(s.web, WEB_PUSH.sessionEvent);
    await request(s.web, WEB_EVENTS.sessionJoin, { sessionId, afterSeq: 0 });
    await waitFor(() => events.length === 1 && s.connector.outbox.size === 0, 5000, 'the ready notice');

    await s.connector.stop(); // the CLI process ends
    const sent = await request(s.web, WEB_EVENTS.sessionInput, { sessionId, clientMsgId: randomUUID(), text: '!echo while-away' });
    expect(sent.ok, JSON.stringify(sent)).toBe(true);

    const restarted = new Connector({
      relayUrl: relay.url,
      token: s.cliToken.token,
      instanceId: s.instanceId,
      home: s.home,
      cwd,
      model: null,
      log: () => {},
      onUnauthorized: () => {},
    });
    connectors.push(restarted);
    expect(restarted.sessions.has(sessionId)).toBe(true);
    restarted.start();
    await waitFor(() => events.some((e) => e.body.type === 'turn_end'), 15_000, 'the turn of the input sent while away');
    // The restarted CLI confirmed the hand-over (commands:taken): nothing is pending for the instance any more.
    await waitFor(
      async () => (await createRemoteRepo(relay.storage.db).pendingCommands(s.instanceId)).length === 0,
      5000,
      'commands:taken',
    );
    expectGapless(events);
    expect(bodies(events).map((b) => b.type)[1]).toBe('user_message');
    expect(bodies(events).some((b) => b.type === 'tool_output' && b.chunk.includes('while-away'))).toBe(true);
    expect(bodies(events).at(-1)).toEqual({ type: 'turn_end', reason: 'completed' });
  });
});

describe('tern --cloud against a real relay: usage limits and revocation', () => {
  it('ends a turn with reason limit when the relay refuses usage:authorize (rate limit)', async () => {
    const s = await startCli('cli-limit@example.com', tmp('tern-int-cwd-'));
    let answer: Awaited<ReturnType<typeof s.connector.usageHooks.authorize>> = { ok: true };
    for (let i = 0; i < 30 && answer.ok; i++) answer = await s.connector.usageHooks.authorize('scripted');
    expect(answer).toMatchObject({ ok: false, code: 'RATE_LIMITED', message: expect.stringContaining('per minute') });

    const created = await request(s.web, WEB_EVENTS.sessionCreate, { instanceId: s.instanceId, clientRequestId: randomUUID() });
    const sessionId = created.session.id as string;
    const events = collect<SessionEvent>(s.web, WEB_PUSH.sessionEvent);
    await request(s.web, WEB_EVENTS.sessionJoin, { sessionId, afterSeq: 0 });
    const before = model.requests.length;
    await request(s.web, WEB_EVENTS.sessionInput, { sessionId, clientMsgId: randomUUID(), text: 'hello model' });
    await waitFor(() => events.some((e) => e.body.type === 'turn_end'), 10_000, 'the turn to end');
    expect(bodies(events).slice(-2)).toEqual([
      {
        type: 'notice',
        level: 'warning',
        code: 'cli.limit',
        params: { reason: 'RATE_LIMITED', retryAfterSeconds: expect.any(Number) },
        text: expect.stringContaining('Rate limit reached'),
      },
      { type: 'turn_end', reason: 'limit' },
    ]);
    expect(model.requests.length).toBe(before);
  });

  it('stops and asks for pairing again when the token is revoked', async () => {
    const s = await startCli('cli-revoke@example.com', tmp('tern-int-cwd-'));
    const link = await createLoginLink(relay.url, s.cliToken.token);
    expect(link).toMatch(/\/token-login\?code=\S+$/);
    const res = await fetch(`${relay.url}/web-api/cli-tokens/${s.cliToken.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${s.user.jwt}` },
    });
    expect(res.status).toBe(200);
    await waitFor(() => s.state.unauthorized !== '', 10_000, 'the revocation to reach the CLI');
    expect(s.connector.status).toBe('stopped');
    await expect(createLoginLink(relay.url, s.cliToken.token)).rejects.toMatchObject({ status: 401 });
  });
});

describe('the tern binary against a real relay', () => {
  it('the tern binary pairs through the browser approval, stores the token privately and connects', async () => {
    const user = await signIn(relay, 'cli-bin@example.com');
    const home = tmp('tern-bin-home-');
    const cwd = tmp('tern-bin-cwd-');
    const launcher = fileURLToPath(new URL('./tern.mjs', import.meta.url));
    const child = spawn(process.execPath, [launcher, '--cloud', '--relay', relay.url], {
      cwd,
      env: { ...process.env, TERN_HOME: home, TERN_MODEL_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    await waitFor(() => out.includes('Waiting for approval'), 30_000, `the pairing link (output so far: ${out})`);
    const code = /remote\/pair\?code=([A-Z0-9-]+)/.exec(out)![1]!;
    expect(out).toContain('▄'); // the terminal QR code
    const approved = await call(relay, 'POST', '/web-api/pairing/approve', { token: user.jwt, body: { pairingCode: code } });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    await waitFor(() => /Connected — instance/.test(out), 30_000, `the connection (output so far: ${out})`);
    expect(out).toMatch(/Paired as cli-bin/);
    expect(statSync(path.join(home, 'credentials.json')).mode & 0o777).toBe(0o600);
    expect(loadCredential(home)).toMatchObject({ relayUrl: relay.url, user: { id: user.userId } });

    const web = await connect(webSocket(relay, user.jwt));
    sockets.push(web);
    const list = instancesListAckSchema.parse(await request(web, WEB_EVENTS.instancesList, {}));
    expect(list.ok && list.instances.map((i) => [i.cwd, i.online])).toEqual([[cwd, true]]);

    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 90_000);

  it('the tern binary with TERN_TOKEN connects without pairing and runs what the browser sends', async () => {
    const user = await signIn(relay, 'cli-envtoken@example.com');
    const { token } = await cliTokenFor(relay, user.userId, 'ci');
    const home = tmp('tern-bin-home-');
    const cwd = tmp('tern-bin-cwd-');
    const child = spawn(process.execPath, [fileURLToPath(new URL('./tern.mjs', import.meta.url)), '--cloud'], {
      cwd,
      env: { ...process.env, TERN_HOME: home, TERN_TOKEN: token, TERN_RELAY_URL: relay.url, TERN_MODEL_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    await waitFor(() => /Connected — instance ([0-9a-f-]{36})/.test(out), 30_000, `the connection (output so far: ${out})`);
    const instanceId = /Connected — instance ([0-9a-f-]{36})/.exec(out)![1]!;
    expect(loadCredential(home)).toBeNull();

    const web = await connect(webSocket(relay, user.jwt));
    sockets.push(web);
    expect((await request(web, WEB_EVENTS.instanceAttach, { instanceId })).ok).toBe(true);
    const created = await request(web, WEB_EVENTS.sessionCreate, { instanceId, clientRequestId: randomUUID() });
    const sessionId = created.session.id as string;
    const events = collect<SessionEvent>(web, WEB_PUSH.sessionEvent);
    await request(web, WEB_EVENTS.sessionJoin, { sessionId, afterSeq: 0 });
    await request(web, WEB_EVENTS.sessionInput, { sessionId, clientMsgId: randomUUID(), text: 'what is this?' });
    await waitFor(() => events.some((e) => e.body.type === 'turn_end'), 15_000, 'the turn');
    expect(
      bodies(events)
        .filter((b) => b.type === 'notice')
        .at(-1),
    ).toMatchObject({ level: 'warning', code: 'cli.noModel', text: expect.stringContaining('TERN_MODEL_URL') });

    // A second tern --cloud in the same folder (same instance) refuses to start while the first runs.
    const second = spawn(process.execPath, [fileURLToPath(new URL('./tern.mjs', import.meta.url)), '--cloud'], {
      cwd,
      env: { ...process.env, TERN_HOME: home, TERN_TOKEN: token, TERN_RELAY_URL: relay.url, TERN_MODEL_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(second);
    let secondOut = '';
    second.stdout.on('data', (d: Buffer) => (secondOut += d.toString()));
    second.stderr.on('data', (d: Buffer) => (secondOut += d.toString()));
    const secondCode = await new Promise<number | null>((resolve) => second.once('exit', (code) => resolve(code)));
    expect(secondCode).toBe(1);
    expect(secondOut).toContain(`tern --cloud is already running in this folder (pid ${child.pid})`);
    expect(secondOut).not.toContain('Connected');
    expect(readFileSync(path.join(home, 'instances', `${instanceId}.lock`), 'utf8').trim()).toBe(String(child.pid));

    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    // The lock went with the process.
    expect(existsSync(path.join(home, 'instances', `${instanceId}.lock`))).toBe(false);
  }, 90_000);
});
