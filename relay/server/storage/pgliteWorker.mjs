// The relay's PGlite, in its own thread (worker_threads), so Postgres' CPU is spent on another core than the sockets'.
// Started by pgliteClient.ts, which holds the other end of every message; plain JavaScript so that the same file runs
// under tsx, Vitest and the compiled relay (scripts/build-relay.mjs copies it next to the bundle).
//
// Messages in: { id, op: 'query', sql, params, rowMode, rawTypes, tx?, name? } | { id, op: 'begin' } |
//              { id, op: 'end', tx, commit } | { id, op: 'close' }
// Messages out: { ready: true } once open, or { fatal } if it could not open; then { id, result } or { id, error }.
//
// A query with a `name` (outside a transaction) is a prepared statement: PREPAREd under that name on first use, then
// EXECUTEd with its parameters as literals (`prepared` below).
//
// A transaction is PGlite's own `transaction()`, held open between 'begin' and 'end': PGlite queues every statement
// that is not part of it (its transaction mutex) until COMMIT or ROLLBACK, exactly as when the relay ran it in-process.
import { closeSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import v8 from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';

import { errorData } from './workerErrors.mjs';

/** @type {{ dir: string, startParams: string[], v8Flags: string[] }} */
const { dir, startParams, v8Flags } = workerData;
// Before PGlite compiles its WASM (V8 flags are per process; the relay runs no other WASM).
for (const flag of v8Flags) v8.setFlagsFromString(flag);
const { PGlite } = await import('@electric-sql/pglite');

const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);
const identity = (/** @type {unknown} */ value) => value;
const ROLLBACK = Symbol('rollback');
/** @type {Map<number, { tx: import('@electric-sql/pglite').Transaction, end: (commit: boolean) => void, done: Promise<void> }>} */
const transactions = new Map();
let nextTx = 0;

function answer(id, work) {
  work().then(
    (result) => port.postMessage({ id, result }),
    (error) => port.postMessage({ id, error: errorData(error) }),
  );
}

function begin(db, id) {
  const txId = ++nextTx;
  let end = (/** @type {boolean} */ _commit) => {};
  const ended = new Promise((resolve, reject) => {
    end = (commit) => (commit ? resolve(undefined) : reject(ROLLBACK));
  });
  let begun = false;
  // PGlite calls back after BEGIN, never synchronously, so `done` is set by then.
  const done = db.transaction(async (tx) => {
    begun = true;
    transactions.set(txId, { tx, end, done });
    port.postMessage({ id, result: txId });
    await ended;
  });
  done.catch((error) => {
    if (!begun) port.postMessage({ id, error: errorData(error) });
  });
}

function finish(id, txId, commit) {
  const open = transactions.get(txId);
  if (!open) return port.postMessage({ id, error: { message: `No open transaction ${txId}` } });
  transactions.delete(txId);
  open.end(commit);
  answer(id, () => open.done.catch((error) => (error === ROLLBACK ? undefined : Promise.reject(error))));
}

/** Statements PREPAREd in this PGlite (one backend, for the worker's life). */
const prepared = new Set();

/**
 * A parameter of EXECUTE as an SQL literal: a number as itself, null as NULL, text dollar-quoted with a tag the text
 * does not hold (so nothing in it needs escaping, whatever standard_conforming_strings says). Postgres' query text
 * cannot hold NUL; JSON text never does (JSON.stringify escapes control characters).
 */
function literal(value) {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string' || value.includes('\0'))
    throw new Error('A prepared statement takes finite numbers, null and text without NUL');
  let tag = '$p$';
  for (let n = 0; value.includes(tag); n++) tag = `$p${n}$`;
  return `${tag}${value}${tag}`;
}

/**
 * Runs `sql` as the prepared statement `name`: parsed and analysed once, then one simple-protocol message per run
 * (PGlite's `query` takes five protocol exchanges: parse, describe, bind, describe, execute).
 */
async function runPrepared(db, message, parsers) {
  const { name, sql, params, rowMode } = message;
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Bad statement name ${name}`);
  if (!prepared.has(name)) {
    await db.exec(`PREPARE ${name} AS ${sql}`);
    prepared.add(name);
  }
  const results = await db.exec(`EXECUTE ${name}(${params.map(literal).join(', ')})`, { rowMode, parsers });
  return results[0];
}

function serve(db) {
  port.on('message', (message) => {
    switch (message.op) {
      case 'query': {
        const target = message.tx === undefined ? db : transactions.get(message.tx)?.tx;
        const parsers = Object.fromEntries(message.rawTypes.map((type) => [type, identity]));
        answer(message.id, async () => {
          if (!target) throw new Error(`No open transaction ${message.tx}`);
          if (message.name && message.tx === undefined) return runPrepared(db, message, parsers);
          return target.query(message.sql, message.params, { rowMode: message.rowMode, parsers });
        });
        break;
      }
      case 'begin':
        begin(db, message.id);
        break;
      case 'end':
        finish(message.id, message.tx, message.commit);
        break;
      case 'close':
        answer(message.id, () => db.close());
        break;
      default:
        port.postMessage({ id: message.id, error: { message: `Unknown operation ${message.op}` } });
    }
  });
}

/**
 * Files of PGlite's filesystem image that a running server does not read: initdb's inputs (database.ts runs initdb in a
 * process of its own), encoding conversions (server and client encodings are both UTF8), replication, extension builds.
 */
const UNREAD =
  /^\/pglite\/(share\/postgresql\/([^/]+\.(sql|sample)|postgres\.bki|sql_features\.txt)|lib\/postgresql\/(pgxs\/.+|\w+_and_\w+\.so|libpqwalreceiver\.so|pgoutput\.so))$/;

/**
 * PGlite's filesystem image (pglite.data, 6 MB), which PGlite keeps in memory for its life, without the files above
 * (3.7 MB): a zero-filled buffer of the image's size with only the other files read in, so the pages of the skipped
 * ones are never touched (no RSS). PGlite takes the image as a Blob (`fsBundle`); the files' offsets are in PGlite's
 * loader (pglite.js). Null, so PGlite loads the whole image itself, if that list is not where it was.
 * @returns {{ fsBundle: { arrayBuffer(): Promise<ArrayBuffer> }, unread: string[] } | null}
 */
function imageWithoutUnread() {
  const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  const image = path.join(dist, 'pglite.data');
  const files = [...readFileSync(path.join(dist, 'pglite.js'), 'utf8').matchAll(/\{filename:"([^"]+)",start:(\d+),end:(\d+)\}/g)];
  const size = statSync(image).size;
  if (files.length === 0 || Math.max(...files.map((file) => Number(file[3]))) !== size) return null;
  const bytes = new Uint8Array(size);
  const fd = openSync(image, 'r');
  try {
    for (const [, name, start, end] of files) {
      const length = Number(end) - Number(start);
      if (!UNREAD.test(name) && readSync(fd, bytes, Number(start), length, Number(start)) !== length) return null;
    }
  } finally {
    closeSync(fd);
  }
  const unread = files.map((file) => file[1]).filter((name) => UNREAD.test(name));
  return { fsBundle: { arrayBuffer: async () => bytes.buffer }, unread };
}

try {
  const image = imageWithoutUnread();
  const db = await PGlite.create(dir, { startParams, ...(image && { fsBundle: image.fsBundle }) });
  // Gone rather than zeros: a server that did read one of them fails with "No such file" instead.
  for (const name of image?.unread ?? []) db.Module.FS.unlink(name);
  serve(db);
  port.postMessage({ ready: true });
} catch (error) {
  port.postMessage({ fatal: errorData(error) });
}
