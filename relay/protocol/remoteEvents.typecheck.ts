/**
 * Compile-time proof that the typed event maps catch mistakes: every `@ts-expect-error` line below must be an error
 * for `tsc` (npm run typecheck fails with "Unused '@ts-expect-error' directive" otherwise). Never executed.
 */
import type { Namespace } from 'socket.io';
import type { Socket } from 'socket.io-client';

import type {
  CliClientToServerEvents,
  CliServerToClientEvents,
  CliSocketData,
  InterServerEvents,
  WebClientToServerEvents,
  WebServerToClientEvents,
  WebSocketData,
} from './remoteEvents';

declare const web: Socket<WebServerToClientEvents, WebClientToServerEvents>;
declare const cli: Socket<CliServerToClientEvents, CliClientToServerEvents>;
declare const webNsp: Namespace<WebClientToServerEvents, WebServerToClientEvents, InterServerEvents, WebSocketData>;
declare const cliNsp: Namespace<CliClientToServerEvents, CliServerToClientEvents, InterServerEvents, CliSocketData>;
const uuid = '00000000-0000-4000-8000-000000000000';

export async function typedEventMaps(): Promise<void> {
  // Right payloads and acks compile.
  const joined = await web.emitWithAck('session:join', { sessionId: uuid, afterSeq: 0 });
  if (joined.ok) joined.session.lastSeq.toFixed();
  else joined.error.code.toLowerCase();
  const seq = await cli.emitWithAck('session:event', { sessionId: uuid, eventId: uuid, body: { type: 'turn_end', reason: 'completed' } });
  if (seq.ok) seq.seq.toFixed();

  // @ts-expect-error -- unknown event name
  web.emit('session:joinn', { sessionId: uuid, afterSeq: 0 }, () => undefined);
  // @ts-expect-error -- afterSeq must be a number
  await web.emitWithAck('session:join', { sessionId: uuid, afterSeq: '0' });
  // @ts-expect-error -- a session:input needs its text
  await web.emitWithAck('session:input', { sessionId: uuid, clientMsgId: 'c1' });
  // @ts-expect-error -- permission decisions are allow | deny
  await web.emitWithAck('session:permission', { sessionId: uuid, requestId: 'r', decision: 'maybe', scope: 'once' });
  // @ts-expect-error -- the CLI cannot emit a browser event
  await cli.emitWithAck('instance:attach', { instanceId: uuid });
  // @ts-expect-error -- an unknown session event body type
  await cli.emitWithAck('session:event', { sessionId: uuid, eventId: uuid, body: { type: 'nope' } });

  const ack = await web.emitWithAck('instances:list', {});
  // @ts-expect-error -- the ack of instances:list has no `session`
  if (ack.ok) void ack.session;

  // Server side: handlers must answer the event's ack type.
  webNsp.on('connection', (socket) => {
    socket.on('session:input', (_payload, reply) => {
      reply({ ok: true, seq: 1 });
      reply({ ok: false, error: { code: 'NOT_ATTACHED', message: 'attach first' } });
      // @ts-expect-error -- session:input answers a seq
      reply({ ok: true, session: null });
      // @ts-expect-error -- not an error code of the protocol
      reply({ ok: false, error: { code: 'OOPS', message: 'x' } });
    });
    // @ts-expect-error -- the relay pushes session:event with a whole event, not a body
    socket.emit('session:event', { type: 'turn_end', reason: 'completed' });
    // @ts-expect-error -- socket.data is typed
    void socket.data.instanceId;
  });
  cliNsp.on('connection', (socket) => {
    void socket.data.instanceId;
    // @ts-expect-error -- session:create commands carry autoApprove
    socket.emit('session:create', { sessionId: uuid }, () => undefined);
  });
  // The CLI's side of /cli (relay/cli): its emits and acks, and the commands it listens to.
  const hello = await cli.emitWithAck('cli:hello', {
    env: { platform: 'linux', hostname: 'h', cwd: '/', nodeVersion: 'v20', cliVersion: '0', startedAt: 'now' },
    sessions: [],
  });
  if (hello.ok) hello.pendingInputs.map((p) => p.commandId.toLowerCase());
  // @ts-expect-error -- with a timeout the payload is still checked (the ack is not: the CLI validates it, relay/cli/acks.ts)
  await cli.timeout(1000).emitWithAck('cli:hello', { sessions: [] });
  const taken = await cli.emitWithAck('commands:taken', { commandIds: [uuid] });
  // @ts-expect-error -- commands:taken answers a plain ack
  if (taken.ok) void taken.pendingInputs;
  // @ts-expect-error -- commandIds is a list
  await cli.emitWithAck('commands:taken', { commandIds: uuid });
  // @ts-expect-error -- usage:report needs the token counts
  await cli.emitWithAck('usage:report', { requestId: uuid, model: 'm' });
  // @ts-expect-error -- session:meta carries no event body
  await cli.emitWithAck('session:meta', { sessionId: uuid, body: { type: 'turn_end', reason: 'completed' } });
  cli.on('session:permission', (payload, ack) => {
    const decision: 'allow' | 'deny' = payload.decision;
    void decision;
    ack({ ok: true });
    // @ts-expect-error -- a command's ack takes protocol error codes only
    ack({ ok: false, error: { code: 'BAD_RESPONSE', message: 'x' } });
  });
  cli.on('session:input', (payload) => {
    // @ts-expect-error -- session:input carries no decision
    void payload.decision;
  });
  // @ts-expect-error -- the relay sends the CLI no session:join
  cli.on('session:join', () => undefined);
  // @ts-expect-error -- workspace:lost reasons are fixed
  webNsp.emit('workspace:lost', { instanceId: uuid, reason: 'gone' });
}
