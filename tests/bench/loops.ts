/**
 * One pair's rounds as a loop the counting benchmarks drive (instructions.ts under callgrind, promises.ts with promise
 * hooks): warm-up rounds, then counted ones, each followed by `settle` so what the rounds left in flight is counted
 * with them.
 */
import { randomBytes } from 'node:crypto';

import { createTestRelay, type TestRelay } from '../../relay/server/testing/testRelay';
import { bareRelay, floorPairs } from './floors';
import { makePair, roundTrip, settled, startRelays, STATEMENT_WORKER } from './pairs';

export interface Loop {
  run(rounds: number): Promise<void>;
  /** Resolves once what the rounds left in flight (acks, stored copies) has arrived. */
  settle(): Promise<void>;
  close(): Promise<void>;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The bare Socket.IO relay (floors.ts) with one browser/CLI socket pair. */
export async function floorLoop(): Promise<Loop> {
  const relay = await bareRelay();
  const { sockets, ping } = await floorPairs({ cli: relay.port, web: relay.port }, 1);
  return {
    async run(rounds) {
      for (let i = 0; i < rounds; i++) await ping(0);
    },
    settle: () => sleep(200),
    async close() {
      for (const s of sockets) s.close();
      await relay.close();
    },
  };
}

/** Tern's relay (on PostgreSQL at `databaseUrl`, else PGlite in a new folder) with one browser/CLI pair (pairs.ts). */
export async function ternLoop(databaseUrl?: string): Promise<Loop> {
  const relay = await createTestRelay(databaseUrl ? { databaseUrl, statementWorker: STATEMENT_WORKER } : {});
  return pairLoop([relay], { cli: relay, web: relay });
}

/**
 * Tern on two nodes (PostgreSQL at `databaseUrl`, the Redis adapter at `redisUrl`): the browser on node A, its CLI on
 * node B, as the 2-node set-up of roundtrip.ts.
 */
export async function ternNodesLoop(databaseUrl: string, redisUrl: string): Promise<Loop> {
  const env = { REDIS_URL: redisUrl, JWT_SECRET: randomBytes(32).toString('hex') };
  const relays = await startRelays(2, () => createTestRelay({ databaseUrl, statementWorker: STATEMENT_WORKER, env }));
  const [a, b] = relays as [TestRelay, TestRelay];
  return pairLoop(relays, { web: a, cli: b });
}

/** One Tern pair's rounds on `relays` (closed with the loop), the browser on `nodes.web` and its CLI on `nodes.cli`. */
async function pairLoop(relays: readonly TestRelay[], nodes: { web: TestRelay; cli: TestRelay }): Promise<Loop> {
  const pair = await makePair(nodes, 0);
  let rounds = 0;
  return {
    async run(count) {
      for (let i = 0; i < count; i++) await roundTrip(pair);
      rounds += count;
    },
    async settle() {
      await settled([pair], rounds);
      await sleep(200);
    },
    async close() {
      for (const relay of relays) await relay.close();
    },
  };
}
