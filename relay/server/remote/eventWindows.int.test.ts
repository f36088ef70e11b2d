import { randomUUID } from 'node:crypto';

import type { Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';

import { CLI_EVENTS } from '../../protocol';
import { cliEnv, connectCli, request } from '../testing/remoteClients';
import { sharedTestRelay } from '../testing/sharedRelay';

/**
 * A CLI with an event window (`cli:hello` `eventWindow`; relay/server/remote/eventWindows.ts, relay/cli/outbox.ts) on a
 * real relay: it sends its events without waiting for their acks, and the relay stores them in the order sent or, once
 * one is not stored, refuses the rest (OUT_OF_ORDER) until the CLI sends again from it, marked `resume`.
 */
const shared = sharedTestRelay();
const { track } = shared;

const notice = (text: string) => ({ type: 'notice', level: 'info', text });
/** A body the relay refuses for its payload (BAD_REQUEST): an empty toolCallId. */
const refused = { type: 'tool_output', toolCallId: '', stream: 'stdout', chunk: 'x' };

async function cliWith(hello: Record<string, unknown>) {
  const { cli } = await connectCli(shared.relay, { track, hello: false });
  const ack = await request(cli, CLI_EVENTS.hello, { env: cliEnv(), sessions: [], ...hello });
  expect(ack.ok).toBe(true);
  return { cli, ack };
}

/** Sends every event at once (no waiting for acks, as a window does) and answers their acks in the order sent. */
function sendAll(cli: Socket, sessionId: string, events: Array<{ eventId?: string; body: unknown; resume?: true }>) {
  return Promise.all(
    events.map(({ eventId, body, resume }) =>
      cli
        .timeout(5000)
        .emitWithAck(CLI_EVENTS.sessionEvent, { sessionId, eventId: eventId ?? randomUUID(), body, ...(resume && { resume }) }),
    ),
  ) as Promise<Array<{ ok: boolean; seq?: number; error?: { code: string } }>>;
}

const outcomes = (acks: Array<{ ok: boolean; seq?: number; error?: { code: string } }>) => acks.map((a) => (a.ok ? a.seq : a.error?.code));

describe('a CLI with an event window', () => {
  it('is told the relay takes it; events sent without waiting are stored in the order sent', async () => {
    const { cli, ack } = await cliWith({ eventWindow: true });
    expect(ack.eventWindow).toBe(true);
    const sessionId = randomUUID();
    const acks = await sendAll(
      cli,
      sessionId,
      Array.from({ length: 20 }, (_, i) => ({ body: notice(`event ${i}`) })),
    );
    expect(outcomes(acks)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('after a refused event, the ones sent behind it are refused OUT_OF_ORDER until a resume, then stored in order', async () => {
    const { cli } = await cliWith({ eventWindow: true });
    const sessionId = randomUUID();
    const [a, b, c, d] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const first = await sendAll(cli, sessionId, [
      { eventId: a, body: notice('a') },
      { eventId: b, body: refused },
      { eventId: c, body: notice('c') },
      { eventId: d, body: notice('d') },
    ]);
    expect(outcomes(first)).toEqual([1, 'BAD_REQUEST', 'OUT_OF_ORDER', 'OUT_OF_ORDER']);
    // Not marked resume: still refused, whatever comes.
    expect(outcomes(await sendAll(cli, sessionId, [{ eventId: c, body: notice('c') }]))).toEqual(['OUT_OF_ORDER']);
    // The CLI's error event in the refused one's place, marked resume, then the rest: stored in that order.
    const again = await sendAll(cli, sessionId, [
      { body: notice('in place of b: an event could not be delivered'), resume: true },
      { eventId: c, body: notice('c') },
      { eventId: d, body: notice('d') },
    ]);
    expect(outcomes(again)).toEqual([2, 3, 4]);
  });

  it('a new connection starts unblocked (the CLI sends again from its outbox anyway)', async () => {
    const { cli, ack } = await cliWith({ eventWindow: true });
    expect(ack.eventWindow).toBe(true);
    const sessionId = randomUUID();
    expect(outcomes(await sendAll(cli, sessionId, [{ body: refused }, { body: notice('behind') }]))).toEqual([
      'BAD_REQUEST',
      'OUT_OF_ORDER',
    ]);
    const { cli: next } = await cliWith({ eventWindow: true });
    expect(outcomes(await sendAll(next, randomUUID(), [{ body: notice('first') }]))).toEqual([1]);
  });
});

describe('a CLI without an event window (one event at a time)', () => {
  it('is not told eventWindow, and a refused event holds nothing back', async () => {
    const { cli, ack } = await cliWith({});
    expect(ack.eventWindow).toBeUndefined();
    const sessionId = randomUUID();
    expect(outcomes(await sendAll(cli, sessionId, [{ body: notice('a') }, { body: refused }, { body: notice('c') }]))).toEqual([
      1,
      'BAD_REQUEST',
      2,
    ]);
  });
});
