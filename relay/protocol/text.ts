import { z } from 'zod';

/**
 * Hostile-text rules shared by every schema of the protocol (issue #11). PostgreSQL refuses NUL (U+0000) in `text`
 * and `jsonb`, and lone UTF-16 surrogates in `jsonb` (`\ud800` escapes): such strings must never reach storage.
 *
 * - Free text that may carry arbitrary program output (tool output, file contents, chat, titles, paths) **keeps** it:
 *   `text()` / `cleanJson` replace NUL with U+2400 (␀, visible in the console) and a lone surrogate with U+FFFD (�).
 *   One code unit becomes one code unit, so lengths (and `max` limits) are unchanged.
 * - Fields with no business holding them (ids, e-mails, codes, hostnames, model names, tokens) are **refused**:
 *   `plain()` fails validation with a message naming the problem; the relay answers 400 / `BAD_REQUEST` with the
 *   field's path.
 *
 * Browser-safe: no node imports.
 */

export const NUL_REPLACEMENT = '\u2400';
export const SURROGATE_REPLACEMENT = '\uFFFD';

// A high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
// eslint-disable-next-line no-control-regex -- NUL is what it looks for.
const NUL = /\u0000/g;
// eslint-disable-next-line no-control-regex -- that is the point: control characters are what it looks for.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
// eslint-disable-next-line no-control-regex -- NUL and lone surrogates are what it looks for.
const UNSAFE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when storage would refuse the string: it holds NUL or a lone surrogate. */
export function hasUnstorableChars(value: string): boolean {
  return UNSAFE.test(value);
}

/** NUL → ␀ and lone surrogates → U+FFFD; the same string when there is nothing to replace. */
export function cleanText(value: string): string {
  if (!UNSAFE.test(value)) return value;
  return value.replace(NUL, NUL_REPLACEMENT).replace(LONE_SURROGATE, SURROGATE_REPLACEMENT);
}

/** How deep free-form JSON (tool inputs) may nest; deeper values are refused rather than stored. */
export const JSON_MAX_DEPTH = 64;

class TooDeep extends Error {}

function cleanValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return cleanText(value);
  if (value === null || typeof value !== 'object') {
    // JSON has no undefined, functions, symbols or bigints; numbers must be finite for jsonb.
    if (typeof value === 'number') return Number.isFinite(value) ? value : null;
    if (typeof value === 'boolean') return value;
    return null;
  }
  if (depth >= JSON_MAX_DEPTH) throw new TooDeep();
  if (Array.isArray(value)) return value.map((item) => cleanValue(item, depth + 1));
  // Object.fromEntries defines own properties, so a `__proto__` key stays a plain key and never sets a prototype.
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [cleanText(key), cleanValue(item, depth + 1)]));
}

/**
 * Free-form JSON (a tool call's input): every string and key cleaned like `text()`, non-JSON values dropped to null,
 * nesting limited to JSON_MAX_DEPTH levels (deeper is a validation error).
 */
export const cleanJson = z.unknown().transform((value, ctx) => {
  try {
    return cleanValue(value, 0);
  } catch (error) {
    if (!(error instanceof TooDeep)) throw error;
    ctx.addIssue({ code: 'custom', message: `nested deeper than ${JSON_MAX_DEPTH} levels` });
    return z.NEVER;
  }
});

/** Free text up to `max` UTF-16 code units, kept with NUL and lone surrogates made storable and visible. */
export function text(max: number) {
  return z.string().max(max).transform(cleanText);
}

export const PLAIN_MESSAGE = 'must not contain control characters or invalid Unicode';

/** True for a string fit for an identifier-like field: no control characters, no NUL, no lone surrogate. */
export function isPlain(value: string): boolean {
  return !CONTROL.test(value) && !hasUnstorableChars(value);
}

/** Refuses control characters, NUL and lone surrogates in a string schema (ids, codes, e-mails, hostnames…). */
export function plain<S extends z.ZodType<string>>(schema: S): S {
  return schema.refine(isPlain, { message: PLAIN_MESSAGE }) as unknown as S;
}

/**
 * The paths (`a.b.0`) of any strings or keys storage would refuse, anywhere in a parsed value; at most `limit`. Runs on
 * every inbound payload: one path stack for the walk, a path string only for what it finds.
 */
export function findUnstorable(value: unknown, limit = 5): string[] {
  const found: string[] = [];
  walkUnstorable(value, 0, [], found, limit);
  return found;
}

/** findUnstorable's walk: a function of its own, not a closure made per call (it runs on every inbound payload). */
function walkUnstorable(v: unknown, depth: number, path: string[], found: string[], limit: number): void {
  if (found.length >= limit || depth > JSON_MAX_DEPTH + 8) return;
  if (typeof v === 'string') {
    if (hasUnstorableChars(v)) found.push(path.join('.'));
    return;
  }
  if (v === null || typeof v !== 'object') return;
  for (const key of Object.keys(v)) {
    if (found.length >= limit) return;
    path.push(key);
    if (hasUnstorableChars(key)) found.push(path.join('.'));
    walkUnstorable((v as Record<string, unknown>)[key], depth + 1, path, found, limit);
    path.pop();
  }
}
