import type { z } from 'zod';

import { type AckError, remoteErrorCodeSchema, remoteErrorSchema } from '#protocol/remote';
import { type AckOf, type PayloadOf, webEventContracts, type WebEventName } from '#protocol/remoteEvents';

type WebContracts = typeof webEventContracts;
/** What the page emits for a `/web` event. */
export type WebPayload<E extends WebEventName> = PayloadOf<WebContracts, E>;
/** What the relay answers to a `/web` event: `{ ok: true, … }` or the protocol's AckError. */
export type WebAck<E extends WebEventName> = AckOf<WebContracts, E>;

/** The contract table seen per event (the same object; this view lets a generic event name pick its own ack schema). */
const contracts: { readonly [E in WebEventName]: { readonly ack: z.ZodType<WebAck<E>> } } = webEventContracts;

function parse<T>(schema: z.ZodType<T>, raw: unknown): T | null {
  const parsed = schema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * An `{ ok: false }` answer whose error this page cannot fully read (a code added by a newer relay, a missing message)
 * is still a refusal: it reads as the protocol's AckError with code INTERNAL and whatever message and holder came.
 */
export function readableRefusal(raw: unknown): AckError | null {
  if (!isRecord(raw) || raw.ok !== false) return null;
  const error = isRecord(raw.error) ? raw.error : {};
  const code = remoteErrorCodeSchema.safeParse(error.code);
  const holder = remoteErrorSchema.shape.holder.safeParse(error.holder);
  return {
    ok: false,
    error: {
      code: code.success ? code.data : 'INTERNAL',
      message: typeof error.message === 'string' ? error.message : '',
      ...(holder.success && holder.data && { holder: holder.data }),
    },
  };
}

/**
 * Checks a relay's answer against the event's ack schema from the contract table (relay/protocol/remoteEvents.ts):
 * a relay can be older or newer than this page. Null means the answer is unreadable (neither a valid ack nor a refusal).
 */
export function readAck<E extends WebEventName>(event: E, raw: unknown): WebAck<E> | null {
  const schema = contracts[event].ack;
  return parse(schema, raw) ?? parse(schema, readableRefusal(raw));
}
