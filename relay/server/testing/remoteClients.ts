import { randomUUID } from 'node:crypto';

import type { Socket } from 'socket.io-client';
import { expect } from 'vitest';

import {
  CLI_COMMANDS,
  CLI_EVENTS,
  type CliHelloAck,
  cliHelloAckSchema,
  loginResultResponseSchema,
  oneTimeTokenResponseSchema,
} from '../../protocol';
import { issueCliToken } from '../core/remote/cliAuth';
import { call } from './http';
import { cliEnv, cliSocket, connect } from './sockets';
import type { TestRelay } from './testRelay';

export { cliEnv, cliSocket, connect, webSocket } from './sockets';

let ipSeq = 0;

/** Signs a new tern account up and in over HTTP; returns its user id and access JWT. */
export async function signIn(relay: TestRelay, email: string): Promise<{ userId: string; jwt: string }> {
  const ip = `198.51.100.${(++ipSeq % 250) + 1}`;
  const signup = await call(relay, 'POST', '/auth/tern/signup', {
    body: { email, password: 'correct horse', username: email.split('@')[0] },
    ip,
  });
  const { token, user_id } = oneTimeTokenResponseSchema.parse(signup.body).data;
  const login = await call(relay, 'POST', '/auth/jwt/tern-login', { body: { token, user_id, plat: 'web' }, ip });
  const result = loginResultResponseSchema.parse(login.body);
  return { userId: user_id, jwt: result.data.accessToken };
}

export async function cliTokenFor(relay: TestRelay, userId: string, label = 'test'): Promise<{ token: string; id: string }> {
  const { token, row } = await issueCliToken({ db: relay.storage.db, now: () => new Date() }, { userId, label, origin: 'admin' });
  return { token, id: row.id };
}

/**
 * Emits with an ack and resolves with the ack payload. When the socket disconnects before the ack, the error says why
 * (Socket.IO's reason and its description: "ping timeout", "transport error" with the status…), not only "socket has
 * been disconnected".
 */
// Tests read arbitrary fields of acks they then check.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function request(socket: Socket, event: string, ...args: unknown[]): Promise<any> {
  let disconnected: string | undefined;
  const onDisconnect = (reason: string, description?: unknown) => {
    disconnected = description === undefined ? reason : `${reason}: ${disconnectDetail(description)}`;
  };
  socket.on('disconnect', onDisconnect);
  try {
    return await socket.timeout(5000).emitWithAck(event, ...args);
  } catch (error) {
    if (disconnected === undefined) throw error;
    throw new Error(`${event}: ${(error as Error).message} (${disconnected})`, { cause: error });
  } finally {
    socket.off('disconnect', onDisconnect);
  }
}

/** What Socket.IO gives as a disconnect's description (an Error, or an object with a status and its context), as text. */
function disconnectDetail(description: unknown): string {
  if (description instanceof Error) return description.message;
  try {
    return JSON.stringify(description, (_key, value: unknown) => (value instanceof Error ? value.message : value)) ?? String(description);
  } catch {
    return String(description);
  }
}

/**
 * A burst of tool-output events from a CLI, emitted in one turn, each with an ack: `events` new ones, or one per given
 * event id. Resolves with the acks in order. `chunk` gives each event's text.
 */
export function emitOutputs(cli: Socket, sessionId: string, events: number | string[], chunk = (i: number) => `line ${i}\n`) {
  const ids = typeof events === 'number' ? Array.from({ length: events }, () => randomUUID()) : events;
  return Promise.all(
    ids.map((eventId, i) =>
      cli.timeout(10_000).emitWithAck(CLI_EVENTS.sessionEvent, {
        sessionId,
        eventId,
        body: { type: 'tool_output', toolCallId: 'call-1', stream: 'stdout', chunk: chunk(i) },
      }),
    ),
  ) as Promise<Array<{ ok: boolean; seq: number }>>;
}

/** Collects every `event` the socket receives. */
export function collect<T = unknown>(socket: Socket, event: string): T[] {
  const seen: T[] = [];
  socket.on(event, (payload: T) => seen.push(payload));
  return seen;
}

export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 5000, what = 'condition'): Promise<void> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A command the relay sent a CLI socket (one of `CLI_COMMANDS`), as `recordCommands` keeps it. */
export type CliCommand = { event: string; payload: Record<string, unknown> };

/** Records every `CLI_COMMANDS` event the CLI socket receives and acks each `{ ok: true }`, as a working CLI does. */
export function recordCommands(cli: Socket): CliCommand[] {
  const got: CliCommand[] = [];
  for (const event of Object.values(CLI_COMMANDS)) {
    cli.on(event, (payload: Record<string, unknown>, ack?: (r: unknown) => void) => {
      got.push({ event, payload });
      ack?.({ ok: true });
    });
  }
  return got;
}

/** Counts the Socket.IO packets a client socket sends from now on, by type (socket.io-parser's PacketType: 3 is ACK). */
export function countPacketsSent(socket: Socket): Map<number, number> {
  const counts = new Map<number, number>();
  const own = socket as unknown as { packet: (packet: { type: number }) => void };
  const send = own.packet.bind(socket);
  own.packet = (packet) => {
    counts.set(packet.type, (counts.get(packet.type) ?? 0) + 1);
    send(packet);
  };
  return counts;
}

export interface ConnectCliOptions {
  /** The account; else a new one is signed up and in as `email` (default: a random address). */
  user?: { userId: string; jwt: string };
  email?: string;
  /** The CLI token's label (default 'test'). */
  tokenLabel?: string;
  instanceId?: string;
  /** Record and ack every command (`recordCommands`), from before the hello; default true. */
  ackCommands?: boolean;
  /** Send `cli:hello` and expect an ok ack: true (default) with `{ env: cliEnv(), sessions: [] }`, or this payload; false: none. */
  hello?: boolean | Record<string, unknown>;
  /** Where the spec keeps sockets to close: an array the socket is pushed onto, or sharedTestRelay's `track`. */
  track?: Socket[] | ((socket: Socket) => unknown);
}

/**
 * A CLI on the relay's /cli namespace, set up as most relay specs need it: the user (signed in unless given), a freshly
 * minted CLI token, the connected socket (handed to `track`), by default every command recorded and acked, and by
 * default a hello whose ack is checked against the protocol schema and expected ok.
 */
export async function connectCli(relay: TestRelay, options: ConnectCliOptions = {}) {
  const user = options.user ?? (await signIn(relay, options.email ?? `cli-${randomUUID().slice(0, 8)}@example.com`));
  const { token, id: tokenId } = await cliTokenFor(relay, user.userId, options.tokenLabel);
  const instanceId = options.instanceId ?? randomUUID();
  const cli = await connect(cliSocket(relay, token, instanceId));
  if (Array.isArray(options.track)) options.track.push(cli);
  else options.track?.(cli);
  const commands = options.ackCommands === false ? [] : recordCommands(cli);
  let hello: Extract<CliHelloAck, { ok: true }> | undefined;
  if (options.hello !== false) {
    const payload = options.hello === true || options.hello === undefined ? { env: cliEnv(), sessions: [] } : options.hello;
    const ack = cliHelloAckSchema.parse(await request(cli, CLI_EVENTS.hello, payload));
    expect(ack.ok, JSON.stringify(ack)).toBe(true);
    if (ack.ok) hello = ack;
  }
  return { user, token, tokenId, instanceId, cli, commands, hello };
}
