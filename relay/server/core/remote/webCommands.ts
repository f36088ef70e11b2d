import type { LiveSessionEvent, PendingInput, SessionInputCommand, SessionPermissionCommand } from '../../../protocol';
import type { SessionHead } from '../../storage/repos/remote/eventBatchRepo';
import type { CliCommandRow, SessionEventRow } from '../../storage/schema';
import { within } from '../within';
import type { RemoteCoreDeps } from './deps';
import { fail } from './failures';
import { Handover } from './handover';
import { requireOnline } from './instances';
import { appendEvent, appendEventThen, type AppendResult, notAttached, queueCommand, type SessionRef } from './sessions';
import { nameUuid, toLiveEvent } from './views';

/** What a browser command did: the event it stored (for the seq and the fan-out), the command for the CLI. */
export interface Applied {
  event: SessionEventRow;
  /**
   * The session's head as the commit left it; null for a resend from a window without the lease, and for an event
   * another node stored.
   */
  session: SessionHead | null;
  /** A resend of something already applied: nothing to publish or deliver again. */
  duplicate: boolean;
  /** The command kept for the CLI; null for a resend, and for an input the CLI took before it was stored. */
  command: CliCommandRow | null;
  /** The command was handed to the CLI before it was stored (EarlyDelivery): whether the CLI took it. */
  handedOver?: Handover;
  /** Stored, fanned out and handed to the CLI by the CLI's relay node (ForwardCommand): nothing left to do here. */
  elsewhere?: boolean;
}

/**
 * Hands an input to the CLI before its event is committed: fans the event out live (`session:live`) and emits the
 * command to the CLI at once; answers whether a CLI took it. Called right after the append was queued for its group
 * commit, so the input's seq comes before anything the CLI answers that goes through the same queue (one relay node).
 */
export type EarlyDelivery = (event: LiveSessionEvent, instanceId: string, command: PendingInput) => Handover;

/** A browser command that stores an event and goes to the CLI: an input or a permission answer. */
export type StoredCommand = Extract<PendingInput, { type: 'session:input' | 'session:permission' }>;

/**
 * With several relay nodes, an input or permission answer for a CLI connected to another node goes to that node,
 * which stores it in its own group commit (so it gets its seq before anything the CLI answers, which that node stores
 * too), hands it to the CLI and fans it out (relay/server/remote/commandForward.ts). Resolves with the stored event's
 * seq, or null when no node took it (the CLI is offline, or its node did not answer in time): then this node stores it
 * and keeps the command.
 */
export type ForwardCommand = (event: LiveSessionEvent, instanceId: string, command: StoredCommand) => Promise<{ seq: number } | null>;

/** How a browser's input or permission answer reaches the CLI: handed over by this node before its commit, or forwarded to the CLI's node. */
export interface CommandRoute {
  early?: EarlyDelivery;
  forward?: ForwardCommand;
  /** The command's time, when another node took it first (ForwardCommand): the stored copy keeps the live copy's. */
  at?: Date;
}

/** Every Applied has all its fields, in one order (one object shape where the hub reads them). */
const applied = (result: AppendResult, command: CliCommandRow | null, handedOver?: Handover): Applied => ({
  event: result.event,
  session: result.session,
  duplicate: result.duplicate,
  command,
  handedOver,
  elsewhere: false,
});

/** How long a stored input waits for the CLI's ack of its early hand-over before its command is kept for the next hello. */
const HANDOVER_WAIT_MS = 50;

/**
 * Where a browser command's answer goes when its caller takes it without a promise (sendInputTo): `ok` with the value
 * (what `then` made of what was applied), or `fail` with the error; one of the two, once. The socket router's
 * LaterAnswer is one (relay/server/remote/socketEvents.ts).
 */
export interface CommandAnswer<T> {
  ok(value: T): void;
  fail(error: unknown): void;
}

/** Hands `answer` a value, or what a promise of one settles to. */
function give<T>(answer: CommandAnswer<T>, value: T | Promise<T>): void {
  if (value instanceof Promise)
    value.then(
      (settled: T) => answer.ok(settled),
      (error: unknown) => answer.fail(error),
    );
  else answer.ok(value);
}

/** A command started with a CommandAnswer, as a promise (the callers that await it). */
const promised = <T>(start: (answer: CommandAnswer<T>) => void): Promise<T> =>
  new Promise<T>((resolve, reject) => start({ ok: resolve, fail: reject }));

/** An input's arguments (sendInput, sendInputTo): `route` how it reaches the CLI, `then` what its answer is made of. */
type InputArgs<T> = [
  deps: RemoteCoreDeps,
  session: SessionRef,
  holdsLock: boolean,
  input: SessionInputCommand,
  route?: CommandRoute,
  then?: (applied: Applied) => T,
];

/**
 * `session:input`: stored as a `user_message` event (idempotent per clientMsgId) and sent to the CLI. A resend of an
 * input already taken answers its seq even from a window that no longer holds the workspace: nothing applies twice.
 */
export function sendInput<T = Applied>(...args: InputArgs<T>): Promise<T> {
  return promised<T>((answer) => sendInputTo(answer, ...args));
}

/**
 * sendInput, answered through `answer` instead of a promise: on the hot path (an input handed over early) nothing but
 * the append's record and its callback waits for the commit, and the answer is made in the commit's hand-out.
 */
export function sendInputTo<T = Applied>(
  answer: CommandAnswer<T>,
  ...[deps, session, holdsLock, input, route = {}, then]: InputArgs<T>
): void {
  const eventId = nameUuid('input', session.id, input.clientMsgId);
  if (!holdsLock) return give(answer, continued(storedResend(deps, session, eventId), then));
  const body = { type: 'user_message' as const, clientMsgId: input.clientMsgId, text: input.text };
  routeCommandTo(
    answer,
    deps,
    session,
    { eventId, body },
    { type: 'session:input', commandId: eventId, payload: { ...input } },
    route,
    then,
  );
}

/**
 * A command's answer as `then` makes it from what was applied (its promise's value as is without one). `then` is how
 * a handler's own continuation (its ack) runs in the group commit's answer on the hot path (storeAndHandOverTo),
 * rather than in a `then` of its own. The other paths (a resend, a forwarded command, one the CLI did not take at
 * once) are rare, and take the `then`.
 */
function continued<T>(applying: Promise<Applied>, then: ((applied: Applied) => T) | undefined): Promise<T> {
  return (then ? applying.then(then) : applying) as Promise<T>;
}

/** A resend of an input from a window that no longer holds the workspace: its stored event, else NOT_ATTACHED. */
async function storedResend(deps: RemoteCoreDeps, session: SessionRef, eventId: string): Promise<Applied> {
  const existing = await deps.repo.findEvent(session.id, eventId);
  if (existing) return { event: existing, session: null, duplicate: true, command: null, handedOver: undefined, elsewhere: false };
  throw notAttached();
}

/** Forwards the command to the CLI's node when the route says so, else (or when no node took it) stores it here. */
function routeCommandTo<T = Applied>(
  answer: CommandAnswer<T>,
  deps: RemoteCoreDeps,
  session: SessionRef,
  event: { eventId: string; body: SessionEventRow['body'] & { type: string } },
  command: StoredCommand,
  route: CommandRoute,
  then?: (applied: Applied) => T,
): void {
  const at = route.at ?? deps.now();
  const { eventId, body } = event;
  if (!route.forward) return storeAndHandOverTo(answer, deps, session, { eventId, body, at }, command, route.early, then);
  const forwarded = route
    .forward(toLiveEvent(session.id, { eventId, at, body }), session.instanceId, command)
    .then((stored): Applied | Promise<Applied> =>
      stored
        ? {
            event: { sessionId: session.id, seq: stored.seq, eventId, at, body },
            session: null,
            duplicate: false,
            command: null,
            handedOver: undefined,
            elsewhere: true,
          }
        : promised<Applied>((stored) => storeAndHandOverTo(stored, deps, session, { eventId, body, at }, command, route.early)),
    );
  give(answer, continued(forwarded, then));
}

/**
 * Stores a browser command's event and gets the command to the CLI. With `early` (this node holds the CLI, or is the
 * only node) the event is queued for its group commit, then handed to the CLI and sent live to the session's other
 * windows at once; the answer waits for the commit and for the CLI's ack (HANDOVER_WAIT_MS at most), and only a command
 * the CLI did not take is kept for its next hello. Without, the event is stored first (an urgent commit) and the
 * command kept, then delivered (hubContext `appliedAck`). A CLI that gets a command twice (a resend, or the stored
 * command at its next hello) applies it once: it dedupes by command id, clientMsgId and requestId.
 */
function storeAndHandOverTo<T = Applied>(
  answer: CommandAnswer<T>,
  deps: RemoteCoreDeps,
  session: SessionRef,
  event: { eventId: string; body: SessionEventRow['body'] & { type: string }; at: Date },
  command: StoredCommand,
  early?: EarlyDelivery,
  then?: (applied: Applied) => T,
): void {
  const { eventId, body, at } = event;
  const item = { sessionId: session.id, eventId, body, at };
  const keep = () => queueCommand(deps, session.instanceId, command.type, { ...command.payload }, eventId);
  if (!early) return give(answer, continued(storeFirst(appendEvent(deps, item, true), keep), then));
  const finish = (done: Applied) => (then ? then(done) : (done as T));
  // Set right after the append is queued (that order gives the input its seq first), read in the append's answer.
  let handedOver: Handover | undefined;
  // Queued before the hand-over: the input's seq comes before anything the CLI answers (see EarlyDelivery). Answered
  // in the group commit's hand-out, once committed (the hand-over started meanwhile).
  appendEventThen(deps, item, false, (result, error) => {
    if (!result) return answer.fail(error);
    try {
      if (result.duplicate) return answer.ok(finish(applied(result, null)));
      // Before the browser's ack, the command must be safe: taken by the CLI (usually by now, so no timer is needed),
      // or kept as a pending command (delivered at the CLI's next hello, or marked delivered when a late ack comes).
      if (handedOver!.taken) return answer.ok(finish(applied(result, null, handedOver)));
      give(answer, continued(untaken(result, handedOver!, keep), then));
    } catch (thrown) {
      answer.fail(thrown);
    }
  });
  try {
    handedOver = early(toLiveEvent(session.id, event), session.instanceId, command);
  } catch (error) {
    // The append is queued: it answers (the failure, once committed), rather than being left with nobody to hear it.
    handedOver = Handover.failed(error);
  }
}

/** Without an early hand-over: stored first (an urgent commit), then the command kept for the CLI. */
async function storeFirst(appending: Promise<AppendResult>, keep: () => Promise<CliCommandRow>): Promise<Applied> {
  const result = await appending;
  if (result.duplicate) return applied(result, null);
  return applied(result, await keep());
}

/** Stored, and the CLI has not taken the command yet: its ack is waited for HANDOVER_WAIT_MS, else the command is kept. */
async function untaken(result: AppendResult, handedOver: Handover, keep: () => Promise<CliCommandRow>): Promise<Applied> {
  if (await within(Promise.resolve(handedOver), HANDOVER_WAIT_MS, false)) return applied(result, null, handedOver);
  return applied(result, await keep(), handedOver);
}

/** `session:permission`: the answer is stored once (per requestId) and sent to the CLI, by the CLI's node (CommandRoute). */
export function answerPermission(
  deps: RemoteCoreDeps,
  session: SessionRef,
  holdsLock: boolean,
  input: SessionPermissionCommand,
  route: CommandRoute = {},
): Promise<Applied> {
  if (!holdsLock) return Promise.reject(notAttached());
  const eventId = nameUuid('permission', session.id, input.requestId);
  const body = { type: 'permission_response' as const, requestId: input.requestId, decision: input.decision, scope: input.scope };
  return promised<Applied>((answer) =>
    routeCommandTo(
      answer,
      deps,
      session,
      { eventId, body },
      { type: 'session:permission', commandId: eventId, payload: { ...input } },
      route,
    ),
  );
}

/** `session:interrupt`: only for an online CLI (an interrupt queued for later would stop a turn nobody remembers). */
export async function interruptSession(deps: RemoteCoreDeps, session: SessionRef, holdsLock: boolean): Promise<CliCommandRow> {
  if (!holdsLock) throw notAttached();
  await requireOnline(deps, session.instanceId);
  return queueCommand(deps, session.instanceId, 'session:interrupt', { sessionId: session.id });
}

/** `session:settings`: stored on the session and sent to the CLI. */
export async function updateSettings(deps: RemoteCoreDeps, session: SessionRef, holdsLock: boolean, autoApprove: boolean) {
  if (!holdsLock) throw notAttached();
  const updated = await deps.repo.updateSessionMeta(session.id, { autoApprove }, deps.now());
  if (!updated) throw fail('NOT_FOUND', 'Session not found');
  const command = await queueCommand(deps, session.instanceId, 'session:settings', { sessionId: session.id, autoApprove });
  return { session: updated, command };
}
