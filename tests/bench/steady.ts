/**
 * 100 pairs' round trips in a loop (or STEADY_PAIRS), for a profiler outside the process to look at
 * (docs/performance-sessions.md, "Session 30" and "Session 35": Linux perf and scripts/perf-summary.mjs). It prints its pid once
 * warm, then, for each loop of STEADY_ROUNDS rounds per pair, the round trips per second and the CPU per round (the
 * process's, and its main thread's), until STEADY_SECONDS are up.
 *
 *   STEADY_SETUP=pg node --perf-basic-prof --expose-gc --import ./scripts/compiled-ts.mjs tests/bench/steady.ts
 *   STEADY_SETUP=pglite …   # Tern on PGlite
 *   STEADY_SETUP=bare …     # the bare Socket.IO floor (floors.ts)
 *   STEADY_PAIRS=1 …        # one pair, 2,000 sequential rounds per line
 *
 * PostgreSQL: a fresh database on TEST_DATABASE_URL's server (relay/server/testing/postgres.ts), dropped at the end.
 */
import { createTestPostgres } from '../../relay/server/testing/postgres';
import { bareRelay, concurrentLoop, floorPairs } from './floors';
import { benchRelay, makePair, type Pair, roundTrip } from './pairs';

const SETUP = process.env.STEADY_SETUP ?? 'pg';
const SECONDS = Number(process.env.STEADY_SECONDS ?? 30);
/** Pairs at once (STEADY_PAIRS, default 100; 1 for one pair's sequential rounds, as the one-pair rows measure). */
const PAIRS = Number(process.env.STEADY_PAIRS ?? 100);
/** Rounds per pair in each printed line (STEADY_ROUNDS; default 50, or 2,000 at one pair). */
const ROUNDS = Number(process.env.STEADY_ROUNDS ?? (PAIRS === 1 ? 2000 : 50));

/** The set-up's one round of pair `p`, the relay's port, and how to end it. */
async function open(): Promise<{ round: (p: number) => Promise<void>; port: number; close: () => Promise<void> }> {
  if (SETUP === 'bare') {
    const relay = await bareRelay();
    const { sockets, ping } = await floorPairs({ cli: relay.port, web: relay.port }, PAIRS);
    return {
      round: ping,
      port: relay.port,
      async close() {
        for (const s of sockets) s.close();
        await relay.close();
      },
    };
  }
  if (SETUP !== 'pg' && SETUP !== 'pglite') throw new Error(`STEADY_SETUP: pg, pglite or bare, not ${SETUP}`);
  const pg = SETUP === 'pg' ? await createTestPostgres() : null;
  if (SETUP === 'pg' && !pg) throw new Error('no PostgreSQL server answers (TEST_DATABASE_URL)');
  const relay = await benchRelay(pg?.url);
  const pairs: Pair[] = [];
  for (let i = 1; i <= PAIRS; i++) pairs.push(await makePair({ cli: relay, web: relay }, i));
  return {
    round: (p) => roundTrip(pairs[p]!),
    port: Number(new URL(relay.url).port),
    async close() {
      await relay.close();
      await pg?.drop();
    },
  };
}

const setup = await open();
await concurrentLoop(PAIRS, ROUNDS, setup.round);
console.log(`${SETUP}: pid ${process.pid}, warm; ${PAIRS} pairs × ${ROUNDS} rounds per line, for ${SECONDS} s`);
const end = Date.now() + SECONDS * 1000;
while (Date.now() < end) {
  const s = await concurrentLoop(PAIRS, ROUNDS, setup.round, [setup.port]);
  const main = s.mainMicros === null ? '' : `, main thread ${s.mainMicros.toFixed(0)}`;
  console.log(`${s.perSecond.toFixed(0)} round trips/s, p50 ${s.p50.toFixed(2)} ms, CPU ${s.cpuMicros.toFixed(0)} µs per round${main}`);
}
await setup.close();
process.exit(0);
