/**
 * Issue #11 item 1, the cases as reported: NUL and lone surrogates used to reach PostgreSQL and answer 500 / INTERNAL.
 * Free text keeps them, made visible (␀, U+FFFD); id-like fields are refused naming the field; nothing answers 500.
 * The property-based sweep over every endpoint and event is relay/server/fuzz.
 */
import { randomUUID } from 'node:crypto';

import { describe, expect, it } from 'vitest';

import { CLI_COMMANDS, CLI_EVENTS, type SessionEvent, WEB_EVENTS, WEB_PUSH } from '../../protocol';
import { call } from '../testing/http';
import { cliEnv, collect, connect, connectCli, request, signIn, waitFor, webSocket } from '../testing/remoteClients';
import { sharedTestRelay } from '../testing/sharedRelay';

const shared = sharedTestRelay();
const { track } = shared;

let n = 0;
async function pair() {
  const email = `hostile${++n}@example.com`;
  const { user, token, instanceId, cli } = await connectCli(shared.relay, { email, ackCommands: false, track });
  // This CLI takes only what the tests send it: a session's creation and chat input.
  const inputs: Array<{ text: string }> = [];
  cli.on(CLI_COMMANDS.sessionCreate, (_p: unknown, ack: (r: unknown) => void) => ack({ ok: true }));
  cli.on(CLI_COMMANDS.sessionInput, (p: { text: string }, ack: (r: unknown) => void) => (inputs.push(p), ack({ ok: true })));
  const web = track(await connect(webSocket(shared.relay, user.jwt)));
  expect((await request(web, WEB_EVENTS.instanceAttach, { instanceId })).ok).toBe(true);
  const created = await request(web, WEB_EVENTS.sessionCreate, { instanceId, clientRequestId: randomUUID() });
  expect(created.ok, JSON.stringify(created)).toBe(true);
  const sessionId: string = created.session.id;
  const events = collect<SessionEvent>(web, WEB_PUSH.sessionEvent);
  expect((await request(web, WEB_EVENTS.sessionJoin, { sessionId, afterSeq: 0 })).ok).toBe(true);
  return { user, cli, web, sessionId, events, inputs, instanceId, token };
}

describe('hostile text over HTTP', () => {
  it('refuses NUL in id-like fields with 400 naming the field, never 500', async () => {
    const signup = await call(shared.relay, 'POST', '/auth/tern/signup', {
      body: { email: 'nul@example.com', password: 'correct horse', username: 'a\u0000b' },
      ip: '203.0.113.7',
    });
    expect(signup.status).toBe(400);
    expect(signup.body.details.map((d: { path: string }) => d.path)).toContain('username');

    const pairing = await call(shared.relay, 'POST', '/cli-api/pairing', { body: { hostname: 'box\u0000', platform: 'linux\ud800' } });
    expect(pairing.status).toBe(400);
    expect(pairing.body.details.map((d: { path: string }) => d.path)).toEqual(expect.arrayContaining(['hostname', 'platform']));

    const { jwt } = await signIn(shared.relay, 'orders-nul@example.com');
    const order = await call(shared.relay, 'POST', '/web-api/payment/create-order', { body: { product_sn: '\u0000' }, token: jwt });
    expect(order.status).toBe(400);
    expect(order.body.details[0].path).toBe('product_sn');
  });
});

describe('hostile text over sockets', () => {
  it('stores a long message with an emoji where its preview is cut, and previews it whole', async () => {
    const s = await pair();
    const updates = collect<{ session: { id: string; firstMessage: string | null; lastMessage: string | null } }>(
      s.web,
      WEB_PUSH.sessionUpdated,
    );
    // 498 letters, then an emoji (two UTF-16 code units): a preview cut at 499 code units kept half of it, a lone
    // surrogate the database refused, so neither event below could be stored.
    const text = (letter: string) => `${letter.repeat(498)}😀${letter.repeat(30)}`;
    const sent = await request(s.web, WEB_EVENTS.sessionInput, { sessionId: s.sessionId, clientMsgId: randomUUID(), text: text('q') });
    expect(sent.ok, JSON.stringify(sent)).toBe(true);
    const answer = { type: 'assistant_message', messageId: randomUUID(), text: text('a') };
    const stored = await request(s.cli, CLI_EVENTS.sessionEvent, { sessionId: s.sessionId, eventId: randomUUID(), body: answer });
    expect(stored.ok, JSON.stringify(stored)).toBe(true);
    const cut = (letter: string) => `${letter.repeat(498)}😀…`;
    await waitFor(
      () => updates.some((u) => u.session.id === s.sessionId && u.session.lastMessage === cut('a')),
      5000,
      'the session’s preview',
    );
    expect(updates.at(-1)!.session.firstMessage).toBe(cut('q'));
    await waitFor(() => s.events.length >= 2, 5000, 'the stored events');
    expect(s.events.map((e) => ('text' in e.body ? e.body.text : null))).toEqual([text('q'), text('a')]);
  });

  it('keeps NUL and lone surrogates in chat input and tool output, visibly, in order', async () => {
    const s = await pair();
    const sent = await request(s.web, WEB_EVENTS.sessionInput, {
      sessionId: s.sessionId,
      clientMsgId: randomUUID(),
      text: 'a\u0000b \ud800',
    });
    expect(sent.ok, JSON.stringify(sent)).toBe(true);
    await waitFor(() => s.inputs.length === 1, 5000, 'the CLI to receive the input');
    expect(s.inputs[0]!.text).toBe('a\u2400b \ufffd');

    const toolCallId = 't1';
    const emit = (body: unknown) => request(s.cli, CLI_EVENTS.sessionEvent, { sessionId: s.sessionId, eventId: randomUUID(), body });
    expect(
      (
        await emit({
          type: 'tool_call',
          toolCallId,
          name: 'shell',
          title: "printf 'a\\0b'",
          input: { command: "printf 'a\u0000b'", ['k\u0000']: ['\udfff'] },
          status: 'executing',
        })
      ).ok,
    ).toBe(true);
    expect((await emit({ type: 'tool_output', toolCallId, stream: 'stdout', chunk: 'a\u0000b' })).ok).toBe(true);
    expect(
      (await emit({ type: 'tool_call', toolCallId, name: 'shell', title: 'done', input: {}, status: 'completed', output: 'a\u0000b' })).ok,
    ).toBe(true);
    expect((await request(s.cli, CLI_EVENTS.sessionMeta, { sessionId: s.sessionId, title: 'bin\u0000ary' })).ok).toBe(true);

    await waitFor(() => s.events.length >= 4, 5000, 'the browser to get the events');
    const bodies = s.events.map((e) => e.body);
    expect(bodies.map((b) => b.type)).toEqual(['user_message', 'tool_call', 'tool_output', 'tool_call']);
    expect(bodies[1]).toMatchObject({ input: { command: "printf 'a\u2400b'", ['k\u2400']: ['\ufffd'] } });
    expect(bodies[2]).toMatchObject({ chunk: 'a\u2400b' });
    expect(bodies[3]).toMatchObject({ output: 'a\u2400b' });

    // The stored history replays the same text.
    const again = track(await connect(webSocket(shared.relay, s.user.jwt)));
    const replay = collect<SessionEvent>(again, WEB_PUSH.sessionEvent);
    expect((await request(again, WEB_EVENTS.sessionJoin, { sessionId: s.sessionId, afterSeq: 0 })).ok).toBe(true);
    await waitFor(() => replay.length >= 4, 5000, 'the replay');
    expect(replay.map((e) => e.body)).toEqual(bodies);
  });

  it('refuses NUL in ids, env fields and model names with BAD_REQUEST naming the field, never INTERNAL', async () => {
    const s = await pair();
    const bad = await request(s.cli, CLI_EVENTS.sessionEvent, {
      sessionId: s.sessionId,
      eventId: randomUUID(),
      body: { type: 'assistant_message', messageId: 'm\u00001', text: 'hi' },
    });
    expect(bad).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } });
    expect(bad.error.details[0].path).toBe('body.messageId');

    const hello = await request(s.cli, CLI_EVENTS.hello, {
      env: { ...cliEnv(), hostname: 'dev\u0000box' },
      sessions: [{ id: s.sessionId, title: 't\u0000', createdAt: new Date().toISOString() }],
    });
    expect(hello).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } });
    expect(hello.error.details.map((d: { path: string }) => d.path)).toEqual(['env.hostname']);

    const usage = await request(s.cli, CLI_EVENTS.usageReport, {
      requestId: randomUUID(),
      model: 'gpt\u0000',
      inputTokens: 1,
      outputTokens: 1,
    });
    expect(usage).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } });

    // A session title with NUL in the hello is kept, visibly.
    const ok = await request(s.cli, CLI_EVENTS.hello, {
      env: cliEnv(),
      sessions: [{ id: randomUUID(), title: 'bin\u0000ary \ud800', createdAt: new Date().toISOString() }],
    });
    expect(ok.ok, JSON.stringify(ok)).toBe(true);
  });
});
