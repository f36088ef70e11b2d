import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { resolveJwtSecret } from './jwtSecret';

const dir = mkdtempSync(path.join(tmpdir(), 'tern-jwt-secret-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('resolveJwtSecret', () => {
  it('uses JWT_SECRET when set and writes nothing', () => {
    const secret = resolveJwtSecret('x'.repeat(40), path.join(dir, 'configured'));
    expect(new TextDecoder().decode(secret)).toBe('x'.repeat(40));
  });

  it('generates one secret into DATA_DIR/jwt-secret with 0600 rights, and keeps it', () => {
    const first = resolveJwtSecret(undefined, dir);
    const file = path.join(dir, 'jwt-secret');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim().length).toBeGreaterThanOrEqual(64);
    expect(resolveJwtSecret(undefined, dir)).toEqual(first);
  });
});
