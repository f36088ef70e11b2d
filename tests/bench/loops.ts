/**
 * One pair's rounds as a loop the counting benchmarks drive (instructions.ts under callgrind, promises.ts with promise
 * hooks): warm-up rounds, then counted ones, each followed by `settle` so what the rounds left in flight is counted
 * with them.
 */
import { createTestRelay } from '../../relay/server/testing/testRelay';
import { bareRelay, floorPairs } from './floors';
import { makePair, roundTrip, settled, STATEMENT_WORKER } from './pairs';

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
  const pair = await makePair({ cli: relay, web: relay }, 0);
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
    close: () => relay.close(),
  };
}
