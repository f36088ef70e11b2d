/**
 * Where the one-pair p99 comes from (issue #15): the same browser → relay → CLI → relay → browser round as
 * tests/bench/roundtrip.ts's one-pair rows, timed round by round, each round marked by what happened during it: a
 * garbage collection (node:perf_hooks `gc` entries), and a group commit's hand-out reaching the CLI (its acks came in
 * during the round; the stored copies of the same commit reach the browser in the same turns). The slowest 1 % of the
 * rounds, the p99, are split by those marks; the rounds with neither show what a round costs without them.
 *
 *   npm run bench:tail                            # Tern on PGlite and on PostgreSQL (when it answers), ~1 min
 *   TAIL_SETUPS=pglite TAIL_ROUNDS=50000 …        # one set-up, more rounds
 *
 * Timed, so it moves with the machine's load like every timed figure here: compare runs alternated with each other.
 * What moves less: how many rounds a hand-out or a collection touches, and the collections' pauses.
 */
import { type PerformanceEntry, PerformanceObserver } from 'node:perf_hooks';

import { createTestPostgres } from '../../relay/server/testing/postgres';
import { benchRelay, makePair, roundTrip } from './pairs';

const ROUNDS = Number(process.env.TAIL_ROUNDS ?? 20_000);
const WARMUP = 3_000;
const SETUPS = (process.env.TAIL_SETUPS ?? 'pglite,pg').split(',').map((s) => s.trim());

interface Round {
  start: number;
  end: number;
  /** The CLI was acked during the round: a commit's hand-out ran in it. */
  handOut: boolean;
}

const median = (sorted: number[]) => sorted[sorted.length >> 1] ?? NaN;
const p99 = (sorted: number[]) => sorted[Math.floor(sorted.length * 0.99)] ?? NaN;
const ms = (n: number) => `${n.toFixed(3)} ms`;

async function measure(setup: string): Promise<void> {
  const pg = setup === 'pg' ? await createTestPostgres() : null;
  if (setup === 'pg' && !pg) return console.log('pg: no PostgreSQL server answers (TEST_DATABASE_URL), skipped');
  if (setup !== 'pg' && setup !== 'pglite') throw new Error(`TAIL_SETUPS: pglite or pg, not ${setup}`);
  const relay = await benchRelay(pg?.url);
  try {
    const pair = await makePair({ cli: relay, web: relay }, 1);
    for (let i = 0; i < WARMUP; i++) await roundTrip(pair);
    const gcs: Array<{ start: number; end: number }> = [];
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as PerformanceEntry[])
        gcs.push({ start: entry.startTime, end: entry.startTime + entry.duration });
    });
    observer.observe({ entryTypes: ['gc'] });
    const rounds: Round[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const acked = pair.cliAcked;
      const start = performance.now();
      await roundTrip(pair);
      rounds.push({ start, end: performance.now(), handOut: pair.cliAcked !== acked });
    }
    // The entries of the last collections are delivered a little later.
    await new Promise((resolve) => setTimeout(resolve, 50));
    observer.disconnect();

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

for (const setup of SETUPS) await measure(setup);
process.exit(0);
