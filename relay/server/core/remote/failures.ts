import type { AckError, RemoteError, RemoteErrorCode } from '../../../protocol';

/** The protocol's error ack (`{ ok: false, error }`), the one error shape of every socket answer. */
export const ackError = (code: RemoteErrorCode, message: string, extra: Partial<RemoteError> = {}): AckError => ({
  ok: false,
  error: { code, message, ...extra },
});
export const notFound = (what = 'Not found') => ackError('NOT_FOUND', what);

/** A use case refusing: the socket router answers its ack; nothing is logged as a fault. */
export class RemoteFailure extends Error {
  constructor(readonly ack: AckError) {
    super(ack.error.message);
  }
}

export const fail = (code: RemoteErrorCode, message: string, extra: Partial<RemoteError> = {}) =>
  new RemoteFailure(ackError(code, message, extra));
