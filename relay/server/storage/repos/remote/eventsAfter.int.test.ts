import { randomUUID } from 'node:crypto';

import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';

import { toSessionEvent } from '../../../core/remote/views';
import { createTestPostgres, type TestPostgres } from '../../../testing/postgres';
import { cliTokenFor, signIn } from '../../../testing/remoteClients';
import { createTestRelay, RELAY_START_TIMEOUT_MS, type TestRelay } from '../../../testing/testRelay';
import { sessionEvents } from '../../schema';
import { createRemoteRepo } from '../remoteRepo';

/**
 * A replay page is read as one aggregated JSON value (sessionsRepo.eventsAfter). It must give exactly the rows a plain
 * select gives (same fields, types, `at` to the millisecond, bodies) and what a browser receives must not change.
 */
const opened: TestRelay[] = [];
let pg: TestPostgres | null = null;
afterAll(async () => {
  for (const relay of opened) await relay.close();
  await pg?.drop();
});

const bodies: Array<Record<string, unknown>> = [
  { type: 'assistant_message', messageId: 'm1', text: 'plain' },
  { type: 'user_message', text: 'zh 中文 emoji 🦜 ␀ \uFFFD "quotes" \\ back\nslash', clientMsgId: 'c' },
  {
    type: 'tool_call',
    toolCallId: 't',
    name: 'Bash',
    input: { command: 'ls -la', n: 1.5, big: 1e21, neg: -0.25, list: [1, 'x', null, true] },
  },
  { type: 'status', nested: { a: { b: { c: [] } }, empty: {} }, zero: 0 },
];

async function check(relay: TestRelay) {
  const user = await signIn(relay, `page${randomUUID().slice(0, 8)}@example.com`);
  const { id: cliTokenId } = await cliTokenFor(relay, user.userId);
  const repo = createRemoteRepo(relay.storage.db);
  const instanceId = randomUUID();
  await repo.claimInstance({ id: instanceId, userId: user.userId, cliTokenId, socketId: 's', now: new Date() });
  const { row: session } = await repo.ensureSession({ id: randomUUID(), instanceId, userId: user.userId, createdAt: new Date() });
  // Microsecond timestamps (as now() stores them), one per body, plus an old and a far-future one.
  const total = 1200;
  await relay.storage.db.execute(sql`
    INSERT INTO session_events (session_id, seq, event_id, at, body)
    SELECT ${session.id}::uuid, g, gen_random_uuid(),
      CASE WHEN g = 1 THEN '1999-12-31 23:59:59.999999+00'::timestamptz WHEN g = 2 THEN '2250-06-01 12:00:00.0005+05:30'::timestamptz
        ELSE now() - g * interval '1.234567 second' END,
      (${JSON.stringify(bodies)}::jsonb) -> (g % ${bodies.length})
    FROM generate_series(1, ${total}) AS g`);
  for (const [after, limit] of [
    [0, 500],
    [500, 500],
    [1000, 500],
    [1199, 500],
    [total, 500],
    [7, 3],
  ] as const) {
    const page = await repo.eventsAfter(session.id, after, limit);
    const plain = await relay.storage.db
      .select()
      .from(sessionEvents)
      .where(and(eq(sessionEvents.sessionId, session.id), gt(sessionEvents.seq, after)))
      .orderBy(asc(sessionEvents.seq))
      .limit(limit);
    expect(page.length).toBe(Math.min(limit, Math.max(0, total - after)));
    expect(page).toEqual(plain);
    for (const [i, row] of page.entries()) {
      expect(Object.keys(row).sort()).toEqual(Object.keys(plain[i]!).sort());
      expect(row.at).toBeInstanceOf(Date);
      expect(row.at.getTime()).toBe(plain[i]!.at.getTime());
      // What the browser is sent: byte for byte the same JSON.
      expect(JSON.stringify(toSessionEvent(row))).toBe(JSON.stringify(toSessionEvent(plain[i]!)));
    }
  }
  // An older page (session:history): the last `limit` before the seq, still in seq order.
  for (const [before, limit] of [
    [total + 1, 500],
    [701, 500],
    [300, 500],
    [2, 500],
    [1, 500],
    [10, 3],
  ] as const) {
    const page = await repo.eventsBefore(session.id, before, limit);
    const plain = await relay.storage.db
      .select()
      .from(sessionEvents)
      .where(and(eq(sessionEvents.sessionId, session.id), lt(sessionEvents.seq, before)))
      .orderBy(asc(sessionEvents.seq));
    expect(page.map((e) => e.seq)).toEqual(plain.slice(-limit).map((e) => e.seq));
    expect(page).toEqual(plain.slice(-limit));
  }
}

describe('eventsAfter and eventsBefore (a page as one JSON value)', () => {
  it(
    'gives the same rows as a plain select on PGlite',
    async () => {
      const relay = await createTestRelay();
      opened.push(relay);
      await check(relay);
    },
    RELAY_START_TIMEOUT_MS,
  );

  it(
    'gives the same rows as a plain select on PostgreSQL',
    async (ctx) => {
      pg = await createTestPostgres();
      if (!pg) return ctx.skip();
      const relay = await createTestRelay({ databaseUrl: pg.url });
      opened.push(relay);
      await check(relay);
    },
    RELAY_START_TIMEOUT_MS,
  );
});
