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
export type Handler<C extends Contracts, E extends keyof C> = (data: ParsedOf<C, E>) => Promise<HandlerReturn<C, E>>;

/** The part of a Socket.IO server socket the router needs; inbound payloads are unknown until validated here. */
interface InboundSocket {
  on(event: string, listener: (...args: unknown[]) => void): unknown;
  onAny(listener: (event: unknown, ...args: unknown[]) => void): unknown;
}
type Reply = (payload: unknown) => void;

/**
 * Registers validated event handlers on one socket, typed by its namespace's contract table
 * (relay/protocol/remoteEvents.ts): the payload a handler gets is the schema's output, and what it returns must be
 * that event's ack, so a wrong answer fails `tsc`. Every inbound event must carry an ack: one without is dropped
 * (logged), a payload failing its schema (or holding anything storage refuses) is answered BAD_REQUEST, an unknown
 * event name too, a use case's RemoteFailure its own ack, a storage data error BAD_REQUEST, any other fault INTERNAL.
 * Handlers of one socket run one after another in arrival order (so a CLI's events get seqs in the order it sent
 * them); anything slow (waiting for another party) belongs in an AfterAck continuation, which does not hold the queue.
 */
export function createEventRouter<C extends Contracts>(socket: InboundSocket, contracts: C, log: FastifyBaseLogger) {
  const known = new Set<string>();
  let queue: Promise<void> = Promise.resolve();

  socket.onAny((event, ...args) => {
    if (typeof event === 'string' && known.has(event)) return;
    const ack = args.at(-1);
    if (typeof ack === 'function') (ack as Reply)(ackError('BAD_REQUEST', `Unknown event ${String(event).slice(0, 100)}`));
  });

  function failed(event: string, error: unknown): AckError {
    if (error instanceof RemoteFailure) return error.ack;
    if (storageDataErrorCode(error)) {
      log.warn({ err: error, event }, 'remote: payload refused by storage as invalid data');
      return ackError('BAD_REQUEST', 'The payload holds a value that cannot be stored');
    }
    log.error({ err: error, event }, 'remote: handler failed');
    return ackError('INTERNAL', 'Server error, please try again');
  }

  async function run(event: string, handler: () => Promise<unknown>, ack: Reply): Promise<void> {
    let result: unknown;
    try {
      result = await handler();
    } catch (error) {
      return ack(failed(event, error));
    }
    if (result instanceof AckLater) {
      // Not awaited: the socket's next event goes on while this one's ack waits.
      void (result.ack as Promise<unknown>).then(
        (settled) => answer(event, settled, ack),
        (error: unknown) => ack(failed(event, error)),
      );
      return;
    }
    answer(event, result, ack);
  }

  function answer(event: string, result: unknown, ack: Reply): void {
    if (!(result instanceof AfterAck)) return ack(result);
    ack(result.ack);
    const after = result.after;
    void Promise.resolve()
      .then(after)
      .catch((error: unknown) => log.error({ err: error, event }, 'remote: follow-up failed'));
  }

  return {
    on<E extends keyof C & string>(event: E, handler: Handler<C, E>): void {
      known.add(event);
      const schema = contracts[event]!.payload;
      socket.on(event, (...args: unknown[]) => {
        const last = args.at(-1);
        if (typeof last !== 'function') {
          log.debug({ event }, 'remote: event without ack dropped');
          return;
        }
        const ack = last as Reply;
        const valid = validateInbound(schema, args.length > 1 ? args[0] : undefined);
        if (!valid.ok) return ack(ackError('BAD_REQUEST', valid.message, { details: valid.details.slice(0, 20) }));
        queue = queue.then(() => run(event, () => handler(valid.data as ParsedOf<C, E>), ack));
      });
    },
  };
}
