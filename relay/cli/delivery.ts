/**
 * What the outbox does when the relay does not take an event (issue #11, hostile input): which refusals are final,
 * how long to wait before trying again, the dead-letter file for events set aside, and the error event that tells
 * the session about it.
 */
import { appendFileSync, renameSync, statSync } from 'node:fs';
import path from 'node:path';

import type { CliErrorCode, RemoteError } from '../protocol/remote';
import type { EventBody } from './events';

/** No ack within the ack timeout (the connection may have dropped meanwhile). */
export const ACK_TIMEOUT = 'ACK_TIMEOUT';
/** The relay's answer was not an ack of the event's contract (relay/cli/acks.ts). */
export const BAD_RESPONSE = 'BAD_RESPONSE';
/** Checked before sending: the event is larger than the relay accepts (it would close the connection, every time). */
export const TOO_LARGE = 'TOO_LARGE';
/** The codes the CLI sets itself: no answer, an answer outside the contract, an event too large to send. */
export type LocalRefusalCode = typeof ACK_TIMEOUT | typeof BAD_RESPONSE | typeof TOO_LARGE;

/** Why one delivery failed: the relay's error (the protocol's RemoteError), or a local code. */
export interface Refusal extends Pick<RemoteError, 'message' | 'retryAfterSeconds'> {
  /**
   * A RemoteErrorCode, a LocalRefusalCode, or a code this CLI does not know (a relay of another version: kept as
   * sent, and retried like any code not known to be final).
   */
  code: string;
}

/**
 * The relay closes a socket whose message exceeds its `maxHttpBufferSize` (2 MiB, relay/server/remote/remoteHub.ts);
 * an event that big would drop the connection on every resend. The margin leaves room for the packet framing.
 */
export const MAX_EVENT_BYTES = 2 * 1024 * 1024 - 64 * 1024;

/**
 * Refusals that are final for that event: sending the same bytes again gets the same answer.
 * - BAD_REQUEST: the payload fails the relay's schema (e.g. an id with NUL or control characters).
 * - NOT_FOUND: the session is gone or belongs to another instance.
 * - UNAUTHORIZED: the relay will not take this event for that session. (A revoked token is not answered per event:
 *   it comes as `auth:revoked` or a refused handshake, which the connector handles by stopping.)
 * - TOO_LARGE: local, see MAX_EVENT_BYTES.
 */
const FINAL_CODES: ReadonlySet<string> = new Set(['BAD_REQUEST', 'NOT_FOUND', 'UNAUTHORIZED', TOO_LARGE]);

/**
 * `final`: set the event aside and go on with the next one. `retry`: keep it at the head and try again after a
 * backoff. Everything not known to be final is retried — INTERNAL (the relay or its database failed), RATE_LIMITED,
 * QUOTA_EXCEEDED, WORKSPACE_BUSY / INSTANCE_OFFLINE / NOT_ATTACHED (states that pass), ACK_TIMEOUT, BAD_RESPONSE, and
 * codes of a newer relay — because a dropped event is lost to the session while a retried one only waits.
 */
export function classifyRefusal(code: string): 'final' | 'retry' {
  return FINAL_CODES.has(code) ? 'final' : 'retry';
}

export const RETRY_BASE_MS = 1000;
export const RETRY_CAP_MS = 30_000;

/**
 * The wait before retry number `failures` (1 = after the first failure): exponential from RETRY_BASE_MS, capped at
 * RETRY_CAP_MS, with "equal jitter" — between half and all of that ceiling, so CLIs that failed together do not come
 * back together. `random` returns a number in [0, 1).
 */
export function backoffDelay(failures: number, random: () => number = Math.random, baseMs = RETRY_BASE_MS, capMs = RETRY_CAP_MS): number {
  const exponent = Number.isNaN(failures) ? 0 : Math.min(Math.max(Math.floor(failures), 1) - 1, 30);
  const ceiling = Math.min(capMs, baseMs * 2 ** exponent);
  const drawn = random();
  const r = Number.isFinite(drawn) ? Math.min(Math.max(drawn, 0), 1) : 1;
  return Math.round(ceiling / 2 + (ceiling / 2) * r);
}

/** backoffDelay, but not shorter than a `retryAfterSeconds` the relay asked for (itself capped at RETRY_CAP_MS). */
export function retryDelay(failures: number, refusal: Refusal, random: () => number = Math.random): number {
  const asked =
    refusal.retryAfterSeconds !== undefined && Number.isFinite(refusal.retryAfterSeconds)
      ? Math.max(0, refusal.retryAfterSeconds) * 1000
      : 0;
  return Math.max(backoffDelay(failures, random), Math.min(asked, RETRY_CAP_MS));
}

// ---- the reason, made safe to show ---------------------------------------------------------------------------------

export const REASON_MAX_CHARS = 200;
// C0/C1 controls, DEL, zero-width and bidi controls, line/paragraph separators, BOM.
// eslint-disable-next-line no-control-regex -- control characters are what it removes.
const UNSAFE_CHARS = /[\u0000-\u001F\u007F-\u009F\u200B-\u200F\u2028-\u202E\u2060-\u206F\uFEFF]/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * A refusal reduced to what may be shown and stored anywhere: the code if it looks like one (else UNKNOWN), the
 * message on one line without control, bidi or invisible characters and lone surrogates, at most REASON_MAX_CHARS.
 * The relay's message names the field and the rule, never the refused value; this makes sure of it staying harmless.
 */
export function sanitizeReason(refusal: { code?: unknown; message?: unknown }): { code: string; message: string } {
  const code = typeof refusal.code === 'string' && /^[A-Z][A-Z0-9_]{0,39}$/.test(refusal.code) ? refusal.code : 'UNKNOWN';
  const raw = typeof refusal.message === 'string' ? refusal.message.slice(0, REASON_MAX_CHARS * 4) : '';
  const clean = raw.replace(UNSAFE_CHARS, ' ').replace(LONE_SURROGATE, '\uFFFD').replace(/\s+/g, ' ').trim();
  const chars = Array.from(clean);
  const message = chars.length > REASON_MAX_CHARS ? chars.slice(0, REASON_MAX_CHARS - 1).join('') + '…' : clean;
  return { code, message };
}

// ---- the session's error event -------------------------------------------------------------------------------------

/** `error` code of the event that tells a session one of its events was set aside (cliErrorCodes). */
export const UNDELIVERABLE_CODE = 'EVENT_UNDELIVERABLE' satisfies CliErrorCode;

/** What the item was, as a short identifier: the body type, `session_meta`, or `unknown` for anything odd. */
export function itemKindLabel(item: { kind: string; body?: { type?: unknown } }): string {
  if (item.kind === 'meta') return 'session_meta';
  const type = item.body?.type;
  return typeof type === 'string' && /^[a-z_]{1,40}$/.test(type) ? type : 'unknown';
}

/**
 * The error event queued in place of an event the relay refused for good. Built only from the sanitised reason and
 * the item's kind — never from the refused payload — so it cannot be refused for the same reason.
 */
export function undeliverableBody(
  item: { kind: string; body?: { type?: unknown } },
  reason: { code: string; message: string },
  deadLetterName?: string,
): EventBody {
  const eventType = itemKindLabel(item);
  const where = deadLetterName ? ` It was set aside in ${deadLetterName} on the CLI's machine.` : '';
  return {
    type: 'error',
    code: UNDELIVERABLE_CODE,
    message: `An event could not be delivered: the relay refused this ${eventType} event (${reason.code}${reason.message ? `: ${reason.message}` : ''}).${where}`,
    params: { eventType, reason: reason.code },
  };
}

/** True for an item that is itself such an error event: its refusal sets it aside without another one. */
export function isUndeliverableNotice(item: { kind: string; body?: { type?: unknown; code?: unknown } }): boolean {
  return item.kind === 'event' && item.body?.type === 'error' && item.body.code === UNDELIVERABLE_CODE;
}

// ---- dead letters --------------------------------------------------------------------------------------------------

export const DEAD_LETTER_MAX_BYTES = 8 * 1024 * 1024;

/**
 * Events the relay refused for good, one JSON line each — `{ at, code, message, item }` — in a private file next to
 * the outbox. When the file passes DEAD_LETTER_MAX_BYTES it moves to `<file>.1` (replacing an older one), so a relay
 * that refuses everything cannot fill the disk.
 */
export class DeadLetters {
  constructor(
    readonly file: string,
    private readonly maxBytes = DEAD_LETTER_MAX_BYTES,
  ) {}

  get name(): string {
    return path.basename(this.file);
  }

  add(item: unknown, reason: { code: string; message: string }, at: Date): void {
    try {
      if (statSync(this.file).size >= this.maxBytes) renameSync(this.file, `${this.file}.1`);
    } catch {
      // no file yet
    }
    // JSON.stringify escapes NUL and lone surrogates (\u0000, \ud800): the line stays valid UTF-8 JSON.
    appendFileSync(this.file, JSON.stringify({ at: at.toISOString(), code: reason.code, message: reason.message, item }) + '\n', {
      mode: 0o600,
    });
  }
}

// ---- shutdown drain ------------------------------------------------------------------------------------------------

export type FlushResult =
  | { status: 'empty' }
  /** Not connected: nothing was tried. */
  | { status: 'offline' }
  /** The head is waiting for its retry; `refusal` is set when this flush just failed. */
  | { status: 'retry'; delayMs: number; failures: number; refusal?: Refusal };

export interface DrainClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

/**
 * The shutdown drain: flushes until the outbox is empty, waiting out each retry delay (never spinning), and gives up
 * at `deadline` or when offline — what is left stays in the outbox file for the next start. True when emptied.
 */
export async function drainOutbox(flush: () => Promise<FlushResult>, deadline: number, clock: DrainClock): Promise<boolean> {
  for (;;) {
    const result = await flush();
    if (result.status === 'empty') return true;
    if (result.status === 'offline') return false;
    const left = deadline - clock.now();
    if (left <= 0 || result.delayMs >= left) return false;
    await clock.sleep(Math.max(result.delayMs, 1));
  }
}
