/**
 * Replay: a browser joining a session with 10,000 stored events has all of them (issue #15: < 1 s). The events are
 * written straight into storage (like a long session the relay stored earlier), then the pair's browser joins from
 * seq 0 a few times; each time is measured from the `session:join` emit to the last event received.
 */
import { randomUUID } from 'node:crypto';

import { sql } from 'drizzle-orm';

import { type SessionEvent, WEB_EVENTS } from '../../relay/protocol';
import { request } from '../../relay/server/testing/remoteClients';
import { BATCHES, type Nodes, onStored, type Pair } from './pairs';

const EVENTS = Number(process.env.BENCH_REPLAY_EVENTS ?? 10_000);
const TIMES = 5;

export interface ReplaySample {
  events: number;
  median: number;
  worst: number;
  all: number[];
}

export async function replayBench(nodes: Nodes, pair: Pair): Promise<ReplaySample> {
  const instanceId = await instanceOf(nodes, pair.sessionId);
  const created = await request(pair.web, WEB_EVENTS.sessionCreate, { instanceId, clientRequestId: randomUUID() });
  if (!created.ok) throw new Error(`session:create failed: ${JSON.stringify(created)}`);
  const sessionId = created.session.id as string;
  await nodes.web.storage.db.execute(sql`
    INSERT INTO session_events (session_id, seq, event_id, at, body)
    SELECT ${sessionId}::uuid, g, gen_random_uuid(), now(),
      jsonb_build_object('type', 'assistant_message', 'messageId', 'm' || g, 'text', 'Stored event number ' || g || ' of a long session, with a line of text.')
    FROM generate_series(1, ${EVENTS}) AS g`);
  await nodes.web.storage.db.execute(sql`UPDATE remote_sessions SET last_seq = ${EVENTS} WHERE id = ${sessionId}::uuid`);
  const all: number[] = [];
  for (let i = 0; i < TIMES; i++) all.push(await joinAndReceive(pair, sessionId));
  const sorted = [...all].sort((a, b) => a - b);
  return { events: EVENTS, median: sorted[Math.floor(sorted.length / 2)]!, worst: sorted.at(-1)!, all };
}

async function instanceOf(nodes: Nodes, sessionId: string): Promise<string> {
  const result = await nodes.web.storage.db.execute(sql`SELECT instance_id FROM remote_sessions WHERE id = ${sessionId}::uuid`);
  return String((result as unknown as { rows: Array<{ instance_id: string }> }).rows[0]!.instance_id);
}

function joinAndReceive(pair: Pair, sessionId: string): Promise<number> {
  return new Promise((resolve, reject) => {
    let next = 1;
    const t0 = performance.now();
    const timer = setTimeout(() => reject(new Error(`replay: ${next - 1} of ${EVENTS} events after 60 s`)), 60_000);
    const off = onStored(pair.web, (event: SessionEvent) => {
      if (event.sessionId !== sessionId) return;
      if (event.seq !== next) return reject(new Error(`replay out of order: seq ${event.seq}, expected ${next}`));
      if (++next > EVENTS) {
        clearTimeout(timer);
        off();
        resolve(performance.now() - t0);
      }
    });
    pair.web.emit(WEB_EVENTS.sessionJoin, { sessionId, afterSeq: 0, batches: BATCHES }, (ack: { ok: boolean }) => {
      if (!ack.ok) reject(new Error(`join refused: ${JSON.stringify(ack)}`));
    });
  });
}
