import { randomUUID } from 'node:crypto';

import type { Socket } from 'socket.io-client';
import { PacketType } from 'socket.io-parser';
import { describe, expect, it } from 'vitest';

import { answerCommand, TookReceipts } from '../../cli/receipts';
import { CLI_COMMANDS, CLI_EVENTS, COMMANDS_TOOK, WEB_EVENTS } from '../../protocol';
import { cliEnv, connect, connectCli, countPacketsSent, request, waitFor, webSocket } from '../testing/remoteClients';
import { sharedTestRelay } from '../testing/sharedRelay';

/**
 * Command receipts (relay/protocol/receipts.ts) on a real relay: a CLI whose hello says `receipts: true` gets its
 * commands with a receipt number and no ack, and tells the numbers on the event that answers them, or in a
 * `commands:took` notice; the relay then treats the command as taken (not kept for the next hello), exactly as an ack.
 */
const ACK_TIMEOUT_MS = 600;
const shared = sharedTestRelay({ remote: { commandAckTimeoutMs: ACK_TIMEOUT_MS } });
const { track } = shared;

interface Received {
  event: string;
  payload: Record<string, unknown>;
  /** The listener's second argument: an ack function, a receipt number, or nothing. */
  second: unknown;
}

/**
 * A CLI on a new account, its hello saying `receipts` (or not), a window attached to its instance and a session. The
 * CLI records every command with its second argument; `answer` decides what it does with each (default: answers an
 * input with an assistant_message carrying its receipt, and tells any other command's receipt in `commands:took`).
 */
async function setup(options: { receipts: boolean; answer?: (got: Received, receipts: TookReceipts, cli: Socket) => void }) {
  const { user, instanceId, cli } = await connectCli(shared.relay, { track, ackCommands: false, hello: false });
  const got: Received[] = [];
  const receipts = new TookReceipts(
    (took) => cli.emit(COMMANDS_TOOK, { took }),
    (task) => setImmediate(task),
  );
  let sessionId = '';
  const answer =
    options.answer ??
    ((received: Received, r: TookReceipts) => {
      answerCommand(received.second, { ok: true }, r);
      if (received.event !== CLI_COMMANDS.sessionInput) return;
      const took = r.take();
      const body = { type: 'assistant_message', messageId: received.payload.clientMsgId, text: 'pong' };
      cli.emit(CLI_EVENTS.sessionEvent, { sessionId, eventId: randomUUID(), body, ...(took && { took }) }, () => undefined);
    });
  for (const event of Object.values(CLI_COMMANDS)) {
    cli.on(event, (payload: Record<string, unknown>, second?: unknown) => {
      const received = { event, payload, second };
      got.push(received);
      answer(received, receipts, cli);
    });
  }
  const hello = await request(cli, CLI_EVENTS.hello, { env: cliEnv(), sessions: [], ...(options.receipts && { receipts: true }) });
  expect(hello.ok).toBe(true);
  const web = track(await connect(webSocket(shared.relay, user.jwt)));
  expect((await request(web, WEB_EVENTS.instanceAttach, { instanceId })).ok).toBe(true);
  const created = await request(web, WEB_EVENTS.sessionCreate, { instanceId, clientRequestId: randomUUID() });
  expect(created.ok).toBe(true);
  sessionId = created.session.id as string;
  await waitFor(() => got.some((g) => g.event === CLI_COMMANDS.sessionCreate), 5000, 'session:create at the CLI');
  return { user, instanceId, cli, web, sessionId, got };
}

/** What the relay keeps for the instance's next hello: a second CLI connection's hello lists it. */
async function keptFor(instanceId: string, user: { userId: string; jwt: string }) {
  const { hello } = await connectCli(shared.relay, { track, user, instanceId });
  return hello!.pendingInputs.map((p) => ({ type: p.type, payload: p.payload }));
}

describe('command receipts', () => {
  it('an input reaches a receipts CLI with a number, no ack; told on its answer, it is taken and nothing is kept', async () => {
    const { user, instanceId, cli, web, sessionId, got } = await setup({ receipts: true });
    const sent = countPacketsSent(cli);
    for (let i = 0; i < 5; i++) {
      const ack = await request(web, WEB_EVENTS.sessionInput, { sessionId, clientMsgId: randomUUID(), text: `ping ${i}` });
      expect(ack).toMatchObject({ ok: true, seq: expect.any(Number) });
    }
    const inputs = got.filter((g) => g.event === CLI_COMMANDS.sessionInput);
    expect(inputs).toHaveLength(5);
    for (const input of inputs) expect(Number.isSafeInteger(input.second) && (input.second as number) > 0).toBe(true);
    expect(new Set(inputs.map((i) => i.second)).size).toBe(5);
    // One packet per round from the CLI (its answer, with the receipt): no ack packet, no notice.
    expect(sent.get(PacketType.ACK) ?? 0).toBe(0);
    expect(sent.get(PacketType.EVENT)).toBe(5);
    // Taken: the session's create command and the inputs are not kept for the next hello (after the ack timeout).
    await new Promise((resolve) => setTimeout(resolve, ACK_TIMEOUT_MS + 200));
    expect(await keptFor(instanceId, user)).toEqual([]);
  });

  it('a command answered by no event is told in a commands:took notice at the end of the turn', async () => {
    const { user, instanceId, cli, web, sessionId, got } = await setup({
      receipts: true,
      answer: (received, receipts) => answerCommand(received.second, { ok: true }, receipts),
    });
    const sent = countPacketsSent(cli);
    const ack = await request(web, WEB_EVENTS.sessionSettings, { sessionId, autoApprove: true });
    expect(ack.ok).toBe(true);
    await waitFor(() => got.some((g) => g.event === CLI_COMMANDS.sessionSettings), 5000, 'the settings command');
    const settings = got.find((g) => g.event === CLI_COMMANDS.sessionSettings)!;
    expect(typeof settings.second).toBe('number');
    await waitFor(() => (sent.get(PacketType.EVENT) ?? 0) === 1, 2000, 'the commands:took notice');
    expect(sent.get(PacketType.ACK) ?? 0).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, ACK_TIMEOUT_MS + 200));
    expect(await keptFor(instanceId, user)).toEqual([]);
  });

  it('a command whose receipt is never told is kept for the next hello, as one nobody acked', async () => {
    const { user, instanceId, web, sessionId, got } = await setup({
      receipts: true,
      // Takes session:create, never tells anything else.
      answer: (received, receipts) => {
        if (received.event === CLI_COMMANDS.sessionCreate) answerCommand(received.second, { ok: true }, receipts);
      },
    });
    const clientMsgId = randomUUID();
    const ack = await request(web, WEB_EVENTS.sessionInput, { sessionId, clientMsgId, text: 'kept' });
    // The window's ack does not wait for the CLI beyond the hand-over's wait: the command is kept instead.
    expect(ack.ok).toBe(true);
    expect(got.filter((g) => g.event === CLI_COMMANDS.sessionInput)).toHaveLength(1);
    expect(await keptFor(instanceId, user)).toEqual([{ type: 'session:input', payload: { sessionId, clientMsgId, text: 'kept' } }]);
  });

  it('a CLI that does not say receipts gets every command with an ack, as before', async () => {
    const { cli, web, sessionId, got } = await setup({ receipts: false });
    const sent = countPacketsSent(cli);
    const ack = await request(web, WEB_EVENTS.sessionInput, { sessionId, clientMsgId: randomUUID(), text: 'ping' });
    expect(ack.ok).toBe(true);
    expect(got.every((g) => typeof g.second === 'function')).toBe(true);
    expect(sent.get(PacketType.ACK)).toBe(1);
  });

  it('refuses malformed receipts with a clear error, ignores unknown ones, and drops a malformed notice', async () => {
    const { cli, web, sessionId } = await setup({ receipts: true });
    const body = { type: 'assistant_message', messageId: 'm', text: 'x' };
    for (const took of [[0], [-1], [1.5], ['1'], [], [2 ** 53], Array(1001).fill(1)]) {
      const refused = await request(cli, CLI_EVENTS.sessionEvent, { sessionId, eventId: randomUUID(), body, took });
      expect(refused, JSON.stringify(took).slice(0, 40)).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } });
    }
    // Numbers the relay never gave (or gave another socket) change nothing; the event is stored.
    const stored = await request(cli, CLI_EVENTS.sessionEvent, { sessionId, eventId: randomUUID(), body, took: [1, 2 ** 40] });
    expect(stored).toMatchObject({ ok: true, seq: expect.any(Number) });
    // A notice takes no ack: a malformed one is dropped, the connection goes on. Sent with an ack anyway, it is answered.
    cli.emit(COMMANDS_TOOK, { took: 'all' });
    cli.emit(COMMANDS_TOOK);
    expect(await request(cli, COMMANDS_TOOK, { took: [7] })).toEqual({ ok: true });
    expect(await request(cli, COMMANDS_TOOK, { took: [] })).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } });
    const ack = await request(web, WEB_EVENTS.sessionInput, { sessionId, clientMsgId: randomUUID(), text: 'still here' });
    expect(ack.ok).toBe(true);
  });
});
