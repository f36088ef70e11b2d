import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import * as protocol from '../../protocol';
import { hostileString, hostileVariant, randomBody } from '../fuzz/arbitraries';
import { compileFastParse, FALLBACK, fastParseOf } from './fastValidation';
import { unstorableDetails, validateInbound } from './validation';

/** The payloads of every round trip (a window's input, the CLI's answer, its receipts): tried the most. */
const HOT = new Set<z.ZodType>([protocol.webSessionInputSchema, protocol.cliSessionEventSchema, protocol.commandsTookSchema]);

/**
 * Values tried per schema in the differential test. The CLI's event is tried longest: its body is a union of many kinds,
 * of which the compiled function takes only a few and leaves the rest to zod, so only ~1.4 % of the values it is given
 * are its to take. At 2,000 it took 23-35 over six runs, close to the more than 20 the test below asks (a CI run took
 * exactly 20 and failed); at 6,000 it takes ~90.
 */
const runsFor = (schema: z.ZodType): number => (schema === protocol.cliSessionEventSchema ? 6000 : HOT.has(schema) ? 2000 : 300);

/** Every zod schema the protocol exports (payloads, bodies, acks, pushes), by export name. */
const SCHEMAS = (Object.entries(protocol) as Array<[string, unknown]>).filter(
  (entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType,
);

const UUID = '0889f9b9-5b89-4b05-9f48-7dc9a9b01e7b';
/** Strings a field may get: valid ids and texts, near misses (case, length, format), and hostile ones. */
const someString = fc.oneof(
  fc.constantFrom(UUID, UUID.toUpperCase(), UUID.slice(1), `${UUID}x`, '00000000-0000-0000-0000-000000000000', 'a@b.co', 'tern', ''),
  fc.string({ maxLength: 8 }),
  hostileString,
  fc.integer({ min: 0, max: 300 }).map((n) => 'x'.repeat(n)),
);
const someNumber = fc.oneof(
  fc.integer({ min: -3, max: 1_000_000 }),
  fc.constantFrom(0, 1, 1.5, -0, 2 ** 53, 2 ** 53 - 1, Number.NaN, Infinity),
  fc.double(),
);

/**
 * Values shaped like `schema` (the keys of its objects, an option of its unions, its literals) with fields that may or
 * may not pass its checks: most get past the shape and reach the checks, where zod and the compiled function must agree.
 */
function shaped(schema: z.ZodType, depth = 0): fc.Arbitrary<unknown> {
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  const inner = (s: unknown) => (depth > 6 ? fc.constant(undefined) : shaped(s as z.ZodType, depth + 1));
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      return fc.record(Object.fromEntries(Object.entries(shape).map(([k, s]) => [k, inner(s)])), {
        requiredKeys: Object.keys(shape).filter((k) => shape[k]!._zod.optin !== 'optional'),
      });
    }
    case 'union':
      return fc.oneof(...(def.options as z.ZodType[]).map(inner));
    case 'optional':
    case 'nullable':
    case 'default':
    case 'readonly':
      return fc.oneof(inner(def.innerType), fc.constant(def.type === 'nullable' ? null : undefined));
    case 'pipe':
      return inner(def.in);
    case 'array':
      return fc.array(inner(def.element), { maxLength: 3 });
    case 'literal':
    case 'enum':
      return fc.constantFrom(...(schema._zod.values ?? new Set([null])));
    case 'string':
      // Mostly a valid uuid where one is asked for, so that the objects around it get checked too.
      return def.format === 'uuid' ? fc.oneof({ weight: 4, arbitrary: fc.uuid() }, someString) : someString;
    case 'number':
      return someNumber;
    case 'boolean':
      return fc.boolean();
    default:
      return fc.jsonValue({ maxDepth: 3 });
  }
}

/** A value as ordered [key, value] pairs, undefined kept: equal only with the same keys in the same order. */
function ordered(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(ordered);
  if (value !== null && typeof value === 'object') return Object.entries(value).map(([k, v]) => [k, ordered(v)]);
  return value === undefined ? '<undefined>' : value;
}

/** zod's verdict as validateInbound gave it before the fast path: parsed, and storable. */
function zodVerdict(schema: z.ZodType, value: unknown): { ok: true; data: unknown } | { ok: false } {
  const parsed = schema.safeParse(value);
  return parsed.success && unstorableDetails(parsed.data).length === 0 ? { ok: true, data: parsed.data } : { ok: false };
}

describe('fastValidation', () => {
  /** How many values each compiled schema took in the differential test. */
  const takenBy = new Map<z.ZodType, number>();

  it('compiles the hot payloads whole, and takes a valid one without zod', () => {
    const input = { sessionId: UUID, clientMsgId: 'm1', text: 'hi\u0000' };
    expect(compileFastParse(protocol.webSessionInputSchema).unknown).toEqual([]);
    expect(fastParseOf(protocol.webSessionInputSchema)!(input)).toEqual({ ...input, text: 'hi\u2400' });
    const event = { sessionId: UUID, eventId: UUID, body: { type: 'assistant_message', messageId: 'm1', text: 'yo', x: 1 }, took: [7] };
    const fast = fastParseOf(protocol.cliSessionEventSchema)!(event);
    expect(fast).toEqual({ ...event, body: { type: 'assistant_message', messageId: 'm1', text: 'yo' } });
    // Kinds of event it does not know (free-form JSON) are zod's.
    const tool = {
      sessionId: UUID,
      eventId: UUID,
      body: { type: 'tool_call', toolCallId: 't', name: 'Read', title: 'x', input: {}, status: 'executing' },
    };
    expect(fastParseOf(protocol.cliSessionEventSchema)!(tool)).toBe(FALLBACK);
    expect(validateInbound(protocol.cliSessionEventSchema, tool).ok).toBe(true);
  });

  it('leaves to zod what it cannot be sure of, and zod answers as before', () => {
    const parse = fastParseOf(protocol.webSessionInputSchema)!;
    for (const bad of [
      null,
      'x',
      [],
      { sessionId: 'nope', clientMsgId: 'm', text: '' },
      { sessionId: UUID, clientMsgId: 'm\u0007', text: '' },
      { sessionId: UUID, clientMsgId: 'm', text: 'x'.repeat(100_001) },
    ]) {
      expect(parse(bad)).toBe(FALLBACK);
      expect(validateInbound(protocol.webSessionInputSchema, bad)).toMatchObject({ ok: false });
    }
    expect(validateInbound(protocol.webSessionInputSchema, { sessionId: 'nope', clientMsgId: 'm', text: '' })).toMatchObject({
      ok: false,
      message: expect.stringContaining('sessionId'),
    });
  });

  it('compiles most of the protocol', () => {
    const whole = SCHEMAS.filter(([, s]) => compileFastParse(s).unknown.length === 0).length;
    const none = SCHEMAS.filter(([, s]) => compileFastParse(s).parse === null).map(([name]) => name);
    expect(whole).toBeGreaterThan(SCHEMAS.length / 2);
    expect(none.length).toBeLessThan(SCHEMAS.length / 4);
  });

  // The differential test: on shaped and damaged values, whatever the compiled function takes, zod takes as well, with
  // the same output (same keys in the same order), and storable.
  it.each(SCHEMAS)('%s: what it takes, zod takes the same way', (_name, schema) => {
    const parse = compileFastParse(schema).parse;
    if (!parse) return;
    let taken = 0;
    fc.assert(
      fc.property(fc.oneof({ weight: 3, arbitrary: hostileVariant(shaped(schema)) }, shaped(schema), randomBody), (value) => {
        const fast = parse(value);
        if (fast === FALLBACK) return;
        taken++;
        const zod = zodVerdict(schema, value);
        expect(zod.ok).toBe(true);
        if (zod.ok) expect(ordered(fast)).toEqual(ordered(zod.data));
      }),
      { numRuns: runsFor(schema) },
    );
    takenBy.set(schema, taken);
  });

  // A function that never takes anything would pass the property above: the shaped values must reach the hot ones,
  // and many others (some schemas' checks, dates and codes, are rarely met by chance).
  it('the differential test reached the compiled functions', () => {
    for (const hot of HOT) expect(takenBy.get(hot)).toBeGreaterThan(20);
    expect([...takenBy.values()].filter((n) => n > 0).length).toBeGreaterThan(takenBy.size / 3);
  });
});
