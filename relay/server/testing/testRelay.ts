import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import type { FastifyInstance } from 'fastify';

import { createRelay, type RelayDeps } from '../app';
import { loadConfig, type RelayConfig } from '../config';
import { openStorage, type Storage, storageOptions } from '../storage/database';
import { seedPgliteDataDir } from './pgliteTemplate';

/** For `beforeAll(…, RELAY_START_TIMEOUT_MS)`: PGlite start-up plus migrations exceed Vitest's 10 s hook default on a busy machine. */
export const RELAY_START_TIMEOUT_MS = 120_000;

export interface TestRelay {
  app: FastifyInstance;
  /** `http://127.0.0.1:<port>` */
  url: string;
  config: RelayConfig;
  /** The relay's database, for arranging data (operator accounts) and checking rows. */
  storage: Storage;
  close(): Promise<void>;
}

export interface TestRelayOptions extends Omit<Partial<RelayDeps>, 'config' | 'storage'> {
  /** Extra environment (FEISHU_*, WHITELIST_CIDRS …); PORT, HOST, LOG_LEVEL and DATA_DIR have test defaults. */
  env?: Record<string, string>;
  /** Use this PostgreSQL instead of a fresh PGlite in a temp DATA_DIR. */
  databaseUrl?: string;
  /** PostgreSQL: the group commit's statements in a worker thread (default) or on the relay's thread (false). */
  statementWorker?: boolean;
}

/**
 * A real relay on an ephemeral port with its own temp DATA_DIR (PGlite, copied from a migrated template:
 * pgliteTemplate.ts; opening it still takes a moment, so start one per test file in `beforeAll`, not per test).
 * `close()` stops it and deletes the directory.
 */
export async function createTestRelay(options: TestRelayOptions = {}): Promise<TestRelay> {
  const { env, databaseUrl, statementWorker, ...deps } = options;
  const dir = mkdtempSync(path.join(tmpdir(), 'tern-relay-'));
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    DATA_DIR: dir,
    STATIC_DIR: path.join(dir, 'dist'),
    ...(databaseUrl && { DATABASE_URL: databaseUrl }),
    ...env,
  });
  if (!config.DATABASE_URL) await seedPgliteDataDir(config.DATA_DIR);
  const storage = await openStorage(storageOptions(config, { statementWorker }));
  // A cheap password hash keeps suites fast; the production cost is covered by the password unit tests.
  const app = await createRelay({ config, version: 'test', storage, passwordHashing: { N: 1024, r: 8, p: 1 }, ...deps });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    url: `http://127.0.0.1:${port}`,
    config,
    storage,
    async close() {
      await app.close();
      await storage.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
