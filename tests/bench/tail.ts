/**
 * Where the one-pair p99 comes from (issue #15): the same browser → relay → CLI → relay → browser round as
 * tests/bench/roundtrip.ts's one-pair rows, timed round by round, each round marked by what happened during it: a
 * garbage collection (node:perf_hooks `gc` entries), and a group commit's hand-out reaching the CLI (its acks came in
 * during the round; the stored copies of the same commit reach the browser in the same turns). The slowest 1 % of the
 * rounds, the p99, are split by those marks; the rounds with neither show what a round costs without them.
 *
 *   npm run bench:tail                            # Tern on PGlite and on PostgreSQL (when it answers), ~1 min
 *   TAIL_SETUPS=pglite TAIL_ROUNDS=50000 …        # one set-up, more rounds
 *   TAIL_SETUPS=nodes npm run bench:tail          # 2 nodes, 100 pairs (below), ~1 min
 *
 * `nodes`: the 100-pair p99 on 2 nodes (PostgreSQL + Redis; browsers on one node, CLIs on the other), as roundtrip.ts
 * measures it (100 pairs, 50 rounds each, all at once), TAIL_LOOPS times after the 2-node bare Socket.IO floor of the
 * same shape. Each round is split into its out leg (the browser sends the input → the CLI has it: through the
 * browser's node, the adapter, the CLI's node) and its back leg (→ the browser has the answer), and marked by the
 * garbage collections during it, minor (scavenges) and major (mark-compacts). It also tells whether the pairs move in
 * lockstep (the k-th rounds of all pairs ending together): then a pause anywhere delays a whole wave of rounds.
 * `TAIL_IDLE_MS` idles the pairs that long before each loop (the bench's pairs sit idle for ~10 s between loops).
 *
 * Timed, so it moves with the machine's load like every timed figure here: compare runs alternated with each other.
 * What moves less: how many rounds a hand-out or a collection touches, and the collections' pauses.
 */
import { randomBytes } from 'node:crypto';
import { constants, type PerformanceEntry, PerformanceObserver } from 'node:perf_hooks';

import { CLI_COMMANDS, type LiveSessionPush, WEB_PUSH } from '../../relay/protocol';
import { createTestPostgres } from '../../relay/server/testing/postgres';
import { reachable } from '../../relay/server/testing/redis';
import { socketIoTwoNodeFloor } from './floors';
import { benchRelay, makePair, type Nodes, type Pair, roundTrip, settled, withRelays } from './pairs';

const ROUNDS = Number(process.env.TAIL_ROUNDS ?? 20_000);
const WARMUP = 3_000;
const SETUPS = (process.env.TAIL_SETUPS ?? 'pglite,pg').split(',').map((s) => s.trim());
const PAIRS = Number(process.env.TAIL_PAIRS ?? 100);
const PAIR_ROUNDS = Number(process.env.TAIL_PAIR_ROUNDS ?? 50);
const PAIR_WARMUP = 30;
const LOOPS = Number(process.env.TAIL_LOOPS ?? 5);
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

interface Round {
  start: number;
  end: number;
  /** The CLI was acked during the round: a commit's hand-out ran in it. */
  handOut: boolean;
}

const median = (sorted: number[]) => sorted[sorted.length >> 1] ?? NaN;
const p99 = (sorted: number[]) => sorted[Math.floor(sorted.length * 0.99)] ?? NaN;
const ms = (n: number) => `${n.toFixed(3)} ms`;

/** A garbage collection: when it paused the thread (performance.now()), and whether it was a major one. */
interface Collection {
  start: number;
  end: number;
  major: boolean;
}

/** Records the garbage collections from now until `stop`, which answers them. */
function watchCollections(): { stop: () => Promise<Collection[]> } {
  const gcs: Collection[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as PerformanceEntry[]) {
      const kind = (entry as unknown as { detail?: { kind?: number } }).detail?.kind ?? 0;
      gcs.push({ start: entry.startTime, end: entry.startTime + entry.duration, major: kind === constants.NODE_PERFORMANCE_GC_MAJOR });
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  return {
    async stop() {
      // The entries of the last collections are delivered a little later.
      await new Promise((resolve) => setTimeout(resolve, 50));
      observer.disconnect();
      return gcs;
    },
  };
}

async function measure(setup: string): Promise<void> {
  if (setup === 'nodes') return measureNodes();
  const pg = setup === 'pg' ? await createTestPostgres() : null;
  if (setup === 'pg' && !pg) return console.log('pg: no PostgreSQL server answers (TEST_DATABASE_URL), skipped');
  if (setup !== 'pg' && setup !== 'pglite') throw new Error(`TAIL_SETUPS: pglite or pg, not ${setup}`);
  const relay = await benchRelay(pg?.url);
  try {
    const pair = await makePair({ cli: relay, web: relay }, 1);
    for (let i = 0; i < WARMUP; i++) await roundTrip(pair);
    const collections = watchCollections();
    const rounds: Round[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const acked = pair.cliAcked;
      const start = performance.now();
      await roundTrip(pair);
      rounds.push({ start, end: performance.now(), handOut: pair.cliAcked !== acked });
    }
    const gcs = await collections.stop();

    const took = (r: Round) => r.end - r.start;
    const collected = (r: Round) => gcs.some((g) => g.end > r.start && g.start < r.end);
    const all = rounds.map(took).sort((a, b) => a - b);
    const tail = p99(all);
    const slowest = rounds.filter((r) => took(r) >= tail);
    const split = { handOut: 0, gc: 0, both: 0, neither: 0 };
    for (const r of slowest) {
      const g = collected(r);
      if (r.handOut && g) split.both++;
      else if (r.handOut) split.handOut++;
      else if (g) split.gc++;
      else split.neither++;
    }
    const handOuts = rounds
      .filter((r) => r.handOut && !collected(r))
      .map(took)
      .sort((a, b) => a - b);
    const plain = rounds
      .filter((r) => !r.handOut && !collected(r))
      .map(took)
      .sort((a, b) => a - b);
    const pauses = gcs.map((g) => g.end - g.start).sort((a, b) => a - b);
    const touched = rounds.filter(collected).length;
    const handedOut = rounds.filter((r) => r.handOut).length;
    console.log(`Tern, ${setup === 'pg' ? 'PostgreSQL' : 'PGlite'}, 1 pair, ${ROUNDS} rounds: p50 ${ms(median(all))}, p99 ${ms(tail)}`);
    console.log(
      `  commits' hand-outs: ${handedOut} rounds (${((100 * handedOut) / ROUNDS).toFixed(2)} %), median ${ms(median(handOuts))} without a collection`,
    );
    console.log(
      `  garbage collections: ${gcs.length} (median pause ${ms(median(pauses))}, longest ${ms(pauses.at(-1) ?? NaN)}), in ${touched} rounds (${((100 * touched) / ROUNDS).toFixed(2)} %)`,
    );
    console.log(`  rounds with neither: p50 ${ms(median(plain))}, p99 ${ms(p99(plain))}`);
    console.log(
      `  the slowest 1 % (${slowest.length} rounds, from ${ms(tail)}): hand-out ${split.handOut}, collection ${split.gc}, both ${split.both}, neither ${split.neither}`,
    );
  } finally {
    await relay.close();
    await pg?.drop();
  }
}

/** A round of one pair on 2 nodes: sent, the CLI has the input, the browser has the answer (performance.now()). */
interface NodeRound {
  k: number;
  sent: number;
  atCli: number;
  answered: number;
}

async function measureNodes(): Promise<void> {
  if (!(await reachable(REDIS_URL))) return console.log('nodes: Redis does not answer (BENCH_REDIS_URL), skipped');
  const pg = await createTestPostgres();
  if (!pg) return console.log('nodes: no PostgreSQL server answers (TEST_DATABASE_URL), skipped');
  const env = { REDIS_URL, JWT_SECRET: randomBytes(32).toString('hex') };
  try {
    await withRelays(2, pg.url, env, ([web, cli]) => nodeLoops({ web: web!, cli: cli! }));
  } finally {
    await pg.drop();
  }
}

/** LOOPS measured 100-pair loops, browsers on `nodes.web` and CLIs on `nodes.cli`, each after a 2-node floor. */
async function nodeLoops(nodes: Nodes): Promise<void> {
  const pairs: Pair[] = [];
  try {
    for (let i = 0; i < PAIRS; i++) pairs.push(await makePair(nodes, i));
    const atCli = pairs.map(() => 0);
    pairs.forEach((pair, i) => pair.cli.on(CLI_COMMANDS.sessionInput, () => (atCli[i] = performance.now())));
    // Which copy ends each round: the live one (before its commit) unless the window was catching up.
    const liveAnswer = pairs.map(() => false);
    pairs.forEach((pair, i) =>
      pair.web.on(WEB_PUSH.sessionLive, (live: LiveSessionPush) => {
        if (live.body.type === 'assistant_message') liveAnswer[i] = true;
      }),
    );
    const loop = (rounds: number, out: NodeRound[][] | null) =>
      Promise.all(
        pairs.map(async (pair, i) => {
          for (let k = 0; k < rounds; k++) {
            const sent = performance.now();
            liveAnswer[i] = false;
            await roundTrip(pair);
            out?.[i]!.push({ k, sent, atCli: atCli[i]!, answered: performance.now() });
            if (out && !liveAnswer[i]) endedStored++;
          }
        }),
      );
    let endedStored = 0;
    let done = PAIR_WARMUP;
    await loop(PAIR_WARMUP, null);
    await settled(pairs, done);
    for (let l = 1; l <= LOOPS; l++) {
      const floor = await socketIoTwoNodeFloor(PAIR_ROUNDS, PAIR_WARMUP, PAIRS, REDIS_URL);
      await new Promise((resolve) => setTimeout(resolve, Number(process.env.TAIL_IDLE_MS ?? 0)));
      const collections = watchCollections();
      const byPair: NodeRound[][] = pairs.map(() => []);
      endedStored = 0;
      await loop(PAIR_ROUNDS, byPair);
      const gcs = await collections.stop();
      done += PAIR_ROUNDS;
      await settled(pairs, done);
      reportNodes(l, floor, byPair, gcs, endedStored);
    }
  } finally {
    for (const pair of pairs) {
      pair.web.disconnect();
      pair.cli.disconnect();
    }
  }
}

function reportNodes(
  loop: number,
  floor: { p50: number; p99: number },
  byPair: NodeRound[][],
  gcs: Collection[],
  endedStored: number,
): void {
  const rounds = byPair.flat();
  const took = (r: NodeRound) => r.answered - r.sent;
  const all = rounds.map(took).sort((a, b) => a - b);
  const tail = p99(all);
  const slowest = rounds.filter((r) => took(r) >= tail);
  const sortedOf = (values: number[]) => values.sort((a, b) => a - b);
  const legs = (rs: NodeRound[]) =>
    `out ${ms(median(sortedOf(rs.map((r) => r.atCli - r.sent))))}, back ${ms(median(sortedOf(rs.map((r) => r.answered - r.atCli))))}`;
  const pausedIn = (r: NodeRound, major: boolean) =>
    gcs.filter((g) => g.major === major && g.end > r.sent && g.start < r.answered).reduce((sum, g) => sum + g.end - g.start, 0);
  const avg = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / Math.max(1, values.length);
  // Lockstep: the spread of the k-th rounds' end times across the pairs, against a round's own length.
  const spreads: number[] = [];
  for (let k = 0; k < PAIR_ROUNDS; k++) {
    const ends = byPair.map((rs) => rs[k]?.answered).filter((t): t is number => t !== undefined);
    spreads.push(Math.max(...ends) - Math.min(...ends));
  }
  const waves = new Set(slowest.map((r) => r.k));
  const minor = gcs.filter((g) => !g.major).map((g) => g.end - g.start);
  const major = gcs.filter((g) => g.major).map((g) => g.end - g.start);
  const sum = (values: number[]) => values.reduce((s, v) => s + v, 0);
  console.log(
    `Tern, 2 nodes, ${PAIRS} pairs × ${PAIR_ROUNDS} rounds [${loop}/${LOOPS}]: p50 ${ms(median(all))}, p99 ${ms(tail)} (${(tail / median(all)).toFixed(1)}× its p50); ` +
      `2-node floor p50 ${ms(floor.p50)}, p99 ${ms(floor.p99)} (${(floor.p99 / floor.p50).toFixed(1)}×): p99 ${(tail / floor.p99).toFixed(1)}× the floor's`,
  );
  console.log(
    `  legs, median: all rounds ${legs(rounds)}; the slowest 1 % ${legs(slowest)}; rounds ended by a stored copy: ${endedStored}`,
  );
  console.log(
    `  lockstep: the k-th rounds of all pairs end within ${ms(median(sortedOf(spreads)))} of each other (median over k), a round takes ${ms(median(all))}; ` +
      `the slowest 1 % are ${slowest.length} rounds of ${waves.size} waves (k = ${[...waves].sort((a, b) => a - b).join(', ')})`,
  );
  console.log(
    `  collections: ${minor.length} minor (${ms(sum(minor))} in all, longest ${ms(Math.max(0, ...minor))}), ${major.length} major (${ms(sum(major))}); ` +
      `pause inside a round, mean: the slowest 1 % minor ${ms(avg(slowest.map((r) => pausedIn(r, false))))} + major ${ms(avg(slowest.map((r) => pausedIn(r, true))))}, ` +
      `all rounds ${ms(avg(rounds.map((r) => pausedIn(r, false))))} + ${ms(avg(rounds.map((r) => pausedIn(r, true))))}`,
  );
}

for (const setup of SETUPS) await measure(setup);
process.exit(0);
