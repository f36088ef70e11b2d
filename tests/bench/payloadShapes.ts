/**
 * What Tern's payloads cost bare Socket.IO (issue #15, docs/performance-sessions.md "Session 36"): the floor's one-pair round
 * (floors.ts: the browser's `ping:out` forwarded to the CLI as `ping:in`, the CLI's ack back to the browser, nothing
 * stored) with four kinds of payload:
 *  - `tiny`: the floor's own (`{ text: 'ping' }` both ways);
 *  - `tern`: the shapes of a Tern round's messages: an input as the browser sends it (session id, clientMsgId, text)
 *    and an answer as the browser gets it live (session id, event id, time, an `assistant_message` body), uuids and
 *    the time made per round as Tern makes them;
 *  - `short`: the same shapes with 8-character ids instead of uuids (what shorter ids on the wire would save);
 *  - `arrays`: the same values as positional arrays instead of objects (what a compact encoding would save).
 * Tern's round also carries the stored copies' notices in its live copies (~190 bytes a round at one pair), left out
 * here: this measures the messages every round has.
 *
 * Each kind runs in a process of its own (in one process, the four pairs' code paths share V8's feedback and the
 * relays' timers, and the floor read ~20 % slower), alternated PS_REPEATS times. For each: round trips per second and
 * the main thread's CPU per round (µs, from /proc), medians. The floor of `npm run bench` is `tiny`; the others say
 * how much of Tern's gap to it is what the messages hold rather than what the relay does with them.
 *
 *   node --expose-gc --import ./scripts/compiled-ts.mjs tests/bench/payloadShapes.ts    # or npm run bench:payloads
 *   PS_ROUNDS=20000 PS_REPEATS=5 …
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';

import { bareRelay, concurrentLoop, floorPairs, type FloorPayloads, median } from './floors';

const ROUNDS = Number(process.env.PS_ROUNDS ?? 20_000);
const REPEATS = Number(process.env.PS_REPEATS ?? 5);
const KINDS = ['tiny', 'tern', 'short', 'arrays'] as const;
type Kind = (typeof KINDS)[number];

/** The payloads of a kind other than `tiny`. */
function shapes(kind: Exclude<Kind, 'tiny'>): FloorPayloads {
  const id = kind === 'short' ? () => randomUUID().slice(0, 8) : () => randomUUID();
  const sessionId = id();
  if (kind === 'arrays')
    return {
      input: () => [sessionId, id(), 'ping'],
      answer: (input) => [sessionId, id(), new Date().toISOString(), ['assistant_message', (input as string[])[1], 'echo ping']],
    };
  return {
    input: () => ({ sessionId, clientMsgId: id(), text: 'ping' }),
    answer: (input) => ({
      sessionId,
      eventId: id(),
      at: new Date().toISOString(),
      body: { type: 'assistant_message', messageId: (input as { clientMsgId: string }).clientMsgId, text: 'echo ping' },
    }),
  };
}

/** A bare relay and one pair exchanging the payloads of `kind` (the floor's own for `tiny`). */
async function open(kind: Kind) {
  const relay = await bareRelay();
  const { sockets, ping } = await floorPairs({ cli: relay.port, web: relay.port }, 1, kind === 'tiny' ? undefined : shapes(kind));
  return {
    port: relay.port,
    ping: () => ping(0),
    async close() {
      for (const s of sockets) s.close();
      await relay.close();
    },
  };
}

interface Measured {
  perSecond: number;
  p50: number;
  main: number | null;
}

/** In a child (PS_KIND): one kind's pair, warmed up, measured once; the result as a JSON line. */
async function measureOne(kind: Kind): Promise<void> {
  const setup = await open(kind);
  await concurrentLoop(1, ROUNDS / 4, () => setup.ping());
  global.gc?.();
  const s = await concurrentLoop(1, ROUNDS, () => setup.ping(), [setup.port]);
  await setup.close();
  const measured: Measured = { perSecond: s.perSecond, p50: s.p50, main: s.mainMicros };
  console.log(JSON.stringify(measured));
}

/** One child per kind and repetition, alternated: each kind runs in a process of its own, as the floor does. */
async function measureAll(): Promise<void> {
  const results = new Map<Kind, Measured[]>(KINDS.map((k) => [k, []]));
  for (let r = 1; r <= REPEATS; r++) {
    for (const kind of KINDS) {
      const child = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url)], {
        env: { ...process.env, PS_KIND: kind },
        encoding: 'utf8',
        timeout: 300_000,
      });
      const line = child.stdout.trim().split('\n').at(-1) ?? '';
      if (child.status !== 0 || !line.startsWith('{')) throw new Error(`${kind}: ${child.stderr || child.stdout}`);
      results.get(kind)!.push(JSON.parse(line) as Measured);
    }
  }
  const tiny = median(results.get('tiny')!.map((m) => m.perSecond));
  console.log(`Bare Socket.IO, one pair, ${ROUNDS} rounds, each kind in its own process; medians of ${REPEATS} alternations:`);
  for (const kind of KINDS) {
    const got = results.get(kind)!;
    const perSecond = median(got.map((m) => m.perSecond));
    const mains = got.flatMap((m) => (m.main === null ? [] : [m.main]));
    const main = mains.length > 0 ? `, main thread ${median(mains).toFixed(1)} µs per round` : '';
    const ratio = (perSecond / tiny).toFixed(2);
    console.log(
      `  ${kind.padEnd(7)} ${perSecond.toFixed(0).padStart(6)} round trips/s (${ratio}× tiny), p50 ${median(got.map((m) => m.p50)).toFixed(3)} ms${main}`,
    );
  }
}

const only = process.env.PS_KIND as Kind | undefined;
if (only !== undefined && !KINDS.includes(only)) throw new Error(`PS_KIND: one of ${KINDS.join(', ')}`);
await (only ? measureOne(only) : measureAll());
process.exit(0);
