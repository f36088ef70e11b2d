import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { remoteErrorCodes, sessionEventBodySchema } from '../protocol/remote';
import {
  ACK_TIMEOUT,
  backoffDelay,
  BAD_RESPONSE,
  classifyRefusal,
  DeadLetters,
  isUndeliverableNotice,
  REASON_MAX_CHARS,
  RETRY_CAP_MS,
  retryDelay,
  sanitizeReason,
  TOO_LARGE,
  undeliverableBody,
} from './delivery';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'tern-delivery-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('classifyRefusal', () => {
  it('makes refusals that would repeat for the same bytes final, and everything else retryable', () => {
    const final = ['BAD_REQUEST', 'NOT_FOUND', 'UNAUTHORIZED', TOO_LARGE];
    const retry = [
      'INTERNAL',
      // Sent only to a CLI with an event window, which sends it again at once (outbox.ts); else retried like any.
      'OUT_OF_ORDER',
      'RATE_LIMITED',
      'QUOTA_EXCEEDED',
      'WORKSPACE_BUSY',
      'INSTANCE_OFFLINE',
      'NOT_ATTACHED',
      ACK_TIMEOUT,
      BAD_RESPONSE,
      'SOMETHING_NEW',
      '',
    ];
    for (const code of final) expect(classifyRefusal(code), code).toBe('final');
    for (const code of retry) expect(classifyRefusal(code), code).toBe('retry');
    // Every code the protocol defines is decided on purpose.
    expect(remoteErrorCodes.filter((c) => !final.includes(c) && !retry.includes(c))).toEqual([]);
  });
});

describe('backoffDelay', () => {
  it('doubles per failure between half and all of its ceiling, and stops growing at the cap', () => {
    const low = [1, 2, 3, 4, 5, 6, 7, 20].map((n) => backoffDelay(n, () => 0));
    const high = [1, 2, 3, 4, 5, 6, 7, 20].map((n) => backoffDelay(n, () => 0.999999));
    expect(low).toEqual([500, 1000, 2000, 4000, 8000, 15_000, 15_000, 15_000]);
    expect(high).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
    expect(backoffDelay(1e9, () => 0.999999)).toBe(RETRY_CAP_MS);
    expect(backoffDelay(Number.POSITIVE_INFINITY, () => 0.5)).toBe(22_500);
  });

  it('jitters: the same failure count with other random draws gives other delays inside the band', () => {
    const draws = [0.1, 0.4, 0.7, 0.9];
    const delays = draws.map((r) => backoffDelay(3, () => r));
    expect(new Set(delays).size).toBe(draws.length);
    for (const d of delays) expect(d >= 2000 && d <= 4000, String(d)).toBe(true);
  });

  it('stays in range for odd inputs (no failure yet, NaN, a broken random source)', () => {
    expect(backoffDelay(0, () => 0)).toBe(500);
    expect(backoffDelay(Number.NaN, () => 0)).toBe(500);
    expect(backoffDelay(2, () => Number.NaN)).toBe(2000);
    expect(backoffDelay(2, () => 5)).toBe(2000);
    expect(backoffDelay(2, () => -5)).toBe(1000);
  });

  it('retryDelay honours a retryAfterSeconds the relay asked for, up to the cap', () => {
    expect(retryDelay(1, { code: 'RATE_LIMITED', message: '', retryAfterSeconds: 20 }, () => 0)).toBe(20_000);
    expect(retryDelay(1, { code: 'RATE_LIMITED', message: '', retryAfterSeconds: 3600 }, () => 0)).toBe(RETRY_CAP_MS);
    expect(retryDelay(1, { code: 'INTERNAL', message: '' }, () => 0)).toBe(500);
    expect(retryDelay(1, { code: 'RATE_LIMITED', message: '', retryAfterSeconds: Number.NaN }, () => 0)).toBe(500);
  });
});

describe('sanitizeReason', () => {
  it('keeps a plain relay reason as it is', () => {
    expect(sanitizeReason({ code: 'BAD_REQUEST', message: 'body.toolCallId: must not contain control characters' })).toEqual({
      code: 'BAD_REQUEST',
      message: 'body.toolCallId: must not contain control characters',
    });
  });

  it('removes NUL, control, bidi and invisible characters and lone surrogates, on one line', () => {
    const { message } = sanitizeReason({ code: 'BAD_REQUEST', message: 'a\u0000b\nc\u202Ed\u200Be\ud800f \uD83D\uDE00 g\u2028h\u009Bi' });
    expect(message).toBe('a b c d e\uFFFDf \uD83D\uDE00 g h i');
  });

  it('cuts a long message to REASON_MAX_CHARS without splitting a surrogate pair', () => {
    const { message } = sanitizeReason({ code: 'INTERNAL', message: '\uD83D\uDE00'.repeat(500) });
    expect(Array.from(message)).toHaveLength(REASON_MAX_CHARS);
    expect(message.endsWith('…')).toBe(true);
    expect(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/.test(message)).toBe(false);
  });

  it('replaces a code that is not a code, and a message that is not a string', () => {
    expect(sanitizeReason({ code: 'bad\u0000code', message: 42 })).toEqual({ code: 'UNKNOWN', message: '' });
    expect(sanitizeReason({ code: 'X'.repeat(41), message: undefined }).code).toBe('UNKNOWN');
  });
});

describe('undeliverableBody', () => {
  it('is a valid session event built from the sanitised reason only', () => {
    const poison = { kind: 'event', body: { type: 'tool_output', toolCallId: 'a\u0000b', chunk: 'SECRET\u0000PAYLOAD' } };
    const reason = sanitizeReason({ code: 'BAD_REQUEST', message: 'body.toolCallId: must not contain control characters\u0000' });
    const body = undeliverableBody(poison, reason, 'outbox-x.dead.jsonl');
    expect(sessionEventBodySchema.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({ type: 'error', code: 'EVENT_UNDELIVERABLE', params: { eventType: 'tool_output', reason: 'BAD_REQUEST' } });
    const json = JSON.stringify(body);
    expect(json).not.toContain('SECRET');
    expect(json).not.toContain('\\u0000');
    expect(body.type === 'error' && body.message).toBe(
      "An event could not be delivered: the relay refused this tool_output event (BAD_REQUEST: body.toolCallId: must not contain control characters). It was set aside in outbox-x.dead.jsonl on the CLI's machine.",
    );
    expect(isUndeliverableNotice({ kind: 'event', body })).toBe(true);
    expect(isUndeliverableNotice(poison)).toBe(false);
  });

  it('labels a meta update, and a body type that is not an identifier, without copying it', () => {
    expect(undeliverableBody({ kind: 'meta' }, { code: 'NOT_FOUND', message: '' })).toMatchObject({
      params: { eventType: 'session_meta', reason: 'NOT_FOUND' },
    });
    const odd = undeliverableBody({ kind: 'event', body: { type: 'x\u0000<script>' } }, { code: 'BAD_REQUEST', message: '' });
    expect(odd).toMatchObject({ params: { eventType: 'unknown' } });
    expect(JSON.stringify(odd)).not.toContain('script');
  });
});

describe('DeadLetters', () => {
  it('appends one private JSON line per item, raw payload escaped, and rotates a file grown too big', () => {
    const file = path.join(dir, 'outbox-x.dead.jsonl');
    const dead = new DeadLetters(file, 400);
    const at = new Date('2025-01-02T03:04:05.000Z');
    const item = { kind: 'event', id: 'e1', sessionId: 's', body: { type: 'tool_output', chunk: 'a\u0000b\ud800' } };
    dead.add(item, { code: 'BAD_REQUEST', message: 'why' }, at);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('a\\u0000b\\ud800');
    expect(JSON.parse(text)).toEqual({ at: at.toISOString(), code: 'BAD_REQUEST', message: 'why', item });
    expect(dead.name).toBe('outbox-x.dead.jsonl');

    dead.add({ ...item, id: 'e2', body: { type: 'notice', text: 'x'.repeat(500) } }, { code: 'NOT_FOUND', message: '' }, at);
    dead.add({ ...item, id: 'e3' }, { code: 'BAD_REQUEST', message: '' }, at);
    // The file passed 400 bytes after e2: it moved to .1 and e3 starts a new one.
    expect(existsSync(`${file}.1`)).toBe(true);
    expect(
      readFileSync(`${file}.1`, 'utf8')
        .trim()
        .split('\n')
        .map((l) => (JSON.parse(l) as { item: { id: string } }).item.id),
    ).toEqual(['e1', 'e2']);
    expect(
      readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .map((l) => (JSON.parse(l) as { item: { id: string } }).item.id),
    ).toEqual(['e3']);
  });
});
