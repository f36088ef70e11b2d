import type { z } from 'zod';
import { util } from 'zod/v4/core';

import { cleanText, hasUnstorableChars, isPlain } from '../../protocol';

/**
 * A fast path for the relay's inbound validation (validation.ts): a protocol schema compiled once into one JavaScript
 * function of its own (`new Function`, as zod's own object fast path does), which takes a payload the schema accepts
 * and answers what `safeParse` would give for it, with every property read and check written out for that schema
 * alone. zod runs every schema through the same generic functions, so on a socket's hot events (a window's input, a
 * CLI's session event) its property reads are megamorphic and its checks calls through closures: sampled by Linux
 * perf, zod's safeParse took 4.7 % of the relay's thread in a round trip, the compiled functions 0.9 %
 * (docs/performance-sessions.md, session 26).
 *
 * The compiled function decides nothing on its own. Whenever it is not sure (a payload failing any check, a schema
 * with a part it does not know) it answers FALLBACK, and the caller runs zod, whose result and error messages stand.
 * What it accepts it must accept exactly as zod does: the differential fuzz test (fastValidation.test.ts) checks every
 * protocol contract against zod. It also accepts only what storage takes: every string it passes on either went
 * through `plain()` or `text()` (relay/protocol/text.ts), is one of the schema's own literals, or holds neither NUL nor
 * a lone surrogate, so the caller needs no walk for them afterwards.
 *
 * Known: objects (unknown keys stripped, zod's default), strings (length in code points, `plain()`, the uuid, guid,
 * email and regex formats), numbers (finite; safe integers; bounds), booleans, literals, enums, optional, nullable,
 * arrays (length), unions with a discriminator of string literals, pipes, and `text()`'s transform (cleanText). A part
 * it does not know is left to zod: a payload that reaches it (one kind of a union's events, say) falls back.
 */

/** What a compiled function answers when zod must decide. */
export const FALLBACK: unique symbol = Symbol('zod decides');
export type FastParse = (value: unknown) => unknown;

/** Checks a compiled function may call, by their role in zod's definitions. */
const KNOWN_REFINEMENTS = new Set<unknown>([isPlain]);
const KNOWN_TRANSFORMS = new Set<unknown>([cleanText]);
/** String formats zod checks with their pattern alone. */
const PATTERN_FORMATS = new Set(['uuid', 'guid', 'email', 'regex']);

/** A part of a schema the compiler does not know; its message is the part's definition, for the tests. */
class Unsupported extends Error {
  constructor(def: Def) {
    const children = new Set(['shape', 'options', 'innerType', 'in', 'out', 'element']);
    super(
      JSON.stringify(def, (k, v: unknown) => (children.has(k) ? '…' : k === 'checks' ? (v as Def['checks'])?.map((c) => c._zod.def) : v)),
    );
  }
}

interface Def {
  type: string;
  check?: string;
  checks?: Array<{ _zod: { def: Def } }>;
  [key: string]: unknown;
}
interface Internals {
  def: Def;
  optin?: string;
  values?: Set<unknown>;
}
const internals = (schema: unknown): Internals => (schema as { _zod: Internals })._zod;

/** Builds one function's source: `emit` adds a line, `constant` passes a value in (as `C[i]`), `temp` names a variable. */
class Source {
  readonly lines: string[] = [];
  readonly constants: unknown[] = [];
  /** The parts left to zod, as their definitions (for the tests). */
  readonly unknown: string[] = [];
  private temps = 0;
  emit(line: string): void {
    this.lines.push(line);
  }
  constant(value: unknown): string {
    this.constants.push(value);
    return `C[${this.constants.length - 1}]`;
  }
  temp(): string {
    return `t${this.temps++}`;
  }
}

/** The checks a schema runs: those of its definition, and its own when it is a format (z.uuid(), z.int()). */
function checksOf(def: Def): Def[] {
  const checks = (def.checks ?? []).map((c) => c._zod.def);
  return def.check ? [def, ...checks] : checks;
}

function stringChecks(src: Source, def: Def, input: string): boolean {
  let plain = false;
  // zod counts a string's length in code points (its own util.codePointLength: a pair of surrogates is one). Fewer
  // units than the least are fewer code points too; more units than the most may still fit, and are left to zod.
  const codePoints = () => src.constant(util.codePointLength);
  for (const check of checksOf(def)) {
    if (check.check === 'min_length') {
      const least = Number(check.minimum);
      src.emit(`if (${input}.length < ${least} || (${input}.length < ${2 * least} && ${codePoints()}(${input}) < ${least})) return F;`);
    } else if (check.check === 'max_length') src.emit(`if (${input}.length > ${Number(check.maximum)}) return F;`);
    else if (check.check === 'length_equals') src.emit(`if (${codePoints()}(${input}) !== ${Number(check.length)}) return F;`);
    else if (check.check === 'string_format' && PATTERN_FORMATS.has(String(check.format)) && check.pattern instanceof RegExp) {
      if (check.pattern.global || check.pattern.sticky) throw new Unsupported(def);
      src.emit(`if (!${src.constant(check.pattern)}.test(${input})) return F;`);
    } else if (check.check === 'custom' && KNOWN_REFINEMENTS.has(check.fn) && !check.when) {
      src.emit(`if (!${src.constant(check.fn)}(${input})) return F;`);
      if (check.fn === isPlain) plain = true;
    } else throw new Unsupported(def);
  }
  return plain;
}

function numberChecks(src: Source, def: Def, input: string): void {
  for (const check of checksOf(def)) {
    const value = Number(check.value);
    if (check.check === 'number_format' && check.format === 'safeint') src.emit(`if (!Number.isSafeInteger(${input})) return F;`);
    else if (check.check === 'greater_than') src.emit(`if (!(${input} ${check.inclusive ? '>=' : '>'} ${value})) return F;`);
    else if (check.check === 'less_than') src.emit(`if (!(${input} ${check.inclusive ? '<=' : '<'} ${value})) return F;`);
    else throw new Unsupported(def);
  }
}

/**
 * Emits the code that checks `input` against `schema` and sets `output` to what zod would give (or returns F).
 * `kept`: the value goes to the output as it is (a string that is not transformed afterwards must be storable). Answers
 * false when the schema is left to zod (its code is `return F`).
 */
function emit(src: Source, schema: unknown, input: string, output: string, kept = true): boolean {
  const mark = src.lines.length;
  try {
    emitKnown(src, schema, input, output, kept);
    return true;
  } catch (error) {
    if (!(error instanceof Unsupported)) throw error;
    // A part this does not know: a payload that gets there is zod's to decide (e.g. one kind of a union's events).
    src.lines.length = mark;
    src.unknown.push(error.message);
    src.emit('return F;');
    return false;
  }
}

function emitKnown(src: Source, schema: unknown, input: string, output: string, kept: boolean): void {
  const { def } = internals(schema);
  if (def.coerce) throw new Unsupported(def);
  switch (def.type) {
    case 'string': {
      src.emit(`if (typeof ${input} !== 'string') return F;`);
      const plain = stringChecks(src, def, input);
      if (kept && !plain) src.emit(`if (${src.constant(hasUnstorableChars)}(${input})) return F;`);
      return src.emit(`${output} = ${input};`);
    }
    case 'number':
      src.emit(`if (typeof ${input} !== 'number' || !Number.isFinite(${input})) return F;`);
      numberChecks(src, def, input);
      return src.emit(`${output} = ${input};`);
    case 'boolean':
      if (checksOf(def).length) throw new Unsupported(def);
      return src.emit(`if (typeof ${input} !== 'boolean') return F; ${output} = ${input};`);
    case 'literal':
    case 'enum': {
      const values = internals(schema).values;
      if (!values || checksOf(def).length || [...values].some((v) => typeof v === 'string' && hasUnstorableChars(v)))
        throw new Unsupported(def);
      return src.emit(`if (!${src.constant(values)}.has(${input})) return F; ${output} = ${input};`);
    }
    case 'optional':
    case 'nullable': {
      if (checksOf(def).length) throw new Unsupported(def);
      const empty = def.type === 'optional' ? 'undefined' : 'null';
      src.emit(`if (${input} === ${empty}) ${output} = ${empty}; else {`);
      emit(src, def.innerType, input, output, kept);
      return src.emit('}');
    }
    case 'array':
      return emitArray(src, def, input, output);
    case 'object':
      if (checksOf(def).length) throw new Unsupported(def);
      return emitObject(src, def, input, output);
    case 'union':
      return emitDiscriminated(src, def, input, output);
    case 'pipe': {
      if (checksOf(def).length) throw new Unsupported(def);
      const middle = src.temp();
      src.emit(`let ${middle};`);
      emit(src, def.in, input, middle, internals(def.out).def.type !== 'transform');
      emit(src, def.out, middle, output, kept);
      return;
    }
    case 'transform':
      // Only text()'s: its output is storable, and it cannot fail.
      if (!KNOWN_TRANSFORMS.has(def.transform) || checksOf(def).length) throw new Unsupported(def);
      return src.emit(`${output} = ${src.constant(def.transform)}(${input});`);
    default:
      throw new Unsupported(def);
  }
}

function emitArray(src: Source, def: Def, input: string, output: string): void {
  src.emit(`if (!Array.isArray(${input})) return F;`);
  for (const check of checksOf(def)) {
    if (check.check === 'min_length') src.emit(`if (${input}.length < ${Number(check.minimum)}) return F;`);
    else if (check.check === 'max_length') src.emit(`if (${input}.length > ${Number(check.maximum)}) return F;`);
    else throw new Unsupported(def);
  }
  const [items, i, item, out] = [src.temp(), src.temp(), src.temp(), src.temp()];
  src.emit(`const ${items} = []; for (let ${i} = 0; ${i} < ${input}.length; ${i}++) { const ${item} = ${input}[${i}]; let ${out};`);
  emit(src, def.element, item, out);
  src.emit(`${items}.push(${out}); } ${output} = ${items};`);
}

/** zod's object: a plain object; each key of the shape in order, an absent optional one left out; others stripped. */
function emitObject(src: Source, def: Def, input: string, output: string): void {
  if (def.catchall) throw new Unsupported(def);
  src.emit(`if (typeof ${input} !== 'object' || ${input} === null || Array.isArray(${input})) return F;`);
  const object = src.temp();
  src.emit(`const ${object} = {};`);
  for (const [key, field] of Object.entries(def.shape as Record<string, unknown>)) {
    const [value, out] = [src.temp(), src.temp()];
    const name = JSON.stringify(key);
    src.emit(`const ${value} = ${input}[${name}]; let ${out};`);
    // An optional key present with the value undefined is kept by zod as undefined: rare enough to leave to zod.
    if (internals(field).optin === 'optional') src.emit(`if (${value} === undefined) { if (${name} in ${input}) return F; } else {`);
    emit(src, field, value, out);
    src.emit(`${object}[${name}] = ${out};`);
    if (internals(field).optin === 'optional') src.emit('}');
  }
  src.emit(`${output} = ${object};`);
}

/** A discriminated union of objects told apart by a string literal: the option its discriminator names. */
function emitDiscriminated(src: Source, def: Def, input: string, output: string): void {
  const key = def.discriminator;
  if (typeof key !== 'string' || checksOf(def).length) throw new Unsupported(def);
  src.emit(`switch (${input} !== null && typeof ${input} === 'object' ? ${input}[${JSON.stringify(key)}] : undefined) {`);
  const seen = new Set<string>();
  for (const option of def.options as unknown[]) {
    const tag = (internals(option).def.shape as Record<string, unknown> | undefined)?.[key];
    const values = tag && internals(tag).def.type === 'literal' ? [...(internals(tag).values ?? [])] : [];
    if (!values.length || values.some((v) => typeof v !== 'string' || seen.has(v))) throw new Unsupported(def);
    for (const value of values as string[]) {
      seen.add(value);
      src.emit(`case ${JSON.stringify(value)}:`);
    }
    src.emit('{');
    emit(src, option, input, output);
    src.emit('break; }');
  }
  src.emit('default: return F; }');
}

/**
 * Compiles `schema`: its function (null when the whole schema is left to zod), and the parts left to zod, as their
 * definitions (for the tests).
 */
export function compileFastParse(schema: z.ZodType): { parse: FastParse | null; unknown: string[] } {
  const src = new Source();
  src.emit('let out;');
  if (!emit(src, schema, 'v', 'out')) return { parse: null, unknown: src.unknown };
  src.emit('return out;');
  const body = `"use strict"; return function fastParse(v) {\n${src.lines.join('\n')}\n};`;
  // The relay's own schemas, compiled once: no payload ever reaches the source (keys and literals are JSON-quoted).
  const parse = new Function('C', 'F', body)(src.constants, FALLBACK) as FastParse;
  return { parse, unknown: src.unknown };
}

const compiled = new WeakMap<z.ZodType, FastParse | null>();

/** The compiled function of `schema` (made on first use, kept), or null when zod alone decides. */
export function fastParseOf(schema: z.ZodType): FastParse | null {
  let fast = compiled.get(schema);
  if (fast === undefined) compiled.set(schema, (fast = compileFastParse(schema).parse));
  return fast;
}
