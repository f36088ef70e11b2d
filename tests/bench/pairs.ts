/**
 * Browser/CLI pairs for the benchmarks, on real relays: a signed-up user, a CLI that says hello and answers every
 * input with an `assistant_message` session event, and a browser window attached to the CLI's instance and joined
 * to a new session. The CLI and the browser may sit on different relay nodes (same database, Redis adapter).
 */
import { randomUUID } from 'node:crypto';

import type { Socket } from 'socket.io-client';

import { answerCommand, TookReceipts } from '../../relay/cli/receipts';
import { beforeWrite, coalesceWrites, sendBundles } from '../../relay/cli/writeCoalescing';
import {
  CLI_COMMANDS,
  CLI_EVENTS,
  COMMANDS_TOOK,
  INPUT_REFUSED,
  type InputAck,
  type InputRefused,
  type LiveSessionPush,
  type SessionEvent,
  type SessionEvents,
  WEB_EVENTS,
  WEB_PUSH,
} from '../../relay/protocol';
import type { RelayChild } from '../../relay/server/testing/relayChild';
import { cliEnv, cliSocket, cliTokenFor, connect, request, signIn, webSocket } from '../../relay/server/testing/remoteClients';
import { createTestRelay, type TestRelay } from '../../relay/server/testing/testRelay';

export interface Pair {
  cli: Socket;
  web: Socket;
  sessionId: string;
  /** Event ids the CLI sent and had acked, in order. */
  cliAcked: number;
  /** Stored events (`session:event`, `session:events`, or their notices) the browser received for its session while joined. */
  stored: number;
  /** The round in flight: the answer it waits for (by the input's clientMsgId) and how it ends. */
  pending: { clientMsgId: string; resolve: () => void; reject: (error: Error) => void } | null;
  /** The relay takes this pair's input without an ack (its join ack said `inputNotices`). */
  inputNotices: boolean;
  /** Ends the round in flight if `event` is its answer (whichever copy of it comes first). */
  answered: (event: Pick<SessionEvent, 'body'>) => void;
}

export interface Nodes {
  /** Where the CLI connects (and accounts are made). */
  cli: TestRelay;
  /** Where the browser connects. */
  web: TestRelay;
}

/** Where a pair's sockets connect: relays in this process (Nodes) or in another one. */
export interface PairNodes {
  cli: TestRelay | ChildRelay;
  web: TestRelay | ChildRelay;
}

/** A relay in another process (relay/server/testing/relayChild.ts): its URL and how it makes accounts. */
export type ChildRelay = Pick<RelayChild, 'url' | 'account'>;

/** A new account with a CLI token: made by the child relay itself, or signed up on a relay in this process. */
async function accountOn(relay: TestRelay | ChildRelay, n: number): Promise<{ jwt: string; cliToken: string }> {
  if (!('app' in relay)) return relay.account();
  const user = await signIn(relay, `bench${n}-${randomUUID().slice(0, 8)}@example.com`);
  const { token } = await cliTokenFor(relay, user.userId, `bench${n}`);
  return { jwt: user.jwt, cliToken: token };
}

/** Joins ask for `session:events` (several stored events per message) as the PWA does; BENCH_NO_BATCHES=1 for one per message. */
export const BATCHES = !process.env.BENCH_NO_BATCHES;
/** Joins ask for notices (an event the window had live comes back as its seq only) as the PWA does; BENCH_NO_NOTICES=1 for whole events. */
export const NOTICES = BATCHES && !process.env.BENCH_NO_NOTICES;

/** Joins ask for stored copies in the ack of the window's input (`carried`) as the PWA does; BENCH_NO_CARRIED=1 for their own message. */
export const CARRIED = BATCHES && !process.env.BENCH_NO_CARRIED;
/** Joins ask for stored copies in live copies too (`carriedLive`) as the PWA does; BENCH_NO_CARRIED_LIVE=1 for not. */
export const CARRIED_LIVE = CARRIED && NOTICES && !process.env.BENCH_NO_CARRIED_LIVE;
/**
 * Joins ask for the input's own stored copy in its ack as a notice with its time (`ownNotices`) as the PWA does;
 * BENCH_NO_OWN_NOTICES=1 for it whole.
 */
export const OWN_NOTICES = CARRIED && NOTICES && !process.env.BENCH_NO_OWN_NOTICES;
/**
 * Joins ask to send input without an ack, answered in the stored copies (`inputNotices`, relay/protocol/inputNotices.ts)
 * as the PWA does; BENCH_NO_INPUT_NOTICES=1 for an ack per input.
 */
export const INPUT_NOTICES = CARRIED_LIVE && OWN_NOTICES && !process.env.BENCH_NO_INPUT_NOTICES;

/** Calls `listener` for every stored event the socket receives, whether alone (`session:event`) or batched (`session:events`). */
export function onStored(socket: Socket, listener: (event: SessionEvent) => void): () => void {
  const many = (batch: { events: SessionEvent[] }) => batch.events.forEach(listener);
  socket.on(WEB_PUSH.sessionEvent, listener);
  socket.on(WEB_PUSH.sessionEvents, many);
  return () => {
    socket.off(WEB_PUSH.sessionEvent, listener);
    socket.off(WEB_PUSH.sessionEvents, many);
  };
}

/** The CLI writes once per turn, as relay/cli does; BENCH_NO_CLI_COALESCING=1 for one write per packet. */
const COALESCE_CLI = !process.env.BENCH_NO_CLI_COALESCING;
/**
 * The CLI takes commands with receipts, told on its answer, as relay/cli does (relay/protocol/receipts.ts);
 * BENCH_NO_RECEIPTS=1 for an ack packet per command.
 */
export const RECEIPTS = !process.env.BENCH_NO_RECEIPTS;

/**
 * The CLI keeps several events in flight, as relay/cli does with a relay that takes it (`eventWindow`,
 * relay/server/remote/eventWindows.ts), so the relay may hold its acks for its next write; BENCH_NO_EVENT_WINDOW=1 for
 * a CLI that does not say so (each ack written at once). The bench's CLI sends an event per command and never waits on
 * its ack, so it needs no window of its own.
 */
export const EVENT_WINDOW = !process.env.BENCH_NO_EVENT_WINDOW;

/**
 * PostgreSQL relays run the group commit's statements in their worker thread, as a relay does (storage/database.ts);
 * BENCH_NO_STATEMENT_WORKER=1 for the relay's own thread.
 */
export const STATEMENT_WORKER = !process.env.BENCH_NO_STATEMENT_WORKER;

/**
 * A relay of the round-trip benchmarks (roundtrip.ts, steady.ts), in this process: on PostgreSQL at `databaseUrl`, its
 * statements as above, else on PGlite. Its database threads' priority is a relay's default, or DB_WORKER_NICE from the
 * environment as a relay reads it (docs/performance.md: one core with `taskset`).
 */
export const benchRelay = (databaseUrl?: string, env: Record<string, string> = {}): Promise<TestRelay> =>
  createTestRelay({
    remote: { revocationCheckMs: 2_000 },
    env: { ...(process.env.DB_WORKER_NICE && { DB_WORKER_NICE: process.env.DB_WORKER_NICE }), ...env },
    statementWorker: STATEMENT_WORKER,
    ...(databaseUrl && { databaseUrl }),
  });

/**
 * Starts `count` relays made by `make` (several: nodes joined by the adapter, when their env has REDIS_URL); with
 * several, waits a second so the adapters' stream readers have started before anything is published. Those started
 * are closed again if one fails to start.
 */
export async function startRelays(count: number, make: () => Promise<TestRelay>): Promise<TestRelay[]> {
  const relays: TestRelay[] = [];
  try {
    for (let i = 0; i < count; i++) relays.push(await make());
  } catch (error) {
    for (const relay of relays) await relay.close();
    throw error;
  }
  if (count > 1) await new Promise((r) => setTimeout(r, 1000));
  return relays;
}

/** Runs `run` on `count` bench relays (benchRelay) on the same database and `env`, closing them after (startRelays). */
export async function withRelays<T>(
  count: number,
  databaseUrl: string | undefined,
  env: Record<string, string>,
  run: (relays: TestRelay[]) => Promise<T>,
) {
  const relays = await startRelays(count, () => benchRelay(databaseUrl, env));
  try {
    return await run(relays);
  } finally {
    for (const relay of relays) await relay.close();
  }
}

export async function makePair(nodes: PairNodes, n: number): Promise<Pair> {
  const { jwt, cliToken } = await accountOn(nodes.cli, n);
  const instanceId = randomUUID();
  const cli = await connect(cliSocket(nodes.cli, cliToken, instanceId));
  // As the CLI does (relay/cli/connector.ts): what one turn sends goes in one write.
  if (COALESCE_CLI) coalesceWrites(cli);
  const pair: Pair = {
    cli,
    web: undefined as unknown as Socket,
    sessionId: '',
    cliAcked: 0,
    stored: 0,
    pending: null,
    inputNotices: false,
    answered: () => undefined,
  };
  const receipts = new TookReceipts((took) => cli.emit(COMMANDS_TOOK, { took }), COALESCE_CLI ? beforeWrite : (task) => setImmediate(task));
  cli.on(CLI_COMMANDS.sessionCreate, (_payload: unknown, second?: unknown) => answerCommand(second, { ok: true }, receipts));
  cli.on(CLI_COMMANDS.sessionInput, (payload: { sessionId: string; clientMsgId: string; text: string }, second?: unknown) => {
    answerCommand(second, { ok: true }, receipts);
    const took = receipts.take();
    // The CLI's answer is itself a persisted session event (with the input's receipt, when it came with one).
    cli.emit(
      CLI_EVENTS.sessionEvent,
      {
        sessionId: payload.sessionId,
        eventId: randomUUID(),
        body: { type: 'assistant_message', messageId: payload.clientMsgId, text: `echo ${payload.text}` },
        ...(took && { took }),
      },
      (ack: { ok: boolean }) => {
        if (ack.ok) pair.cliAcked++;
      },
    );
  });
  const hello = await request(cli, CLI_EVENTS.hello, {
    env: cliEnv(`/bench/${n}`),
    sessions: [],
    ...(RECEIPTS && { receipts: true }),
    ...(EVENT_WINDOW && { eventWindow: true }),
  });
  if (!hello.ok) throw new Error(`cli:hello failed: ${JSON.stringify(hello)}`);
  // As the CLI does: a relay that takes bundles gets each turn's packets in one message.
  if (COALESCE_CLI && hello.bundles) sendBundles(cli);
  const web = await connect(webSocket(nodes.web, jwt));
  pair.web = web;
  const attached = await request(web, WEB_EVENTS.instanceAttach, { instanceId });
  if (!attached.ok) throw new Error(`attach failed: ${JSON.stringify(attached)}`);
  const created = await request(web, WEB_EVENTS.sessionCreate, { instanceId, clientRequestId: randomUUID() });
  if (!created.ok) throw new Error(`session:create failed: ${JSON.stringify(created)}`);
  pair.sessionId = created.session.id as string;
  onStored(web, (event) => {
    if (event.sessionId === pair.sessionId) pair.stored++;
  });
  // The round ends when the browser has the CLI's answer: live (before its commit) or stored, whichever comes first,
  // as the PWA shows it. One listener for the pair's life, like the floor's ack callback (no listener churn per round).
  const answered = (pair.answered = (event: Pick<SessionEvent, 'body'>) => {
    const { pending } = pair;
    if (pending && event.body.type === 'assistant_message' && event.body.messageId === pending.clientMsgId) {
      pair.pending = null;
      pending.resolve();
    }
  });
  onStored(web, answered);
  web.on(WEB_PUSH.sessionLive, (live: LiveSessionPush) => {
    // Stored copies riding in the live copy (joined with `carriedLive`), counted as the pushes' are; earlier seqs, so
    // taken first.
    const stored = live.stored as SessionEvents | undefined;
    if (stored?.sessionId === pair.sessionId) pair.stored += stored.events.length + (stored.notices?.length ?? 0);
    if (stored) for (const event of stored.events) answered(event);
    answered(live);
  });
  web.on(WEB_PUSH.sessionEvents, (batch: { sessionId: string; notices?: unknown[] }) => {
    if (batch.sessionId === pair.sessionId) pair.stored += batch.notices?.length ?? 0;
  });
  const joined = await request(web, WEB_EVENTS.sessionJoin, {
    sessionId: pair.sessionId,
    afterSeq: 0,
    batches: BATCHES,
    notices: NOTICES,
    carried: CARRIED,
    carriedLive: CARRIED_LIVE,
    ownNotices: OWN_NOTICES,
    inputNotices: INPUT_NOTICES,
  });
  if (!joined.ok) throw new Error(`session:join failed: ${JSON.stringify(joined)}`);
  pair.inputNotices = joined.inputNotices === true;
  web.on(INPUT_REFUSED, (refused: InputRefused) => {
    const { pending } = pair;
    if (pending?.clientMsgId !== refused.clientMsgId) return;
    pair.pending = null;
    pending.reject(new Error(`input refused: ${JSON.stringify(refused.error)}`));
  });
  return pair;
}

/**
 * One round: the browser sends `session:input`; the relay hands the input to the CLI (storing the user_message in the
 * background); the CLI answers with an `assistant_message` event; the relay fans it out and stores it. The round ends
 * when the browser has the answer: as `session:live` (before its commit) or stored (after), whichever comes first, as
 * the PWA shows it (a window catching up skips live copies: then the stored one ends it). Both copies are checked
 * afterwards: replayAll must find every event stored.
 */
export function roundTrip(pair: Pair): Promise<void> {
  const { web, sessionId } = pair;
  return new Promise<void>((resolve, reject) => {
    const clientMsgId = randomUUID();
    pair.pending = { clientMsgId, resolve, reject };
    // As the PWA does in a session joined with input notices: no ack; the input's own notice comes in the stored copies.
    if (pair.inputNotices) return void web.emit(WEB_EVENTS.sessionInput, { sessionId, clientMsgId, text: 'ping' });
    web.emit(WEB_EVENTS.sessionInput, { sessionId, clientMsgId, text: 'ping' }, (ack: InputAck) => {
      if (!ack.ok) return reject(new Error(`input refused: ${JSON.stringify(ack)}`));
      // Stored copies carried in the ack (joined with `carried`), counted as the pushes' are; the answer among them
      // ends the round when its live copy was skipped (a window catching up from storage skips live copies).
      const stored = ack.stored as SessionEvents | undefined;
      if (stored?.sessionId !== sessionId) return;
      pair.stored += stored.events.length + (stored.notices?.length ?? 0);
      for (const event of stored.events) pair.answered(event);
    });
  });
}

/**
 * Waits until every pair has what its first `rounds` rounds leave in flight after the answer: the CLI's acks (one
 * per answer) and both events' stored copies at the browser. Resolves with the ms waited. Called after a measured
 * loop, so work a relay puts off past its last round is waited for before anything else is measured, and shows here.
 */
export async function settled(pairs: readonly Pair[], rounds: number): Promise<number> {
  const t0 = performance.now();
  const deadline = Date.now() + 120_000;
  while (pairs.some((p) => p.cliAcked < rounds || p.stored < 2 * rounds)) {
    if (Date.now() > deadline) throw new Error(`acks or stored copies of ${rounds} rounds still missing after 2 minutes`);
    await new Promise((r) => setTimeout(r, 5));
  }
  return performance.now() - t0;
}

export function closePair(pair: Pair): void {
  pair.web.disconnect();
  pair.cli.disconnect();
}

/** Every event of the session, as a browser joining from seq 0 gets them (replay from storage). */
export async function replayAll(pair: Pair, expected: number): Promise<SessionEvent[]> {
  // A round ends at the live copy of the answer; its stored copy (and the input's) may still be on the way. Wait for
  // all of them, so the re-join below is the only source of what is collected.
  const deadline = Date.now() + 60_000;
  while (pair.stored < expected) {
    if (Date.now() > deadline) throw new Error(`only ${pair.stored} of ${expected} stored events reached the browser live`);
    await new Promise((r) => setTimeout(r, 20));
  }
  const got: SessionEvent[] = [];
  const done = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`replay: ${got.length} of ${expected} events after 60 s`)), 60_000);
    const off = onStored(pair.web, (event) => {
      if (event.sessionId === pair.sessionId) got.push(event);
      if (got.length >= expected) {
        clearTimeout(timer);
        off();
        resolve();
      }
    });
  });
  const joined = await request(pair.web, WEB_EVENTS.sessionJoin, { sessionId: pair.sessionId, afterSeq: 0, batches: BATCHES });
  if (!joined.ok) throw new Error(`re-join failed: ${JSON.stringify(joined)}`);
  await done;
  return got;
}
