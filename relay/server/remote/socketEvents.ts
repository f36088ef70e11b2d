import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';

import type { AckError, AckOf, EventContract, ParsedOf } from '../../protocol';
import { ackError, RemoteFailure } from '../core/remote/failures';
import type { CommandAnswer } from '../core/remote/webCommands';
import { validateInbound } from '../core/validation';
import { storageDataErrorCode } from '../storage/dataErrors';
import { lazily } from './writeCoalescing';

export { ackError, notFound, RemoteFailure } from '../core/remote/failures';

/** What a handler answers, with work to run right after the ack went out (fan-out, command delivery). */
export class AfterAck<A> {
  constructor(
    readonly ack: A,
    readonly after: () => Promise<void> | void,
  ) {}
}

/**
 * What a handler answers when its ack is sent by `send`, later in the turn, after `after` has run (e.g. an input's ack
 * carrying the stored copies its follow-up published: fanout.ts `carry`). `send` must call `reply` once.
 */
export class AckWhen<A> {
  constructor(
    readonly send: (reply: (ack: A) => void) => void,
    readonly after: () => Promise<void> | void,
  ) {}
}

/**
 * How work started by an AckLater's `start` answers: `ok` with what a handler may answer (an ack, AfterAck, AckWhen),
 * or `fail` with an error (answered like a handler's throw). One of the two, once: the core's CommandAnswer.
 */
export type LaterAnswer<A> = CommandAnswer<A | AfterAck<A> | AckWhen<A>>;

/**
 * What a handler answers when its ack waits on work that must not hold the socket's queue (a group commit): the next
 * event of the socket is taken at once, and the ack goes out when `ack` settles (a rejection answers like a throw).
 * Work started before returning keeps the socket's order (e.g. appends queued for the group commit in arrival order).
 * `ack` may also be a function that starts the work: the router calls it at once (before the socket's next event, so
 * the order holds), with the LaterAnswer the work answers through. A pending ack then holds no promise, nor the
 * promise's reactions: on the hot path (a CLI's session event) that is what waits for each commit.
 */
export class AckLater<A> {
  constructor(
    readonly ack: Promise<A | AfterAck<A> | AckWhen<A>> | ((answer: LaterAnswer<A>) => void),
    /**
     * The sender does not wait on this ack to show anything (a browser's input ack: the window shows the message
     * already): it rides along with the socket's next write, HOLD_MS at most (writeCoalescing.ts `lazily`).
     */
    readonly lazy = false,
  ) {}
}

type Contracts = Record<string, EventContract>;
/** What a handler of event `E` may return: its ack (or an error ack), optionally with follow-up work. */
export type HandlerReturn<C extends Contracts, E extends keyof C> =
  AckOf<C, E> | AckError | AfterAck<AckOf<C, E> | AckError> | AckWhen<AckOf<C, E> | AckError> | AckLater<AckOf<C, E> | AckError>;
/**
 * A handler gets the validated payload and the socket it came from, so one function serves every socket of a
 * namespace (no closure per socket and event); `acked` is false for an event sent without an ack that the routes
 * answer another way (EventRoutes `unacked`).
 */
export type Handler<C extends Contracts, E extends keyof C, S = unknown> = (
  data: ParsedOf<C, E>,
  socket: S,
  acked: boolean,
) => HandlerReturn<C, E> | Promise<HandlerReturn<C, E>>;

/**
 * The part of a Socket.IO server socket the router needs; inbound payloads are unknown until validated here.
 * Socket.IO hands every inbound event (an array: name, payload…, ack) through the socket's middlewares in the order
 * they were added (each may change the array, e.g. lifecycle.ts wraps the ack to count it, or refuse the event by not
 * calling `next`), then emits it to the listeners of its name, called with `this` = the socket.
 */
interface InboundSocket {
  use(middleware: (packet: unknown[], next: (error?: Error) => void) => void): unknown;
  on(event: string, listener: RoutedListener): unknown;
}
type RoutedListener = (this: unknown, event: unknown, ...args: unknown[]) => void;

/**
 * The one event name a socket's inbound events are emitted under. The shared middleware below puts it in front of
 * every inbound event once the rest of the socket's middlewares have seen the event as sent (they run within its
 * `next()`; Socket.IO emits the array in a later tick, socket.io/dist/socket.js `dispatch`), so Socket.IO emits
 * `(ROUTED, name, payload…, ack)` and a socket needs one listener for all its events. A client sending this name itself
 * gets it as the event's name (unknown: BAD_REQUEST).
 */
const ROUTED = 'tern:routed';
function reroute(packet: unknown[], next: (error?: Error) => void): void {
  next();
  packet.unshift(ROUTED);
}

type Reply = (payload: unknown) => void;
/** An event that takes no ack (EventRoutes `notice`): its schema and handler. */
interface Notice<S> {
  schema: z.ZodType;
  handler: (data: unknown, socket: S) => void;
}
type AnyHandler = (data: unknown, socket: unknown, acked: boolean) => unknown;
/** How an event sent without an ack is answered (EventRoutes `unacked`): a reply made from its raw payload, or none. */
type UnackedReply<S> = (socket: S, payload: unknown) => Reply | undefined;

function failed(log: FastifyBaseLogger, event: string, error: unknown): AckError {
  if (error instanceof RemoteFailure) return error.ack;
  if (storageDataErrorCode(error)) {
    log.warn({ err: error, event }, 'remote: payload refused by storage as invalid data');
    return ackError('BAD_REQUEST', 'The payload holds a value that cannot be stored');
  }
  log.error({ err: error, event }, 'remote: handler failed');
  return ackError('INTERNAL', 'Server error, please try again');
}

function answer(log: FastifyBaseLogger, event: string, result: unknown, ack: Reply): void {
  if (result instanceof AckWhen) result.send(ack);
  else if (result instanceof AfterAck) ack(result.ack);
  else return ack(result);
  // Right after the ack was queued (both go out in this turn's write): no promise turn of its own per event.
  const followUpFailed = (error: unknown) => log.error({ err: error, event }, 'remote: follow-up failed');
  try {
    const done = result.after();
    if (done) done.catch(followUpFailed);
  } catch (error) {
    followUpFailed(error);
  }
}

/**
 * Runs the handler, answers with what it returns, and calls `done` once the handler settled (not its AckLater), for
 * the socket's next event. Not an async function, and no promise of its own: every inbound event comes here, and
 * `then` on the handler's promise is the one turn of the microtask queue it needs (none for a handler that answers
 * without a promise).
 */
function run(log: FastifyBaseLogger, event: string, work: () => unknown, ack: Reply, done: () => void): void {
  const finish = (respond: () => void) => {
    try {
      respond();
    } catch (error) {
      log.error({ err: error, event }, 'remote: answering failed');
    }
    done();
  };
  let working: unknown;
  try {
    working = work();
  } catch (error) {
    return finish(() => ack(failed(log, event, error)));
  }
  // A handler that answered without waiting (the hot ones, once their session and lease are known) is settled now.
  if (!(working instanceof Promise)) return finish(() => settle(log, event, working, ack));
  working.then(
    (result) => finish(() => settle(log, event, result, ack)),
    (error: unknown) => finish(() => ack(failed(log, event, error))),
  );
}

/** What a handler returned: its ack now, or (AckLater) when its work settles. */
function settle(log: FastifyBaseLogger, event: string, result: unknown, ack: Reply): void {
  if (result instanceof AckLater) {
    // Not awaited: the socket's next event goes on while this one's ack waits.
    const reply: Reply = result.lazy ? (payload) => lazily(() => ack(payload)) : ack;
    const later = result.ack as Promise<unknown> | ((answer: LaterAnswer<unknown>) => void);
    if (typeof later === 'function') {
      const answering = new Answering(log, event, reply, ack);
      try {
        later(answering);
      } catch (error) {
        answering.fail(error);
      }
      return;
    }
    void later.then(
      (settled) => answer(log, event, settled, reply),
      (error: unknown) => ack(failed(log, event, error)),
    );
    return;
  }
  answer(log, event, result, ack);
}

/** The LaterAnswer of an AckLater's work: one object per pending ack, in place of a promise's two reactions. */
class Answering implements LaterAnswer<unknown> {
  private answered = false;
  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly event: string,
    private readonly reply: Reply,
    private readonly ack: Reply,
  ) {}

  ok(result: unknown): void {
    if (this.answered) return;
    this.answered = true;
    try {
      answer(this.log, this.event, result, this.reply);
    } catch (error) {
      this.log.error({ err: error, event: this.event }, 'remote: answering failed');
    }
  }

  fail(error: unknown): void {
    if (this.answered) return;
    this.answered = true;
    this.ack(failed(this.log, this.event, error));
  }
}

/**
 * Validated event handlers of one namespace, typed by its contract table (relay/protocol/remoteEvents.ts): the payload
 * a handler gets is the schema's output, and what it returns must be that event's ack, so a wrong answer fails `tsc`.
 * Every inbound event must carry an ack (but notices, and those `unacked` answers another way): one without is dropped
 * (logged), a payload failing its schema (or holding
 * anything storage refuses) is answered BAD_REQUEST, an event with no handler too, a use case's RemoteFailure its own
 * ack, a storage data error BAD_REQUEST, any other fault INTERNAL.
 * Handlers of one socket run one after another in arrival order (so a CLI's events get seqs in the order it sent
 * them); anything slow (waiting for another party) belongs in an AfterAck continuation, which does not hold the queue.
 *
 * Made once per namespace (memory per connection, issue #15): handlers are registered once for every socket (each
 * gets the socket). A socket gets the shared `reroute` middleware and one shared listener: a slot in its middleware
 * array (which lifecycle.ts's gate makes anyway), one entry in its `_events` table whatever the number of events, and,
 * only while it has an event in flight, the array of those waiting behind it. Events are taken after the socket's
 * middlewares (not from an any-listener, which Socket.IO calls before them), with the ack they hand on.
 */
export class EventRoutes<C extends Contracts, S extends InboundSocket> {
  private readonly handlers = new Map<string, AnyHandler>();
  /** Events that take no ack (notices), with their schema. */
  private readonly notices = new Map<string, Notice<S>>();
  /** Events that may also come without an ack, with what answers them then (`unacked`). */
  private readonly unackedReplies = new Map<string, UnackedReply<S>>();
  /** Told of an event refused before its handler ran (a payload failing its schema), by event name (`whenRefused`). */
  private readonly refusedHooks = new Map<string, (socket: S) => void>();
  /** Sockets with an event in flight: the events waiting behind it, in order (removed once it drained). */
  private readonly queues = new WeakMap<object, Array<() => void>>();
  private readonly listener: RoutedListener;

  constructor(
    private readonly contracts: C,
    private readonly log: FastifyBaseLogger,
  ) {
    const routes = this as unknown as EventRoutes<Contracts, InboundSocket>;
    this.listener = function (this: unknown, event: unknown, ...args: unknown[]) {
      routes.dispatch(this as InboundSocket, event, args);
    };
  }

  /** Handles `event` on every socket of the namespace. */
  on<E extends keyof C & string>(event: E, handler: Handler<C, E, S>): this {
    this.handlers.set(event, handler as AnyHandler);
    return this;
  }

  /**
   * Handles `event`, sent without an ack (a notice: e.g. `commands:took`, relay/protocol/receipts.ts), on every socket
   * of the namespace: validated by `schema`; one that fails it is logged and dropped (answered BAD_REQUEST if it came
   * with an ack after all, and a valid one `{ ok: true }`). Handled at once, not behind the socket's event in flight: a
   * notice waits on nothing.
   */
  notice<T>(event: string, schema: z.ZodType<T>, handler: (data: T, socket: S) => void): this {
    this.notices.set(event, { schema, handler: handler as (data: unknown, socket: S) => void });
    return this;
  }

  /**
   * `event` (handled by `on`) may also come without an ack (a window's `session:input` with input notices,
   * relay/protocol/inputNotices.ts): `reply` makes what takes its answer instead, from the socket and the raw payload
   * (undefined: dropped, as any event without an ack). The handler runs in the socket's order as usual, told `acked`
   * false; a refusal (a payload failing its schema included) goes to that reply.
   */
  unacked(event: keyof C & string, reply: UnackedReply<S>): this {
    this.unackedReplies.set(event, reply);
    return this;
  }

  /**
   * `hook` is told of every `event` refused before its handler runs (its payload failing its schema): a CLI's window
   * keeps the order of its events across such a refusal (eventWindows.ts).
   */
  whenRefused(event: keyof C & string, hook: (socket: S) => void): this {
    this.refusedHooks.set(event, hook);
    return this;
  }

  /** Routes this socket's inbound events (call once, at connection). */
  attach(socket: S): void {
    socket.use(reroute);
    socket.on(ROUTED, this.listener);
  }

  /** An inbound event of `socket`, after its middlewares. */
  private dispatch(socket: InboundSocket, event: unknown, args: unknown[]): void {
    const last = args.at(-1);
    const ack = typeof last === 'function' ? (last as Reply) : undefined;
    const handler = typeof event === 'string' ? this.handlers.get(event) : undefined;
    const notice = !handler && typeof event === 'string' ? this.notices.get(event) : undefined;
    if (notice) return this.take(socket, notice, event as string, args, ack);
    if (!handler) {
      ack?.(ackError('BAD_REQUEST', `Unknown event ${String(event).slice(0, 100)}`));
      return;
    }
    const name = event as string;
    const payload = ack ? (args.length > 1 ? args[0] : undefined) : args[0];
    const reply = ack ?? this.unackedReplies.get(name)?.(socket as unknown as S, payload);
    if (!reply) {
      this.log.debug({ event: name }, 'remote: event without ack dropped');
      return;
    }
    const valid = validateInbound(this.contracts[name]!.payload, payload);
    if (!valid.ok) {
      this.refusedHooks.get(name)?.(socket as unknown as S);
      return reply(ackError('BAD_REQUEST', valid.message, { details: valid.details.slice(0, 20) }));
    }
    const acked = reply === ack;
    const work = () => handler(valid.data, socket, acked);
    const start = () => run(this.log, name, work, reply, () => this.next(socket));
    const waiting = this.queues.get(socket);
    if (waiting) return void waiting.push(start);
    // Nothing of this socket's in flight (the usual case): the handler starts now, without a turn of the queue.
    this.queues.set(socket, []);
    start();
  }

  /** A notice of `socket`: validated, then handled; answered only when it came with an ack anyway. */
  private take(socket: InboundSocket, { schema, handler }: Notice<S>, event: string, args: unknown[], ack: Reply | undefined): void {
    const valid = validateInbound(schema, typeof args[0] === 'function' ? undefined : args[0]);
    if (!valid.ok) {
      if (ack) return ack(ackError('BAD_REQUEST', valid.message, { details: valid.details.slice(0, 20) }));
      return this.log.debug({ event, details: valid.details.slice(0, 5) }, 'remote: malformed notice dropped');
    }
    try {
      handler(valid.data, socket as unknown as S);
      ack?.({ ok: true });
    } catch (error) {
      // Logged there (a fault), answered only if an ack came.
      const answer = failed(this.log, event, error);
      ack?.(answer);
    }
  }

  /** The socket's event in flight settled: the next one waiting starts, or the socket has none in flight. */
  private next(socket: InboundSocket): void {
    const following = this.queues.get(socket)?.shift();
    if (following) following();
    else this.queues.delete(socket);
  }
}

/** The routes of one namespace (see EventRoutes): register handlers with `on`, and `attach` each socket. */
export function createEventRoutes<C extends Contracts, S extends InboundSocket>(contracts: C, log: FastifyBaseLogger): EventRoutes<C, S> {
  return new EventRoutes<C, S>(contracts, log);
}
