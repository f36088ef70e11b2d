import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { pairingCreateRequestSchema } from './pairing';
import { cliSessionEventSchema, sessionInputCommandSchema } from './remote';
import { cleanJson, cleanText, findUnstorable, hasUnstorableChars, isPlain, JSON_MAX_DEPTH, text } from './text';

const SEED = Number(process.env.FUZZ_SEED ?? 11);

describe('cleanText', () => {
  it('makes NUL and lone surrogates visible and keeps everything else', () => {
    expect(cleanText('a\u0000b')).toBe('a\u2400b');
    expect(cleanText('\ud800')).toBe('\ufffd');
    expect(cleanText('x\udc00y')).toBe('x\ufffdy');
    expect(cleanText('\ud83d\ude00 ok')).toBe('\ud83d\ude00 ok');
    expect(cleanText('\u202Eevil\u200B')).toBe('\u202Eevil\u200B');
  });

  it('never leaves anything storage refuses, and keeps the length', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        const out = cleanText(s);
        expect(hasUnstorableChars(out)).toBe(false);
        expect(out.length).toBe(s.length);
        // Well-formed UTF-16: encoding to UTF-8 and back gives the same string.
        expect(new TextDecoder().decode(new TextEncoder().encode(out))).toBe(out);
      }),
      { seed: SEED, numRuns: 2000 },
    );
  });

  it('is the identity on well-formed text without NUL', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (s) => {
        fc.pre(!s.includes('\u0000'));
        expect(cleanText(s)).toBe(s);
      }),
      { seed: SEED, numRuns: 1000 },
    );
  });
});

describe('cleanJson', () => {
  it('cleans strings and keys at every depth, keeps __proto__ as a plain key', () => {
    const input = JSON.parse('{"__proto__":{"polluted":"\\u0000"},"a\\u0000":["\\ud800",{"b":"c\\u0000"}],"n":1}');
    const out = cleanJson.parse(input) as Record<string, unknown>;
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.keys(out)).toEqual(['__proto__', 'a\u2400', 'n']);
    expect(out['a\u2400']).toEqual(['\ufffd', { b: 'c\u2400' }]);
    expect(findUnstorable(out)).toEqual([]);
    expect(JSON.stringify(out)).not.toMatch(/\\u0000|\\ud800/);
  });

  it('refuses nesting deeper than the limit', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < JSON_MAX_DEPTH + 1; i++) deep = [deep];
    expect(cleanJson.safeParse(deep).success).toBe(false);
    let ok: unknown = 'x';
    for (let i = 0; i < JSON_MAX_DEPTH - 1; i++) ok = { k: ok };
    expect(cleanJson.safeParse(ok).success).toBe(true);
  });

  it('turns any JSON value into a storable one', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), fc.string({ unit: 'binary' }), (value, s) => {
        const out = cleanJson.parse({ value, s, [s]: s });
        expect(findUnstorable(out)).toEqual([]);
      }),
      { seed: SEED, numRuns: 500 },
    );
  });
});

describe('protocol fields', () => {
  it('keeps program output with NUL, visibly', () => {
    const parsed = cliSessionEventSchema.parse({
      sessionId: '00000000-0000-4000-8000-000000000001',
      eventId: '00000000-0000-4000-8000-000000000002',
      body: { type: 'tool_output', toolCallId: 't1', stream: 'stdout', chunk: 'a\u0000b\ud800' },
    });
    expect(parsed.body).toMatchObject({ chunk: 'a\u2400b\ufffd' });
    expect(text(10).parse('\u0000')).toBe('\u2400');
  });

  it('refuses NUL in ids and hostnames, naming the field', () => {
    const event = cliSessionEventSchema.safeParse({
      sessionId: '00000000-0000-4000-8000-000000000001',
      eventId: '00000000-0000-4000-8000-000000000002',
      body: { type: 'assistant_message', messageId: 'm\u00001', text: 'hi' },
    });
    expect(event.success).toBe(false);
    expect(event.error?.issues[0]?.path).toEqual(['body', 'messageId']);
    const pairing = pairingCreateRequestSchema.safeParse({ hostname: 'box\u0000', platform: 'linux' });
    expect(pairing.error?.issues[0]?.path).toEqual(['hostname']);
    const input = sessionInputCommandSchema.safeParse({
      sessionId: '00000000-0000-4000-8000-000000000001',
      clientMsgId: 'c1',
      text: 'a\u0000b',
    });
    expect(input.data?.text).toBe('a\u2400b');
  });

  it('isPlain refuses control characters and lone surrogates only', () => {
    expect(isPlain('host-1.example')).toBe(true);
    expect(isPlain('名字')).toBe(true);
    expect(isPlain('a\u0007')).toBe(false);
    expect(isPlain('a\ud800')).toBe(false);
  });
});

describe('findUnstorable', () => {
  it('names the path of every string and key storage would refuse, in order, up to the limit', () => {
    const value = {
      ok: 'fine',
      nested: { list: ['x', 'a\u0000b', { 'k\uD800': 'y', deep: ['\uDC00'] }] },
      'top\u0000': 1,
    };
    expect(findUnstorable(value)).toEqual(['nested.list.1', 'nested.list.2.k\uD800', 'nested.list.2.deep.0', 'top\u0000']);
    expect(findUnstorable(value, 2)).toEqual(['nested.list.1', 'nested.list.2.k\uD800']);
    expect(findUnstorable('\u0000')).toEqual(['']);
    expect(findUnstorable({ a: ['ok', 1, null, true], b: { c: 'fine' } })).toEqual([]);
  });

  it('finds nothing in anything cleanJson made', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => findUnstorable(cleanJson.parse(value)).length === 0),
      { seed: SEED, numRuns: 300 },
    );
  });
});
