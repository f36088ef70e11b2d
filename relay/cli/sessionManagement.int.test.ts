/**
 * Session management (issue #13, item 8) end to end between the reference CLI (a real Connector) and a real relay:
 * rename, delete, model choice and search, with the CLI told live or, when it was offline, on reconnect; every other
 * window of the user sees the change.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { CLI_EVENTS, instancesListAckSchema, type SessionEvent, sessionsSearchAckSchema, WEB_EVENTS, WEB_PUSH } from '../protocol';
import { cliEnv, cliSocket, cliTokenFor, collect, connect, request, signIn, waitFor, webSocket } from '../server/testing/remoteClients';
import { createTestRelay, RELAY_START_TIMEOUT_MS, type TestRelay } from '../server/testing/testRelay';
import { Connector } from './connector';
import { SLASH_COMMANDS } from './session';
import { type ScriptedModel, startScriptedModel } from './testing/scriptedModelStandIn';

let relay: TestRelay;
let model: ScriptedModel;
const dirs: string[] = [];
const sockets: Socket[] = [];
const connectors: Connector[] = [];

const tmp = (prefix: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};

beforeAll(async () => {
  relay = await createTestRelay({ remote: { presenceGraceMs: 200, commandAckTimeoutMs: 2_000 } });
  model = await startScriptedModel({ steps: [], fallback: { text: 'Noted.' } });
}, RELAY_START_TIMEOUT_MS);

afterAll(async () => {
  for (const c of connectors) await c.stop();
  for (const s of sockets) s.disconnect();
  await model?.close();
  await relay?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}, RELAY_START_TIMEOUT_MS);

const MODELS = ['scripted', 'scripted-large'];

function startConnector(token: string, instanceId: string, home: string, cwd: string) {
  const logs: string[] = [];
  const connector = new Connector({
    relayUrl: relay.url,
    token,
    instanceId,
    home,
    cwd,
    model: { baseUrl: model.url, model: MODELS[0]!, apiKey: undefined, models: MODELS },
    log: (line) => logs.push(line),
    onUnauthorized: () => undefined,
    reconnectDelayMs: 200,
    reconnectDelayMaxMs: 500,
  });
  connectors.push(connector);
  connector.start();
  return { connector, logs };
}

async function setUp(email: string) {
  const user = await signIn(relay, email);
  const { token } = await cliTokenFor(relay, user.userId);
  const instanceId = randomUUID();
  const home = tmp('tern-manage-home-');
  const cwd = tmp('tern-manage-cwd-');
  const cli = startConnector(token, instanceId, home, cwd);
  await waitFor(() => cli.connector.connected, 10_000, 'the CLI to connect');
  const web = await connect(webSocket(relay, user.jwt));
  const other = await connect(webSocket(relay, user.jwt));
  sockets.push(web, other);
  expect((await request(web, WEB_EVENTS.instanceAttach, { instanceId })).ok).toBe(true);
  const newSession = async () => {
    const created = await request(web, WEB_EVENTS.sessionCreate, { instanceId, clientRequestId: randomUUID() });
    expect(created.ok, JSON.stringify(created)).toBe(true);
    const id = created.session.id as string;
    await waitFor(() => cli.connector.sessions.has(id), 5000, 'session:create to reach the CLI');
    return id;
  };
  return { user, token, instanceId, home, cwd, cli, web, other, newSession };
}

const storedFile = (home: string, sessionId: string) => path.join(home, 'sessions', `${sessionId}.json`);

describe('session management with the reference CLI', () => {
  it('announces the CLI’s models and slash commands; rename and model reach the CLI and every window', async () => {
    const s = await setUp('manage-live@example.com');
    const list = instancesListAckSchema.parse(await request(s.web, WEB_EVENTS.instancesList, {}));
    expect(list.ok && list.instances[0]).toMatchObject({ models: MODELS, commands: SLASH_COMMANDS });

    const sessionId = await s.newSession();
    const updates = collect<{ session: { id: string; title: string; model: string | null } }>(s.other, WEB_PUSH.sessionUpdated);

    const renamed = await request(s.web, WEB_EVENTS.sessionRename, { sessionId, title: '  Fix the login bug  ' });
    expect(renamed).toMatchObject({ ok: true, session: { id: sessionId, title: 'Fix the login bug' } });
    await waitFor(() => s.cli.connector.sessions.get(sessionId)?.title === 'Fix the login bug', 5000, 'the CLI to take the title');
    await waitFor(() => updates.some((u) => u.session.title === 'Fix the login bug'), 5000, 'the other window to see the title');
    expect(JSON.parse(readFileSync(storedFile(s.home, sessionId), 'utf8')).title).toBe('Fix the login bug');

    const empty = await request(s.web, WEB_EVENTS.sessionRename, { sessionId, title: '   ' });
    expect(empty).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } });

    const unknownModel = await request(s.web, WEB_EVENTS.sessionModel, { sessionId, model: 'gpt-5' });
    expect(unknownModel).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } });
    const chosen = await request(s.web, WEB_EVENTS.sessionModel, { sessionId, model: 'scripted-large' });
    expect(chosen).toMatchObject({ ok: true, session: { id: sessionId, model: 'scripted-large' } });
    await waitFor(() => s.cli.connector.sessions.get(sessionId)?.model === 'scripted-large', 5000, 'the CLI to take the model');
    await waitFor(() => updates.some((u) => u.session.model === 'scripted-large'), 5000, 'the other window to see the model');

    // The choice applies to this session's model requests (the stand-in records them), and only to this session.
    const events = collect<SessionEvent>(s.web, WEB_PUSH.sessionEvent);
    expect((await request(s.web, WEB_EVENTS.sessionJoin, { sessionId, afterSeq: 0 })).ok).toBe(true);
    const before = model.requests.length;
    await request(s.web, WEB_EVENTS.sessionInput, { sessionId, clientMsgId: randomUUID(), text: 'hello there' });
    await waitFor(() => events.some((e) => e.body.type === 'turn_end'), 10_000, 'the turn to end');
    expect(model.requests.slice(before).map((r) => r.model)).toEqual(['scripted-large']);
    const otherId = await s.newSession();
    expect(s.cli.connector.sessions.get(otherId)?.modelConfig()?.model).toBe('scripted');
  });

  it('deletes with the CLI told: the session, its events and its file are gone, and the CLI cannot bring it back', async () => {
    const s = await setUp('manage-delete@example.com');
    const keep = await s.newSession();
    const doomed = await s.newSession();
    await request(s.web, WEB_EVENTS.sessionInput, { sessionId: doomed, clientMsgId: randomUUID(), text: 'secret plans' });
    await waitFor(() => existsSync(storedFile(s.home, doomed)), 5000, 'the CLI to save the session');
    const deletions = collect<{ instanceId: string; sessionId: string }>(s.other, WEB_PUSH.sessionDeleted);

    expect(await request(s.web, WEB_EVENTS.sessionDelete, { sessionId: doomed })).toEqual({ ok: true });
    await waitFor(() => !s.cli.connector.sessions.has(doomed), 5000, 'the CLI to forget the session');
    expect(existsSync(storedFile(s.home, doomed))).toBe(false);
    await waitFor(() => deletions.some((d) => d.sessionId === doomed), 5000, 'the other window to see the deletion');
    expect(deletions[0]).toEqual({ instanceId: s.instanceId, sessionId: doomed });

    expect(await request(s.web, WEB_EVENTS.sessionJoin, { sessionId: doomed, afterSeq: 0 })).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });
    expect(await request(s.web, WEB_EVENTS.sessionDelete, { sessionId: doomed })).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });
    const attach = await request(s.web, WEB_EVENTS.instanceAttach, { instanceId: s.instanceId });
    expect(attach.sessions.map((x: { id: string }) => x.id)).toEqual([keep]);
    const search = sessionsSearchAckSchema.parse(
      await request(s.web, WEB_EVENTS.sessionsSearch, { instanceId: s.instanceId, query: 'secret' }),
    );
    expect(search).toEqual({ ok: true, sessionIds: [] });

    // A CLI that still announces it (an old copy of its files, another build) or still sends its events does not
    // bring it back.
    const stale = await connect(cliSocket(relay, s.token, s.instanceId));
    sockets.push(stale);
    const hello = await request(stale, CLI_EVENTS.hello, {
      env: cliEnv(s.cwd),
      sessions: [{ id: doomed, title: 'x', createdAt: new Date().toISOString() }],
    });
    expect(hello.ok, JSON.stringify(hello)).toBe(true);
    expect(hello.sessions.map((x: { id: string }) => x.id)).toEqual([keep]);
    const late = await request(stale, CLI_EVENTS.sessionEvent, {
      sessionId: doomed,
      eventId: randomUUID(),
      body: { type: 'assistant_message', messageId: 'm', text: 'late' },
    });
    expect(late).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    const again = await request(s.other, WEB_EVENTS.instancesList, {});
    expect(again.instances[0].sessionCount).toBe(1);
  });

  it('an offline CLI learns the rename and the delete when it reconnects', async () => {
    const s = await setUp('manage-offline@example.com');
    const renamedId = await s.newSession();
    const deletedId = await s.newSession();
    await waitFor(() => existsSync(storedFile(s.home, deletedId)), 5000, 'the CLI to save the session');
    await s.cli.connector.stop();
    await waitFor(
      async () => (await request(s.web, WEB_EVENTS.instancesList, {})).instances[0].online === false,
      5000,
      'the instance to go offline',
    );

    expect(await request(s.web, WEB_EVENTS.sessionRename, { sessionId: renamedId, title: 'Renamed while away' })).toMatchObject({
      ok: true,
    });
    expect(await request(s.web, WEB_EVENTS.sessionDelete, { sessionId: deletedId })).toEqual({ ok: true });

    const back = startConnector(s.token, s.instanceId, s.home, s.cwd);
    await waitFor(() => back.connector.sessions.get(renamedId)?.title === 'Renamed while away', 10_000, 'the rename after reconnect');
    await waitFor(() => !back.connector.sessions.has(deletedId), 10_000, 'the delete after reconnect');
    expect(existsSync(storedFile(s.home, deletedId))).toBe(false);
    const attach = await request(s.web, WEB_EVENTS.instanceAttach, { instanceId: s.instanceId });
    expect(attach.sessions.map((x: { id: string; title: string }) => [x.id, x.title])).toEqual([[renamedId, 'Renamed while away']]);
  });

  it('searches titles and messages (any case, % and _ literal), most recently active first', async () => {
    const s = await setUp('manage-search@example.com');
    const [a, b, c] = [await s.newSession(), await s.newSession(), await s.newSession()];
    const events = collect<SessionEvent>(s.web, WEB_PUSH.sessionEvent);
    for (const id of [a, b, c]) expect((await request(s.web, WEB_EVENTS.sessionJoin, { sessionId: id, afterSeq: 0 })).ok).toBe(true);
    await request(s.web, WEB_EVENTS.sessionRename, { sessionId: a, title: 'Deploy checklist' });
    const say = async (sessionId: string, text: string) => {
      const n = events.filter((e) => e.sessionId === sessionId && e.body.type === 'turn_end').length;
      await request(s.web, WEB_EVENTS.sessionInput, { sessionId, clientMsgId: randomUUID(), text });
      await waitFor(
        () => events.filter((e) => e.sessionId === sessionId && e.body.type === 'turn_end').length > n,
        10_000,
        'the turn to end',
      );
    };
    await say(b, 'Why does the DEPLOY fail at 100% load?');
    await say(c, 'unrelated question');
    await say(c, 'and one more');
    await say(a, 'first step');

    const search = async (query: string) => {
      const ack = sessionsSearchAckSchema.parse(await request(s.web, WEB_EVENTS.sessionsSearch, { instanceId: s.instanceId, query }));
      return ack.ok ? ack.sessionIds : ack.error;
    };
    // a was active last, then b.
    expect(await search('deploy')).toEqual([a, b]);
    expect(await search('100%')).toEqual([b]);
    expect(await search('%')).toEqual([b]);
    expect(await search('_')).toEqual([]);
    // The assistant's answers count too (the stand-in says "Noted." in every session).
    expect(await search('noted')).toEqual([a, c, b]);
    expect(await request(s.web, WEB_EVENTS.sessionsSearch, { instanceId: s.instanceId, query: ' ' })).toMatchObject({
      ok: false,
      error: { code: 'BAD_REQUEST' },
    });
    const stranger = await signIn(relay, 'manage-stranger@example.com');
    const theirs = await connect(webSocket(relay, stranger.jwt));
    sockets.push(theirs);
    expect(await request(theirs, WEB_EVENTS.sessionsSearch, { instanceId: s.instanceId, query: 'deploy' })).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });
  });
});
