import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { migrationsFolder, openStorage } from '../storage/database';

/**
 * Test relays on PGlite start from a copy of one migrated data directory instead of each running initdb and every
 * migration (3-4 s of CPU per relay, a few dozen relays per `npm test`; a copy takes a fraction of a second). The
 * template is made by the relay's own openStorage, once per set of migrations and PGlite version (its name holds their
 * hash), in the system's temp directory; test processes that make it at the same moment each build their own and the
 * first rename wins. Tests of creating a database (initdb, the first migration) open storage themselves, not this.
 */
let made: Promise<string> | null = null;

function templateKey(): string {
  const hash = createHash('sha256');
  // PGlite's package.json is not among its exports: the one above its entry point.
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!existsSync(path.join(dir, 'package.json')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  hash.update(readFileSync(path.join(dir, 'package.json')));
  for (const name of (readdirSync(migrationsFolder, { recursive: true }) as string[]).sort()) {
    const file = path.join(migrationsFolder, name);
    if (!statSync(file).isFile()) continue;
    hash.update(`\0${name}\0`).update(readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}

async function makeTemplate(): Promise<string> {
  const dir = path.join(tmpdir(), `tern-pglite-template-${templateKey()}`);
  if (existsSync(path.join(dir, 'PG_VERSION'))) return dir;
  const building = mkdtempSync(path.join(tmpdir(), 'tern-pglite-building-'));
  try {
    const storage = await openStorage({ dataDir: building, upkeep: false });
    await storage.close();
    try {
      renameSync(path.join(building, 'pglite'), dir);
    } catch (error) {
      // Another test process renamed its own first: the same migrations, so either will do.
      if (!existsSync(path.join(dir, 'PG_VERSION'))) throw error;
    }
  } finally {
    rmSync(building, { recursive: true, force: true });
  }
  return dir;
}

/** Gives `dataDir` a migrated PGlite database (`dataDir/pglite`, as openStorage expects it), unless it has one. */
export async function seedPgliteDataDir(dataDir: string): Promise<void> {
  if (existsSync(path.join(dataDir, 'pglite'))) return;
  made ??= makeTemplate();
  cpSync(await made, path.join(dataDir, 'pglite'), { recursive: true });
}
