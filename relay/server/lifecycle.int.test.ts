import { randomUUID } from 'node:crypto';
import { connect as tcpConnect } from 'node:net';

import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { CLI_EVENTS, CLI_NAMESPACE, readinessSchema } from '../protocol';
import { createRemoteRepo } from './storage/repos/remoteRepo';
import { createTestPostgres } from './testing/postgres';
import { connectCli, waitFor } from './testing/remoteClients';
import { createTestRelay, RELAY_START_TIMEOUT_MS, type TestRelay } from './testing/testRelay';

/** GET /readyz, the graceful drain of SIGTERM (relay/server/lifecycle.ts, docs/deploy.md), and a close without one. */
let relay: TestRelay;
beforeAll(async () => {
  relay = await createTestRelay();
}, RELAY_START_TIMEOUT_MS);
afterAll(async () => {
  await relay.close().catch(() => undefined);
}, RELAY_START_TIMEOUT_MS);

const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = tcpConnect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });

describe('readiness and drain', () => {
  it('answers /readyz ready while serving, with the storage kind', async () => {
    const res = await fetch(`${relay.url}/readyz`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(readinessSchema.parse(await res.json())).toMatchObject({ status: 'ready', storage: 'pglite', version: 'test' });
  });

  it('on drain: not ready, no new connections, in-flight writes answered and stored, new ones refused, sockets closed', async () => {
    const { user, instanceId, cli } = await connectCli(relay, { email: 'drain@example.com', ackCommands: false });
    const sessionId = randomUUID();
    await createRemoteRepo(relay.storage.db).ensureSession({ id: sessionId, instanceId, userId: user.userId, createdAt: new Date() });
    const closed = new Promise<string>((resolve) => cli.once('disconnect', resolve));

    // A burst of events, not awaited: the drain starts while the relay is still working through them.
    const ids = Array.from({ length: 40 }, () => randomUUID());
    const answers = ids.map((eventId, i) =>
      cli
        .timeout(30_000)
        .emitWithAck(CLI_EVENTS.sessionEvent, { sessionId, eventId, body: { type: 'notice', level: 'info', text: `e${i}` } })
        .then(
          (ack: { ok: boolean; seq?: number; error?: { code: string } }) => ({ eventId, ack }),
          (error: Error) => ({ eventId, lost: error.message }),
        ),
    );
    // The drain starts when the relay receives the 5th event, which the test holds in flight until it has looked.
    let drained: Promise<void> | undefined;
    let release: (() => void) | undefined;
    let seen = 0;
    relay.app.remote.io
      .of(CLI_NAMESPACE)
      .sockets.get(cli.id!)!
      .use((packet, next) => {
        if (packet[0] !== CLI_EVENTS.sessionEvent || ++seen !== 5) return next();
        drained = relay.app.lifecycle.drain(30_000);
        release = () => next();
      });
    await waitFor(() => release !== undefined, 10_000, 'the drain to start');
    expect(relay.app.lifecycle.inflight()).toBeGreaterThan(0);

    const ready = await relay.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(readinessSchema.parse(ready.json()).status).toBe('draining');
    expect(await refused(Number(new URL(relay.url).port))).toBe(true);
    expect(cli.connected).toBe(true);
    release!();

    await drained;
    expect(await closed).toBe('io server disconnect');
    const results = await Promise.all(answers);
    // Every event got an answer before the socket closed: none hangs or is dropped with the connection.
    expect(results.filter((r) => 'lost' in r)).toEqual([]);
    const taken = results.filter((r) => 'ack' in r && r.ack.ok);
    const declined = results.filter((r) => 'ack' in r && !r.ack.ok);
    expect(taken.map((r) => r.eventId)).toEqual(ids.slice(0, 5));
    expect(declined.length).toBeGreaterThan(0);
    // Refused ones are retryable (the CLI outbox resends them to another node), never final.
    for (const r of declined) expect(r).toMatchObject({ ack: { error: { code: 'INTERNAL' } } });
    expect(taken.length + declined.length).toBe(ids.length);
    expect(relay.app.lifecycle.inflight()).toBe(0);

    // What was acked is stored, once each, in order (the test's storage outlives the app).
    const stored = await createRemoteRepo(relay.storage.db).eventsAfter(sessionId, 0, 100);
    expect(stored.map((e) => e.eventId)).toEqual(taken.map((r) => r.eventId));
    expect(stored.map((e) => e.seq)).toEqual(taken.map((_, i) => i + 1));
  });
});

describe('closing without a drain', () => {
  it('commits the appends still queued before the storage closes (PostgreSQL, statement worker)', async (ctx) => {
    const database = await createTestPostgres();
    if (!database) return ctx.skip();
    const pgRelay = await createTestRelay({ databaseUrl: database.url });
    const locker = new pg.Client({ connectionString: database.url });
    const reader = new pg.Client({ connectionString: database.url });
    try {
      const { user, instanceId, cli } = await connectCli(pgRelay, { ackCommands: false });
      const sessionId = randomUUID();
      await createRemoteRepo(pgRelay.storage.db).ensureSession({ id: sessionId, instanceId, userId: user.userId, createdAt: new Date() });
      await Promise.all([locker.connect(), reader.connect()]);
      const send = (eventId: string) =>
        void cli.emit(
          CLI_EVENTS.sessionEvent,
          { sessionId, eventId, body: { type: 'notice', level: 'info', text: eventId } },
          () => undefined,
        );
      const waitingOnLock = async () => {
        const { rows } = await reader.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
        );
        return rows[0]!.n > 0;
      };
      // The first event's statement waits on a table lock held here; the second queues behind it in the group commit.
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE session_events IN EXCLUSIVE MODE');
      const first = randomUUID();
      const second = randomUUID();
      send(first);
      await waitFor(waitingOnLock, 10_000, 'the first statement to wait on the lock');
      let received = 0;
      pgRelay.app.remote.io
        .of(CLI_NAMESPACE)
        .sockets.get(cli.id!)!
        .use((packet, next) => {
          if (packet[0] === CLI_EVENTS.sessionEvent) received++;
          next();
        });
      send(second);
      await waitFor(() => received === 1, 10_000, 'the relay to take the second event');
      await new Promise((resolve) => setTimeout(resolve, 50));

      // Closed as tests and the benchmarks close a relay: the app, then its storage. The lock goes meanwhile.
      const closing = pgRelay.close();
      await new Promise((resolve) => setTimeout(resolve, 300));
      await locker.query('COMMIT');
      await closing;

      const { rows } = await reader.query<{ event_id: string; seq: number }>(
        'SELECT event_id, seq FROM session_events WHERE session_id = $1 ORDER BY seq',
        [sessionId],
      );
      expect(rows.map((r) => [r.event_id, r.seq])).toEqual([
        [first, 1],
        [second, 2],
      ]);
    } finally {
      await locker.end().catch(() => undefined);
      await reader.end().catch(() => undefined);
      await pgRelay.close().catch(() => undefined);
      await database.drop();
    }
  }, 60_000);
});
