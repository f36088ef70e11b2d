/**
 * `npm run soak` (issue #15): a bounded load run on loopback, not part of `npm test`. Needs local PostgreSQL and Redis
 * (TEST_DATABASE_URL / TEST_REDIS_URL override the defaults), builds the compiled relay into dist-soak/, starts two
 * nodes on one database and one Redis, each behind its own TCP balancer, then:
 *  1. Soak: PAIRS CLIs and PAIRS browsers (each pair's CLI on one node and its browser on the other) exchange events
 *     for SOAK_SECONDS: every CLI sends its next event when the last is acked (at most one per INTERVAL_MS). Prints
 *     events/s, CLI→browser latency p50/p99, loss and duplicates (by eventId and seq), and each node's RSS at the start
 *     and the end of the run.
 *  2. Reconnect storm: STORM_SOCKETS sockets in all (the pairs plus idle browser windows) are cut at once at the
 *     balancers; prints how long until all are back and how many RPCs (hello / instances:list) failed afterwards.
 * Environment: PAIRS (200), SOAK_SECONDS (120), INTERVAL_MS (250), STORM_SOCKETS (2000). The browsers join as the
 * console does (stored copies several to a message, notices for what they had live, carried in acks and live copies;
 * latency to the first copy, as the console shows it); SOAK_PLAIN=1 joins without those (one `session:event` each).
 * The CLIs' hello says `eventWindow` as relay/cli's does, so the relay may hold their acks for its next write
 * (relay/server/remote/eventWindows.ts); SOAK_NO_EVENT_WINDOW=1 for a hello without it.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';

import { io, type Socket } from 'socket.io-client';

import {
  CLI_EVENTS,
  CLI_NAMESPACE,
  type LiveSessionPush,
  REMOTE_PROTOCOL_VERSION,
  type SessionEvent,
  type SessionEvents,
  SOCKET_PATH,
  WEB_EVENTS,
  WEB_NAMESPACE,
  WEB_PUSH,
} from '../relay/protocol';
import { issueCliToken } from '../relay/server/core/remote/cliAuth';
import { openStorage } from '../relay/server/storage/database';
import { type Balancer, buildRelayOnce, type RelayNode, startBalancer, startRelayNode } from '../relay/server/testing/clusterNodes';
import { createTestPostgres } from '../relay/server/testing/postgres';
import { cliEnv } from '../relay/server/testing/remoteClients';

const PAIRS = Number(process.env.PAIRS ?? 200);
const SOAK_SECONDS = Number(process.env.SOAK_SECONDS ?? 120);
const INTERVAL_MS = Number(process.env.INTERVAL_MS ?? 250);
const STORM_SOCKETS = Number(process.env.STORM_SOCKETS ?? 2000);
const USERS = Math.max(1, Math.ceil(PAIRS / 10));
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN;

function open(url: string, namespace: string, auth: Record<string, unknown>): Socket {
  return io(url + namespace, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    forceNew: true,
    reconnectionDelay: 500,
    reconnectionDelayMax: 5000,
    timeout: 20_000,
    auth: { protocolVersion: REMOTE_PROTOCOL_VERSION, ...auth },
  });
}
const connected = (s: Socket) =>
  new Promise<void>((resolve, reject) => {
    if (s.connected) return resolve();
    s.once('connect', () => resolve());
    s.once('connect_error', reject);
  });

async function signUp(url: string, i: number): Promise<{ userId: string; jwt: string }> {
  // TRUST_PROXY is on for the soak nodes: each user comes from its own address, under the per-address sign-up limit.
  const headers = { 'content-type': 'application/json', 'x-forwarded-for': `10.77.${i >> 8}.${i & 255}` };
  const post = async (route: string, body: unknown) => {
    const res = await fetch(url + route, { method: 'POST', headers, body: JSON.stringify(body) });
    const json = (await res.json()) as { data?: Record<string, string> };
    if (!res.ok || !json.data) throw new Error(`${route}: ${res.status} ${JSON.stringify(json)}`);
    return json.data;
  };
  const signup = await post('/auth/tern/signup', { email: `soak${i}@example.com`, password: 'correct horse', username: `soak${i}` });
  const login = await post('/auth/jwt/tern-login', { token: signup.token, user_id: signup.user_id, plat: 'web' });
  return { userId: signup.user_id!, jwt: login.accessToken! };
}

/** SOAK_PLAIN=1: the browsers join without batches, notices and carried copies (one `session:event` per event). */
const PLAIN = !!process.env.SOAK_PLAIN;
/** What the CLIs' hello says besides their environment and sessions (see the top). */
const HELLO_FLAGS = process.env.SOAK_NO_EVENT_WINDOW ? {} : { eventWindow: true };

interface Pair {
  cli: Socket;
  web: Socket;
  sessionId: string;
  acked: number;
  sentAt: Map<string, number>;
  seenIds: Set<string>;
  lastSeq: number;
  duplicates: number;
  outOfOrder: number;
  errors: number;
  joined: boolean;
}

async function main(): Promise<void> {
  const pg = await createTestPostgres();
  if (!pg) throw new Error('the soak needs PostgreSQL (TEST_DATABASE_URL)');
  const build = await buildRelayOnce('soak');
  const nodes: RelayNode[] = [];
  const balancers: Balancer[] = [];
  const sockets: Socket[] = [];
  try {
    const env = { DATABASE_URL: pg.url, REDIS_URL, JWT_SECRET: randomBytes(32).toString('hex'), TRUST_PROXY: 'true', LOG_LEVEL: 'error' };
    nodes.push(...(await Promise.all([startRelayNode(build.entry, env), startRelayNode(build.entry, env)])));
    for (const node of nodes) balancers.push(await startBalancer([node.port]));
    const [lbA, lbB] = balancers as [Balancer, Balancer];
    const storage = await openStorage({ databaseUrl: pg.url, dataDir: '/tmp' });
    console.log(
      `> ${PAIRS} pairs (${USERS} users), ${SOAK_SECONDS} s, one event per CLI every ≥${INTERVAL_MS} ms; nodes pid ${nodes.map((n) => n.child.pid).join(', ')}`,
    );

    const latencies: number[] = [];
    const users = [];
    for (let i = 0; i < USERS; i++) users.push(await signUp(lbA.url, i));
    const pairs: Pair[] = [];
    for (let i = 0; i < PAIRS; i++) {
      const user = users[i % USERS]!;
      const { token } = await issueCliToken(
        { db: storage.db, now: () => new Date() },
        { userId: user.userId, label: `soak ${i}`, origin: 'admin' },
      );
      const [cliLb, webLb] = i % 2 ? [lbA, lbB] : [lbB, lbA];
      const instanceId = randomUUID();
      const sessionId = randomUUID();
      const pair = {
        sessionId,
        acked: 0,
        sentAt: new Map(),
        seenIds: new Set(),
        lastSeq: 0,
        duplicates: 0,
        outOfOrder: 0,
        errors: 0,
        joined: false,
      } as Pair;
      const session = { id: sessionId, title: `soak ${i}`, createdAt: new Date().toISOString() };
      const cli = open(cliLb.url, CLI_NAMESPACE, { token, instanceId });
      cli.on(
        'connect',
        () =>
          void cli
            .timeout(20_000)
            .emitWithAck(CLI_EVENTS.hello, { env: cliEnv(), sessions: [session], ...HELLO_FLAGS })
            .catch(() => pair.errors++),
      );
      await connected(cli);
      // The session exists once the CLI said hello; then the browser (on the other node) attaches and joins.
      await cli.timeout(20_000).emitWithAck(CLI_EVENTS.hello, { env: cliEnv(), sessions: [session], ...HELLO_FLAGS });
      const web = open(webLb.url, WEB_NAMESPACE, { token: user.jwt, windowId: randomUUID() });
      pair.cli = cli;
      pair.web = web;
      sockets.push(cli, web);
      // What the console shows first (a live copy, or the stored one) ends the latency; stored copies (whole events and
      // notices) are checked for loss, repeats and order by event id and seq.
      const shown = (eventId: string) => {
        const sent = pair.sentAt.get(eventId);
        if (sent === undefined) return;
        latencies.push(performance.now() - sent);
        pair.sentAt.delete(eventId);
      };
      const stored = ({ eventId, seq }: { eventId: string; seq: number }) => {
        if (pair.seenIds.has(eventId) || seq <= pair.lastSeq) pair.duplicates++;
        else if (seq !== pair.lastSeq + 1) pair.outOfOrder++;
        pair.seenIds.add(eventId);
        pair.lastSeq = Math.max(pair.lastSeq, seq);
        shown(eventId);
      };
      const storedBatch = (batch: SessionEvents) =>
        [...batch.events, ...(batch.notices ?? [])].sort((x, y) => x.seq - y.seq).forEach(stored);
      web.on(WEB_PUSH.sessionEvent, (event: SessionEvent) => stored(event));
      web.on(WEB_PUSH.sessionEvents, storedBatch);
      web.on(WEB_PUSH.sessionLive, (live: LiveSessionPush) => {
        if (live.stored) storedBatch(live.stored as SessionEvents);
        shown(live.eventId);
      });
      web.on('connect', () => {
        void (async () => {
          const attach = (await web.timeout(20_000).emitWithAck(WEB_EVENTS.instanceAttach, { instanceId })) as { ok: boolean };
          const flags = PLAIN ? {} : { batches: true, notices: true, carried: true, carriedLive: true };
          const join = (await web.timeout(20_000).emitWithAck(WEB_EVENTS.sessionJoin, { sessionId, afterSeq: pair.lastSeq, ...flags })) as {
            ok: boolean;
          };
          if (!attach.ok || !join.ok) throw new Error(`attach/join refused: ${JSON.stringify([attach, join]).slice(0, 300)}`);
          pair.joined = true;
        })().catch((error: unknown) => {
          pair.errors++;
          if (process.env.SOAK_DEBUG) console.log('join failed', (error as Error).message);
        });
      });
      await connected(web);
      pairs.push(pair);
    }
    while (pairs.some((p) => !p.joined)) await sleep(50);

    // 1. Soak.
    const rssIdle = nodes.map((n) => rssMb(n.child.pid!));
    const started = performance.now();
    const deadline = started + SOAK_SECONDS * 1000;
    // RSS every 10 s; "start" is after a 20 s warm-up (heaps and pools grow to their working size under load first).
    const rssSeries: number[][] = [];
    const sampler = setInterval(() => rssSeries.push(nodes.map((n) => rssMb(n.child.pid!))), 10_000);
    await Promise.all(
      pairs.map(async (pair) => {
        await sleep(Math.random() * INTERVAL_MS);
        while (performance.now() < deadline) {
          const t = performance.now();
          const eventId = randomUUID();
          pair.sentAt.set(eventId, t);
          const body = { type: 'tool_output', toolCallId: 'soak', stream: 'stdout', chunk: `${'x'.repeat(200)} ${pair.acked}` };
          try {
            const ack = (await pair.cli
              .timeout(20_000)
              .emitWithAck(CLI_EVENTS.sessionEvent, { sessionId: pair.sessionId, eventId, body })) as { ok: boolean };
            if (ack.ok) pair.acked++;
            else pair.errors++;
          } catch {
            pair.errors++;
          }
          await sleep(Math.max(0, INTERVAL_MS - (performance.now() - t)));
        }
      }),
    );
    clearInterval(sampler);
    const elapsed = (performance.now() - started) / 1000;
    const acked = pairs.reduce((n, p) => n + p.acked, 0);
    const settleUntil = performance.now() + 30_000;
    while (performance.now() < settleUntil && pairs.some((p) => p.seenIds.size < p.acked)) await sleep(100);
    if (process.env.SOAK_DEBUG) console.log(pairs.map((p) => `${p.acked}/${p.seenIds.size}/${p.lastSeq}`).join(' '));
    const rssEnd = nodes.map((n) => rssMb(n.child.pid!));
    const rssStart = rssSeries[1] ?? rssIdle;
    const lost = pairs.reduce((n, p) => n + Math.max(0, p.acked - p.seenIds.size), 0);
    const dups = pairs.reduce((n, p) => n + p.duplicates, 0);
    const sorted = latencies.sort((x, y) => x - y);
    console.log('\n| soak | value |\n|---|---|');
    console.log(`| pairs (CLI + browser, on different nodes) | ${PAIRS} |`);
    console.log(`| duration | ${elapsed.toFixed(1)} s |`);
    console.log(`| events acked | ${acked} |`);
    console.log(`| events/s | ${(acked / elapsed).toFixed(0)} |`);
    console.log(`| CLI→browser latency p50 / p99 | ${pct(sorted, 50).toFixed(1)} ms / ${pct(sorted, 99).toFixed(1)} ms |`);
    console.log(`| lost / duplicated / out of order | ${lost} / ${dups} / ${pairs.reduce((n, p) => n + p.outOfOrder, 0)} |`);
    console.log(`| RPC errors during the soak | ${pairs.reduce((n, p) => n + p.errors, 0)} |`);
    const growth = nodes.map((_, i) => (rssEnd[i]! - rssStart[i]!) / rssStart[i]!);
    nodes.forEach((_, i) => {
      const series = rssSeries.map((r) => r[i]!.toFixed(0)).join(', ');
      const [idleMb, startMb, endMb] = [rssIdle[i]!, rssStart[i]!, rssEnd[i]!].map((v) => v.toFixed(0));
      console.log(
        `| node ${'AB'[i]} RSS idle / after 20 s / end | ${idleMb} / ${startMb} / ${endMb} MB (${(growth[i]! * 100).toFixed(1)} % after warm-up) |`,
      );
      console.log(`| node ${'AB'[i]} RSS every 10 s | ${series} MB |`);
    });
    console.log(
      `| load average (1 min) at the end | ${loadavg()[0]!.toFixed(2)} on ${cpus().length} cores (shared by the soak client, both nodes, PostgreSQL, Redis) |`,
    );

    // 2. Reconnect storm: idle browser windows up to STORM_SOCKETS sockets, then every connection cut at once.
    const idle: Socket[] = [];
    for (let i = 0; idle.length + sockets.length < STORM_SOCKETS; i++) {
      const s = open((i % 2 ? lbA : lbB).url, WEB_NAMESPACE, { token: users[i % USERS]!.jwt, windowId: randomUUID() });
      idle.push(s);
      if (idle.length % 100 === 0) await Promise.all(idle.slice(-100).map(connected));
    }
    await Promise.all(idle.map(connected));
    const all = [...sockets, ...idle];
    const clis = new Set(pairs.map((p) => p.cli));
    // Each socket is back when it connected again after seeing its connection cut.
    const returns = all.map(
      (s) => new Promise<number>((resolve) => s.once('disconnect', () => s.once('connect', () => resolve(performance.now())))),
    );
    let back = 0;
    for (const r of returns) void r.then(() => back++);
    const cut = lbA.dropAll() + lbB.dropAll();
    const stormStart = performance.now();
    const lastBack = await Promise.race([Promise.all(returns).then((times) => Math.max(...times)), sleep(120_000).then(() => NaN)]);
    const backIn = (lastBack - stormStart) / 1000;
    let rpcErrors = 0;
    await Promise.all(
      all.map(async (s) => {
        try {
          const ack = (await (clis.has(s)
            ? s.timeout(30_000).emitWithAck(CLI_EVENTS.hello, { env: cliEnv(), sessions: [], ...HELLO_FLAGS })
            : s.timeout(30_000).emitWithAck(WEB_EVENTS.instancesList, {}))) as { ok: boolean };
          if (!ack.ok) {
            rpcErrors++;
            if (process.env.SOAK_DEBUG) console.log('rpc refused', JSON.stringify(ack).slice(0, 300));
          }
        } catch (error) {
          rpcErrors++;
          if (process.env.SOAK_DEBUG) console.log('rpc failed', (error as Error).message);
        }
      }),
    );
    console.log('\n| reconnect storm | value |\n|---|---|');
    console.log(`| sockets cut at once | ${cut} (${all.length} clients) |`);
    console.log(`| all back after | ${backIn.toFixed(1)} s (${back} / ${all.length} connected) |`);
    console.log(`| RPC errors after the storm | ${rpcErrors} / ${all.length} (${((rpcErrors / all.length) * 100).toFixed(2)} %) |`);
    nodes.forEach((n, i) => console.log(`| node ${'AB'[i]} RSS after the storm | ${rssMb(n.child.pid!).toFixed(0)} MB |`));
    for (const s of all) s.disconnect();
    await storage.close();
    const flat = growth.every((g) => Math.abs(g) <= 0.1);
    const failed = lost > 0 || dups > 0 || !flat || back < all.length || !(backIn <= 30) || rpcErrors / all.length >= 0.01;
    console.log(
      failed
        ? `\nSOAK FAILED: lost ${lost}, duplicated ${dups}, RSS flat within 10 %: ${flat}, back ${back}/${all.length} in ${backIn.toFixed(1)} s, RPC errors ${rpcErrors}`
        : '\nsoak ok: 0 lost, 0 duplicated, RSS flat within 10 %, all sockets back within 30 s, RPC errors < 1 %',
    );
    process.exitCode = failed ? 1 : 0;
  } finally {
    for (const s of sockets) s.disconnect();
    for (const lb of balancers) await lb.close();
    for (const node of nodes) {
      if (process.env.SOAK_DEBUG)
        console.log(`node ${node.child.pid} exit ${node.child.exitCode} ${node.child.signalCode}:\n${node.output().slice(-3000)}`);
      node.kill('SIGTERM');
      await node.exited;
      rmSync(node.dataDir, { recursive: true, force: true });
    }
    build.remove();
    await pg.drop();
  }
}

await main();
