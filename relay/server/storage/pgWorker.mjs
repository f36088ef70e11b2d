// The group commit's statements on PostgreSQL, in a worker thread (worker_threads): node-postgres writes each batch's
// parameters and reads its rows on this thread, not on the one that serves the relay's sockets. Started by
// pgStatementWorker.ts, which holds the other end of every message; plain JavaScript so that the same file runs under
// tsx, Vitest and the compiled relay (scripts/build-relay.mjs copies it next to the bundle).
//
// Messages in: { id, op: 'query', sql, params, name? } | { id, op: 'close' }
// Messages out: { ready: true } once connected, or { fatal } if it could not connect; then { id, result } (the rows,
// as node-postgres reads them with the relay's type parsers: the types in `rawTypes` kept as the database's text) or
// { id, error } (workerErrors.mjs).
//
// A query with a `name` is a prepared statement: parsed once per connection (node-postgres' named statements).
import { parentPort, workerData } from 'node:worker_threads';

import { lowerThreadPriority } from './threadPriority.mjs';
import { errorData } from './workerErrors.mjs';

/** @type {{ connectionString: string, rawTypes: number[], connections: number, nice?: number }} */
const { connectionString, rawTypes, connections, nice } = workerData;
// Below the sockets' thread where the two share a core (threadPriority.mjs).
lowerThreadPriority(nice ?? 0);
const { default: pg } = await import('pg');

const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);
const rawText = new Set(rawTypes);
const asText = (/** @type {string} */ value) => value;
const types = {
  getTypeParser: (/** @type {number} */ oid, /** @type {any} */ format) =>
    rawText.has(oid) ? asText : pg.types.getTypeParser(oid, format),
};
// Its few connections stay open however long they idle (pg closes idle ones after 10 s by default): the first commit
// after a pause does not connect first, nor prepare its named statement again (database.ts POOL_KEPT).
const pool = new pg.Pool({ connectionString, max: connections, min: connections, types });
let closing = false;
// An idle connection lost must not end the worker; the next query connects again (as the relay's own pool does).
pool.on('error', (error) => {
  if (!closing) console.error('PostgreSQL worker pool error:', error.message);
});

/** @param {{ id: number, op: string, sql?: string, params?: unknown[], name?: string }} message */
function serve(message) {
  const { id } = message;
  if (message.op === 'close') {
    closing = true;
    pool.end().then(
      () => port.postMessage({ id, result: null }),
      (error) => port.postMessage({ id, error: errorData(error) }),
    );
    return;
  }
  if (message.op !== 'query') return port.postMessage({ id, error: { message: `Unknown operation ${message.op}` } });
  // The pool's callback form: no promise per statement.
  const done = (/** @type {Error | undefined} */ error, /** @type {{ rows: unknown[] }} */ result) =>
    port.postMessage(error ? { id, error: errorData(error) } : { id, result: result.rows });
  const { sql = '', params = [], name } = message;
  if (name) pool.query({ name, text: sql, values: params }, done);
  else pool.query(sql, params, done);
}

try {
  // Connected once before answering ready, so a wrong address fails the start rather than the first commit.
  const client = await pool.connect();
  client.release();
  port.on('message', serve);
  port.postMessage({ ready: true });
} catch (error) {
  port.postMessage({ fatal: errorData(error) });
}
