/**
 * The floors Tern's remote round trip is compared with, measured in the same run on the same machine:
 * browser → relay → CLI → relay → browser through (a) raw `ws` and (b) bare Socket.IO, with a relay that only
 * forwards. Both use loopback and one browser/CLI pair, like the Tern measurement in roundtrip.ts.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { Session } from 'node:inspector/promises';
import { type AddressInfo, Socket as NetSocket } from 'node:net';

import { Server as IoServer } from 'socket.io';
import { io as ioClient, type Socket } from 'socket.io-client';
import WebSocket, { WebSocketServer } from 'ws';

import { ADAPTER_CLIENT_OPTIONS } from '../../relay/server/remote/redisClient';
import { startCpuProfile } from '../../relay/server/testing/cpuProfile';
import { forwardPings } from './bareForward';

export interface Sample {
  p50: number;
  p95: number;
  p99: number;
  mean: number;
  n: number;
}

/** The middle value (the upper one of an even count); NaN for none. */
export const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

export function summarise(ms: number[]): Sample {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), mean: sorted.reduce((s, v) => s + v, 0) / sorted.length, n: sorted.length };
}

const listen = (server: Server) =>
  new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));

/** Sequential pings: each waits for the previous echo, so the figure is latency, not throughput. */
async function pingLoop(rounds: number, once: () => Promise<void>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const t0 = performance.now();
    await once();
    out.push(performance.now() - t0);
  }
  return out;
}

export async function rawWsFloor(rounds: number, warmup: number): Promise<Sample> {
  const server = createServer();
  const wss = new WebSocketServer({ server });
  const peers: { browser?: WebSocket; cli?: WebSocket } = {};
  wss.on('connection', (socket, request) => {
    const role = request.url === '/cli' ? 'cli' : 'browser';
    peers[role] = socket;
    socket.on('message', (data) => {
      // The relay forwards browser → CLI and CLI → browser.
      const target = role === 'cli' ? peers.browser : peers.cli;
      target?.send(data);
    });
  });
  const port = await listen(server);
  const open = (p: string) =>
    new Promise<WebSocket>((resolve, reject) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}${p}`);
      ws.once('open', () => resolve(ws));
      ws.once('error', reject);
    });
  const cli = await open('/cli');
  cli.on('message', (data) => cli.send(data)); // the CLI answers
  const browser = await open('/web');
  let seq = 0;
  const once = () =>
    new Promise<void>((resolve) => {
      const id = ++seq;
      const onMessage = (data: WebSocket.RawData) => {
        if (JSON.parse(String(data)).id === id) {
          browser.off('message', onMessage);
          resolve();
        }
      };
      browser.on('message', onMessage);
      browser.send(JSON.stringify({ id, text: 'ping' }));
    });
  await pingLoop(warmup, once);
  const samples = await pingLoop(rounds, once);
  browser.close();
  cli.close();
  wss.close();
  server.close();
  return summarise(samples);
}

/** Latencies of every round and round trips per second, with `pairs` pairs each doing `rounds` sequential rounds at once. */
export interface LoadSample extends Sample {
  pairs: number;
  perSecond: number;
  /**
   * Socket writes (write/writev system calls on TCP sockets) per round: by the relay (its listening ports), and by
   * everything else in the process (the clients, and the relay's database and Redis connections). Null when Node's
   * socket internals could not be counted.
   */
  writes: { relay: number; other: number } | null;
  /**
   * WebSocket messages per round: sent by the relay (server-side sockets) and by the clients. Each engine.io packet (a
   * Socket.IO event or ack) is one message, so this counts what both ends encode, frame and parse per round.
   */
  packets: { relay: number; clients: number } | null;
  /** CPU time of this process (user + system, all its threads) per round, in µs: steadier than round trips/s on a busy machine. */
  cpuMicros: number;
  /**
   * CPU time of this process' main thread per round, in µs (from /proc, 10 ms ticks): the thread that serves every
   * socket, so what limits the round trips per second; the rest of cpuMicros is worker threads (PGlite's, the
   * PostgreSQL statement worker's) and GC helpers. Null where /proc is not readable.
   */
  mainMicros: number | null;
  /**
   * CPU time per round, in µs, of the local database and Redis servers (every `postgres` and `redis-server` process on
   * this machine, read from /proc): they share the machine's cores with the relay. Null where /proc is not readable.
   */
  serverMicros: { postgres: number; redis: number } | null;
}

/** CPU ticks (user + system) of every process named `postgres` or `redis-server`, by pid, from /proc; null without /proc. */
function serverTicks(): Map<number, { key: 'postgres' | 'redis'; ticks: number }> | null {
  try {
    const out = new Map<number, { key: 'postgres' | 'redis'; ticks: number }>();
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      let stat: string;
      try {
        stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
      } catch {
        continue; // exited meanwhile
      }
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const key = name === 'postgres' ? 'postgres' : name.startsWith('redis-server') ? 'redis' : null;
      if (!key) continue;
      out.set(Number(pid), { key, ticks: statTicks(stat) });
    }
    return out;
  } catch {
    return null;
  }
}

/**
 * The servers' CPU ticks between two readings: each process' growth, a process started meanwhile counted from zero. A
 * process that exited meanwhile (a closed connection's backend, an autovacuum worker) is missing from the second
 * reading and its share is lost, so this can only undercount.
 */
function serverTicksBetween(
  before: NonNullable<ReturnType<typeof serverTicks>>,
  after: NonNullable<ReturnType<typeof serverTicks>>,
): { postgres: number; redis: number } {
  const out = { postgres: 0, redis: 0 };
  for (const [pid, { key, ticks }] of after) out[key] += ticks - (before.get(pid)?.ticks ?? 0);
  return out;
}
/** The CPU ticks (utime + stime: fields 14 and 15) of a /proc `stat` line, of a process or of one of its threads. */
function statTicks(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/** CPU ticks (user + system) of this process' main thread (its task id is the pid), from /proc; null without /proc. */
function mainThreadTicks(): number | null {
  try {
    return statTicks(readFileSync(`/proc/self/task/${process.pid}/stat`, 'latin1'));
  } catch {
    return null;
  }
}

/** Clock ticks per second of /proc's figures (USER_HZ: 100 on Linux). */
const TICK_MICROS = 1e6 / 100;

/** Counts TCP socket writes in this process while `counting` is set (net.Socket's one internal write path). */
let counting: { ports: Set<number>; relay: number; other: number; relayPackets: number; clientPackets: number } | null = null;
/** Counts WebSocket messages sent while `counting` is set (engine.io and engine.io-client both send through ws). */
const packetsCountable = (() => {
  const proto = WebSocket.prototype as unknown as { send?: (this: WebSocket & { _isServer?: boolean }, ...args: unknown[]) => unknown };
  const original = proto.send;
  if (typeof original !== 'function') return false;
  proto.send = function (this: WebSocket & { _isServer?: boolean }, ...args: unknown[]) {
    if (counting) {
      if (this._isServer) counting.relayPackets++;
      else counting.clientPackets++;
    }
    return original.apply(this, args);
  };
  return true;
})();
const writesCountable = (() => {
  const proto = NetSocket.prototype as unknown as { _writeGeneric?: (this: NetSocket, ...args: unknown[]) => unknown };
  const original = proto._writeGeneric;
  if (typeof original !== 'function') return false;
  proto._writeGeneric = function (this: NetSocket, ...args: unknown[]) {
    if (counting) {
      if (counting.ports.has(this.localPort ?? -1)) counting.relay++;
      else counting.other++;
    }
    return original.apply(this, args);
  };
  return true;
})();

/**
 * BENCH_PROFILE_DIR=dir: each measured loop (those given relay ports) is CPU-profiled through the inspector, from its
 * first round to its last, into dir/NN-<pairs>.cpuprofile (NN counts the measured loops of the run: floors first).
 */
const PROFILE_DIR = process.env.BENCH_PROFILE_DIR;
let profiles = 0;
/**
 * BENCH_HEAP_PROFILE_DIR=dir: the same loops get a sampling heap profile of everything allocated (collected objects
 * included: where the garbage comes from), into dir/NN-<pairs>.heapprofile. With BENCH_HEAP_PROFILE_SURVIVORS=1, only
 * what the young generation's collections did not free: what was promoted to the old generation (or still lives), which
 * is what each scavenge copies and what fills the old generation up to its next mark-compact.
 */
const HEAP_PROFILE_DIR = process.env.BENCH_HEAP_PROFILE_DIR;
const HEAP_PROFILE_SURVIVORS = !!process.env.BENCH_HEAP_PROFILE_SURVIVORS;
async function startProfile() {
  if (HEAP_PROFILE_DIR) return startHeapProfile(HEAP_PROFILE_DIR);
  if (!PROFILE_DIR) return null;
  const profile = await startCpuProfile();
  return {
    stop: (pairs: number) => profile.stop(`${PROFILE_DIR}/${String(++profiles).padStart(2, '0')}-${pairs}.cpuprofile`),
  };
}

async function startHeapProfile(dir: string) {
  const session = new Session();
  session.connect();
  await session.post('HeapProfiler.enable');
  await session.post('HeapProfiler.startSampling', {
    samplingInterval: 4096,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: !HEAP_PROFILE_SURVIVORS,
  });
  return {
    async stop(pairs: number) {
      const { profile } = await session.post('HeapProfiler.stopSampling');
      session.disconnect();
      mkdirSync(dir, { recursive: true });
      writeFileSync(`${dir}/${String(++profiles).padStart(2, '0')}-${pairs}.heapprofile`, JSON.stringify(profile));
    },
  };
}

/** Runs `once(i)` `rounds` times in sequence for each of `pairs` pairs, all pairs at the same time. */
export async function concurrentLoop(
  pairs: number,
  rounds: number,
  once: (pair: number) => Promise<void>,
  relayPorts: number[] = [],
): Promise<LoadSample> {
  const all: number[] = [];
  const profiler = relayPorts.length > 0 ? await startProfile() : null;
  counting = { ports: new Set(relayPorts), relay: 0, other: 0, relayPackets: 0, clientPackets: 0 };
  const count = counting;
  const cpu0 = process.cpuUsage();
  const main0 = mainThreadTicks();
  const servers0 = relayPorts.length > 0 ? serverTicks() : null;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: pairs }, async (_, p) => {
      for (let i = 0; i < rounds; i++) {
        const start = performance.now();
        await once(p);
        all.push(performance.now() - start);
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const main1 = mainThreadTicks();
  const servers1 = servers0 && serverTicks();
  counting = null;
  await profiler?.stop(pairs);
  const writes = writesCountable && relayPorts.length > 0 ? { relay: count.relay / all.length, other: count.other / all.length } : null;
  const packets =
    packetsCountable && relayPorts.length > 0
      ? { relay: count.relayPackets / all.length, clients: count.clientPackets / all.length }
      : null;
  const between = servers0 && servers1 ? serverTicksBetween(servers0, servers1) : null;
  const serverMicros = between
    ? { postgres: (between.postgres * TICK_MICROS) / all.length, redis: (between.redis * TICK_MICROS) / all.length }
    : null;
  return {
    ...summarise(all),
    pairs,
    perSecond: all.length / seconds,
    writes,
    packets,
    cpuMicros: (cpu.user + cpu.system) / all.length,
    mainMicros: main0 !== null && main1 !== null ? ((main1 - main0) * TICK_MICROS) / all.length : null,
    serverMicros,
  };
}

/** What a floor pair sends: the browser's `ping:out` payload, and the CLI's answer to the `ping:in` it got. */
export interface FloorPayloads {
  input: () => unknown;
  answer: (input: unknown) => unknown;
}

/** The floor's own payloads: `{ text: 'ping' }`, answered with itself. */
const PING: FloorPayloads = { input: () => ({ text: 'ping' }), answer: (input) => input };

/**
 * Connects `pairs` CLI (`/cli`, answering `ping:in`) and browser (`/web`) sockets to the floor's relay ports. `ping(p)`
 * is one round of pair `p`: its browser's `ping:out`, answered through the CLI. `payloads`: what they send, the floor's
 * own unless given (payloadShapes.ts).
 */
export async function floorPairs(ports: { cli: number; web: number }, pairs: number, payloads: FloorPayloads = PING) {
  const connect = (port: number, ns: string, pair: number) =>
    new Promise<Socket>((resolve, reject) => {
      const s = ioClient(`http://127.0.0.1:${port}${ns}`, { transports: ['websocket'], forceNew: true, auth: { pair } });
      s.once('connect', () => resolve(s));
      s.once('connect_error', reject);
    });
  const browsers: Socket[] = [];
  const sockets: Socket[] = [];
  for (let p = 0; p < pairs; p++) {
    const cli = await connect(ports.cli, '/cli', p);
    cli.on('ping:in', (payload: unknown, ack: (v: unknown) => void) => ack(payloads.answer(payload)));
    const browser = await connect(ports.web, '/web', p);
    browsers.push(browser);
    sockets.push(cli, browser);
  }
  const ping = (p: number) => new Promise<void>((resolve) => browsers[p]!.emit('ping:out', payloads.input(), () => resolve()));
  return { sockets, ping };
}

/** The floor's pairs (floorPairs), measured: `warmup` rounds per pair first, then `rounds` counted. */
async function pingPairs(ports: { cli: number; web: number }, pairs: number, rounds: number, warmup: number) {
  const { sockets, ping } = await floorPairs(ports, pairs);
  await new Promise((r) => setTimeout(r, ports.cli === ports.web ? 50 : 200));
  await concurrentLoop(pairs, warmup, ping);
  const sample = await concurrentLoop(pairs, rounds, ping, [...new Set([ports.cli, ports.web])]);
  return { sockets, sample };
}

/**
 * Bare Socket.IO on two nodes: two Socket.IO servers joined by the Redis Streams adapter (as Tern's relays are), the
 * browser on node A and its CLI on node B. A forwards `ping:out` to the CLI's room with an acked broadcast, which
 * crosses Redis to B and the CLI's ack back: the least a relay must do for a round trip across nodes, nothing stored.
 * The floor for Tern's 2-node set-up (what the adapter's hops cost, with no relay logic). Its own stream name, so it
 * never reads a Tern relay's messages.
 */
export async function socketIoTwoNodeFloor(rounds: number, warmup: number, pairs: number, redisUrl: string): Promise<LoadSample> {
  const [{ createClient }, { createAdapter }] = await Promise.all([import('redis'), import('@socket.io/redis-streams-adapter')]);
  const streamName = `bench-floor-${process.pid}-${Date.now()}`;
  const nodes: { server: Server; io: IoServer; port: number; redis: { del(key: string): Promise<unknown>; close(): Promise<unknown> } }[] =
    [];
  for (let n = 0; n < 2; n++) {
    // The relay's client options (remoteHub.ts): no timeout per command.
    const redis = createClient({ url: redisUrl, ...ADAPTER_CLIENT_OPTIONS });
    // As the relay does (remoteHub.ts): the adapter's subscriber (a duplicate) is disconnected at close with its
    // SUBSCRIBE pending, which would be an unhandled rejection.
    const duplicate = redis.duplicate.bind(redis);
    redis.duplicate = ((...args: Parameters<typeof duplicate>) => {
      const sub = duplicate(...args);
      const subscribe = sub.subscribe.bind(sub) as (...a: unknown[]) => Promise<unknown>;
      (sub as unknown as { subscribe: typeof subscribe }).subscribe = (...a) => subscribe(...a).catch(() => undefined);
      return sub;
    }) as typeof redis.duplicate;
    await redis.connect();
    const server = createServer();
    const io = new IoServer(server, { transports: ['websocket'] });
    io.adapter(createAdapter(redis, { streamName }));
    nodes.push({ server, io, port: await listen(server), redis });
  }
  const [a, b] = nodes as [(typeof nodes)[0], (typeof nodes)[0]];
  b.io.of('/cli').on('connection', (socket) => void socket.join(`pair:${String(socket.handshake.auth.pair)}`));
  a.io.of('/web').on('connection', (socket) => {
    const room = `pair:${String(socket.handshake.auth.pair)}`;
    socket.on('ping:out', (payload: unknown, ack: (v: unknown) => void) => {
      a.io
        .of('/cli')
        .to(room)
        .timeout(5_000)
        .emit('ping:in', payload, (error: Error | null, answers: unknown[]) => ack(error ? null : answers[0]));
    });
  });
  // Let the adapters' stream readers start before anything is published.
  await new Promise((r) => setTimeout(r, 1000));
  const { sockets, sample } = await pingPairs({ cli: b.port, web: a.port }, pairs, rounds, warmup);
  for (const s of sockets) s.close();
  for (const node of nodes) {
    for (const nsp of [node.io.of('/'), node.io.of('/cli'), node.io.of('/web')]) void nsp.adapter.close();
    await node.io.close();
    node.server.close();
    await node.redis.del(streamName).catch(() => undefined);
    await node.redis.close().catch(() => undefined);
  }
  return sample;
}

/**
 * Bare Socket.IO: a relay that forwards `ping:out` from a browser to its CLI and the CLI's ack back, nothing stored.
 * One pair sequential (`pairs` = 1) or `pairs` pairs at once.
 */
export async function socketIoFloor(rounds: number, warmup: number, pairs = 1): Promise<LoadSample> {
  const relay = await bareRelay();
  const { sockets, sample } = await pingPairs({ cli: relay.port, web: relay.port }, pairs, rounds, warmup);
  for (const s of sockets) s.close();
  await relay.close();
  return sample;
}

/** The bare Socket.IO relay of the floors (bareForward.ts) on an ephemeral port. */
export async function bareRelay(): Promise<{ port: number; close(): Promise<void> }> {
  const server = createServer();
  const io = new IoServer(server);
  forwardPings(io.of('/cli'), io.of('/web'));
  const port = await listen(server);
  return {
    port,
    async close() {
      await io.close();
      server.close();
    },
  };
}
