import { randomUUID } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createGroupCommit } from '../../../core/remote/groupCommit';
import { cliTokenFor, signIn } from '../../../testing/remoteClients';
import { createTestRelay, RELAY_START_TIMEOUT_MS, type TestRelay } from '../../../testing/testRelay';
import { createRemoteRepo } from '../remoteRepo';
import { createEventBatchRepo, type EventAppend } from './eventBatchRepo';

/** Group commit on PGlite: seqs per session in batch order, idempotence on event ids, unknown sessions, bad rows. */
let relay: TestRelay;
let sessions: string[];

beforeAll(async () => {
  relay = await createTestRelay();
  const user = await signIn(relay, 'batch@example.com');
  const { id: cliTokenId } = await cliTokenFor(relay, user.userId);
  const repo = createRemoteRepo(relay.storage.db);
  const instanceId = randomUUID();
  await repo.claimInstance({ id: instanceId, userId: user.userId, cliTokenId, socketId: 's', now: new Date() });
  sessions = [];
  for (let i = 0; i < 2; i++) {
    const { row } = await repo.ensureSession({ id: randomUUID(), instanceId, userId: user.userId, createdAt: new Date() });
    sessions.push(row.id);
  }
}, RELAY_START_TIMEOUT_MS);
afterAll(() => relay.close());

const event = (sessionId: string, text: string, eventId: string = randomUUID()): EventAppend => ({
  sessionId,
  eventId,
  body: { type: 'assistant_message', messageId: 'm', text },
  at: new Date(),
});

describe('eventBatchRepo.appendEvents', () => {
  it('numbers each session’s new events in batch order, and a resend or a repeat consumes no seq', async () => {
    const batch = createEventBatchRepo(relay.storage.db);
    const [a, b] = sessions as [string, string];
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
    const last = again[1]!;
    expect('session' in last && [last.session.lastSeq, last.session.lastMessage]).toEqual([3, 'a3']);
  });

  it('answers unknown for a session that does not exist, without failing the rest of the batch', async () => {
    const batch = createEventBatchRepo(relay.storage.db);
    const out = await batch.appendEvents([event(randomUUID(), 'nobody'), event(sessions[1]!, 'b3')]);
    expect(out[0]).toEqual({ unknown: true });
    expect(out[1]).toMatchObject({ duplicate: false, event: { seq: 3 } });
  });

  it('group commit: appends made together share a statement; one the database refuses fails alone', async () => {
    const batch = createEventBatchRepo(relay.storage.db);
    const commit = createGroupCommit(batch.appendEvents);
    const [a] = sessions as [string];
    // A NUL inside jsonb text is refused by PostgreSQL (the relay's validation keeps it out; here it reaches storage).
    const bad = { ...event(a, 'bad'), body: { type: 'assistant_message', messageId: 'm', text: 'nul \u0000 here' } };
    const results = await Promise.allSettled([commit.append(event(a, 'x1')), commit.append(bad), commit.append(event(a, 'x2'))]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const seqs = results.flatMap((r) => (r.status === 'fulfilled' && 'event' in r.value ? [r.value.event.seq] : []));
    expect(seqs).toEqual([4, 5]);
    expect(commit.stats().largest).toBe(3);
  });
});
