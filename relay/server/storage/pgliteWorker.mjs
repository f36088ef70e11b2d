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

import { lowerThreadPriority } from './threadPriority.mjs';
import { errorData } from './workerErrors.mjs';

/** @type {{ dir: string, startParams: string[], v8Flags: string[], rawTypes: number[], nice?: number }} */
const { dir, startParams, v8Flags, rawTypes: usualRawTypes, nice } = workerData;
// Below the sockets' thread where the two share a core (threadPriority.mjs).
lowerThreadPriority(nice ?? 0);
// Before PGlite compiles its WASM (V8 flags are per process; the relay runs no other WASM).
for (const flag of v8Flags) v8.setFlagsFromString(flag);
const { PGlite, types } = await import('@electric-sql/pglite');

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

/**
 * What a query's `rawTypes` (the types it wants as text) take as PGlite's `parsers` option, once PGlite's own parsers
 * give the usual ones as text (`rawByDefault`): none for the usual set, which is every statement the relay makes.
 */
function parsersFor(usual) {
  const key = (/** @type {number[]} */ list) => [...list].sort((a, b) => a - b).join(',');
  const usualKey = key(usual.types);
  /** @type {Map<string, Record<number, unknown>>} */
  const made = new Map();
  return (/** @type {number[]} */ raw) => {
    const k = key(raw);
    if (k === usualKey) return undefined;
    let parsers = made.get(k);
    if (!parsers) {
      parsers = Object.fromEntries(raw.map((type) => [type, identity]));
      // PGlite's own parser back for a usual type this query wants parsed (undefined: PGlite's built-in one).
      for (const type of usual.types) if (!raw.includes(type)) parsers[type] = usual.original.get(type);
      made.set(k, parsers);
    }
    return parsers;
  };
}

/**
 * Makes PGlite's own parsers give `raw` types as text. PGlite merges a query's `parsers` option into its table of
 * parsers (one per type: ~340 in the relay's database, an array type per table) on every query that passes one, which
 * took ~200 µs of a ~400 µs small statement on this thread (docs/performance-sessions.md, "Session 33"). Every statement of the
 * relay wants the same types as text (drizzle's driver and rawRows.ts: timestamps, dates, intervals and some arrays),
 * so with those as PGlite's own parsers such a query passes none. Answers what `parsersFor` needs for the others: the
 * original parser of each type, an array's rebuilt on its element's original parser (PGlite's array parsers read
 * their element's parser from the table when they run, where it is now the text one).
 */
async function rawByDefault(db, raw) {
  const { rows } = await db.query(
    'SELECT oid::int AS array, typelem::int AS element FROM pg_type WHERE oid = ANY($1::oid[]) AND typelem <> 0',
    [raw],
  );
  const elementOf = new Map(rows.map((row) => [row.array, row.element]));
  const parsers = /** @type {Record<number, ((text: string, typeId: number) => unknown) | undefined>} */ (db.parsers);
  const before = new Map(raw.map((type) => [type, parsers[type]]));
  /** @type {Map<number, unknown>} */
  const original = new Map();
  for (const type of raw) {
    const element = elementOf.get(type);
    const elementParser = element === undefined ? undefined : before.get(element);
    original.set(type, elementParser ? (text) => types.arrayParser(text, elementParser, type) : before.get(type));
  }
  for (const type of raw) parsers[type] = identity;
  return { types: raw, original };
}

function serve(db, parsersOf) {
  port.on('message', (message) => {
    switch (message.op) {
      case 'query': {
        const target = message.tx === undefined ? db : transactions.get(message.tx)?.tx;
        const parsers = parsersOf(message.rawTypes);
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
  serve(db, parsersFor(await rawByDefault(db, usualRawTypes)));
  port.postMessage({ ready: true });
} catch (error) {
  port.postMessage({ fatal: errorData(error) });
}
