/**
 * Hostile input (#11) through the CLI's outbox, against a real relay on PGlite: an event the relay refuses for good
 * no longer jams the queue, and a real `tern --cloud` process gets NUL output through to the browser.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type SessionEvent, WEB_EVENTS, WEB_PUSH } from '../protocol';
import { cliTokenFor, collect, connect, request, signIn, waitFor, webSocket } from '../server/testing/remoteClients';
import { createTestRelay, RELAY_START_TIMEOUT_MS, type TestRelay } from '../server/testing/testRelay';
import { Connector } from './connector';
import { Outbox, type OutboxItem } from './outbox';

let relay: TestRelay;
const dirs: string[] = [];
const sockets: Socket[] = [];
const connectors: Connector[] = [];
const children: ChildProcess[] = [];

const tmp = (prefix: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};

beforeAll(async () => {
  relay = await createTestRelay({ remote: { presenceGraceMs: 300, revocationCheckMs: 200, commandAckTimeoutMs: 2_000 } });
}, RELAY_START_TIMEOUT_MS);

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  for (const c of connectors) await c.stop();
  for (const s of sockets) s.disconnect();
  await relay?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}, RELAY_START_TIMEOUT_MS);

/** A browser: a /web socket attached to the instance, in a new session it created and joined; collects its events. */
async function browserSession(jwt: string, instanceId: string) {
  const web = await connect(webSocket(relay, jwt));
  sockets.push(web);
  const attached = await request(web, WEB_EVENTS.instanceAttach, { instanceId });
  expect(attached.ok, JSON.stringify(attached)).toBe(true);
  const created = await request(web, WEB_EVENTS.sessionCreate, { instanceId, clientRequestId: randomUUID() });
  expect(created.ok, JSON.stringify(created)).toBe(true);
  const sessionId = created.session.id as string;
  const events = collect<SessionEvent>(web, WEB_PUSH.sessionEvent);
  expect((await request(web, WEB_EVENTS.sessionJoin, { sessionId, afterSeq: 0 })).ok).toBe(true);
  return { web, sessionId, events };
}

const bodies = (events: SessionEvent[]) => events.map((e) => e.body);

describe('CLI outbox against a relay that refuses an event', () => {
  it('sets the refused event aside in the dead-letter file, shows the session an error event, and delivers the next one', async () => {
    const user = await signIn(relay, 'outbox-poison@example.com');
    const { token } = await cliTokenFor(relay, user.userId, 'poison');
    const instanceId = randomUUID();
    const home = tmp('tern-poison-home-');
    const logs: string[] = [];
    const connector = new Connector({
      relayUrl: relay.url,
      token,
      instanceId,
      home,
      cwd: tmp('tern-poison-cwd-'),
      model: null,
      log: (l) => logs.push(l),
      onUnauthorized: () => {},
    });
    connectors.push(connector);
    connector.start();
    await waitFor(() => connector.connected, 10_000, 'the CLI to connect');
    const b = await browserSession(user.jwt, instanceId);
    await waitFor(
      () => connector.sessions.has(b.sessionId) && b.events.length === 1 && connector.outbox.size === 0,
      10_000,
      'the ready notice',
    );

    // Ids the relay refuses (BAD_REQUEST): an empty one, and one with NUL and a bidi override; then a good event.
    const empty = connector.outbox.addEvent(b.sessionId, { type: 'tool_output', toolCallId: '', stream: 'stdout', chunk: 'secret-1' });
    const nul = connector.outbox.addEvent(b.sessionId, {
      type: 'tool_output',
      toolCallId: 'x\u0000\u202Ey',
      stream: 'stdout',
      chunk: 'secret-2',
    });
    connector.outbox.addEvent(b.sessionId, { type: 'notice', level: 'info', text: 'after the poison' });
    await connector.flush();

    await waitFor(() => b.events.length === 4, 10_000, 'the error events and the next event');
    expect(b.events.map((e) => e.seq)).toEqual([1, 2, 3, 4]);
    const [first, second, next] = bodies(b.events).slice(1);
    for (const error of [first, second]) {
      expect(error).toMatchObject({
        type: 'error',
        code: 'EVENT_UNDELIVERABLE',
        params: { eventType: 'tool_output', reason: 'BAD_REQUEST' },
      });
      expect(error?.type === 'error' && error.message).toMatch(
        /^An event could not be delivered: the relay refused this tool_output event \(BAD_REQUEST: .*toolCallId/,
      );
    }
    expect(next).toEqual({ type: 'notice', level: 'info', text: 'after the poison' });
    const shown = JSON.stringify(bodies(b.events));
    for (const part of ['secret-', '\\u0000', '\u202E', '\u2400']) expect(shown).not.toContain(part);

    const deadFile = path.join(home, `outbox-${instanceId}.dead.jsonl`);
    const dead = readFileSync(deadFile, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { at: string; code: string; message: string; item: OutboxItem });
    expect(dead.map((d) => [d.item.id, d.code])).toEqual([
      [empty.id, 'BAD_REQUEST'],
      [nul.id, 'BAD_REQUEST'],
    ]);
    expect(dead[1]!.item).toEqual(nul); // kept as it was, for whoever looks into it
    expect(Number.isNaN(Date.parse(dead[0]!.at))).toBe(false);
    expect(dead[0]!.message).toMatch(/toolCallId/);
    expect(logs.filter((l) => l.includes('for good'))).toHaveLength(2);
    // Nothing left to jam a restart.
    expect(connector.outbox.size).toBe(0);
    expect(new Outbox(path.join(home, `outbox-${instanceId}.jsonl`)).size).toBe(0);
  });
});

describe('a real tern --cloud process with NUL in a command output', () => {
  it("runs !printf 'a\\0b' then !echo after: both outputs reach the browser, in order, the NUL shown as ␀", async () => {
    const user = await signIn(relay, 'outbox-nul@example.com');
    const { token } = await cliTokenFor(relay, user.userId, 'nul');
    const home = tmp('tern-nul-home-');
    const child = spawn(process.execPath, [fileURLToPath(new URL('./tern.mjs', import.meta.url)), '--cloud'], {
      cwd: tmp('tern-nul-cwd-'),
      env: { ...process.env, TERN_HOME: home, TERN_TOKEN: token, TERN_RELAY_URL: relay.url, TERN_MODEL_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    await waitFor(() => /Connected — instance ([0-9a-f-]{36})/.test(out), 30_000, `the connection (output so far: ${out})`);
    const instanceId = /Connected — instance ([0-9a-f-]{36})/.exec(out)![1]!;

    const b = await browserSession(user.jwt, instanceId);
    for (const text of ["!printf 'a\\0b'", '!echo after']) {
      const sent = await request(b.web, WEB_EVENTS.sessionInput, { sessionId: b.sessionId, clientMsgId: randomUUID(), text });
      expect(sent.ok, JSON.stringify(sent)).toBe(true);
    }
    await waitFor(() => b.events.filter((e) => e.body.type === 'turn_end').length === 2, 30_000, `both turns (CLI output so far: ${out})`);

    const all = bodies(b.events);
    expect(all.filter((e) => e.type === 'error')).toEqual([]);
    const calls = all.flatMap((e) => (e.type === 'tool_call' && e.status !== 'executing' ? [e] : []));
    expect(calls.map((c) => [c.title, c.status, c.output])).toEqual([
      ["Run `printf 'a\\0b'`", 'completed', 'a\u2400b\n[exit code 0]'],
      ['Run `echo after`', 'completed', 'after\n[exit code 0]'],
    ]);
    const output = (id: string) => all.flatMap((e) => (e.type === 'tool_output' && e.toolCallId === id ? [e.chunk] : [])).join('');
    expect(output(calls[0]!.toolCallId)).toBe('a\u2400b');
    expect(output(calls[1]!.toolCallId)).toBe('after\n');
    // In order: everything of the first command comes before the second command starts.
    const types = all.map((e) =>
      e.type === 'tool_call' || e.type === 'tool_output' ? `${e.type}:${e.toolCallId === calls[0]!.toolCallId ? 1 : 2}` : e.type,
    );
    expect(types.lastIndexOf('tool_call:1')).toBeLessThan(types.indexOf('tool_call:2'));
    expect(types.indexOf('turn_end')).toBeLessThan(types.indexOf('tool_call:2'));
    expect(existsSync(path.join(home, `outbox-${instanceId}.dead.jsonl`))).toBe(false);

    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGINT');
    expect(await exited).toBe(0);
  }, 90_000);
});
