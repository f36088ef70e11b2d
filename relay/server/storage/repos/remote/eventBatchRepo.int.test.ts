import { randomUUID } from 'node:crypto';

import { eq, inArray, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createGroupCommit } from '../../../core/remote/groupCommit';
import { createTestPostgres, type TestPostgres } from '../../../testing/postgres';
import { cliTokenFor, signIn } from '../../../testing/remoteClients';
import { createTestRelay, RELAY_START_TIMEOUT_MS, type TestRelay } from '../../../testing/testRelay';
import { openStorage } from '../../database';
import { rawRowsOf } from '../../rawRows';
import { instances, remoteSessions, sessionEvents, users } from '../../schema';
import { createRemoteRepo } from '../remoteRepo';
import { createEventBatchRepo, type EventAppend, explainAppend } from './eventBatchRepo';
import { LIVE_SESSIONS_PER_READ } from './sessionsRepo';

/**
 * Group commit on PGlite and on PostgreSQL: seqs per session in batch order, idempotence on event ids, unknown
 * sessions, bad rows.
 */
let pg: TestPostgres | null = null;
const backends: Array<{ name: string; relay?: TestRelay; sessions: string[] }> = [
  { name: 'PGlite', sessions: [] },
  { name: 'PostgreSQL', sessions: [] },
];

beforeAll(async () => {
  pg = await createTestPostgres();
  for (const backend of backends) {
    if (backend.name === 'PostgreSQL' && !pg) continue; // no server here (CI always has one)
    const relay = await createTestRelay(backend.name === 'PostgreSQL' && pg ? { databaseUrl: pg.url } : {});
    backend.relay = relay;
    const user = await signIn(relay, 'batch@example.com');
    const { id: cliTokenId } = await cliTokenFor(relay, user.userId);
    const repo = createRemoteRepo(relay.storage.db);
    const instanceId = randomUUID();
    await repo.claimInstance({ id: instanceId, userId: user.userId, cliTokenId, socketId: 's', now: new Date() });
    for (let i = 0; i < 3; i++) {
      const { row } = await repo.ensureSession({ id: randomUUID(), instanceId, userId: user.userId, createdAt: new Date() });
      backend.sessions.push(row.id);
    }
  }
}, 2 * RELAY_START_TIMEOUT_MS);
afterAll(async () => {
  for (const backend of backends) await backend.relay?.close();
  await pg?.drop();
});

const event = (sessionId: string, text: string, eventId: string = randomUUID()): EventAppend => ({
  sessionId,
  eventId,
  body: { type: 'assistant_message', messageId: 'm', text },
  at: new Date(),
});

describe.each(backends)('eventBatchRepo.appendEvents on $name', (backend) => {
  it('numbers each session’s new events in batch order, and a resend or a repeat consumes no seq', async (ctx) => {
    const relay = backend.relay ?? ctx.skip();
    const batch = createEventBatchRepo(relay.storage.db);
    const [a, b] = backend.sessions as [string, string];
    const upper = randomUUID().toUpperCase();
    const first = [event(a, 'a1'), event(b, 'b1'), event(a, 'a2', upper), event(a, 'a2 again', upper.toLowerCase()), event(b, 'b2')];
    const out = await batch.appendEvents(first);
    const seqs = out.map((o) => ('event' in o ? [o.event.seq, o.duplicate] : null));
    expect(seqs).toEqual([
      [1, false],
      [1, false],
      [2, false],
      [2, true],
      [2, false],
    ]);
    const again = await batch.appendEvents([first[2]!, event(a, 'a3'), first[0]!]);
    expect(again.map((o) => ('event' in o ? [o.event.seq, o.duplicate] : null))).toEqual([
      [2, true],
      [3, false],
      [1, true],
    ]);
    const stored = await createRemoteRepo(relay.storage.db).eventsAfter(a, 0, 10);
    expect(stored.map((e) => [e.seq, e.body.text])).toEqual([
      [1, 'a1'],
      [2, 'a2'],
      [3, 'a3'],
    ]);
    // Each outcome tells its session's head; the row holds the rest.
    const last = again[1]!;
    const row = await createRemoteRepo(relay.storage.db).findSession(a);
    expect('session' in last && last.session).toEqual({ id: row!.id, userId: row!.userId, title: row!.title });
    expect([row!.lastSeq, row!.lastMessage]).toEqual([3, 'a3']);
  });

  it('reads the rows of touched sessions (findLiveSessions) past one statement’s share of ids, deleted ones left out', async (ctx) => {
    const { db } = (backend.relay ?? ctx.skip()).storage;
    const repo = createRemoteRepo(db);
    const [instance] = await db.select().from(instances).limit(1);
    const made: string[] = [];
    for (let i = 0; i < 3; i++)
      made.push(
        (await repo.ensureSession({ id: randomUUID(), instanceId: instance!.id, userId: instance!.userId, createdAt: new Date() })).row.id,
      );
    await repo.deleteSession(made[1]!, new Date());
    // The sessions among unknown ids, one of them past the first statement's LIVE_SESSIONS_PER_READ.
    const ids: string[] = Array.from({ length: LIVE_SESSIONS_PER_READ + 500 }, () => randomUUID());
    ids[3] = made[0]!;
    ids[500] = made[1]!;
    ids[LIVE_SESSIONS_PER_READ + 20] = made[2]!;
    const rows = await repo.findLiveSessions(ids);
    expect(rows.map((r) => r.id).sort()).toEqual([made[0], made[2]].sort());
    expect(rows[0]).toEqual(await repo.findSession(rows[0]!.id));
    expect(await repo.findLiveSessions([])).toEqual([]);
  });

  it('matches each stored event to its item whatever the case of its ids, an unknown session’s between them', async (ctx) => {
    const batch = createEventBatchRepo((backend.relay ?? ctx.skip()).storage.db);
    const c = backend.sessions[2]!;
    const id = randomUUID();
    const items = [
      event(c.toUpperCase(), 'c1', id.toUpperCase()),
      event(randomUUID(), 'nobody'),
      event(c, 'c1 again', id),
      event(c.toUpperCase(), 'c2'),
    ];
    const out = await batch.appendEvents(items);
    expect(out.map((o) => ('event' in o ? [o.event.seq, o.duplicate, o.event.body.text] : null))).toEqual([
      [1, false, 'c1'],
      null,
      [1, true, 'c1'],
      [2, false, 'c2'],
    ]);
    // The item's own ids, as it gave them.
    expect('event' in out[0]! && [out[0].event.sessionId, out[0].event.eventId]).toEqual([c.toUpperCase(), id.toUpperCase()]);
  });

  it('keeps the first and last message as previews cut by characters, an emoji at the cut whole', async (ctx) => {
    const { db } = (backend.relay ?? ctx.skip()).storage;
    const repo = createRemoteRepo(db);
    const [instance] = await db.select().from(instances).limit(1);
    const session = async () =>
      (await repo.ensureSession({ id: randomUUID(), instanceId: instance!.id, userId: instance!.userId, createdAt: new Date() })).row.id;
    // The 499th character is an emoji: two UTF-16 code units, of which a cut at 499 code units kept only the first.
    const long = `${'a'.repeat(498)}😀${'b'.repeat(20)}`;
    const cut = `${'a'.repeat(498)}😀…`;
    const user = (sessionId: string, text: unknown): EventAppend => ({
      sessionId,
      eventId: randomUUID(),
      body: { type: 'user_message', clientMsgId: randomUUID(), text },
      at: new Date(),
    });
    const [grouped, alone] = [await session(), await session()];
    const out = await createEventBatchRepo(db).appendEvents([user(grouped, long), event(grouped, 'short answer'), user(grouped, 7)]);
    expect(out.map((o) => 'event' in o && o.event.seq)).toEqual([1, 2, 3]);
    const previews = async (id: string) => {
      const row = await repo.findSession(id);
      return [row!.firstMessage, row!.lastMessage];
    };
    expect(await previews(grouped)).toEqual([cut, 'short answer']);
    // One event alone (sessionsRepo.appendEvent, without a group commit) is cut the same way.
    const single = await repo.appendEvent(user(alone, long));
    expect([single.event.seq, single.duplicate]).toEqual([1, false]);
    expect(await previews(alone)).toEqual([cut, cut]);
    expect([...cut].length).toBe(500);
    // The body is stored whole.
    const [stored] = await repo.eventsAfter(grouped, 0, 1);
    expect(stored!.body.text).toBe(long);
  });

  it('answers unknown for a session that does not exist, without failing the rest of the batch', async (ctx) => {
    const batch = createEventBatchRepo((backend.relay ?? ctx.skip()).storage.db);
    const out = await batch.appendEvents([event(randomUUID(), 'nobody'), event(backend.sessions[1]!, 'b3')]);
    expect(out[0]).toEqual({ unknown: true });
    expect(out[1]).toMatchObject({ duplicate: false, event: { seq: 3 } });
  });

  it('group commit: appends made together share a statement; one the database refuses fails alone', async (ctx) => {
    const batch = createEventBatchRepo((backend.relay ?? ctx.skip()).storage.db);
    const commit = createGroupCommit(batch.appendEvents);
    const [a] = backend.sessions as [string];
    // A NUL inside jsonb text is refused by PostgreSQL (the relay's validation keeps it out; here it reaches storage).
    const bad = { ...event(a, 'bad'), body: { type: 'assistant_message', messageId: 'm', text: 'nul \u0000 here' } };
    const results = await Promise.allSettled([commit.append(event(a, 'x1')), commit.append(bad), commit.append(event(a, 'x2'))]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const seqs = results.flatMap((r) => (r.status === 'fulfilled' && 'event' in r.value ? [r.value.event.seq] : []));
    expect(seqs).toEqual([4, 5]);
    expect(commit.stats().largest).toBe(3);
  });

  it('keeps a plan that probes the index: once the table has grown, a commit reads no more than before', async (ctx) => {
    const relay = backend.relay ?? ctx.skip();
    // On PostgreSQL a storage of its own: one query at a time on its pool is one connection, which makes the function's
    // plan on its first call, while the table is small. Without the statement thread, whose own connections would take
    // the statements over once it has started (later on a loaded machine), each with a plan of its own. PGlite is one
    // connection, whose plan an earlier test made.
    const storage =
      backend.name === 'PostgreSQL' && pg ? await openStorage({ databaseUrl: pg.url, dataDir: '', statementWorker: false }) : relay.storage;
    try {
      const raw = rawRowsOf(storage.db)!;
      const batch = createEventBatchRepo(storage.db);
      const b = backend.sessions[1]!;
      await batch.appendEvents([event(b, 'first on this connection')]);
      const pages = async (table = 'session_events') => {
        const [row] = await raw(`SELECT pg_relation_size('${table}') / current_setting('block_size')::int AS pages`, []);
        return Number(row!.pages);
      };
      // Buffers the commit of `size` new events reads or writes, the function's statement included.
      const reads = async (size: number, label: string) => {
        const items = Array.from({ length: size }, (_, i) => event(b, `${label} ${i}`));
        const [plan] = (await explainAppend(storage.db, items)) as Array<{ Plan: Record<string, number> }>;
        return plan!.Plan['Shared Hit Blocks']! + plan!.Plan['Shared Read Blocks']!;
      };
      const sizes = [1, 2, 20];
      const before = [];
      for (const size of sizes) before.push(await reads(size, 'before'));
      const pagesBefore = [await pages(), await pages('remote_sessions')];
      // Enough stored events that reading them all looks cheaper to a planner than a probe per batch row, with the
      // statistics of the small table it made its plan on; and enough sessions that reading them all for the update
      // would show (0009's SQL, planned with a batch's values, held every session in a Materialize to compare with the
      // batch's; migration 0010 turns materialising off).
      for (let i = 0; i < 4; i++) await batch.appendEvents(Array.from({ length: 3000 }, (_, j) => event(b, `filler ${i}.${j}`)));
      await raw(
        `INSERT INTO remote_sessions (id, instance_id, user_id, last_active_at, first_message)
         SELECT gen_random_uuid(), instance_id, user_id, now(), repeat('x', 200) FROM remote_sessions, generate_series(1, 8000) WHERE id = $1`,
        [b],
      );
      const grownEvents = (await pages()) - pagesBefore[0]!;
      const grownSessions = (await pages('remote_sessions')) - pagesBefore[1]!;
      expect(grownEvents).toBeGreaterThan(150);
      expect(grownSessions).toBeGreaterThan(250);
      const grown = Math.min(grownEvents, grownSessions);
      for (const [i, size] of sizes.entries()) {
        const after = await reads(size, 'after');
        // The indexes may have grown a level deeper (probes and inserts read one page more per row); a scan would read
        // every page a table grew by.
        const tables = `session_events ${grownEvents} pages more, remote_sessions ${grownSessions}`;
        expect(after - before[i]!, `a batch of ${size}: ${before[i]} → ${after} buffers, ${tables}`).toBeLessThan(grown / 2);
      }
    } finally {
      if (storage !== relay.storage) await storage.close();
    }
  }, 60_000);

  it('deletes a session’s events with it, also when its instance or its user goes (the trigger that took the key’s cascade over)', async (ctx) => {
    const relay = backend.relay ?? ctx.skip();
    const { db } = relay.storage;
    const repo = createRemoteRepo(db);
    const user = await signIn(relay, `leaving-${backend.name}@example.com`);
    const { id: cliTokenId } = await cliTokenFor(relay, user.userId);
    const [first, second] = [randomUUID(), randomUUID()];
    for (const id of [first, second]) await repo.claimInstance({ id, userId: user.userId, cliTokenId, socketId: 's', now: new Date() });
    const ids: string[] = [];
    for (const instanceId of [first, first, first, second])
      ids.push((await repo.ensureSession({ id: randomUUID(), instanceId, userId: user.userId, createdAt: new Date() })).row.id);
    await createEventBatchRepo(db).appendEvents(ids.flatMap((id) => [event(id, 'a'), event(id, 'b')]));
    const stored = async () => {
      const rows = await db.select({ sessionId: sessionEvents.sessionId }).from(sessionEvents).where(inArray(sessionEvents.sessionId, ids));
      return ids.map((id) => rows.filter((row) => row.sessionId === id).length);
    };
    const othersBefore = await db.$count(sessionEvents, notInArray(sessionEvents.sessionId, ids));
    expect(await stored()).toEqual([2, 2, 2, 2]);
    await db.delete(remoteSessions).where(eq(remoteSessions.id, ids[0]!));
    expect(await stored()).toEqual([0, 2, 2, 2]);
    // Two sessions in one statement, through the instance's cascade.
    await db.delete(instances).where(eq(instances.id, first));
    expect(await stored()).toEqual([0, 0, 0, 2]);
    await db.delete(users).where(eq(users.id, user.userId));
    expect(await stored()).toEqual([0, 0, 0, 0]);
    // Nobody else's events went.
    expect(await db.$count(sessionEvents, notInArray(sessionEvents.sessionId, ids))).toBe(othersBefore);
  });

  it('runs on the driver directly (rawRows.ts), its rows read as drizzle reads them; in a transaction, through drizzle', async (ctx) => {
    const relay = backend.relay ?? ctx.skip();
    const { db } = relay.storage;
    expect(rawRowsOf(db)).toBeTypeOf('function');
    expect(await db.transaction(async (tx) => rawRowsOf(tx))).toBeUndefined();
    const a = backend.sessions[0]!;
    const [direct] = await createEventBatchRepo(db).appendEvents([event(a, 'direct')]);
    // The session's head the statement returned, as drizzle selects it.
    const [selected] = await db
      .select({ id: remoteSessions.id, userId: remoteSessions.userId, title: remoteSessions.title })
      .from(remoteSessions)
      .where(eq(remoteSessions.id, a));
    expect(direct && 'session' in direct && direct.session).toEqual(selected);
    const viaDrizzle = await db.transaction(async (tx) => createEventBatchRepo(tx).appendEvents([event(a, 'through drizzle')]));
    expect(viaDrizzle[0] && 'event' in viaDrizzle[0] && viaDrizzle[0].event.seq).toBe((direct as { event: { seq: number } }).event.seq + 1);
  });
});
