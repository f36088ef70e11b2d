/**
 * Remote round-trip benchmark: browser → relay → CLI → relay → browser through real relays (every event stored with
 * its seq before it is acked or fanned out), next to the floors measured in the same run (raw `ws` and bare
 * Socket.IO relays that only forward). Three set-ups: one relay on PGlite, one on PostgreSQL (DATABASE_URL), and two
 * relays on PostgreSQL + Redis (the Streams adapter) with the browser on node A and the CLI on node B. Each at one
 * pair (sequential rounds: latency) and at 100 pairs at once (latency under load and round trips per second). After
 * the rounds every pair's session is replayed from seq 0 and checked: every event there, once, seqs 1..n.
 *
 *   npm run bench                               # everything (see scripts/bench.mjs)
 *   BENCH_ROUNDS=500 BENCH_WARMUP=100 BENCH_PAIR_ROUNDS=20 BENCH_PAIR_WARMUP=3 npm run bench   # shorter
 *   BENCH_SETUPS=pglite BENCH_SKIP_MEMORY=1 node --expose-gc --import ./scripts/compiled-ts.mjs tests/bench/roundtrip.ts   # one set-up, quick
 *
 * Results go to reports/bench/roundtrip.json; scripts/bench.mjs writes the table into docs/performance.md.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';

import type { SessionEvent } from '../../relay/protocol';
import { createTestPostgres, type TestPostgres } from '../../relay/server/testing/postgres';
import { typescriptImport } from '../../relay/server/testing/relayChild';
import { machineName } from '../../scripts/cpuTopology.mjs';
import { concurrentLoop, type LoadSample, rawWsFloor, socketIoFloor, socketIoTwoNodeFloor } from './floors';
import { memoryBench } from './memory';
import { closePair, makePair, type Nodes, type Pair, replayAll, roundTrip, settled, withRelays } from './pairs';
import { fmtProcess, type ProcessSetupResult, relayProcessBench } from './relayProcesses';
import { replayBench } from './replay';
import { type BenchReport, type Repetition, type SetupResult, writePerformanceDoc } from './report';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5000);
/**
 * Warm-up rounds before each measurement, the same for the floors and for Tern: a relay serves for days, so the figures
 * are a warm process's. Tern's code path is longer than a bare relay's and takes longer to be optimised by V8: with 100
 * warm-up rounds its one-pair p50 read 0.17-0.28 ms here, with 1,000 it reads 0.09-0.10 ms (bare Socket.IO 0.07-0.08 ms
 * and 0.05 ms), so a short warm-up measured the JIT more than the relay.
 */
const WARMUP = Number(process.env.BENCH_WARMUP ?? 1000);
const PAIRS = Number(process.env.BENCH_PAIRS ?? 100);
const PAIR_ROUNDS = Number(process.env.BENCH_PAIR_ROUNDS ?? 50);
/** Warm-up rounds per pair at 100 pairs (all pairs at once), floors and Tern alike. */
const PAIR_WARMUP = Number(process.env.BENCH_PAIR_WARMUP ?? 20);
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Which set-ups to run (comma-separated: pglite, pg, nodes); all by default. A partial run leaves docs/performance.md alone. */
const SETUPS = new Set((process.env.BENCH_SETUPS ?? 'pglite,pg,nodes').split(',').map((s) => s.trim()));

/** Checks a replayed session: exactly `expected` events, seqs 1..n in order, every event id once. */
function checkReplay(events: SessionEvent[], expected: number, what: string): void {
  const ids = new Set(events.map((e) => e.eventId));
  const inOrder = events.every((e, i) => e.seq === i + 1);
  if (events.length !== expected || ids.size !== expected || !inOrder) {
    throw new Error(`${what}: replay holds ${events.length} events (${ids.size} distinct ids, in order: ${inOrder}), expected ${expected}`);
  }
}

/**
 * Repetitions of each set-up's measured loops (BENCH_REPEATS, default 3). Each repetition measures bare Socket.IO just
 * before Tern (1 pair, then 100 pairs), so every ratio compares two loops run a few seconds apart: on a shared machine
 * whose speed moves by ±25 % from one minute to the next, a floor measured once at the start made the ratios move as much.
 * The table gives the median of the repetitions' ratios, and their range.
 */
const REPEATS = Math.max(1, Number(process.env.BENCH_REPEATS ?? 3));

async function measure(setup: string, nodes: Nodes): Promise<SetupResult> {
  const ports = [...new Set([nodes.cli.url, nodes.web.url].map((url) => Number(new URL(url).port)))];
  const single = await makePair(nodes, 0);
  await concurrentLoop(1, WARMUP, () => roundTrip(single));
  const pairs: Pair[] = [];
  for (let i = 1; i <= PAIRS; i++) pairs.push(await makePair(nodes, i));
  await concurrentLoop(PAIRS, PAIR_WARMUP, (p) => roundTrip(pairs[p]!));
  const reps: Repetition[] = [];
  // What the loops leave in flight (acks, stored copies) is in before the next floor is measured (`settled`).
  await settled([single], WARMUP);
  await settled(pairs, PAIR_WARMUP);
  for (let r = 1; r <= REPEATS; r++) {
    const floorOne = await socketIoFloor(ROUNDS, WARMUP);
    const one = await concurrentLoop(1, ROUNDS, () => roundTrip(single), ports);
    const oneAfter = await settled([single], WARMUP + r * ROUNDS);
    console.log(
      `  ${setup.padEnd(34)} 1 pair:    ${fmt(one)}  [${r}/${REPEATS}: ${ratios(one, floorOne)}; acks and stored copies in +${oneAfter.toFixed(0)} ms]`,
    );
    const floorMany = await socketIoFloor(PAIR_ROUNDS, PAIR_WARMUP, PAIRS);
    const many = await concurrentLoop(PAIRS, PAIR_ROUNDS, (p) => roundTrip(pairs[p]!), ports);
    const manyAfter = await settled(pairs, PAIR_WARMUP + r * PAIR_ROUNDS);
    console.log(
      `  ${setup.padEnd(34)} ${PAIRS} pairs: ${fmt(many)}  [${r}/${REPEATS}: ${ratios(many, floorMany)}; acks and stored copies in +${manyAfter.toFixed(0)} ms]`,
    );
    reps.push({ floorOne, one, floorMany, many });
  }
  checkReplay(await replayAll(single, 2 * (WARMUP + REPEATS * ROUNDS)), 2 * (WARMUP + REPEATS * ROUNDS), `${setup}, one pair`);
  let replayedEvents = 2 * (WARMUP + REPEATS * ROUNDS);
  const expected = 2 * (PAIR_WARMUP + REPEATS * PAIR_ROUNDS);
  for (const [i, pair] of pairs.entries()) {
    checkReplay(await replayAll(pair, expected), expected, `${setup}, pair ${i + 1}`);
    replayedEvents += expected;
  }
  const replay = await replayBench(nodes, single);
  console.log(
    `  ${setup.padEnd(34)} replay of ${replay.events} stored events to a joining browser: median ${replay.median.toFixed(0)} ms, worst ${replay.worst.toFixed(0)} ms`,
  );
  for (const pair of [single, ...pairs]) closePair(pair);
  // The figures shown with the ratios' medians: the repetition whose p50 ratio is the median one.
  const median = (key: 'one' | 'many', floor: 'floorOne' | 'floorMany') =>
    [...reps].sort((a, b) => a[key].p50 / a[floor].p50 - b[key].p50 / b[floor].p50)[Math.floor((reps.length - 1) / 2)]![key];
  return { setup, one: median('one', 'floorOne'), many: median('many', 'floorMany'), reps, replayedEvents, replay };
}

/** A loop's ratios to its repetition's floor, for the console. */
const ratios = (s: LoadSample, floor: LoadSample) =>
  `p50 ${(s.p50 / floor.p50).toFixed(2)}×  p99 ${(s.p99 / floor.p99).toFixed(2)}×  round trips/s ${(s.perSecond / floor.perSecond).toFixed(2)}×  CPU ${(s.cpuMicros / floor.cpuMicros).toFixed(2)}× bare`;

const fmt = (s: LoadSample) =>
  `p50 ${s.p50.toFixed(3)} ms  p99 ${s.p99.toFixed(3)} ms  ${s.perSecond.toFixed(0)} round trips/s  ${s.cpuMicros.toFixed(0)} µs CPU/round${s.mainMicros === null ? '' : ` (main thread ${s.mainMicros.toFixed(0)})`}  (n=${s.n})` +
  (s.writes ? `  writes/round: relay ${s.writes.relay.toFixed(1)}, others ${s.writes.other.toFixed(1)}` : '') +
  (s.packets ? `  packets/round: relay ${s.packets.relay.toFixed(1)}, clients ${s.packets.clients.toFixed(1)}` : '') +
  (s.serverMicros
    ? `  servers' CPU µs/round: PostgreSQL ${s.serverMicros.postgres.toFixed(0)}, Redis ${s.serverMicros.redis.toFixed(0)}`
    : '');

async function main() {
  const load = loadavg();
  console.log(
    `Remote round trip, loopback. 1 pair: ${ROUNDS} sequential rounds after ${WARMUP} warm-up; ${PAIRS} pairs: ${PAIR_ROUNDS} rounds each, all at once. Load ${load.map((l) => l.toFixed(2)).join(' ')}; ${machineName()}`,
  );
  const ws = await rawWsFloor(ROUNDS, WARMUP);
  console.log(`  floor, raw ws relay:               1 pair:    p50 ${ws.p50.toFixed(3)} ms  p99 ${ws.p99.toFixed(3)} ms`);
  const sio = await socketIoFloor(ROUNDS, WARMUP);
  console.log(`  floor, bare Socket.IO:             1 pair:    ${fmt(sio)}`);
  const sioMany = await socketIoFloor(PAIR_ROUNDS, PAIR_WARMUP, PAIRS);
  console.log(`  floor, bare Socket.IO:             ${PAIRS} pairs: ${fmt(sioMany)}`);
  const results: SetupResult[] = [];
  if (SETUPS.has('pglite')) results.push(await withRelays(1, undefined, {}, ([r]) => measure('Tern, PGlite', { cli: r!, web: r! })));
  let pg: TestPostgres | null = null;
  let processes: ProcessSetupResult[] | null = null;
  let twoNodeFloor: { one: LoadSample; many: LoadSample } | null = null;
  try {
    pg = SETUPS.has('pg') || SETUPS.has('nodes') ? await createTestPostgres() : null;
    if (pg) {
      if (SETUPS.has('pg')) results.push(await withRelays(1, pg.url, {}, ([r]) => measure('Tern, PostgreSQL', { cli: r!, web: r! })));
      const env = { REDIS_URL, JWT_SECRET: randomBytes(32).toString('hex') };
      if (SETUPS.has('nodes')) {
        // The like-for-like floor of the 2-node set-up: bare Socket.IO across the same adapter.
        const one = await socketIoTwoNodeFloor(ROUNDS, WARMUP, 1, REDIS_URL);
        console.log(`  floor, bare Socket.IO, 2 nodes:     1 pair:    ${fmt(one)}`);
        const many = await socketIoTwoNodeFloor(PAIR_ROUNDS, PAIR_WARMUP, PAIRS, REDIS_URL);
        console.log(`  floor, bare Socket.IO, 2 nodes:     ${PAIRS} pairs: ${fmt(many)}`);
        twoNodeFloor = { one, many };
      }
      if (SETUPS.has('nodes'))
        results.push(await withRelays(2, pg.url, env, ([a, b]) => measure('Tern, 2 nodes (PG + Redis)', { web: a!, cli: b! })));
    } else if (SETUPS.has('pg') || SETUPS.has('nodes')) console.log('  PostgreSQL not reachable: PostgreSQL and 2-node set-ups skipped');
    if (!process.env.BENCH_SKIP_PROCESSES) {
      console.log('  Relay in its own process (clients here):');
      processes = await relayProcessBench(pg?.url ?? null);
      for (const r of processes) {
        console.log(`  ${r.setup.padEnd(34)} 1 pair:    ${fmtProcess(r.one)}`);
        console.log(`  ${r.setup.padEnd(34)} ${PAIRS} pairs: ${fmtProcess(r.many)}`);
      }
    }
  } finally {
    await pg?.drop();
  }
  const memory = process.env.BENCH_SKIP_MEMORY ? null : await memoryBench();
  const overrides = Object.entries(process.env)
    .filter(([k]) => k.startsWith('BENCH_'))
    .map(([k, v]) => `${k}=${v} `)
    .join('');
  const report: BenchReport = {
    command: `${overrides}node --expose-gc --import ${typescriptImport()[1] === 'tsx' ? 'tsx' : './scripts/compiled-ts.mjs'} tests/bench/roundtrip.ts`,
    at: new Date().toISOString(),
    loadBefore: load,
    floors: { rawWs: ws, socketIo: sio, socketIoMany: sioMany, socketIoTwoNodes: twoNodeFloor },
    results,
    memory,
    processes,
    processRounds: Number(process.env.BENCH_PROCESS_ROUNDS ?? 3000),
    rounds: ROUNDS,
    pairs: PAIRS,
    pairRounds: PAIR_ROUNDS,
  };
  const out = path.resolve('reports/bench');
  mkdirSync(out, { recursive: true });
  writeFileSync(path.join(out, 'roundtrip.json'), JSON.stringify({ ...report, loadAfter: loadavg() }, null, 2) + '\n');
  if (process.env.BENCH_SETUPS) {
    console.log('Written: reports/bench/roundtrip.json (BENCH_SETUPS given: docs/performance.md left as it was)');
    return;
  }
  writePerformanceDoc(report);
  console.log('Written: reports/bench/roundtrip.json, docs/performance.md');
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
