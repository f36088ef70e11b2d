/**
 * Relay memory (issue #15): measured on relays in their own processes, so the clients' memory is not counted.
 * - Idle: the compiled relay (scripts/build-relay.mjs, what `npm start` runs, plain node) started on PGlite and on
 *   PostgreSQL, no client; its RSS from /proc 10 s after start and after BENCH_IDLE_SECONDS (default 60): V8 gives
 *   back the young generation that start-up grew (its memory reducer, ~20-25 s after start) only once idle.
 * - Per pair: a relay child (relay/server/testing/relayProcess.ts) with 1,000 browser/CLI pairs connected (CLI said
 *   hello; browser attached, made a session and joined it; the browser connects like the PWA, long-polling first
 *   then the WebSocket upgrade, the CLI WebSocket only like relay/cli/connector.ts); (RSS and heap after a full GC − before) / pairs, where
 *   "before" is the same relay with BENCH_MEMORY_WARMUP (100) pairs already connected. The accounts are signed up first by another relay process on the same
 *   data, which is then stopped: a pair's cost is its connections and session, not signing a user up. On PGlite and,
 *   when it answers, PostgreSQL (the database's own memory is then in its server, not in the relay).
 * - Floor: the same per-pair figure for a bare Socket.IO server (bareSocketServer.ts: the relay's transport options,
 *   one acked listener per socket, clients connecting the same way), measured in the same run, so the relay's own share
 *   can be read off.
 * - Idle sockets: 10,000 `/web` sockets (100 accounts × 100 windows, minimal engine.io clients) on one relay child.
 * Alone: `node --expose-gc --import ./scripts/compiled-ts.mjs tests/bench/memory.ts` (prints the report, leaves docs/performance.md as is).
 */
import { fork, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import { io, type Socket } from 'socket.io-client';
import WebSocket from 'ws';

import {
  CLI_COMMANDS,
  CLI_EVENTS,
  CLI_NAMESPACE,
  REMOTE_PROTOCOL_VERSION,
  SOCKET_PATH,
  WEB_EVENTS,
  WEB_NAMESPACE,
} from '../../relay/protocol';
import { createTestPostgres } from '../../relay/server/testing/postgres';
import { type RelayChild, spawnRelay, typescriptImport } from '../../relay/server/testing/relayChild';
import { cliEnv, connect, request } from '../../relay/server/testing/remoteClients';

const PAIRS = Number(process.env.BENCH_MEMORY_PAIRS ?? 1000);
/**
 * Pairs connected before the first reading, so what the first connections cost once (code compiled on first use, a
 * Map or Set growing its table) is not divided among the measured pairs as if each held it.
 */
const WARMUP_PAIRS = Number(process.env.BENCH_MEMORY_WARMUP ?? 100);
const SOCKETS = Number(process.env.BENCH_IDLE_SOCKETS ?? 10_000);
/** How the PWA's socket connects (socket.io-client's default): long-polling first, then the upgrade. */
const BROWSER_TRANSPORTS = ['polling', 'websocket'];
const IDLE_SECONDS = Math.max(10, Number(process.env.BENCH_IDLE_SECONDS ?? 60));
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

export interface PairsReport {
  storage: string;
  pairs: number;
  /** Pairs already connected at the first reading. */
  warmupPairs: number;
  rssPerPairKB: number;
  heapPerPairKB: number;
  rssBeforeMB: number;
  rssAfterMB: number;
}

export interface MemoryReport {
  /** rssMB: 10 s after start; settledMB: after `settledAfterS` seconds. */
  idle: { storage: string; rssMB: number; settledMB: number; settledAfterS: number; build: string }[];
  /** Bare Socket.IO: a /cli and a /web socket per pair (bareSocketServer.ts). */
  floor: PairsReport;
  pairs: PairsReport[];
  sockets: { sockets: number; rssPerSocketKB: number; heapPerSocketKB: number; rssBeforeMB: number; rssAfterMB: number };
}

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) * 1024;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Builds the compiled relay into a private folder (inside the project, so its npm imports resolve). */
async function compiledRelay(): Promise<string> {
  const out = path.join(root, 'node_modules/.cache/tern-bench-relay');
  const { buildRelay } = (await import(path.join(root, 'scripts/build-relay.mjs'))) as { buildRelay: (dir: string) => Promise<void> };
  await buildRelay(out);
  return path.join(out, 'main.js');
}

async function idleCompiled(
  entry: string,
  storage: string,
  env: Record<string, string>,
  dir: string,
): Promise<MemoryReport['idle'][number]> {
  const child = spawn(process.execPath, [entry], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', DATA_DIR: dir, STATIC_DIR: path.join(dir, 'dist'), ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      let text = '';
      child.stdout.on('data', (d: Buffer) => {
        text += String(d);
        const m = /:(\d+)\s/.exec(text);
        if (m) resolve(Number(m[1]));
      });
      child.once('exit', (code) => reject(new Error(`compiled relay exited (${code}) before listening`)));
    });
    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    if (!health.ok) throw new Error(`healthz ${health.status}`);
    // No client: RSS each second, reported 10 s after start and at the end.
    const samples: number[] = [];
    for (let i = 0; i < IDLE_SECONDS; i++) {
      await sleep(1000);
      samples.push(rssOf(child.pid!));
    }
    return {
      storage,
      rssMB: mb(samples[9]!),
      settledMB: mb(samples.at(-1)!),
      settledAfterS: IDLE_SECONDS,
      build: path.relative(root, entry),
    };
  } finally {
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
  }
}

type Account = Awaited<ReturnType<RelayChild['account']>>;

async function pairOn(relay: RelayChild, account: Account, n: number, sockets: Socket[]): Promise<void> {
  const instanceId = randomUUID();
  const base = { transports: ['websocket'], reconnection: false, forceNew: true, autoConnect: false };
  const cli = io(relay.url + CLI_NAMESPACE, {
    ...base,
    auth: { token: account.cliToken, instanceId, protocolVersion: REMOTE_PROTOCOL_VERSION },
  });
  cli.on(CLI_COMMANDS.sessionCreate, (_p: unknown, ack?: (r: unknown) => void) => ack?.({ ok: true }));
  await connect(cli);
  sockets.push(cli);
  if (!(await request(cli, CLI_EVENTS.hello, { env: cliEnv(`/mem/${n}`), sessions: [] })).ok) throw new Error('hello failed');
  const web = io(relay.url + WEB_NAMESPACE, {
    ...base,
    transports: BROWSER_TRANSPORTS,
    auth: { token: account.jwt, windowId: randomUUID(), protocolVersion: REMOTE_PROTOCOL_VERSION },
  });
  await connect(web);
  sockets.push(web);
  if (!(await request(web, WEB_EVENTS.instanceAttach, { instanceId })).ok) throw new Error('attach failed');
  const created = await request(web, WEB_EVENTS.sessionCreate, { instanceId, clientRequestId: randomUUID() });
  if (!created.ok) throw new Error('session:create failed');
  if (!(await request(web, WEB_EVENTS.sessionJoin, { sessionId: created.session.id, afterSeq: 0 })).ok) throw new Error('join failed');
}

/** Stops a relay child the way a deployment does (SIGTERM: the app and its database close), SIGKILL after 20 s. */
async function stop(relay: RelayChild): Promise<void> {
  relay.process.kill('SIGTERM');
  const timer = setTimeout(() => relay.process.kill('SIGKILL'), 20_000);
  await relay.exited;
  clearTimeout(timer);
}

/**
 * Connects WARMUP_PAIRS pairs, reads memory after a full GC, connects `PAIRS` more, reads it again (20 pairs at a time).
 */
async function measurePairs(
  storage: string,
  pair: (n: number) => Promise<void>,
  memory: () => Promise<{ rss: number; heapUsed: number }>,
): Promise<PairsReport> {
  const connect = async (from: number, count: number) => {
    for (let i = from; i < from + count; i += 20)
      await Promise.all(Array.from({ length: Math.min(20, from + count - i) }, (_, k) => pair(i + k)));
  };
  // Lazily loaded code and first-use caches are not counted per pair.
  await connect(0, Math.max(1, WARMUP_PAIRS));
  await sleep(500);
  const before = await memory();
  await connect(Math.max(1, WARMUP_PAIRS), PAIRS);
  await sleep(2000);
  const after = await memory();
  return {
    storage,
    pairs: PAIRS,
    warmupPairs: Math.max(1, WARMUP_PAIRS),
    rssPerPairKB: Math.round((after.rss - before.rss) / PAIRS / 1024),
    heapPerPairKB: Math.round(((after.heapUsed - before.heapUsed) / PAIRS / 1024) * 10) / 10,
    rssBeforeMB: mb(before.rss),
    rssAfterMB: mb(after.rss),
  };
}

async function perPair(storage: string, env: Record<string, string>): Promise<PairsReport> {
  const dir = mkdtempSync(path.join(tmpdir(), 'tern-mem-'));
  const sockets: Socket[] = [];
  let relay: RelayChild | null = null;
  try {
    const maker = await spawnRelay({ ...env, DATA_DIR: dir, PORT: '0' });
    const accounts: Account[] = [];
    try {
      for (let i = 0; i < PAIRS + Math.max(1, WARMUP_PAIRS); i++) accounts.push(await maker.account());
    } finally {
      await stop(maker);
    }
    const measured = (relay = await spawnRelay({ ...env, DATA_DIR: dir, PORT: '0' }));
    return await measurePairs(
      storage,
      (n) => pairOn(measured, accounts[n]!, n, sockets),
      () => measured.memory(),
    );
  } finally {
    for (const s of sockets) s.disconnect();
    if (relay) {
      relay.process.kill('SIGKILL');
      await relay.exited;
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The same figure for bare Socket.IO (bareSocketServer.ts): a `/cli` and a `/web` socket per pair, each acked once. */
async function bareFloor(): Promise<PairsReport> {
  const child = fork(path.join(root, 'tests/bench/bareSocketServer.ts'), [], {
    execArgv: ['--expose-gc', ...typescriptImport()],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const replies: Array<Record<string, number>> = [];
  let wake: (() => void) | null = null;
  child.on('message', (m: Record<string, number>) => {
    replies.push(m);
    wake?.();
  });
  const next = async () => {
    while (!replies.length) await new Promise<void>((r) => (wake = r));
    return replies.shift()!;
  };
  const sockets: Socket[] = [];
  try {
    const { port } = await next();
    const open = async (nsp: string) => {
      const s = io(`http://127.0.0.1:${port}${nsp}`, {
        path: SOCKET_PATH,
        transports: nsp === WEB_NAMESPACE ? BROWSER_TRANSPORTS : ['websocket'],
        reconnection: false,
        forceNew: true,
        autoConnect: false,
      });
      await connect(s);
      sockets.push(s);
      if (!(await request(s, 'ping:bench', {})).ok) throw new Error('bare Socket.IO: no ack');
    };
    const memory = async () => {
      child.send('memory');
      const m = await next();
      return { rss: m.rss!, heapUsed: m.heapUsed! };
    };
    return await measurePairs(
      'bare Socket.IO',
      () => Promise.all([open(CLI_NAMESPACE), open(WEB_NAMESPACE)]).then(() => undefined),
      memory,
    );
  } finally {
    for (const s of sockets) s.disconnect();
    child.kill('SIGKILL');
  }
}

/** A minimal engine.io v4 / Socket.IO v5 client for `/web`: connects the namespace and answers pings, nothing else. */
function rawWebSocket(url: string, jwt: string): Promise<WebSocket> {
  const ws = new WebSocket(`${url.replace('http', 'ws')}${SOCKET_PATH}/?EIO=4&transport=websocket`);
  return new Promise((resolve, reject) => {
    ws.on('message', (data) => {
      const m = String(data);
      if (m === '2') ws.send('3');
      else if (m.startsWith('0{'))
        ws.send(`40${WEB_NAMESPACE},${JSON.stringify({ token: jwt, windowId: randomUUID(), protocolVersion: REMOTE_PROTOCOL_VERSION })}`);
      else if (m.startsWith(`40${WEB_NAMESPACE},`)) resolve(ws);
      else if (m.startsWith(`44${WEB_NAMESPACE},`)) reject(new Error(m));
    });
    ws.once('error', reject);
  });
}

async function idleSockets(): Promise<MemoryReport['sockets']> {
  const dir = mkdtempSync(path.join(tmpdir(), 'tern-sockets-'));
  const relay = await spawnRelay({ DATA_DIR: dir, PORT: '0' });
  const open: WebSocket[] = [];
  try {
    const accounts: Array<{ jwt: string }> = [];
    for (let i = 0; i < 100; i++) accounts.push(await relay.account());
    await Promise.all(accounts.slice(0, 10).map((a) => rawWebSocket(relay.url, a.jwt).then((ws) => open.push(ws))));
    await sleep(500);
    const before = await relay.memory();
    const start = open.length;
    for (let i = start; i < SOCKETS; i += 200)
      await Promise.all(
        Array.from({ length: Math.min(200, SOCKETS - i) }, (_, k) =>
          rawWebSocket(relay.url, accounts[(i + k) % 100]!.jwt).then((ws) => open.push(ws)),
        ),
      );
    await sleep(2000);
    const after = await relay.memory();
    const added = open.length - start;
    return {
      sockets: open.length,
      rssPerSocketKB: Math.round(((after.rss - before.rss) / added / 1024) * 10) / 10,
      heapPerSocketKB: Math.round(((after.heapUsed - before.heapUsed) / added / 1024) * 10) / 10,
      rssBeforeMB: mb(before.rss),
      rssAfterMB: mb(after.rss),
    };
  } finally {
    for (const ws of open) ws.terminate();
    relay.process.kill('SIGKILL');
    await relay.exited;
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function memoryBench(): Promise<MemoryReport> {
  const entry = await compiledRelay();
  const dir = mkdtempSync(path.join(tmpdir(), 'tern-idle-'));
  const idle: MemoryReport['idle'] = [];
  try {
    idle.push(await idleCompiled(entry, 'PGlite, first start (new data dir)', {}, dir));
    idle.push(await idleCompiled(entry, 'PGlite, restarted', {}, dir));
    const pg = await createTestPostgres();
    if (pg) {
      try {
        idle.push(await idleCompiled(entry, 'PostgreSQL', { DATABASE_URL: pg.url }, dir));
      } finally {
        await pg.drop();
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  for (const i of idle)
    console.log(`  idle compiled relay, ${i.storage}: ${i.rssMB} MB RSS after 10 s, ${i.settledMB} MB after ${i.settledAfterS} s`);
  const show = (p: PairsReport) =>
    console.log(
      `  ${p.storage}, ${p.pairs} pairs: ${p.rssPerPairKB} KB RSS, ${p.heapPerPairKB} KB heap per pair (RSS ${p.rssBeforeMB} → ${p.rssAfterMB} MB)`,
    );
  const floor = await bareFloor();
  show(floor);
  const pairs = [await perPair('PGlite', {})];
  show(pairs[0]!);
  const pgPairs = await createTestPostgres();
  if (pgPairs) {
    try {
      pairs.push(await perPair('PostgreSQL', { DATABASE_URL: pgPairs.url }));
      show(pairs[1]!);
    } finally {
      await pgPairs.drop();
    }
  }
  const sockets = await idleSockets();
  console.log(
    `  ${sockets.sockets} idle sockets: ${sockets.rssPerSocketKB} KB RSS, ${sockets.heapPerSocketKB} KB heap each (RSS ${sockets.rssBeforeMB} → ${sockets.rssAfterMB} MB)`,
  );
  return { idle, floor, pairs, sockets };
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  console.log(JSON.stringify(await memoryBench(), null, 2));
  process.exit(0);
}
