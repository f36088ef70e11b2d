import type { FastifyBaseLogger } from 'fastify';

import type { AckError, AckOf, EventContract, ParsedOf } from '../../protocol';
import { ackError, RemoteFailure } from '../core/remote/failures';
import { validateInbound } from '../core/validation';
import { storageDataErrorCode } from '../storage/dataErrors';

export { ackError, notFound, RemoteFailure } from '../core/remote/failures';

/** What a handler answers, with work to run right after the ack went out (fan-out, command delivery). */
export class AfterAck<A> {
  constructor(
    readonly ack: A,
    readonly after: () => Promise<void> | void,
  ) {}
}

/**
 * What a handler answers when its ack waits on work that must not hold the socket's queue (a group commit): the next
 * event of the socket is taken at once, and the ack goes out when `ack` settles (a rejection answers like a throw).
 * Work started before returning keeps the socket's order (e.g. appends queued for the group commit in arrival order).
 */
export class AckLater<A> {
  constructor(readonly ack: Promise<A | AfterAck<A>>) {}
}

type Contracts = Record<string, EventContract>;
/** What a handler of event `E` may return: its ack (or an error ack), optionally with follow-up work. */
export type HandlerReturn<C extends Contracts, E extends keyof C> =
  AckOf<C, E> | AckError | AfterAck<AckOf<C, E> | AckError> | AckLater<AckOf<C, E> | AckError>;
/**
 * A handler gets the validated payload and the socket it came from, so one function serves every socket of a
 * namespace (no closure per socket and event).
 */
export type Handler<C extends Contracts, E extends keyof C, S = unknown> = (
  data: ParsedOf<C, E>,
  socket: S,
) => Promise<HandlerReturn<C, E>>;

/**
 * The part of a Socket.IO server socket the router needs; inbound payloads are unknown until validated here.
 * Socket.IO calls listeners with `this` = the socket: a socket's any-listeners first, for every inbound event, then
 * (after the socket's middlewares, e.g. lifecycle.ts's drain gate, which may replace the ack) the event's listeners.
 */
interface InboundSocket {
  on(event: string, listener: Listener): unknown;
  onAny(listener: AnyListener): unknown;
  listenersAny(): AnyListener[];
}
type Listener = (this: unknown, ...args: unknown[]) => void;
type AnyListener = (this: unknown, event: unknown, ...args: unknown[]) => void;
type Reply = (payload: unknown) => void;
type AnyHandler = (data: unknown, socket: unknown) => Promise<unknown>;

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
  if (!(result instanceof AfterAck)) return ack(result);
  ack(result.ack);
  const after = result.after;
  void Promise.resolve()
    .then(after)
    .catch((error: unknown) => log.error({ err: error, event }, 'remote: follow-up failed'));
}

async function run(log: FastifyBaseLogger, event: string, work: () => Promise<unknown>, ack: Reply): Promise<void> {
  let result: unknown;
  try {
    result = await work();
  } catch (error) {
    return ack(failed(log, event, error));
  }
  if (result instanceof AckLater) {
    // Not awaited: the socket's next event goes on while this one's ack waits.
    void (result.ack as Promise<unknown>).then(
      (settled) => answer(log, event, settled, ack),
      (error: unknown) => ack(failed(log, event, error)),
    );
    return;
  }
  answer(log, event, result, ack);
}

/**
 * Validated event handlers of one namespace, typed by its contract table (relay/protocol/remoteEvents.ts): the payload
 * a handler gets is the schema's output, and what it returns must be that event's ack, so a wrong answer fails `tsc`.
 * Every inbound event must carry an ack: one without is dropped (logged), a payload failing its schema (or holding
 * anything storage refuses) is answered BAD_REQUEST, an event with no handler too, a use case's RemoteFailure its own
 * ack, a storage data error BAD_REQUEST, any other fault INTERNAL.
 * Handlers of one socket run one after another in arrival order (so a CLI's events get seqs in the order it sent
 * them); anything slow (waiting for another party) belongs in an AfterAck continuation, which does not hold the queue.
 *
 * Made once per namespace (memory per connection, issue #15): handlers are registered once for every socket (each
 * gets the socket), with one listener function per event shared by every socket, and one shared any-listener that
 * answers unknown events. A socket costs a listener slot per event in its `_events` table, one any-listener slot, and,
 * only while it has events in flight, the tail of its queue. Events are taken from the event listeners, not from the
 * any-listener, because Socket.IO calls the latter before the socket's middlewares (lifecycle.ts refuses events while
 * draining and counts acks there).
 */
export class EventRoutes<C extends Contracts, S extends InboundSocket> {
  private readonly handlers = new Map<string, AnyHandler>();
  /** One listener per handled event, shared by every socket (it finds the socket through `this`). */
  private readonly listeners = new Map<string, Listener>();
  /** Sockets with events in flight: the tail of each one's queue (removed once it drained). */
  private readonly queues = new WeakMap<object, Promise<void>>();
  private readonly unknown: AnyListener;
  private attached = false;

  constructor(
    private readonly contracts: C,
    private readonly log: FastifyBaseLogger,
  ) {
    const handlers = this.handlers;
    /** An event no handler is registered for is answered BAD_REQUEST (when it carries an ack). */
    this.unknown = function (this: unknown, event: unknown, ...args: unknown[]) {
      if (typeof event === 'string' && handlers.has(event)) return;
      const ack = args.at(-1);
      if (typeof ack === 'function') (ack as Reply)(ackError('BAD_REQUEST', `Unknown event ${String(event).slice(0, 100)}`));
    };
  }

  /** Handles `event` on every socket of the namespace; all handlers are registered before the first `attach`. */
  on<E extends keyof C & string>(event: E, handler: Handler<C, E, S>): this {
    if (this.attached) throw new Error(`EventRoutes: ${event} registered after a socket was attached`);
    this.handlers.set(event, handler as AnyHandler);
    if (!this.listeners.has(event)) {
      const routes = this as unknown as EventRoutes<Contracts, InboundSocket>;
      this.listeners.set(event, function (this: unknown, ...args: unknown[]) {
        routes.dispatch(this as InboundSocket, event, args);
      });
    }
    return this;
  }

  /**
   * Routes this socket's inbound events (call once, at connection). Socket.IO keeps a socket's any-listeners in an
   * array that `onAny` makes empty and pushes to, which V8 grows to 17 slots (~150 bytes per socket); a socket with no
   * any-listener yet gets a one-slot array in the same place instead. Checked through the public `listenersAny()`
   * (which returns that array): should Socket.IO keep them elsewhere, `onAny` is used.
   */
  attach(socket: S): void {
    this.attached = true;
    for (const [event, listener] of this.listeners) socket.on(event, listener);
    const own = socket as unknown as { _anyListeners?: AnyListener[] };
    if (own._anyListeners === undefined) {
      const listeners = [this.unknown];
      own._anyListeners = listeners;
      if (socket.listenersAny() === listeners) return;
      own._anyListeners = undefined;
    }
    socket.onAny(this.unknown);
  }

  /** An inbound event of `socket` that has a handler (from the event's shared listener). */
  private dispatch(socket: InboundSocket, event: string, args: unknown[]): void {
    const last = args.at(-1);
    if (typeof last !== 'function') {
      this.log.debug({ event }, 'remote: event without ack dropped');
      return;
    }
    const ack = last as Reply;
    const valid = validateInbound(this.contracts[event]!.payload, args.length > 1 ? args[0] : undefined);
    if (!valid.ok) return ack(ackError('BAD_REQUEST', valid.message, { details: valid.details.slice(0, 20) }));
    const handler = this.handlers.get(event)!;
    const work = () => handler(valid.data, socket);
    const queues = this.queues;
    const tail: Promise<void> = (queues.get(socket) ?? Promise.resolve())
      .then(() => run(this.log, event, work, ack))
      .finally(() => {
        if (queues.get(socket) === tail) queues.delete(socket);
      });
    queues.set(socket, tail);
  }
}

/** The routes of one namespace (see EventRoutes): register handlers with `on`, and `attach` each socket. */
export function createEventRoutes<C extends Contracts, S extends InboundSocket>(contracts: C, log: FastifyBaseLogger): EventRoutes<C, S> {
  return new EventRoutes<C, S>(contracts, log);
}
