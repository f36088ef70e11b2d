import * as crypto from 'node:crypto';

import type { Instance, LiveSessionEvent, PendingInput, Session, SessionEvent, SessionEventBody } from '../../../protocol';
import { isoTime } from '../../../protocol/isoTime';
import type { CliCommandRow, InstanceRow, RemoteSessionRow, SessionEventRow } from '../../storage/schema';

/**
 * An instance whose node stopped renewing `last_seen_at` (node crash) counts as offline after this long, even if its
 * row still says online.
 */
export const STALE_INSTANCE_MS = 60_000;

/** Until its `cli:hello` an instance has no environment (empty columns); the protocol's instance needs non-empty text. */
const UNKNOWN = 'unknown';
const known = (value: string) => value || UNKNOWN;

/** Online: its CLI is connected (by the row) and was seen within STALE_INSTANCE_MS. */
export const instanceOnline = (row: Pick<InstanceRow, 'online' | 'lastSeenAt'>, now: Date): boolean =>
  row.online && now.getTime() - row.lastSeenAt.getTime() < STALE_INSTANCE_MS;

export function toInstance(row: InstanceRow, sessionCount: number, now: Date): Instance {
  return {
    id: row.id,
    platform: known(row.platform),
    hostname: known(row.hostname),
    cwd: known(row.cwd),
    nodeVersion: known(row.nodeVersion),
    cliVersion: known(row.cliVersion),
    startedAt: row.startedAt.toISOString(),
    online: instanceOnline(row, now),
    lastSeenAt: row.lastSeenAt.toISOString(),
    sessionCount,
    ...(row.models && { models: row.models }),
    ...(row.commands && { commands: row.commands }),
  };
}

export function toSession(row: RemoteSessionRow): Session {
  return {
    id: row.id,
    instanceId: row.instanceId,
    title: row.title,
    active: row.active,
    firstMessage: row.firstMessage,
    lastMessage: row.lastMessage,
    createdAt: row.createdAt.toISOString(),
    lastActiveAt: row.lastActiveAt.toISOString(),
    lastSeq: row.lastSeq,
    autoApprove: row.autoApprove,
    model: row.model,
  };
}

export function toSessionEvent(row: SessionEventRow): SessionEvent {
  return {
    sessionId: row.sessionId,
    seq: row.seq,
    eventId: row.eventId,
    at: isoTime(row.at),
    body: row.body as unknown as SessionEventBody,
  };
}

/** An event before its commit, as its live copy goes out (`session:live`): no seq yet. */
export const toLiveEvent = (sessionId: string, event: { eventId: string; at: Date; body: { type: string } }): LiveSessionEvent =>
  ({ sessionId, eventId: event.eventId, at: isoTime(event.at), body: event.body }) as LiveSessionEvent;

/** SHA-256 in hex: Node's one-shot `crypto.hash` where there is one (20.12+; a third of createHash's cost per input). */
const sha256Hex: (text: string) => string =
  typeof crypto.hash === 'function'
    ? (text) => crypto.hash('sha256', text, 'hex')
    : (text) => crypto.createHash('sha256').update(text, 'utf8').digest('hex');

/** The variant nibble for a hex digit's low two bits: 10xx (RFC 9562). */
const VARIANT = '89ab';

/** A stable uuid (v8 layout) for a name, so the relay's own event ids are idempotent (e.g. per clientMsgId). */
export function nameUuid(...parts: string[]): string {
  // Every input names three parts: joined without the array join's generic path.
  const hex = sha256Hex(parts.length === 3 ? `${parts[0]}\u0000${parts[1]}\u0000${parts[2]}` : parts.join('\u0000'));
  // The 17th digit's low two bits, read from its character code (0-9: 48-57, a-f: 97-102) rather than parseInt's.
  const digit = hex.charCodeAt(16);
  const variant = VARIANT[(digit <= 57 ? digit - 48 : digit - 87) & 0x3];
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** A stored command as the `cli:hello` ack hands it over. */
export const toPending = (row: CliCommandRow): PendingInput =>
  ({ type: row.type, commandId: row.id, payload: row.payload }) as PendingInput;
