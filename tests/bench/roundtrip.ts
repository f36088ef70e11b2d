/**
 * Remote round-trip benchmark: browser → relay → CLI → relay → browser, through a real relay (PGlite storage, every
 * event persisted with its seq before fan-out), reported next to the floors measured in the same run (raw `ws` and
 * bare Socket.IO relays that only forward), as ratios. Also the relay's memory per connected browser/CLI pair.
 *
 *   npm run bench                 # everything
 *   BENCH_ROUNDS=500 npm run bench
 *
 * One round: the browser sends `session:input`; the relay persists the user_message, forwards the input to the CLI;
 * the CLI answers with an `assistant_message` session event; the relay persists it and fans it out; the round ends
 * when the browser receives that event. Sequential rounds, so the figure is latency, not throughput.
 * Writes reports/bench/roundtrip.json.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import type { Socket } from 'socket.io-client';

import { CLI_COMMANDS, CLI_EVENTS, type SessionEvent, WEB_EVENTS, WEB_PUSH } from '../../relay/protocol';
import { cliEnv, cliSocket, cliTokenFor, connect, request, signIn, webSocket } from '../../relay/server/testing/remoteClients';
import { createTestRelay, type TestRelay } from '../../relay/server/testing/testRelay';
import { rawWsFloor, type Sample, socketIoFloor, summarise } from './floors';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1000);
const WARMUP = Math.max(20, Math.floor(ROUNDS / 10));
const PAIRS_FOR_MEMORY = Number(process.env.BENCH_PAIRS ?? 50);

interface Pair {
  cli: Socket;
  web: Socket;
  sessionId: string;
}

/** A signed-in user with a hello'd CLI that answers every input, and an attached browser joined to a session. */
async function pair(relay: TestRelay, n: number): Promise<Pair> {
  const user = await signIn(relay, `bench${n}-${randomUUID().slice(0, 8)}@example.com`);
  const { token } = await cliTokenFor(relay, user.userId, `bench${n}`);
  const instanceId = randomUUID();
  const cli = await connect(cliSocket(relay, token, instanceId));
  cli.on(CLI_COMMANDS.sessionCreate, (_payload: unknown, ack?: (r: unknown) => void) => ack?.({ ok: true }));
  cli.on(CLI_COMMANDS.sessionInput, (payload: { sessionId: string; clientMsgId: string; text: string }, ack?: (r: unknown) => void) => {
    ack?.({ ok: true });
    // The CLI's answer is itself a persisted session event.
    cli.emit(
      CLI_EVENTS.sessionEvent,
      {
        sessionId: payload.sessionId,
        eventId: randomUUID(),
        body: { type: 'assistant_message', messageId: payload.clientMsgId, text: `echo ${payload.text}` },
      },
      () => {},
    );
  });
  const hello = await request(cli, CLI_EVENTS.hello, { env: cliEnv(`/bench/${n}`), sessions: [] });
  if (!hello.ok) throw new Error(`cli:hello failed: ${JSON.stringify(hello)}`);
  const web = await connect(webSocket(relay, user.jwt));
  const attached = await request(web, WEB_EVENTS.instanceAttach, { instanceId });
  if (!attached.ok) throw new Error(`attach failed: ${JSON.stringify(attached)}`);
  const created = await request(web, WEB_EVENTS.sessionCreate, { instanceId, clientRequestId: randomUUID() });
  if (!created.ok) throw new Error(`session:create failed: ${JSON.stringify(created)}`);
  const sessionId = created.session.id as string;
  const joined = await request(web, WEB_EVENTS.sessionJoin, { sessionId, afterSeq: 0 });
  if (!joined.ok) throw new Error(`session:join failed: ${JSON.stringify(joined)}`);
  return { cli, web, sessionId };
}

async function ternRoundTrip(relay: TestRelay, rounds: number, warmup: number): Promise<Sample> {
  const { web, cli, sessionId } = await pair(relay, 0);
  const once = () =>
    new Promise<void>((resolve, reject) => {
      const clientMsgId = randomUUID();
      const onEvent = (event: SessionEvent) => {
        if (event.body.type === 'assistant_message' && event.body.messageId === clientMsgId) {
          web.off(WEB_PUSH.sessionEvent, onEvent);
          resolve();
        }
      };
      web.on(WEB_PUSH.sessionEvent, onEvent);
      web.emit(WEB_EVENTS.sessionInput, { sessionId, clientMsgId, text: 'ping' }, (ack: { ok: boolean }) => {
        if (!ack.ok) reject(new Error(`input refused: ${JSON.stringify(ack)}`));
      });
    });
  for (let i = 0; i < warmup; i++) await once();
  const samples: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const t0 = performance.now();
    await once();
    samples.push(performance.now() - t0);
  }
  web.disconnect();
  cli.disconnect();
  return summarise(samples);
}

async function memoryPerPair(relay: TestRelay, pairs: number): Promise<{ pairs: number; heapPerPairKB: number; rssPerPairKB: number }> {
  // The relay runs in this process; the figure includes the client sockets' own share, so it is an upper bound.
  global.gc?.();
  const before = process.memoryUsage();
  const made: Pair[] = [];
  for (let i = 1; i <= pairs; i++) made.push(await pair(relay, i));
  global.gc?.();
  const after = process.memoryUsage();
  for (const p of made) {
    p.web.disconnect();
    p.cli.disconnect();
  }
  return {
    pairs,
    heapPerPairKB: Math.round((after.heapUsed - before.heapUsed) / pairs / 1024),
    rssPerPairKB: Math.round((after.rss - before.rss) / pairs / 1024),
  };
}

const fmt = (s: Sample) => `p50 ${s.p50.toFixed(3)} ms  p95 ${s.p95.toFixed(3)} ms  p99 ${s.p99.toFixed(3)} ms  (n=${s.n})`;

async function main() {
  console.log(`Remote round trip, ${ROUNDS} sequential rounds after ${WARMUP} warm-up, one browser/CLI pair, loopback.`);
  const ws = await rawWsFloor(ROUNDS, WARMUP);
  console.log(`  floor, raw ws relay:        ${fmt(ws)}`);
  const sio = await socketIoFloor(ROUNDS, WARMUP);
  console.log(`  floor, bare Socket.IO:      ${fmt(sio)}`);
  const relay = await createTestRelay({ remote: { revocationCheckMs: 2_000 } });
  try {
    const tern = await ternRoundTrip(relay, ROUNDS, WARMUP);
    console.log(`  Tern relay (persisted):     ${fmt(tern)}`);
    console.log(`  ratio p50: ${(tern.p50 / ws.p50).toFixed(1)}× raw ws, ${(tern.p50 / sio.p50).toFixed(1)}× bare Socket.IO`);
    console.log(`  ratio p95: ${(tern.p95 / ws.p95).toFixed(1)}× raw ws, ${(tern.p95 / sio.p95).toFixed(1)}× bare Socket.IO`);
    const memory = await memoryPerPair(relay, PAIRS_FOR_MEMORY);
    console.log(
      `  memory: ~${memory.heapPerPairKB} KB heap, ~${memory.rssPerPairKB} KB RSS per connected pair (${memory.pairs} pairs, storage ${relay.storage.kind})`,
    );
    const out = path.resolve('reports/bench');
    mkdirSync(out, { recursive: true });
    writeFileSync(
      path.join(out, 'roundtrip.json'),
      JSON.stringify(
        {
          at: new Date().toISOString(),
          rounds: ROUNDS,
          floors: { rawWs: ws, socketIo: sio },
          tern,
          ratios: {
            p50VsRawWs: tern.p50 / ws.p50,
            p50VsSocketIo: tern.p50 / sio.p50,
            p95VsRawWs: tern.p95 / ws.p95,
            p95VsSocketIo: tern.p95 / sio.p95,
          },
          memory,
          storage: relay.storage.kind,
        },
        null,
        2,
      ) + '\n',
    );
  } finally {
    await relay.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
