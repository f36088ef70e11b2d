import type { FastifyBaseLogger } from 'fastify';
import type { Socket } from 'socket.io';
import type { z } from 'zod';

import type { AckError, RemoteError, RemoteErrorCode } from '../../protocol';
import { issuesToDetails, unstorableDetails } from '../http/apiErrors';
import { storageDataErrorCode } from '../storage/dataErrors';

/** What a handler answers: the ack payload, optionally with work to run right after the ack went out. */
export type HandlerResult = ({ ok: true } & Record<string, unknown>) | AckError;
export class AfterAck {
  constructor(
    readonly ack: HandlerResult,
    readonly after: () => Promise<void> | void,
  ) {}
}

export const ackError = (code: RemoteErrorCode, message: string, extra: Partial<RemoteError> = {}): AckError => ({
  ok: false,
  error: { code, message, ...extra },
});
export const notFound = (what = 'Not found') => ackError('NOT_FOUND', what);

export class RemoteFailure extends Error {
  constructor(readonly ack: AckError) {
    super(ack.error.message);
  }
}

type Ack = (payload: unknown) => void;

/**
 * Registers validated event handlers on one socket. Every inbound event must carry an ack: one without is dropped
 * (logged), a payload failing its schema is answered BAD_REQUEST, an unknown event name too, a handler failure
 * INTERNAL. Handlers of one socket run one after another in arrival order (so a CLI's events get seqs in the order
 * it sent them); anything slow (waiting for another party) belongs in an AfterAck continuation, which does not hold
 * the queue.
 */
export function createEventRouter(socket: Socket, log: FastifyBaseLogger) {
  const known = new Set<string>();
  let queue: Promise<void> = Promise.resolve();

  socket.onAny((event: unknown, ...args: unknown[]) => {
    if (typeof event === 'string' && known.has(event)) return;
    const ack = args.at(-1);
    if (typeof ack === 'function') (ack as Ack)(ackError('BAD_REQUEST', `Unknown event ${String(event).slice(0, 100)}`));
  });

  return {
    on<S extends z.ZodType>(event: string, schema: S, handler: (data: z.output<S>) => Promise<HandlerResult | AfterAck>): void {
      known.add(event);
      socket.on(event, (...args: unknown[]) => {
        const last = args.at(-1);
        if (typeof last !== 'function') {
          log.debug({ event }, 'remote: event without ack dropped');
          return;
        }
        const ack = last as Ack;
        const parsed = schema.safeParse(args.length > 1 ? args[0] : undefined);
        if (!parsed.success) {
          const details = issuesToDetails(parsed.error.issues).slice(0, 20);
          const first = details[0];
          ack(ackError('BAD_REQUEST', first ? `${first.path ? `${first.path}: ` : ''}${first.message}` : 'Invalid payload', { details }));
          return;
        }
        const unstorable = unstorableDetails(parsed.data);
        if (unstorable.length > 0) {
          ack(ackError('BAD_REQUEST', `${unstorable[0]!.path}: ${unstorable[0]!.message}`, { details: unstorable }));
          return;
        }
        queue = queue.then(async () => {
          let result: HandlerResult | AfterAck;
          try {
            result = await handler(parsed.data);
          } catch (error) {
            if (error instanceof RemoteFailure) {
              ack(error.ack);
              return;
            }
            if (storageDataErrorCode(error)) {
              log.warn({ err: error, event }, 'remote: payload refused by storage as invalid data');
              ack(ackError('BAD_REQUEST', 'The payload holds a value that cannot be stored'));
              return;
            }
            log.error({ err: error, event }, 'remote: handler failed');
            ack(ackError('INTERNAL', 'Server error, please try again'));
            return;
          }
          if (result instanceof AfterAck) {
            ack(result.ack);
            void Promise.resolve()
              .then(result.after)
              .catch((error: unknown) => log.error({ err: error, event }, 'remote: follow-up failed'));
          } else {
            ack(result);
          }
        });
      });
    },
  };
}
