/**
 * A relay in a child process, for tests and benchmarks that kill it (SIGKILL) or measure its memory on its own.
 * Started with `node --import tsx relay/server/testing/relayProcess.ts` (see spawnRelay in relayChild.ts) and the
 * relay's environment (PORT, DATA_DIR or DATABASE_URL, JWT_SECRET…). It reports `{ type: 'ready', url }` over IPC and
 * answers requests the parent cannot make itself while this process owns the database (PGlite is one process's):
 *   { type: 'cliToken', id, userId }  → { id, token }   a CLI token for a user (as `npm run admin` would issue)
 *   { type: 'account', id }           → { id, userId, jwt, cliToken }   a new signed-in user with a CLI token
 *   { type: 'memory', id }            → { id, rss, heapUsed, heapTotal, external, arrayBuffers }   after a full GC when
 *                                        run with --expose-gc (arrayBuffers holds PGlite's WASM memory)
 *   { type: 'cpu', id }               → { id, user, system }   process.cpuUsage(): all its threads, in µs
 *   { type: 'profile', id, file? }    → { id }   starts a CPU profile of the relay's thread (inspector, 100 µs samples);
 *                                        with `file`, stops the one running and writes it there (.cpuprofile)
 * Cheap password hashing, like createTestRelay, so suites and benches can sign many users up.
 */
import { createRelay } from '../app';
import { loadConfig } from '../config';
import { issueCliToken } from '../core/remote/cliAuth';
import { openStorage, storageOptions } from '../storage/database';
import { startCpuProfile } from './cpuProfile';
import { signIn } from './remoteClients';
import type { TestRelay } from './testRelay';

type Request =
  | { type: 'cliToken'; id: number; userId: string }
  | { type: 'account'; id: number }
  | { type: 'memory'; id: number }
  | { type: 'cpu'; id: number }
  | { type: 'profile'; id: number; file?: string };

const config = loadConfig();
const storage = await openStorage(storageOptions(config));
const app = await createRelay({ config, version: 'test', storage, passwordHashing: { N: 1024, r: 8, p: 1 } });
await app.listen({ port: config.PORT, host: config.HOST });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.PORT;
const url = `http://127.0.0.1:${port}`;

process.on('message', (message: Request) => {
  void (async () => {
    if (message.type === 'cliToken') {
      const { token } = await issueCliToken(
        { db: storage.db, now: () => new Date() },
        { userId: message.userId, label: 'test', origin: 'admin' },
      );
      process.send?.({ id: message.id, token });
    } else if (message.type === 'account') {
      // Signed up through the relay's own routes (in-process, from rotating test addresses like signIn).
      const user = await signIn({ app, url } as TestRelay, `u${message.id}-${process.pid}@example.com`);
      const { token } = await issueCliToken(
        { db: storage.db, now: () => new Date() },
        { userId: user.userId, label: 'test', origin: 'admin' },
      );
      process.send?.({ id: message.id, userId: user.userId, jwt: user.jwt, cliToken: token });
    } else if (message.type === 'cpu') {
      process.send?.({ id: message.id, ...process.cpuUsage() });
    } else if (message.type === 'profile') {
      await (message.file ? stopProfile(message.file) : startProfile());
      process.send?.({ id: message.id });
    } else if (message.type === 'memory') {
      global.gc?.();
      const { rss, heapUsed, heapTotal, external, arrayBuffers } = process.memoryUsage();
      process.send?.({ id: message.id, rss, heapUsed, heapTotal, external, arrayBuffers });
    }
  })().catch((error: unknown) => process.send?.({ id: message.id, error: String(error) }));
});
let profiler: Awaited<ReturnType<typeof startCpuProfile>> | null = null;

async function startProfile(): Promise<void> {
  profiler ??= await startCpuProfile();
}

async function stopProfile(file: string): Promise<void> {
  if (!profiler) throw new Error('no profile running');
  await profiler.stop(file);
  profiler = null;
}

process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => storage.close())
    .finally(() => process.exit(0));
});
process.send?.({ type: 'ready', url });
