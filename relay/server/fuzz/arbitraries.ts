import fc from 'fast-check';

/**
 * Hostile-input arbitraries for the relay's fuzz suite (issue #11, hostileInput.int.test.ts): strings storage refuses
 * (NUL, lone surrogates), strings that fool people (RTL override, zero-width, control characters), huge values, deep
 * nesting, prototype keys and wrong types, plus `hostileVariant`, which takes a structurally valid body and damages
 * one or more of its fields, so most cases get past the shape checks and reach validation and the use case.
 */

/** Pieces a hostile string is made of: each one is something a schema or storage has to cope with. */
export const HOSTILE_FRAGMENTS: readonly string[] = [
  '\u0000',
  '\u0000\u0000',
  '\ud800', // lone high surrogate
  '\udbff',
  '\udc00', // lone low surrogate
  '\udfff',
  '\udc00\ud800', // a pair in the wrong order: two lone surrogates
  '\u202e', // RIGHT-TO-LEFT OVERRIDE
  '\u202d',
  '\u2066',
  '\u200b', // ZERO WIDTH SPACE
  '\u200d',
  '\u200f',
  '\ufeff',
  '\u2028',
  '\u2029',
  '\u0007',
  '\u0008',
  '\u001b[31m',
  '\u007f',
  '\u0085',
  '\r\n',
  '\t',
  '\uffff',
  '\ufffe',
  '\u2400', // what NUL becomes: must survive as itself
  '\ufffd',
  '😀',
  '👩‍👩‍👧',
  '🇨🇳',
  '中文',
  '𠀀',
  '한국어',
  'ﷺ',
  'é', // e + combining accent
  '%00',
  '\\u0000',
  '${jndi:x}',
  "'; DROP TABLE users; --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '__proto__',
  ' ',
  '',
];

const CONTROL = fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c));
const LONE_SURROGATE = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));

/** A short string built from hostile fragments, control characters, lone surrogates and arbitrary code points. */
const mixedHostileString: fc.Arbitrary<string> = fc
  .array(
    fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom(...HOSTILE_FRAGMENTS) },
      { weight: 4, arbitrary: fc.constantFrom('\u0000', '\ud800', '\udc00') },
      { weight: 2, arbitrary: CONTROL },
      { weight: 2, arbitrary: LONE_SURROGATE },
      { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 6 }) },
      { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 6 }) },
      { weight: 1, arbitrary: fc.string({ unit: 'grapheme-ascii', maxLength: 12 }) },
    ),
    { minLength: 1, maxLength: 8 },
  )
  .map((parts) => parts.join(''));

/**
 * Printable text with C0 / DEL control characters but no NUL and no lone surrogate: storage takes it, so only the
 * schemas' `plain()` keeps it out of ids, codes and hostnames (the other hostile strings are caught twice over).
 */
const controlString: fc.Arbitrary<string> = fc
  .tuple(
    fc.string({ unit: 'grapheme-ascii', maxLength: 10 }),
    fc.constantFrom('\u0001', '\u0007', '\u0008', '\u000b', '\u001b[2J', '\u001f', '\u007f'),
    fc.string({ unit: 'grapheme-ascii', maxLength: 10 }),
  )
  .map(([a, c, b]) => a + c + b);

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: mixedHostileString },
  { weight: 1, arbitrary: controlString },
);

const MB = 1024 * 1024;
let hugeCache: string[] | null = null;
/** About 1 MB values (built once): plain, with NUL and surrogates sprinkled, and all NUL (6 MB as JSON escapes). */
function hugeStrings(): string[] {
  hugeCache ??= [
    'a'.repeat(MB),
    'a'.repeat(1_000_000 - 3) + '\u0000\ud800\u202e',
    '中'.repeat(400_000) + '\u0000',
    '\u0000'.repeat(200_000),
  ];
  return hugeCache;
}
export const hugeString: fc.Arbitrary<string> = fc.integer({ min: 0, max: 3 }).map((i) => hugeStrings()[i]!);

/** `depth` levels of arrays or objects around a hostile leaf. */
export function nested(depth: number, kind: 'array' | 'object' | 'mixed', leaf: unknown = '\u0000'): unknown {
  let value: unknown = leaf;
  for (let i = 0; i < depth; i++) {
    const asArray = kind === 'array' || (kind === 'mixed' && i % 2 === 0);
    value = asArray ? [value] : { a: value };
  }
  return value;
}
export const deepValue: fc.Arbitrary<unknown> = fc
  .record({
    depth: fc.integer({ min: 65, max: 1500 }),
    kind: fc.constantFrom('array', 'object', 'mixed') as fc.Arbitrary<'array' | 'object' | 'mixed'>,
  })
  .map(({ depth, kind }) => nested(depth, kind));

/** Objects whose own keys are `__proto__`, `constructor`, `prototype` (as JSON.parse makes them). */
export const protoValue: fc.Arbitrary<unknown> = fc
  .constantFrom(
    '{"__proto__":{"polluted":"yes"}}',
    '{"constructor":{"prototype":{"polluted":"yes"}}}',
    '{"prototype":{"polluted":"yes"},"__proto__":null}',
    '{"__proto__":["x"],"toString":"x","valueOf":1,"hasOwnProperty":"x"}',
    '{"a":{"__proto__":{"\\u0000":"\\ud800"}}}',
  )
  .map((json) => JSON.parse(json) as unknown);

/** A value of the wrong type where a string (or anything else) is expected. */
export const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0, -0, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 2 ** 53, -1, 0.5),
  fc.constant(null),
  fc.boolean(),
  fc.constant([]),
  fc.constant({}),
  fc.array(hostileString, { maxLength: 3 }),
  fc.dictionary(hostileString, hostileString, { maxKeys: 3 }),
  fc.jsonValue({ maxDepth: 3 }),
);

/** Any hostile replacement for a field: mostly strings, then wrong types, then (rarely) deep, prototype or huge values. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 60, arbitrary: hostileString },
  { weight: 25, arbitrary: wrongType },
  { weight: 4, arbitrary: deepValue },
  { weight: 4, arbitrary: protoValue },
  { weight: 1, arbitrary: hugeString },
);

type Path = (string | number)[];

/** Paths of every value inside a JSON-like value (not the root), strings first-class. */
export function valuePaths(value: unknown, prefix: Path = [], out: { path: Path; isString: boolean }[] = []) {
  if (value === null || typeof value !== 'object') return out;
  // `entries()` visits an array's holes too (map skips them, and a hole left in the list cannot be destructured).
  const entries: [string | number, unknown][] = Array.isArray(value) ? [...value.entries()] : Object.entries(value);
  for (const [key, item] of entries) {
    const path = [...prefix, key];
    out.push({ path, isString: typeof item === 'string' });
    valuePaths(item, path, out);
  }
  return out;
}

const clone = <T>(value: T): T => structuredClone(value);

function setAt(root: unknown, path: Path, update: (old: unknown) => unknown): unknown {
  if (path.length === 0) return update(root);
  const [head, ...rest] = path;
  const container = root as Record<string | number, unknown>;
  Object.defineProperty(container, head!, {
    value: setAt(container[head!], rest, update),
    enumerable: true,
    writable: true,
    configurable: true,
  });
  return root;
}

function deleteAt(root: unknown, path: Path): unknown {
  const parent = path.slice(0, -1).reduce<unknown>((v, k) => (v as Record<string | number, unknown>)[k], root);
  const key = path.at(-1)!;
  if (Array.isArray(parent)) parent.splice(Number(key), 1);
  else delete (parent as Record<string | number, unknown>)[key];
  return root;
}

/** A copy of `body` with the value at `path` replaced by `update(old)` (own properties, even `__proto__`). */
export function withFieldChanged(body: unknown, path: Path, update: (old: unknown) => unknown): unknown {
  return setAt(clone(body), path, update);
}

/** How one field of a valid body is damaged. */
const damage: fc.Arbitrary<(old: unknown) => unknown> = fc.oneof(
  // A hostile fragment inside the valid value (keeps it close to valid, so it gets further); may split a pair.
  {
    weight: 5,
    arbitrary: fc.record({ piece: hostileString, at: fc.nat() }).map(({ piece, at }) => (old: unknown) => {
      const s = typeof old === 'string' ? old : (JSON.stringify(old) ?? '');
      const i = at % (s.length + 1);
      return s.slice(0, i) + piece + s.slice(i);
    }),
  },
  { weight: 4, arbitrary: hostileValue.map((v) => () => v) },
);

/** An own property, even for `__proto__` (as JSON.parse and the socket parser make it). */
function defineOwn(target: Record<string, unknown>, key: string, value: unknown) {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * A structurally valid body with damage: one to three fields replaced or spliced with hostile values (the common
 * case), a field dropped, extra (prototype, hostile) keys added, or left valid (a control that must keep working).
 */
export function hostileVariant(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return valid.chain((body) => {
    const paths = valuePaths(body);
    const options: fc.WeightedArbitrary<unknown>[] = [{ weight: 1, arbitrary: fc.constant(body) }];
    if (paths.length > 0) {
      const stringPaths = paths.filter((p) => p.isString);
      const pick =
        stringPaths.length > 0
          ? fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...stringPaths) }, fc.constantFrom(...paths))
          : fc.constantFrom(...paths);
      const count = fc.oneof({ weight: 3, arbitrary: fc.constant(1) }, { weight: 1, arbitrary: fc.integer({ min: 2, max: 3 }) });
      options.push({
        weight: 12,
        arbitrary: count
          .chain((n) => fc.array(fc.tuple(pick, damage), { minLength: n, maxLength: n }))
          .map((changes) => {
            let out = clone(body);
            // A change to a path a previous change replaced is skipped when the path no longer resolves.
            for (const [{ path }, change] of changes) {
              try {
                out = setAt(out, path, change);
              } catch {
                // Parent replaced by a primitive: nothing to damage there.
              }
            }
            return out;
          }),
      });
      options.push({ weight: 1, arbitrary: fc.constantFrom(...paths).map(({ path }) => deleteAt(clone(body), path)) });
    }
    if (body !== null && typeof body === 'object' && !Array.isArray(body)) {
      options.push({
        weight: 2,
        arbitrary: fc
          .array(fc.tuple(fc.oneof(fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString'), hostileString), hostileValue), {
            minLength: 1,
            maxLength: 3,
          })
          .map((extra) => {
            const out = clone(body) as Record<string, unknown>;
            for (const [key, value] of extra) defineOwn(out, key, value);
            return out;
          }),
      });
    }
    return fc.oneof(...options);
  });
}

/** Any body at all: hostile strings, wrong types, deep nesting, prototype keys, random JSON. */
export const randomBody: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
  { weight: 2, arbitrary: hostileValue },
  { weight: 1, arbitrary: fc.dictionary(hostileString, hostileValue, { maxKeys: 4 }) },
);

/** Request bodies no JSON encoder makes: malformed JSON, invalid UTF-8, other encodings. */
export const rawBody: fc.Arbitrary<{ payload: string | Buffer; contentType: string }> = fc.oneof(
  fc.constantFrom(
    { payload: '{', contentType: 'application/json' },
    { payload: '{"a":1,}', contentType: 'application/json' },
    { payload: 'null', contentType: 'application/json' },
    { payload: '"\\u0000"', contentType: 'application/json' },
    { payload: '{"email":"\\ud800@example.com"}', contentType: 'application/json' },
    { payload: '{"__proto__":{"polluted":"yes"}}', contentType: 'application/json' },
    { payload: '{"constructor":{"prototype":{"polluted":"yes"}}}', contentType: 'application/json' },
    { payload: '['.repeat(5000) + ']'.repeat(5000), contentType: 'application/json' },
    { payload: '{"a":'.repeat(3000) + '1' + '}'.repeat(3000), contentType: 'application/json' },
    { payload: 'code=ABCD&x=%00', contentType: 'application/x-www-form-urlencoded' },
    { payload: 'hello', contentType: 'text/plain' },
    { payload: '{"code":"x"}', contentType: 'application/json; charset=utf-16' },
    { payload: '{"code":"x"}', contentType: 'application/x-json-but-not' },
    { payload: '', contentType: 'application/json' },
  ),
  // Invalid UTF-8: stray continuation bytes, overlong NUL, encoded surrogates (CESU-8 / WTF-8), truncated sequences.
  fc
    .constantFrom([0xff, 0xfe], [0xc0, 0x80], [0xed, 0xa0, 0x80], [0xed, 0xbf, 0xbf], [0xe4, 0xb8], [0xf4, 0x90, 0x80, 0x80], [0x00])
    .map((bytes) => ({
      payload: Buffer.concat([
        Buffer.from('{"code":"', 'utf8'),
        Buffer.from(bytes),
        Buffer.from('","email":"a@b.co","password":"x"}', 'utf8'),
      ]),
      contentType: 'application/json',
    })),
);

/** Percent-encodes every UTF-16 unit for a URL path or query: lone surrogates as their (invalid) UTF-8 bytes. */
export function encodeHostile(value: string): string {
  let out = '';
  for (const ch of value) {
    const cp = ch.codePointAt(0)!;
    if (cp >= 0xd800 && cp <= 0xdfff) {
      out += [0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    } else {
      out += encodeURIComponent(ch);
    }
  }
  return out;
}

/** A short, printable description of a value (huge strings and deep nesting summarised), for failure messages. */
export function summarize(value: unknown, depth = 0): string {
  if (typeof value === 'string') {
    const shown = value.length > 80 ? `${value.slice(0, 40)}…(${value.length} chars)…${value.slice(-20)}` : value;
    return JSON.stringify(shown);
  }
  if (value === undefined) return 'undefined';
  if (Buffer.isBuffer(value)) return `<Buffer ${value.subarray(0, 40).toString('hex')}${value.length > 40 ? '…' : ''}>`;
  if (value === null || typeof value !== 'object') return String(value);
  if (depth >= 6) return Array.isArray(value) ? '[…deep]' : '{…deep}';
  if (Array.isArray(value))
    return `[${value
      .slice(0, 10)
      .map((v) => summarize(v, depth + 1))
      .join(',')}${value.length > 10 ? ',…' : ''}]`;
  const entries = Object.entries(value);
  return `{${entries
    .slice(0, 12)
    .map(([k, v]) => `${JSON.stringify(k)}:${summarize(v, depth + 1)}`)
    .join(',')}${entries.length > 12 ? ',…' : ''}}`;
}

/** Wraps a generated case so fast-check prints it summarised (a 1 MB counterexample would drown the report). */
export function printable<T extends object>(value: T): T {
  const copy = { ...value };
  Object.defineProperty(copy, fc.toStringMethod, { value: () => summarize(copy), enumerable: false });
  return copy;
}
