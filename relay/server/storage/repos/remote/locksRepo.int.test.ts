import { randomUUID } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestPostgres, type TestPostgres } from '../../../testing/postgres';
import { cliTokenFor, signIn } from '../../../testing/remoteClients';
import { createTestRelay, RELAY_START_TIMEOUT_MS, type TestRelay } from '../../../testing/testRelay';
import { createRemoteRepo } from '../remoteRepo';
import { leaseKey } from './locksRepo';

/** Lease checks of many windows in one statement (holdLocks), on PGlite and on PostgreSQL. */
let pg: TestPostgres | null = null;
const backends: Array<{ name: string; relay?: TestRelay; userId?: string; cliTokenId?: string }> = [
  { name: 'PGlite' },
  { name: 'PostgreSQL' },
];
const LEASE_MS = 60_000;

beforeAll(async () => {
  pg = await createTestPostgres();
  for (const backend of backends) {
    if (backend.name === 'PostgreSQL' && !pg) continue; // no server here (CI always has one)
    backend.relay = await createTestRelay(backend.name === 'PostgreSQL' && pg ? { databaseUrl: pg.url } : {});
    const user = await signIn(backend.relay, 'locks@example.com');
    backend.userId = user.userId;
    backend.cliTokenId = (await cliTokenFor(backend.relay, user.userId)).id;
  }
}, 2 * RELAY_START_TIMEOUT_MS);
afterAll(async () => {
  for (const backend of backends) await backend.relay?.close();
  await pg?.drop();
});

describe.each(backends)('locksRepo.holdLocks on $name', (backend) => {
  it('renews, in one statement, the locks whose windows hold them with a live lease, and answers which', async (ctx) => {
    const relay = backend.relay ?? ctx.skip();
    const repo = createRemoteRepo(relay.storage.db);
    const t0 = new Date(Date.now() - 10_000);
    const instance = async () => {
      const id = randomUUID();
      await repo.claimInstance({ id, userId: backend.userId!, cliTokenId: backend.cliTokenId!, socketId: 'cli', now: t0 });
      return id;
    };
    const [held, otherWindow, lapsed, unlocked] = [await instance(), await instance(), await instance(), await instance()];
    const lock = (instanceId: string, windowId: string, leaseMs: number) =>
      repo.acquireLock({ instanceId, userId: backend.userId!, windowId, socketId: 'old', device: {}, takeOver: false, now: t0, leaseMs });
    await lock(held, 'w1', LEASE_MS);
    await lock(otherWindow, 'w2', LEASE_MS);
    await lock(lapsed, 'w3', 1_000); // expired 9 s ago
    const now = new Date();
    const answer = await repo.holdLocks(
      [
        { instanceId: held.toUpperCase(), windowId: 'w1', socketId: 'new' },
        { instanceId: otherWindow, windowId: 'not-w2', socketId: 's' },
        { instanceId: lapsed, windowId: 'w3', socketId: 's' },
        { instanceId: unlocked, windowId: 'w4', socketId: 's' },
      ],
      now,
      LEASE_MS,
    );
    expect([...answer]).toEqual([leaseKey(held, 'w1')]);
    const renewed = await repo.findLock(held);
    expect(renewed).toMatchObject({ socketId: 'new', windowId: 'w1', since: t0 });
    expect(renewed!.leaseExpiresAt.getTime()).toBe(now.getTime() + LEASE_MS);
    expect(renewed!.lastActiveAt.getTime()).toBe(now.getTime());
    // The others are as they were.
    expect(await repo.findLock(otherWindow)).toMatchObject({ windowId: 'w2', socketId: 'old' });
    expect((await repo.findLock(lapsed))!.leaseExpiresAt.getTime()).toBe(t0.getTime() + 1_000);
    expect(await repo.findLock(unlocked)).toBeNull();
    expect(await repo.holdLocks([], now, LEASE_MS)).toEqual(new Set());
  });
});
