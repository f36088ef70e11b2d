import type { z } from 'zod';

import { findUnstorable, PLAIN_MESSAGE } from '../../protocol';
import { FALLBACK, fastParseOf } from './fastValidation';

/** A validation problem as both transports report it: `{ path: 'a.b', message }`. */
export interface ValidationDetail {
  path: string;
  message: string;
}

export const issuesToDetails = (issues: readonly z.core.$ZodIssue[]): ValidationDetail[] =>
  issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));

/** Details naming each field that still holds NUL or a lone surrogate after its schema (none when schemas are right). */
export function unstorableDetails(data: unknown): ValidationDetail[] {
  return findUnstorable(data).map((path) => ({ path, message: PLAIN_MESSAGE }));
}

export type Validated<T> = { ok: true; data: T } | { ok: false; message: string; details: ValidationDetail[] };

/**
 * Validates an inbound HTTP body or socket payload with its protocol schema, then refuses anything storage could not
 * hold (relay/protocol/text.ts). One rule for both transports; each turns a failure into its own error shape.
 */
export function validateInbound<S extends z.ZodType>(schema: S, value: unknown, fallback = 'Invalid payload'): Validated<z.output<S>> {
  // The schema compiled (fastValidation.ts): what it takes is what zod takes, and storable; otherwise zod decides.
  const fast = fastParseOf(schema)?.(value) ?? FALLBACK;
  if (fast !== FALLBACK) return { ok: true, data: fast as z.output<S> };
  const parsed = schema.safeParse(value);
  const details = parsed.success ? unstorableDetails(parsed.data) : issuesToDetails(parsed.error.issues);
  if (parsed.success && details.length === 0) return { ok: true, data: parsed.data };
  const first = details[0];
  return { ok: false, message: first ? (first.path ? `${first.path}: ${first.message}` : first.message) : fallback, details };
}
