import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestPostgres } from '../testing/postgres';
import { openStorage, type Storage, transaction } from './database';
import { createAuthRepos, isUniqueViolation } from './repos';

/** SQLSTATE 23514: a check constraint refused the row (also when wrapped by drizzle). */
const storageCheckViolation = (error: unknown): boolean => {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause)
    if ((e as { code?: unknown }).code === '23514') return true;
  return false;
};

/** The same repo contract against both targets: PGlite (embedded default) and a real PostgreSQL. */
function repoContract(open: () => Promise<Storage>, cleanup: () => Promise<void>) {
  let storage: Storage;
  const t0 = new Date('2030-01-01T00:00:00Z');
  const at = (ms: number) => new Date(t0.getTime() + ms);

  beforeAll(async () => {
    storage = await open();
  }, 120_000);
  afterAll(async () => {
    await storage?.close();
    await cleanup();
  }, 120_000);

  it('refuses enum-like values the protocol does not know (check constraints from the zod enums)', async () => {
    const repos = createAuthRepos(storage.db);
    const refused = await repos.users.create({ username: 'X', email: 'x-enum@example.com', provider: 'github', now: t0 }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(storageCheckViolation(refused)).toBe(true);
    const user = await repos.users.create({ username: 'Y', email: 'y-enum@example.com', provider: 'cheetah', now: t0 });
    expect(user.provider).toBe('cheetah');
  });

  it('creates users, enforces unique e-mail, records the first invitation code only', async () => {
    const repos = createAuthRepos(storage.db);
    const user = await repos.users.create({ username: 'Ada', email: 'ada@example.com', provider: 'tern', passwordHash: 'x', now: t0 });
    expect(user.id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await repos.users.findByEmail('ada@example.com'))?.id).toBe(user.id);
    expect((await repos.users.findById(user.id))?.username).toBe('Ada');

    const dup = await repos.users.create({ username: 'Other', email: 'ada@example.com', provider: 'tern', now: t0 }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(isUniqueViolation(dup)).toBe(true);

    // NULL e-mails never collide (Feishu accounts without a shared address).
    await repos.users.create({ username: 'F1', email: null, provider: 'feishu', now: t0 });
    await repos.users.create({ username: 'F2', email: null, provider: 'feishu', now: t0 });

    expect(await repos.users.setInvitationCodeIfUnset(user.id, 'ABC123', at(1))).toBe(true);
    expect(await repos.users.setInvitationCodeIfUnset(user.id, 'ZZZ999', at(2))).toBe(false);
    expect((await repos.users.findById(user.id))?.invitationCodeUsed).toBe('ABC123');
  });

  it('links identities uniquely per provider and subject', async () => {
    const repos = createAuthRepos(storage.db);
    const user = await repos.users.create({ username: 'Lin', email: null, provider: 'feishu', now: t0 });
    await repos.identities.link({ provider: 'feishu', subject: 'ou_1', userId: user.id, profile: { name: 'Lin' }, now: t0 });
    expect(await repos.identities.findUserId('feishu', 'ou_1')).toBe(user.id);
    expect(await repos.identities.findUserId('feishu', 'ou_2')).toBeNull();
    const dup = await repos.identities.link({ provider: 'feishu', subject: 'ou_1', userId: user.id, profile: {}, now: t0 }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(isUniqueViolation(dup)).toBe(true);
  });

  it('consumes one-time tokens once, for the right user, before expiry', async () => {
    const repos = createAuthRepos(storage.db);
    const user = await repos.users.create({ username: 'T', email: 't@example.com', provider: 'tern', now: t0 });
    const other = await repos.users.create({ username: 'U', email: 'u@example.com', provider: 'tern', now: t0 });
    await repos.loginTokens.create({ tokenHash: 'h1', userId: user.id, expiresAt: at(300_000), now: t0 });
    await repos.loginTokens.create({ tokenHash: 'h2', userId: user.id, expiresAt: at(300_000), now: t0 });

    expect(await repos.loginTokens.consume({ tokenHash: 'h1', userId: other.id, now: at(1) })).toBe(false);
    expect(await repos.loginTokens.consume({ tokenHash: 'h1', userId: user.id, now: at(1) })).toBe(true);
    expect(await repos.loginTokens.consume({ tokenHash: 'h1', userId: user.id, now: at(2) })).toBe(false);
    expect(await repos.loginTokens.consume({ tokenHash: 'h2', userId: user.id, now: at(300_001) })).toBe(false);

    // Racing consumers: exactly one wins.
    await repos.loginTokens.create({ tokenHash: 'h3', userId: user.id, expiresAt: at(300_000), now: t0 });
    const results = await Promise.all(
      Array.from({ length: 5 }, () => repos.loginTokens.consume({ tokenHash: 'h3', userId: user.id, now: at(5) })),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('records access tokens and revokes them', async () => {
    const repos = createAuthRepos(storage.db);
    const user = await repos.users.create({ username: 'S', email: 's@example.com', provider: 'tern', now: t0 });
    const jti = '00000000-0000-4000-8000-000000000001';
    await repos.accessTokens.create({
      jti,
      userId: user.id,
      method: 'tern',
      issuedAt: t0,
      expiresAt: at(1000),
      clientInfo: { platform: 'web' },
    });
    expect((await repos.accessTokens.find(jti))?.revokedAt).toBeNull();
    expect(await repos.accessTokens.countForUser(user.id)).toBe(1);
    expect(await repos.accessTokens.revoke(jti, at(1))).toBe(true);
    expect(await repos.accessTokens.revoke(jti, at(2))).toBe(false);
    expect((await repos.accessTokens.find(jti))?.revokedAt?.getTime()).toBe(at(1).getTime());
  });

  it('consumes temp codes once', async () => {
    const repos = createAuthRepos(storage.db);
    const user = await repos.users.create({ username: 'C', email: 'c@example.com', provider: 'cheetah', now: t0 });
    await repos.tempCodes.create({ codeHash: 'c1', userId: user.id, method: 'cheetah', expiresAt: at(300_000), now: t0 });
    expect(await repos.tempCodes.consume('c1', at(1))).toEqual({ userId: user.id, method: 'cheetah' });
    expect(await repos.tempCodes.consume('c1', at(2))).toBeNull();
    expect(await repos.tempCodes.consume('nope', at(2))).toBeNull();
  });

  it('counts login attempts per IP and reads the decisive history of an account', async () => {
    const repos = createAuthRepos(storage.db);
    for (let i = 0; i < 3; i++) {
      await repos.loginAttempts.record({ scope: 'cheetah', email: 'a@x.io', ip: '10.0.0.1', outcome: 'failure', now: at(i * 1000) });
    }
    await repos.loginAttempts.record({ scope: 'cheetah', email: 'a@x.io', ip: '10.0.0.1', outcome: 'locked', now: at(4000) });
    await repos.loginAttempts.record({ scope: 'tern', email: 'a@x.io', ip: '10.0.0.1', outcome: 'failure', now: at(4000) });
    expect(await repos.loginAttempts.countByIpSince('cheetah', '10.0.0.1', at(0))).toBe(4);
    expect(await repos.loginAttempts.countByIpSince('cheetah', '10.0.0.1', at(1500))).toBe(2);
    expect(await repos.loginAttempts.countByEmailSince('cheetah', 'a@x.io', at(0))).toBe(4);
    const last = await repos.loginAttempts.lastDecisive('cheetah', 'a@x.io', 5);
    expect(last.map((r) => r.outcome)).toEqual(['failure', 'failure', 'failure']);
    expect(last[0]!.createdAt.getTime()).toBe(at(2000).getTime());
  });

  it('rolls a transaction back on error', async () => {
    await expect(
      transaction(storage.db, async (tx) => {
        await createAuthRepos(tx).users.create({ username: 'R', email: 'rollback@example.com', provider: 'tern', now: t0 });
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await createAuthRepos(storage.db).users.findByEmail('rollback@example.com')).toBeNull();
  });
}

describe('storage on PGlite', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tern-storage-'));
  repoContract(
    () => openStorage({ dataDir: dir }),
    async () => rmSync(dir, { recursive: true, force: true }),
  );
});

const postgres = await createTestPostgres();
describe.skipIf(!postgres)('storage on PostgreSQL', () => {
  repoContract(
    () => openStorage({ databaseUrl: postgres!.url, dataDir: '/nonexistent' }),
    () => postgres!.drop(),
  );

  it('migrates concurrently started nodes once', async () => {
    const [a, b] = await Promise.all([
      openStorage({ databaseUrl: postgres!.url, dataDir: '/nonexistent' }),
      openStorage({ databaseUrl: postgres!.url, dataDir: '/nonexistent' }),
    ]);
    await Promise.all([a.close(), b.close()]);
  });
});
