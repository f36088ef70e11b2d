import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openStorage, type Storage } from '../../storage/database';
import { createAuthRepos } from '../../storage/repos';
import { AppError } from '../appError';
import { type AuthDeps, defaultAuthLimits } from './deps';
import { signAccessToken } from './jwt';
import { issueSession, logout, verifyAccessToken } from './session';

const dir = mkdtempSync(path.join(tmpdir(), 'tern-session-'));
let storage: Storage;
let deps: AuthDeps;
let offsetMs = 0;

beforeAll(async () => {
  storage = await openStorage({ dataDir: dir });
  deps = {
    db: storage.db,
    now: () => new Date(Date.now() + offsetMs),
    jwt: {
      secret: new TextEncoder().encode('session-test-secret-long-enough-0123456789'),
      audience: 'tern-web',
      issuer: 'tern-relay',
      ttlSeconds: 3600,
    },
    limits: defaultAuthLimits,
    network: { whitelist: [], china: [], feishuConfigured: false, feishuAllowed: 'network' },
    feishu: null,
    passwordHashing: { N: 1024, r: 8, p: 1 },
  };
});
afterAll(async () => {
  await storage?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function newUser(email: string) {
  return createAuthRepos(storage.db).users.create({ username: 'U', email, provider: 'tern', now: new Date() });
}

const rejects = async (token: string) => {
  const error = await verifyAccessToken(deps, token).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect(error).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
};

describe('verifyAccessToken', () => {
  it('accepts an issued token and reports its session', async () => {
    const user = await newUser('v1@example.com');
    const result = await issueSession(deps, { user, method: 'cheetah', context: { ip: '10.0.0.1' } });
    const access = await verifyAccessToken(deps, result.accessToken);
    expect(access).toMatchObject({ userId: user.id, method: 'cheetah', user: { id: user.id, email: 'v1@example.com' } });
    const row = await createAuthRepos(storage.db).accessTokens.find(access.jti);
    expect(row).toMatchObject({ userId: user.id, method: 'cheetah', ip: '10.0.0.1', revokedAt: null });
  });

  it('rejects a revoked token', async () => {
    const user = await newUser('v2@example.com');
    const { accessToken } = await issueSession(deps, { user, method: 'tern', context: { ip: '::1' } });
    await logout(deps, await verifyAccessToken(deps, accessToken));
    await rejects(accessToken);
  });

  it('rejects a well-signed token whose jti was never issued, or belongs to someone else', async () => {
    const user = await newUser('v3@example.com');
    const other = await newUser('v4@example.com');
    const now = new Date();
    const unknown = await signAccessToken(deps.jwt, {
      userId: user.id,
      jti: randomUUID(),
      issuedAt: now,
      expiresAt: new Date(now.getTime() + 60_000),
    });
    await rejects(unknown);

    const { accessToken } = await issueSession(deps, { user: other, method: 'tern', context: { ip: '::1' } });
    const { jti } = await verifyAccessToken(deps, accessToken);
    const stolenJti = await signAccessToken(deps.jwt, { userId: user.id, jti, issuedAt: now, expiresAt: new Date(now.getTime() + 60_000) });
    await rejects(stolenJti);
  });

  it('rejects an expired token', async () => {
    const user = await newUser('v5@example.com');
    const { accessToken } = await issueSession(deps, { user, method: 'tern', context: { ip: '::1' } });
    offsetMs = 3600_000;
    try {
      await rejects(accessToken);
    } finally {
      offsetMs = 0;
    }
  });
});
