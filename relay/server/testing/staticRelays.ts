import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import type { FastifyInstance } from 'fastify';

import { createRelay } from '../app';
import { loadConfig } from '../config';
import { openStorage, type Storage } from '../storage/database';
import { seedPgliteDataDir } from './pgliteTemplate';

export interface StaticRelays {
  /** The built site the relays serve. */
  staticDir: string;
  /** Takes its origin from the request's Host. */
  app: FastifyInstance;
  /** The same site with `PUBLIC_URL=https://tern.example/`. */
  withPublicUrl: FastifyInstance;
  /** Closes both relays and the storage and deletes the temp directories. */
  close(): Promise<void>;
}

/**
 * Two relays (not listening: use `inject`) serving one temp STATIC_DIR, for tests of the static site. `fill` writes
 * the site's files first. One pair per test file, in `beforeAll(…, RELAY_START_TIMEOUT_MS)`.
 */
export async function startStaticRelays(prefix: string, fill: (staticDir: string) => void | Promise<void>): Promise<StaticRelays> {
  const dirs: string[] = [];
  const temp = (kind: string) => {
    const dir = mkdtempSync(path.join(tmpdir(), `${prefix}-${kind}-`));
    dirs.push(dir);
    return dir;
  };
  const relays: FastifyInstance[] = [];
  let storage: Storage | undefined;
  const close = async () => {
    for (const relay of relays.splice(0)) await relay.close();
    await storage?.close();
    storage = undefined;
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  };

  try {
    const staticDir = temp('static');
    await fill(staticDir);
    const dataDir = temp('data');
    await seedPgliteDataDir(dataDir);
    const opened = await openStorage({ dataDir });
    storage = opened;
    const start = async (env: Record<string, string>) => {
      const relay = await createRelay({
        config: loadConfig({ PORT: '0', STATIC_DIR: staticDir, LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...env }),
        version: 'test',
        storage: opened,
      });
      relays.push(relay);
      await relay.ready();
      return relay;
    };
    const app = await start({});
    const withPublicUrl = await start({ PUBLIC_URL: 'https://tern.example/' });
    return { staticDir, app, withPublicUrl, close };
  } catch (error) {
    await close();
    throw error;
  }
}
