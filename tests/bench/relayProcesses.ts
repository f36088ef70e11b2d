/**
 * The relay in its own process (issue #15, "a relay near bare Socket.IO speed"): the round trips of roundtrip.ts with
 * the relay in a child process and the clients in this one, so the relay's own CPU per round can be read off, next to
 * a bare Socket.IO relay in a child process measured the same way (bareSocketServer.ts: the relay's transport options,
 * `ping:out` forwarded to the pair's CLI and its ack back). The child's CPU time (`process.cpuUsage()`, all its
 * threads, PGlite's worker included) over the measured rounds, divided by their number, is what one round costs the
 * relay: what limits how many round trips one relay node serves. The clients' CPU is the bench process's. On these
 * 2 cores the relay child, the clients and PostgreSQL share the machine: read the CPU figures, not the throughput.
 * Tern's relay child is relay/server/testing/relayProcess.ts (the relay's code compiled as in the round-trip bench: scripts/compiled-ts.mjs).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { io as ioClient, type Socket } from 'socket.io-client';

import { CLI_NAMESPACE, SOCKET_PATH, WEB_NAMESPACE } from '../../relay/protocol';
import { type RelayChild, spawnRelay, typescriptImport } from '../../relay/server/testing/relayChild';
import { concurrentLoop, type LoadSample } from './floors';
import { closePair, makePair, type Pair, replayAll, roundTrip } from './pairs';

const ROUNDS = Number(process.env.BENCH_PROCESS_ROUNDS ?? 3000);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 1000);
const PAIRS = Number(process.env.BENCH_PAIRS ?? 100);
const PAIR_ROUNDS = Number(process.env.BENCH_PAIR_ROUNDS ?? 50);
const PAIR_WARMUP = Number(process.env.BENCH_PAIR_WARMUP ?? 20);
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

export interface ProcessSample extends LoadSample {
  /** The relay child's CPU time per round, µs (all its threads). */
  relayCpuMicros: number;
}

export interface ProcessSetupResult {
  setup: string;
  one: ProcessSample;
  many: ProcessSample;
}

type Cpu = () => Promise<{ user: number; system: number }>;
/** A CPU profile of the relay child over a measured loop: started, then stopped and written for that many pairs. */
type Profile = { start(): Promise<void>; stop(pairs: number): Promise<void> };

/**
 * BENCH_RELAY_PROFILE_DIR: a CPU profile of Tern's relay child (its main thread) over each measured loop, written as
 * `<dir>/relay-<set-up>-<pairs>.cpuprofile` (scripts/profile-summary.mjs reads it): what the relay alone does per round.
 */
const PROFILE_DIR = process.env.BENCH_RELAY_PROFILE_DIR;

function profileOf(relay: RelayChild, setup: string): Profile | undefined {
  if (!PROFILE_DIR) return undefined;
  mkdirSync(PROFILE_DIR, { recursive: true });
  const slug = setup.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  return {
    start: () => relay.profile(),
    stop: (pairs) => relay.profile(path.join(PROFILE_DIR, `relay-${slug}-${pairs}.cpuprofile`)),
  };
}

/** Runs the measured loop and reads the child's CPU time around it (and profiles it, when asked). */
async function measured(
  cpu: Cpu,
  pairs: number,
  rounds: number,
  once: (pair: number) => Promise<void>,
  profile?: Profile,
): Promise<ProcessSample> {
  await profile?.start();
  const before = await cpu();
  const sample = await concurrentLoop(pairs, rounds, once);
  const after = await cpu();
  await profile?.stop(pairs);
  const micros = after.user + after.system - before.user - before.system;
  return { ...sample, relayCpuMicros: micros / sample.n };
}

/** One pair (sequential rounds), then PAIRS pairs at once, each after its warm-up. */
async function both(cpu: Cpu, single: (pair: number) => Promise<void>, many: (pair: number) => Promise<void>, profile?: Profile) {
  await concurrentLoop(1, WARMUP, single);
  const one = await measured(cpu, 1, ROUNDS, single, profile);
  await concurrentLoop(PAIRS, PAIR_WARMUP, many);
  const all = await measured(cpu, PAIRS, PAIR_ROUNDS, many, profile);
  return { one, many: all };
}

async function bareSocketIo(): Promise<ProcessSetupResult> {
  const child = fork(path.join(root, 'tests/bench/bareSocketServer.ts'), [], {
    execArgv: ['--expose-gc', ...typescriptImport()],
    env: { ...process.env, BARE_FORWARD: '1' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const sockets: Socket[] = [];
  try {
    const port = await new Promise<number>((resolve, reject) => {
      child.once('message', (m: { port: number }) => resolve(m.port));
      child.once('exit', (code) => reject(new Error(`bare Socket.IO child exited (${code})`)));
    });
    const cpu: Cpu = () =>
      new Promise((resolve) => {
        child.once('message', (m: { user: number; system: number }) => resolve(m));
        child.send('cpu');
      });
    const connect = (ns: string, pair: number) =>
      new Promise<Socket>((resolve, reject) => {
        const s = ioClient(`http://127.0.0.1:${port}${ns}`, {
          path: SOCKET_PATH,
          transports: ['websocket'],
          forceNew: true,
          auth: { pair },
        });
        sockets.push(s);
        s.once('connect', () => resolve(s));
        s.once('connect_error', reject);
      });
    const browsers: Socket[] = [];
    for (let p = 0; p <= PAIRS; p++) {
      const cli = await connect(CLI_NAMESPACE, p);
      cli.on('ping:in', (payload: unknown, ack: (v: unknown) => void) => ack(payload));
      browsers.push(await connect(WEB_NAMESPACE, p));
    }
    const once = (p: number) => new Promise<void>((resolve) => browsers[p]!.emit('ping:out', { text: 'ping' }, () => resolve()));
    const { one, many } = await both(
      cpu,
      () => once(PAIRS),
      (p) => once(p),
    );
    return { setup: 'bare Socket.IO relay (floor)', one, many };
  } finally {
    for (const s of sockets) s.close();
    await stop(child);
  }
}

async function tern(setup: string, env: Record<string, string>): Promise<ProcessSetupResult> {
  const dir = mkdtempSync(path.join(tmpdir(), 'tern-bench-process-'));
  let relay: RelayChild | null = null;
  const pairs: Pair[] = [];
  try {
    // BENCH_RELAY_NODE_ARGS: node options for Tern's relay child, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`.
    const nodeArgs = process.env.BENCH_RELAY_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
    relay = await spawnRelay({ PORT: '0', DATA_DIR: dir, STATIC_DIR: path.join(dir, 'dist'), ...env }, nodeArgs);
    const nodes = { cli: relay, web: relay };
    for (let p = 0; p <= PAIRS; p++) pairs.push(await makePair(nodes, p));
    const { one, many } = await both(
      relay.cpu,
      () => roundTrip(pairs[PAIRS]!),
      (p) => roundTrip(pairs[p]!),
      profileOf(relay, setup),
    );
    // Every event stored and replayable, as in roundtrip.ts.
    const expected = 2 * (PAIR_WARMUP + PAIR_ROUNDS);
    for (const pair of pairs.slice(0, PAIRS)) {
      const events = await replayAll(pair, expected);
      if (events.length !== expected || !events.every((e, i) => e.seq === i + 1))
        throw new Error(`${setup}: a pair's replay holds ${events.length} events, expected ${expected} in seq order`);
    }
    return { setup, one, many };
  } finally {
    for (const pair of pairs) closePair(pair);
    if (relay) await stop(relay.process);
    rmSync(dir, { recursive: true, force: true });
  }
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** Bare Socket.IO, Tern on PGlite, and Tern on PostgreSQL (`databaseUrl`, when given), each relay in its own process. */
export async function relayProcessBench(databaseUrl: string | null): Promise<ProcessSetupResult[]> {
  const results = [await bareSocketIo(), await tern('Tern, PGlite', {})];
  if (databaseUrl) results.push(await tern('Tern, PostgreSQL', { DATABASE_URL: databaseUrl }));
  return results;
}

export const fmtProcess = (s: ProcessSample) =>
  `p50 ${s.p50.toFixed(3)} ms  p99 ${s.p99.toFixed(3)} ms  ${s.perSecond.toFixed(0)} round trips/s  relay ${s.relayCpuMicros.toFixed(0)} µs CPU/round, clients ${s.cpuMicros.toFixed(0)} µs  (n=${s.n})`;
