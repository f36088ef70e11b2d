/**
 * PostgreSQL "data exception" errors (SQLSTATE class 22) and a too-deep value (54001) are caused by what a request
 * carried, not by the server: a value storage cannot represent (NUL, a lone surrogate escape in jsonb, a malformed
 * uuid or number). The protocol schemas keep such values out (relay/protocol/text.ts); this is the last line, so a gap
 * there still answers 400 / BAD_REQUEST instead of 500 / INTERNAL. Works for node-postgres and PGlite errors, also
 * wrapped by drizzle (`cause`).
 */
const INPUT_SQLSTATES = new Set(['54001']);

export function storageDataErrorCode(error: unknown): string | null {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && (code.startsWith('22') || INPUT_SQLSTATES.has(code))) return code;
  }
  return null;
}
