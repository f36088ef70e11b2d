/**
 * Instructions per round trip (issue #15): the same browser → relay → CLI → relay → browser round as
 * tests/bench/roundtrip.ts, counted in machine instructions by valgrind's callgrind instead of timed. A count does not
 * move with the machine's load, where the timed benchmark's figures move by ±15-40 % from one minute to the next. Run by
 * tsx, three runs of one build agreed within 1 % here, so a change of a few per cent to the relay's path, invisible in
 * `npm run bench`, shows when counted before and after. Compiled (scripts/compiled-ts.mjs, as `npm run` does) the
 * counts moved by ±5 %: V8's optimising compiler stays at work there, and the main thread's count moves with what it has
 * optimised so far (docs/performance-sessions.md, "Session 16").
 *
 *   npm run bench:instructions                                 # the floor and Tern on PostgreSQL, 1 pair (~4 min)
 *   IR_CASES=pg npm run bench:instructions                     # one case (floor, pg, nodes)
 *   IR_CASES=nodes npm run bench:instructions                  # Tern on 2 nodes (PostgreSQL + Redis), browser on A, CLI on B
 *   node --import tsx tests/bench/instructions.ts              # the code as tsx runs it (tests, scripts), for comparison
 *   IR_ROUNDS=1000 IR_WARMUP=3000 …                            # counted rounds, and warm-up rounds before them
 *   IR_NODE_FLAGS='--max-semi-space-size=64' …                 # node flags for the counted processes
 *   BENCH_NO_RECEIPTS=1 …                                      # the pairs' switches (pairs.ts) apply: an A/B in one build
 *
 * Each case runs in its own process under callgrind (two at a time): warm-up rounds, then the counters are zeroed
 * (`callgrind_control -z`), the counted rounds run, and the counters are dumped (`callgrind_control -d`) once every
 * round's acks and stored copies are in. Reported per round: all the process's threads; the main thread (the relay and
 * the clients, as in the timed bench); V8's optimising compiler (its background threads); the rest (GC helpers, libuv's
 * pool). PostgreSQL runs in its own processes and is not counted.
 *
 * Read with care: under callgrind the process runs ~50× slower, so what depends on time changes with it. Fewer rounds
 * fall within one group commit's delay (COMMIT_DELAY_MS) than at full speed, so the per-commit costs weigh more per
 * round here; and V8 needs more rounds to optimise (hence the 3,000 warm-up rounds: with 300, half the count was the
 * optimising compiler still at work). Compare builds with each other, and with the floor, in the same set-up. Hence one
 * pair only: 100 pairs at once, slowed down 50 times, looked like 100 slow readers to the relay (its backpressure and
 * batching timers), and counted 2.4 million instructions per round on the main thread against 1.4 million at one pair.
 *
 * Results: printed, and written to reports/bench/instructions.json.
 */
import { execFile, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

import { floorLoop, ternLoop, ternNodesLoop } from './loops';

const ROUNDS = Number(process.env.IR_ROUNDS ?? 1000);
const WARMUP = Number(process.env.IR_WARMUP ?? 3000);
const CASES = (process.env.IR_CASES ?? 'floor,pg').split(',').map((c) => c.trim());
const DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const root = path.resolve(import.meta.dirname, '../..');

interface Case {
  name: string;
  /** The bare Socket.IO relay (bareForward.ts), Tern on PostgreSQL, or Tern on 2 nodes (PostgreSQL + Redis). */
  relay: 'floor' | 'pg' | 'nodes';
}
const KNOWN: Record<string, Case> = {
  floor: { name: 'bare Socket.IO relay (floor)', relay: 'floor' },
  pg: { name: 'Tern, PostgreSQL', relay: 'pg' },
  nodes: { name: 'Tern, 2 nodes (PG + Redis)', relay: 'nodes' },
};

interface Counted {
  case: string;
  name: string;
  rounds: number;
  /** Thousands of instructions per round: every thread, the main thread, V8's optimising compiler, the rest. */
  perRound: { all: number; main: number; compiler: number; other: number };
}

/** The child: one case's rounds, counted between a zero and a dump of callgrind's counters. */
async function child(key: string, outDir: string): Promise<void> {
  const setup = KNOWN[key]!;
  const loop =
    setup.relay === 'floor'
      ? await floorLoop()
      : setup.relay === 'nodes'
        ? await ternNodesLoop(DATABASE_URL, REDIS_URL)
        : await ternLoop(DATABASE_URL);
  await loop.run(WARMUP);
  await loop.settle();
  const control = promisify(execFile);
  await control('callgrind_control', ['-z', String(process.pid)]);
  await loop.run(ROUNDS);
  await loop.settle();
  await control('callgrind_control', ['-d', String(process.pid)]);
  writeFileSync(path.join(outDir, `${key}.rounds`), String(ROUNDS));
  await loop.close();
  process.exit(0);
}

/** Inclusive instructions of the functions that start each kind of thread, from callgrind_annotate. */
function readCounts(file: string): { all: number; main: number; compiler: number } {
  const out = spawnSync('callgrind_annotate', ['--inclusive=yes', '--threshold=100', file], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  const find = (pattern: RegExp) => {
    const line = out.stdout.split('\n').find((l) => pattern.test(l));
    return line ? Number(line.trim().split(/\s+/)[0]!.replaceAll(',', '')) : 0;
  };
  return {
    all: find(/PROGRAM TOTALS/),
    main: find(/node::Start\(int, char\*\*\)/),
    compiler: find(/OptimizingCompileDispatcher::CompileTask::RunInternal\(\)/),
  };
}

/** Runs one case under callgrind; its counts per round. */
async function counted(key: string, outDir: string): Promise<Counted> {
  const setup = KNOWN[key]!;
  const args = [
    '--tool=callgrind',
    '--smc-check=all-non-file',
    `--callgrind-out-file=${path.join(outDir, `${key}.%p`)}`,
    process.execPath,
    ...(process.env.IR_NODE_FLAGS ?? '').split(' ').filter(Boolean),
    ...process.execArgv,
    process.argv[1]!,
    '--child',
    key,
    outDir,
  ];
  const child = spawn('valgrind', args, { cwd: root, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, LOG_LEVEL: 'silent' } });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr = (stderr + String(d)).slice(-4000)));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  const dump = readdirSync(outDir).find((f) => f.startsWith(`${key}.`) && /\.\d+\.\d+$/.test(f));
  if (code !== 0 || !dump) throw new Error(`${key}: callgrind run failed (exit ${code})\n${stderr}`);
  const rounds = Number(readFileSync(path.join(outDir, `${key}.rounds`), 'utf8'));
  const c = readCounts(path.join(outDir, dump));
  const k = (n: number) => Math.round(n / rounds / 100) / 10;
  return {
    case: key,
    name: setup.name,
    rounds,
    perRound: { all: k(c.all), main: k(c.main), compiler: k(c.compiler), other: k(c.all - c.main - c.compiler) },
  };
}

async function main(): Promise<void> {
  if (spawnSync('valgrind', ['--version']).status !== 0) {
    console.log('valgrind is not installed: nothing counted (apt-get install valgrind)');
    return;
  }
  const unknown = CASES.filter((c) => !KNOWN[c]);
  if (unknown.length > 0) throw new Error(`unknown IR_CASES: ${unknown.join(', ')} (known: ${Object.keys(KNOWN).join(', ')})`);
  const outDir = mkdtempSync(path.join(tmpdir(), 'tern-instructions-'));
  console.log(`Instructions per round trip (callgrind): ${WARMUP} warm-up rounds, ${ROUNDS} counted; cases ${CASES.join(', ')}`);
  const results: Counted[] = [];
  // Two at a time, one per core: four at once moved the floor's count by 14 % here (V8's work driven by time).
  const queue = [...CASES];
  await Promise.all(
    [0, 1].map(async () => {
      for (let key = queue.shift(); key; key = queue.shift()) results.push(await counted(key, outDir));
    }),
  );
  results.sort((a, b) => CASES.indexOf(a.case) - CASES.indexOf(b.case));
  for (const r of results) {
    const floor = results.find((f) => f.case === 'floor');
    const vs =
      floor && floor !== r
        ? `  (${(r.perRound.all / floor.perRound.all).toFixed(2)}× / ${(r.perRound.main / floor.perRound.main).toFixed(2)}× the floor's)`
        : '';
    console.log(
      `  ${r.name.padEnd(30)} 1 pair: ${r.perRound.all} k instructions per round, main thread ${r.perRound.main} k, optimising compiler ${r.perRound.compiler} k, other threads ${r.perRound.other} k${vs}`,
    );
  }
  mkdirSync(path.join(root, 'reports/bench'), { recursive: true });
  writeFileSync(
    path.join(root, 'reports/bench/instructions.json'),
    JSON.stringify({ at: new Date().toISOString(), warmup: WARMUP, results }, null, 2),
  );
  rmSync(outDir, { recursive: true, force: true });
  console.log('Written: reports/bench/instructions.json');
}

if (process.argv[2] === '--child') await child(process.argv[3]!, process.argv[4]!);
else await main();
