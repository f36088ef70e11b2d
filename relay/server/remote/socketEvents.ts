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
 * A handler gets the validated payload and the socket it came from, so one function can serve every socket of a
 * namespace (no closure per socket and event).
 */
export type Handler<C extends Contracts, E extends keyof C, S = unknown> = (
  data: ParsedOf<C, E>,
  socket: S,
) => Promise<HandlerReturn<C, E>>;

/**
 * The part of a Socket.IO server socket the router needs; inbound payloads are unknown until validated here.
 * Socket.IO calls listeners with `this` = the socket, which is how the shared listeners below find its router.
 */
interface InboundSocket {
  on(event: string, listener: (this: unknown, ...args: unknown[]) => void): unknown;
  onAny(listener: (this: unknown, event: unknown, ...args: unknown[]) => void): unknown;
}
type Reply = (payload: unknown) => void;
type AnyHandler = (data: unknown, socket: unknown) => Promise<unknown>;

/**
 * One per contract table, shared by every socket of the namespace: each event's position, and one listener function
 * per event. A socket's own cost is then one listener slot per event and an array of its handlers (memory per
 * connection, issue #15; the listeners of each socket used to be a closure and a context per event).
 */
interface Table {
  contracts: Contracts;
  index: Map<string, number>;
  listeners: Array<(this: unknown, ...args: unknown[]) => void>;
}
const tables = new WeakMap<Contracts, Table>();
const routers = new WeakMap<object, EventRouter<Contracts, InboundSocket>>();

function tableOf(contracts: Contracts): Table {
  let table = tables.get(contracts);
  if (table) return table;
  const names = Object.keys(contracts);
  table = {
    contracts,
    index: new Map(names.map((name, i) => [name, i])),
    listeners: names.map(
      (name, i) =>
        function (this: unknown, ...args: unknown[]) {
          routers.get(this as object)?.dispatch(i, name, args);
        },
    ),
  };
  tables.set(contracts, table);
  return table;
}

/** Shared by every socket: an event no handler is registered for is answered BAD_REQUEST (when it carries an ack). */
function answerUnknown(this: unknown, event: unknown, ...args: unknown[]): void {
  if (typeof event === 'string' && routers.get(this as object)?.handles(event)) return;
  const ack = args.at(-1);
  if (typeof ack === 'function') (ack as Reply)(ackError('BAD_REQUEST', `Unknown event ${String(event).slice(0, 100)}`));
}

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
 * Validated event handlers of one socket, typed by its namespace's contract table (relay/protocol/remoteEvents.ts):
 * the payload a handler gets is the schema's output, and what it returns must be that event's ack, so a wrong answer
 * fails `tsc`. Every inbound event must carry an ack: one without is dropped (logged), a payload failing its schema
 * (or holding anything storage refuses) is answered BAD_REQUEST, an unknown event name too, a use case's
 * RemoteFailure its own ack, a storage data error BAD_REQUEST, any other fault INTERNAL.
 * Handlers of one socket run one after another in arrival order (so a CLI's events get seqs in the order it sent
 * them); anything slow (waiting for another party) belongs in an AfterAck continuation, which does not hold the queue.
 */
export class EventRouter<C extends Contracts, S extends InboundSocket> {
  private readonly handlers: Array<AnyHandler | undefined> = [];
  private queue: Promise<void> | undefined;

  constructor(
    private readonly socket: S,
    private readonly table: Table,
    private readonly log: FastifyBaseLogger,
  ) {}

  on<E extends keyof C & string>(event: E, handler: Handler<C, E, S>): void {
    const i = this.table.index.get(event)!;
    if (this.handlers[i] === undefined) this.socket.on(event, this.table.listeners[i]!);
    this.handlers[i] = handler as AnyHandler;
  }

  /** Whether `event` has a handler on this socket. */
  handles(event: string): boolean {
    const i = this.table.index.get(event);
    return i !== undefined && this.handlers[i] !== undefined;
  }

  /** An inbound event (from the shared listener of event number `i`). */
  dispatch(i: number, event: string, args: unknown[]): void {
    const last = args.at(-1);
    if (typeof last !== 'function') {
      this.log.debug({ event }, 'remote: event without ack dropped');
      return;
    }
    const ack = last as Reply;
    const valid = validateInbound(this.table.contracts[event]!.payload, args.length > 1 ? args[0] : undefined);
    if (!valid.ok) return ack(ackError('BAD_REQUEST', valid.message, { details: valid.details.slice(0, 20) }));
    const handler = this.handlers[i]!;
    const work = () => handler(valid.data, this.socket);
    this.queue = (this.queue ?? Promise.resolve()).then(() => run(this.log, event, work, ack));
  }
}

/** The router of one socket (see EventRouter); its listeners are shared by every socket of the contract table. */
export function createEventRouter<C extends Contracts, S extends InboundSocket>(
  socket: S,
  contracts: C,
  log: FastifyBaseLogger,
): EventRouter<C, S> {
  const router = new EventRouter<C, S>(socket, tableOf(contracts), log);
  routers.set(socket, router as unknown as EventRouter<Contracts, InboundSocket>);
  socket.onAny(answerUnknown);
  return router;
}
