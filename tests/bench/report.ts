/**
 * Writes the remote benchmark's table into docs/performance.md, between the `bench:start` and `bench:end` markers
 * (the rest of the page is prose kept by hand), with the command, the machine and its load.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';

import { machineName } from '../../scripts/cpuTopology.mjs';
import type { LoadSample, Sample } from './floors';
import type { MemoryReport } from './memory';
import type { ProcessSetupResult } from './relayProcesses';
import type { ReplaySample } from './replay';

const START = '<!-- bench:start -->';
const END = '<!-- bench:end -->';

/** One repetition of a set-up's loops, each next to bare Socket.IO measured just before it (roundtrip.ts REPEATS). */
export interface Repetition {
  floorOne: LoadSample;
  one: LoadSample;
  floorMany: LoadSample;
  many: LoadSample;
}

export interface SetupResult {
  setup: string;
  /** The repetition with the median p50 ratio, at 1 pair and at 100 pairs. */
  one: LoadSample;
  many: LoadSample;
  /** Every repetition (ratios are taken within one). */
  reps?: Repetition[];
  /** Events replayed from storage after the rounds, all checked (count, seqs 1..n, no duplicate event id). */
  replayedEvents: number;
  replay: ReplaySample;
}

export interface BenchReport {
  /** The load average when the rounds ended (written with the JSON report; the table re-rendered from it keeps it). */
  loadAfter?: number[];
  command: string;
  at: string;
  loadBefore: number[];
  /** socketIoTwoNodes: bare Socket.IO across two nodes and the Redis Streams adapter (the 2-node set-up's own floor). */
  floors: {
    rawWs: Sample;
    socketIo: LoadSample;
    socketIoMany: LoadSample;
    socketIoTwoNodes?: { one: LoadSample; many: LoadSample } | null;
  };
  results: SetupResult[];
  memory: MemoryReport | null;
  /** The same round trips with the relay in its own process (relayProcesses.ts); null when skipped. */
  processes: ProcessSetupResult[] | null;
  processRounds: number;
  rounds: number;
  pairs: number;
  pairRounds: number;
}

const ms = (v: number) => (v < 1 ? v.toFixed(3) : v < 10 ? v.toFixed(2) : v.toFixed(1));
const x = (v: number, floor: number) => `${(v / floor).toFixed(1)}×`;
const load = (l: number[]) => l.map((v) => v.toFixed(2)).join(' / ');
const writes = (s: LoadSample) => (s.writes ? `${s.writes.relay.toFixed(1)} / ${s.writes.other.toFixed(1)}` : '');
const packets = (s: LoadSample) => (s.packets ? `${s.packets.relay.toFixed(1)} / ${s.packets.clients.toFixed(1)}` : '');
/** The servers' CPU per round; a negative figure (an exited process' ticks subtracted, before the bench counted by pid) is shown as –. */
const serverFigure = (v: number) => (v < 0 ? '–' : v.toFixed(0));
const servers = (s: LoadSample) =>
  s.serverMicros ? `${serverFigure(s.serverMicros.postgres)} / ${serverFigure(s.serverMicros.redis)}` : '';
/** The main thread's share of a round's CPU (LoadSample mainMicros), where it was read. */
const mainOf = (s: LoadSample) => (s.mainMicros === null ? '' : `, main thread ${s.mainMicros.toFixed(0)}`);
const cpuOf = (s: LoadSample, floor: LoadSample) => `${s.cpuMicros.toFixed(0)} (${x(s.cpuMicros, floor.cpuMicros)})${mainOf(s)}`;

/**
 * The median of a set-up's repetitions' ratios (each Tern loop against the bare Socket.IO loop measured just before it),
 * with their range: `2.1× (1.8–2.6×)`. Null with fewer than two repetitions (the ratio to the run's first floor then).
 */
function repRatio(s: SetupResult, key: 'one' | 'many', of: (l: LoadSample) => number, digits = 1): string | null {
  if (!s.reps || s.reps.length < 2) return null;
  const values = s.reps.map((r) => of(r[key]) / of(key === 'one' ? r.floorOne : r.floorMany)).sort((a, b) => a - b);
  const median = values[Math.floor((values.length - 1) / 2)]!;
  return `${median.toFixed(digits)}× (${values[0]!.toFixed(digits)}–${values.at(-1)!.toFixed(digits)}×)`;
}

/** How Tern's ratios were taken, when the set-ups were measured in repetitions. */
function repeatsNote(r: BenchReport): string {
  const reps = r.results[0]?.reps?.length ?? 0;
  if (reps < 2) return '';
  return `Each set-up's loops ran ${reps} times, each time right after the same loop on bare Socket.IO (\`BENCH_REPEATS\`): Tern's ratios are the median of the ${reps} ratios so taken, with their range in brackets, and its ms and round-trips/s figures are those of the median repetition (the floor rows above are the run's first floors, measured once at its start). `;
}

function table(r: BenchReport): string[] {
  const { socketIo: one, socketIoMany: many } = r.floors;
  const lines = [
    `| Set-up | pairs | p50 ms | p99 ms | round trips/s | p50 vs bare Socket.IO (target ≤ 2×) | p99 vs (≤ 5×) | throughput vs (≥ 0.5×) | socket writes per round: relay / others | packets per round: relay / clients | CPU µs per round (vs bare) | PostgreSQL / Redis CPU µs per round |`,
    `|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|`,
    `| raw ws relay (floor) | 1 | ${ms(r.floors.rawWs.p50)} | ${ms(r.floors.rawWs.p99)} | | | | | | | | |`,
    `| bare Socket.IO relay (floor) | 1 | ${ms(one.p50)} | ${ms(one.p99)} | ${one.perSecond.toFixed(0)} | 1× | 1× | 1× | ${writes(one)} | ${packets(one)} | ${cpuOf(one, one)} | ${servers(one)} |`,
    `| bare Socket.IO relay (floor) | ${many.pairs} | ${ms(many.p50)} | ${ms(many.p99)} | ${many.perSecond.toFixed(0)} | 1× | 1× | 1× | ${writes(many)} | ${packets(many)} | ${cpuOf(many, many)} | ${servers(many)} |`,
  ];
  const twoNodes = r.floors.socketIoTwoNodes;
  if (twoNodes)
    for (const [floor, base] of [
      [twoNodes.one, one],
      [twoNodes.many, many],
    ] as const)
      lines.push(
        `| bare Socket.IO, 2 nodes (Redis Streams adapter) (floor) | ${floor.pairs} | ${ms(floor.p50)} | ${ms(floor.p99)} | ${floor.perSecond.toFixed(0)} | ${x(floor.p50, base.p50)} | ${x(floor.p99, base.p99)} | ${(floor.perSecond / base.perSecond).toFixed(2)}× | ${writes(floor)} | ${packets(floor)} | ${cpuOf(floor, base)} | ${servers(floor)} |`,
      );
  for (const s of r.results) {
    for (const [sample, floor] of [
      [s.one, one],
      [s.many, many],
    ] as const) {
      // A 2-node set-up is also compared with bare Socket.IO on two nodes (the same adapter hops, no relay logic).
      const local = twoNodes && s.setup.includes('2 nodes') ? (sample.pairs === 1 ? twoNodes.one : twoNodes.many) : null;
      const key = sample === s.one ? 'one' : 'many';
      const vs = (of: (l: LoadSample) => number, bare2: number | null) =>
        `${repRatio(s, key, of) ?? x(of(sample), of(floor))}${bare2 === null ? '' : ` (${x(of(sample), bare2)} vs 2-node floor)`}`;
      const throughput = repRatio(s, key, (l) => l.perSecond, 2) ?? `${(sample.perSecond / floor.perSecond).toFixed(2)}×`;
      const cpu = `${sample.cpuMicros.toFixed(0)}; ${repRatio(s, key, (l) => l.cpuMicros) ?? x(sample.cpuMicros, floor.cpuMicros)}${mainOf(sample)}`;
      lines.push(
        `| ${s.setup} | ${sample.pairs} | ${ms(sample.p50)} | ${ms(sample.p99)} | ${sample.perSecond.toFixed(0)} | ${vs((l) => l.p50, local?.p50 ?? null)} | ${vs((l) => l.p99, local?.p99 ?? null)} | ${throughput}${local ? ` (${(sample.perSecond / local.perSecond).toFixed(2)}× vs 2-node floor)` : ''} | ${writes(sample)} | ${packets(sample)} | ${cpu}${local ? ` (${x(sample.cpuMicros, local.cpuMicros)} vs 2-node floor)` : ''} | ${servers(sample)} |`,
      );
    }
  }
  return lines;
}

/** The relay's own CPU per round, each relay in its own process, against the bare Socket.IO relay measured the same way. */
function processLines(r: BenchReport): string[] {
  const results = r.processes;
  if (!results || results.length === 0) return [];
  const floor = results[0]!;
  const lines = [
    `Relay in its own process (tests/bench/relayProcesses.ts; \`BENCH_SKIP_PROCESSES=1\` skips it): the same round trips with the relay in a child process and the clients in the bench process (1 pair = ${r.processRounds} sequential rounds, ${r.pairs} pairs = ${r.pairRounds} rounds each). Relay CPU per round: the child's CPU time (all its threads, PGlite's worker included) over the measured rounds divided by their number: what a round costs the relay, so what limits the round trips one relay node serves. Clients: the bench process's CPU per round. The relay child, the clients and PostgreSQL share the 2 cores, so read the CPU columns rather than the throughput.`,
    '',
    `| Relay in its own process | pairs | p50 ms | p99 ms | round trips/s | relay CPU µs per round (vs bare) | clients' CPU µs per round |`,
    `|---|---:|---:|---:|---:|---:|---:|`,
  ];
  for (const s of results)
    for (const [sample, base] of [
      [s.one, floor.one],
      [s.many, floor.many],
    ] as const)
      lines.push(
        `| ${s.setup} | ${sample.pairs} | ${ms(sample.p50)} | ${ms(sample.p99)} | ${sample.perSecond.toFixed(0)} | ${sample.relayCpuMicros.toFixed(0)} (${x(sample.relayCpuMicros, base.relayCpuMicros)}) | ${sample.cpuMicros.toFixed(0)} |`,
      );
  return [...lines, ''];
}

function memoryLines(m: MemoryReport | null): string[] {
  if (!m) return ['Memory: not measured in this run.'];
  return [
    `| Memory | measured | target |`,
    `|---|---:|---:|`,
    ...m.idle.map(
      (i) =>
        `| idle compiled relay (${i.build}), ${i.storage} | ${i.rssMB} MB RSS 10 s after start, ${i.settledMB} MB after ${i.settledAfterS} s | ${i.storage.startsWith('PostgreSQL') ? '≤ 100' : '≤ 150'} MB |`,
    ),
    `| bare Socket.IO (floor, same transport options): a /cli + /web socket pair, ${m.floor.pairs} pairs added to ${m.floor.warmupPairs} (RSS ${m.floor.rssBeforeMB} → ${m.floor.rssAfterMB} MB) | ${m.floor.rssPerPairKB} KB RSS, ${m.floor.heapPerPairKB} KB heap | |`,
    ...m.pairs.map(
      (p) =>
        `| per connected browser+CLI pair, ${p.storage}, ${p.pairs} pairs added to ${p.warmupPairs} (RSS ${p.rssBeforeMB} → ${p.rssAfterMB} MB) | ${p.rssPerPairKB} KB RSS, ${p.heapPerPairKB} KB heap | ≤ 25 KB |`,
    ),
    `| ${m.sockets.sockets} idle /web sockets in one process (RSS ${m.sockets.rssBeforeMB} → ${m.sockets.rssAfterMB} MB) | ${m.sockets.rssPerSocketKB} KB RSS, ${m.sockets.heapPerSocketKB} KB heap each | measured |`,
  ];
}

export function writePerformanceDoc(r: BenchReport, file = path.resolve('docs/performance.md')): void {
  const block = [
    START,
    '',
    `Measured ${r.at} with \`${r.command}\` (the relay part of \`npm run bench\`) on ${machineName()}, Node ${process.version}. Load average (1/5/15 min) at the start: ${load(r.loadBefore)}; at the end: ${load(r.loadAfter ?? loadavg())}. All on loopback; relays in the bench process for the round trips (clients share its CPU, as in the floors), in their own processes for memory.`,
    '',
    `Round trips: browser → relay → CLI → relay → browser; 1 pair = ${r.rounds} sequential rounds; ${r.pairs} pairs = ${r.pairRounds} rounds each, all pairs at once. ${repeatsNote(r)}Every Tern round stores two events (the user's message and the CLI's answer); after the rounds every session was replayed from seq 0 and checked (count, seqs 1..n, each event id once): ${r.results.map((s) => `${s.replayedEvents} events (${s.setup})`).join(', ')}. Socket writes per round: the TCP writes (one system call each) made in the process during the measured rounds, by the relay's sockets (its listening ports) and by all others (the clients, and the relay's database and Redis connections). Packets per round: the WebSocket messages sent during the measured rounds by the relay's sockets and by the clients' (what both ends frame and parse; the relay and the CLI send the Socket.IO events and acks one turn queues for a socket as one message, a bundle: relay/protocol/wireParser.ts). CPU µs per round: the bench process's CPU time (user + system, all its threads, \`process.cpuUsage\`) over the measured rounds divided by their number; PostgreSQL and Redis run in their own processes and are not in it; "main thread" is the share of the process' main thread (from /proc), the one thread that serves every socket and so limits the round trips per second, the rest being worker threads (PGlite's, the PostgreSQL statement worker's) and GC helpers. It moves much less with the machine's load than round trips/s. PostgreSQL / Redis CPU µs per round: the CPU time of every local \`postgres\` and \`redis-server\` process over the same rounds (read from /proc; they share the machine's cores with the bench), divided by their number.`,
    '',
    ...table(r),
    '',
    `| Replay: a browser joining a session with stored events | events | median | worst (of 5) | target |`,
    `|---|---:|---:|---:|---:|`,
    ...r.results.map(
      (s) => `| ${s.setup} | ${s.replay.events} | ${s.replay.median.toFixed(0)} ms | ${s.replay.worst.toFixed(0)} ms | < 1000 ms |`,
    ),
    '',
    ...processLines(r),
    ...memoryLines(r.memory),
    '',
    END,
  ].join('\n');
  const current = existsSync(file) ? readFileSync(file, 'utf8') : `# Performance\n\n${START}\n${END}\n`;
  const start = current.indexOf(START);
  const end = current.indexOf(END);
  const next =
    start >= 0 && end > start ? current.slice(0, start) + block + current.slice(end + END.length) : `${current.trimEnd()}\n\n${block}\n`;
  writeFileSync(file, next);
}
