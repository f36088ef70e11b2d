import { expect } from 'vitest';

import { type ErrorBody, errorBodySchema } from '../../protocol';

/** Checks an API error answer: the status, the error envelope with this code and a message. Returns the parsed body. */
export function expectError(res: { status: number; body: unknown }, status: number, code: string): ErrorBody {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  const body = errorBodySchema.parse(res.body);
  expect(body.code).toBe(code);
  expect(body.message.length).toBeGreaterThan(0);
  return body;
}
