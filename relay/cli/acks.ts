/**
 * The `/cli` socket, the relay's acks and its handshake refusals. The socket is typed by the protocol's event maps
 * (relay/protocol/remoteEvents.ts), so a wrong payload or ack fails `tsc`; at run time every ack is still validated
 * with its contract's `ack` schema, because a relay of another version may answer differently.
 */
import type { Socket } from 'socket.io-client';

import { type AckError, type HandshakeErrorCode, handshakeErrorDataSchema } from '../protocol/remote';
import {
  type AckOf,
  type CliClientToServerEvents,
  cliEventContracts,
  type CliEventName,
  type CliServerToClientEvents,
} from '../protocol/remoteEvents';
import { BAD_RESPONSE, type Refusal } from './delivery';

export type CliSocket = Socket<CliServerToClientEvents, CliClientToServerEvents>;
type CliEvents = typeof cliEventContracts;

/**
 * An answer outside the event's contract, read as a refusal as far as it goes: an error ack with a code this CLI does
 * not know (a newer relay) or in the flat `{ ok: false, code, message }` form (an older one) keeps its code, anything
 * else is BAD_RESPONSE (retried like any code not known to be final, delivery.ts). `raw` is the answer as received.
 */
export interface UnexpectedAck {
  ok: false;
  unexpected: true;
  error: Refusal;
  raw: unknown;
}

/** The ack of `E` as its contract has it (a success, or the protocol's AckError), or an unexpected answer. */
export type AckAnswer<E extends CliEventName> = AckOf<CliEvents, E> | UnexpectedAck;

/** Validates `raw`, the answer to `event`, with the contract's ack schema. */
export function readAck<E extends CliEventName>(event: E, raw: unknown): AckAnswer<E> {
  const parsed = cliEventContracts[event].ack.safeParse(raw);
  // The schema is E's own ack schema; TypeScript only sees the union of all of them for a generic E.
  if (parsed.success) return parsed.data as AckOf<CliEvents, E>;
  return { ok: false, unexpected: true, error: unexpectedRefusal(raw), raw };
}

/**
 * Sends `event` through `emit` (a typed `socket.timeout(ms).emitWithAck(event, payload)`) and reads its ack; null
 * when none came in time (or the connection dropped meanwhile).
 */
export async function request<E extends CliEventName>(event: E, emit: (event: E) => Promise<unknown>): Promise<AckAnswer<E> | null> {
  let raw: unknown;
  try {
    raw = await emit(event);
  } catch {
    return null;
  }
  return readAck(event, raw);
}

/** The refusal of an ack that is not a success: the relay's error (code, message, retryAfterSeconds) as a Refusal. */
export function refusalOf(ack: AckError | UnexpectedAck): Refusal {
  const { code, message, retryAfterSeconds } = ack.error;
  return { code, message, ...(retryAfterSeconds !== undefined && { retryAfterSeconds }) };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const stringOf = (value: unknown) => (typeof value === 'string' ? value : undefined);

function unexpectedRefusal(raw: unknown): Refusal {
  if (!isRecord(raw) || !('ok' in raw)) return { code: BAD_RESPONSE, message: 'malformed ack' };
  if (raw.ok === true) return { code: BAD_RESPONSE, message: 'ack outside the protocol' };
  const error = isRecord(raw.error) ? raw.error : {};
  const retryAfterSeconds = error.retryAfterSeconds ?? raw.retryAfterSeconds;
  return {
    code: stringOf(error.code) ?? stringOf(raw.code) ?? 'UNKNOWN',
    message: stringOf(error.message) ?? stringOf(raw.message) ?? '',
    ...(typeof retryAfterSeconds === 'number' && { retryAfterSeconds }),
  };
}

/** The code of a refused handshake: `err.data.code`, or (older relays) the `CODE:` prefix of the message. */
export function handshakeCode(error: Error & { data?: unknown }): HandshakeErrorCode | null {
  const parsed = handshakeErrorDataSchema.safeParse(error.data);
  if (parsed.success) return parsed.data.code;
  const prefix = /^([A-Z_]+):/.exec(error.message)?.[1];
  const fromMessage = handshakeErrorDataSchema.safeParse({ code: prefix });
  return fromMessage.success ? fromMessage.data.code : null;
}
