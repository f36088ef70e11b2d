import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { CLI_EVENTS, healthSchema, oneTimeTokenResponseSchema, readinessSchema } from '../protocol';
import { DB_WORKER_NICE_DEFAULT } from './config';
import { issueCliToken } from './core/remote/cliAuth';
import { openStorage } from './storage/database';
import { createTestPostgres } from './testing/postgres';
import { cliEnv, cliSocket, connect, request } from './testing/remoteClients';
import { threadNices } from './testing/threads';

/**
 * The compiled relay `npm start` runs (scripts/build-relay.mjs): built here into a throw-away dist folder inside the
 * project (so npm packages resolve from node_modules as in a real build), started with plain node on a fresh PGlite
 * data dir — it finds its migrations and PGlite's wasm — serves, never serves its own code, and drains on SIGTERM.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dist = path.join(root, `dist-relaytest-${process.pid}`);
const dataDir = mkdtempSync(path.join(tmpdir(), 'tern-compiled-'));
let child: ChildProcess | undefined;

afterAll(() => {
  child?.kill('SIGKILL');
  rmSync(dist, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

beforeAll(async () => {
  const { buildRelay } = (await import(path.join(root, 'scripts/build-relay.mjs'))) as { buildRelay(out: string): Promise<void> };
  await buildRelay(path.join(dist, '.relay'));
  mkdirSync(dist, { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Tern</title>');
  // Loaded before the relay (node --import) by the young-generation test: prints V8's new space on SIGUSR2.
  writeFileSync(
    path.join(dist, 'heapProbe.mjs'),
    "import v8 from 'node:v8';\nprocess.on('SIGUSR2', () => { const s = v8.getHeapSpaceStatistics().find((x) => x.space_name === 'new_space'); process.stderr.write(`new space: ${s.space_size}\\n`); });\n",
  );
}, 60_000);

/** Starts the compiled relay with plain node (and `nodeArgs`); resolves with its URL once it listens. */
async function startCompiled(
  nodeArgs: string[] = [],
  env: Record<string, string> = {},
): Promise<{ proc: ChildProcess; url: string; output: () => string }> {
  const proc = spawn(process.execPath, [...nodeArgs, path.join(dist, '.relay/main.js')], {
    cwd: root,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, STATIC_DIR: dist, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child = proc;
  let output = '';
  proc.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    proc.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at http:\/\/[^:]+:(\d+)/.exec(output);
      if (match) resolve(`http://127.0.0.1:${match[1]}`);
    });
    proc.once('exit', (code) => reject(new Error(`the compiled relay exited (${code}) before listening:\n${output}`)));
  });
  return { proc, url, output: () => output };
}

describe('compiled relay', () => {
  it('builds, starts with plain node, serves, hides dist/.relay, and exits 0 after a SIGTERM drain', async () => {
    const { proc, url } = await startCompiled();

    expect(healthSchema.parse(await (await fetch(`${url}/healthz`)).json()).status).toBe('ok');
    const ready = await fetch(`${url}/readyz`);
    expect(ready.status).toBe(200);
    expect(readinessSchema.parse(await ready.json())).toMatchObject({ status: 'ready', storage: 'pglite' });
    if (process.platform === 'linux') {
      // PGlite's worker thread below the one that serves the sockets (storage/threadPriority.mjs, copied by the build).
      const nices = threadNices(proc.pid!);
      expect(nices.get(proc.pid!)).toBe(threadNices().get(process.pid));
      expect([...nices.values()].filter((nice) => nice === DB_WORKER_NICE_DEFAULT)).toHaveLength(1);
    }
    // A real migration ran: signing up writes users.
    const signup = await fetch(`${url}/auth/tern/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'compiled@example.com', password: 'correct horse', username: 'compiled' }),
    });
    expect(signup.status).toBe(200);
    for (const file of ['/.relay/main.js', '/.relay/main.js.map', '/.relay/migrations/meta/_journal.json', '/%2Erelay/main.js']) {
      const res = await fetch(url + file);
      expect(res.status, file).not.toBe(200);
      expect(await res.text(), file).not.toContain('createRelay');
    }

    const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
    proc.kill('SIGTERM');
    expect(await exited).toBe(0);
    child = undefined;
  }, 120_000);

  it("starts with a young generation of its first size (startHeap.ts runs before the packages load); an operator's growth factor is left alone", async () => {
    /** V8's new space (both semi-spaces) once the relay listens; stopped after. */
    const newSpace = async (nodeArgs: string[]) => {
      const { proc, output } = await startCompiled(['--import', path.join(dist, 'heapProbe.mjs'), ...nodeArgs]);
      proc.kill('SIGUSR2');
      await expect.poll(() => /new space: (\d+)/.exec(output())?.[1], { timeout: 10_000 }).toBeDefined();
      const bytes = Number(/new space: (\d+)/.exec(output())![1]);
      proc.kill('SIGKILL');
      await once(proc, 'exit');
      child = undefined;
      return bytes;
    };
    const MB = 1024 * 1024;
    // Loading the relay with V8's default growth (here chosen on the command line, so startHeap keeps out) grows the
    // young generation to its maximum (two 16 MB semi-spaces); with startHeap it stays at a few MB.
    expect(await newSpace([])).toBeLessThanOrEqual(8 * MB);
    expect(await newSpace(['--semi-space-growth-factor=2'])).toBeGreaterThan(8 * MB);
  }, 120_000);

  it('on PostgreSQL stores events through its statement worker, started from next to the bundle (pgWorker.mjs)', async (ctx) => {
    const database = await createTestPostgres();
    if (!database) return ctx.skip();
    const storage = await openStorage({ databaseUrl: database.url, dataDir, statementWorker: false });
    let cli: Socket | undefined;
    try {
      const { proc, url, output } = await startCompiled([], { DATABASE_URL: database.url });
      const ready = await fetch(`${url}/readyz`);
      expect(readinessSchema.parse(await ready.json())).toMatchObject({ status: 'ready', storage: 'postgres' });
      // A CLI with a token issued in the same database sends events: the first statement starts the worker (its
      // statements run on the relay's pool meanwhile), the later ones go through it.
      const signup = await fetch(`${url}/auth/tern/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'compiled-pg@example.com', password: 'correct horse', username: 'compiledpg' }),
      });
      const { user_id: userId } = oneTimeTokenResponseSchema.parse(await signup.json()).data;
      const { token } = await issueCliToken({ db: storage.db, now: () => new Date() }, { userId, label: 'compiled', origin: 'admin' });
      cli = await connect(cliSocket({ url }, token));
      expect(await request(cli, CLI_EVENTS.hello, { env: cliEnv(), sessions: [] })).toMatchObject({ ok: true });
      const sessionId = randomUUID();
      const send = (i: number) =>
        request(cli!, CLI_EVENTS.sessionEvent, {
          sessionId,
          eventId: randomUUID(),
          body: { type: 'assistant_message', messageId: randomUUID(), text: `line ${i}` },
        });
      expect(await send(1)).toEqual({ ok: true, seq: 1 });
      await new Promise((resolve) => setTimeout(resolve, 1000));
      for (let i = 2; i <= 5; i++) expect(await send(i)).toEqual({ ok: true, seq: i });
      expect(output()).not.toMatch(/PostgreSQL worker/);
      const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
      proc.kill('SIGTERM');
      expect(await exited).toBe(0);
      child = undefined;
    } finally {
      cli?.close();
      await storage.close();
      await database.drop();
    }
  }, 120_000);
});
