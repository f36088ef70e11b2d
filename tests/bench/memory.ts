/**
 * Relay memory (issue #15): measured on relays in their own processes, so the clients' memory is not counted.
 * - Idle: the compiled relay (scripts/build-relay.mjs, what `npm start` runs, plain node) started on PGlite and on
 *   PostgreSQL, no client; its RSS from /proc after it has settled.
 * - Per pair: a relay child (relay/server/testing/relayProcess.ts) with 1,000 browser/CLI pairs connected (CLI said
 *   hello; browser attached, made a session and joined it); (RSS and heap after a full GC − before) / pairs.
 * - Idle sockets: 10,000 `/web` sockets (100 accounts × 100 windows, minimal engine.io clients) on one relay child.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

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
import { type RelayChild, spawnRelay } from '../../relay/server/testing/relayChild';
import { cliEnv, connect, request } from '../../relay/server/testing/remoteClients';

const PAIRS = Number(process.env.BENCH_MEMORY_PAIRS ?? 1000);
const SOCKETS = Number(process.env.BENCH_IDLE_SOCKETS ?? 10_000);
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

export interface MemoryReport {
  idle: { storage: string; rssMB: number; build: string }[];
  pairs: { pairs: number; rssPerPairKB: number; heapPerPairKB: number; rssBeforeMB: number; rssAfterMB: number };
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
    // Settled: no client, start-up garbage collected by the relay's own GC over a few seconds.
    const samples: number[] = [];
    for (let i = 0; i < 10; i++) {
      await sleep(1000);
      samples.push(rssOf(child.pid!));
    }
    return { storage, rssMB: mb(samples.at(-1)!), build: path.relative(root, entry) };
  } finally {
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
  }
}

async function pairOn(relay: RelayChild, n: number, sockets: Socket[]): Promise<void> {
  const account = await relay.account();
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
    auth: { token: account.jwt, windowId: randomUUID(), protocolVersion: REMOTE_PROTOCOL_VERSION },
  });
  await connect(web);
  sockets.push(web);
  if (!(await request(web, WEB_EVENTS.instanceAttach, { instanceId })).ok) throw new Error('attach failed');
  const created = await request(web, WEB_EVENTS.sessionCreate, { instanceId, clientRequestId: randomUUID() });
  if (!created.ok) throw new Error('session:create failed');
  if (!(await request(web, WEB_EVENTS.sessionJoin, { sessionId: created.session.id, afterSeq: 0 })).ok) throw new Error('join failed');
}

async function perPair(): Promise<MemoryReport['pairs']> {
  const dir = mkdtempSync(path.join(tmpdir(), 'tern-mem-'));
  const relay = await spawnRelay({ DATA_DIR: dir, PORT: '0' });
  const sockets: Socket[] = [];
  try {
    // One pair first, so lazily loaded code and first-use caches are not counted per pair.
    await pairOn(relay, 0, sockets);
    await sleep(500);
    const before = await relay.memory();
    for (let i = 1; i <= PAIRS; i += 20)
      await Promise.all(Array.from({ length: Math.min(20, PAIRS - i + 1) }, (_, k) => pairOn(relay, i + k, sockets)));
    await sleep(2000);
    const after = await relay.memory();
    return {
      pairs: PAIRS,
      rssPerPairKB: Math.round((after.rss - before.rss) / PAIRS / 1024),
      heapPerPairKB: Math.round((after.heapUsed - before.heapUsed) / PAIRS / 1024),
      rssBeforeMB: mb(before.rss),
      rssAfterMB: mb(after.rss),
    };
  } finally {
    for (const s of sockets) s.disconnect();
    relay.process.kill('SIGKILL');
    await relay.exited;
    rmSync(dir, { recursive: true, force: true });
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
  for (const i of idle) console.log(`  idle compiled relay, ${i.storage}: ${i.rssMB} MB RSS`);
  const pairs = await perPair();
  console.log(
    `  ${pairs.pairs} pairs: ${pairs.rssPerPairKB} KB RSS, ${pairs.heapPerPairKB} KB heap per pair (RSS ${pairs.rssBeforeMB} → ${pairs.rssAfterMB} MB)`,
  );
  const sockets = await idleSockets();
  console.log(
    `  ${sockets.sockets} idle sockets: ${sockets.rssPerSocketKB} KB RSS, ${sockets.heapPerSocketKB} KB heap each (RSS ${sockets.rssBeforeMB} → ${sockets.rssAfterMB} MB)`,
  );
  return { idle, pairs, sockets };
}
