import { randomUUID } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { z } from 'zod';

import { type CliCredentials, cliCredentialsSchema } from '../protocol/pairing';

export const credentialSchema = cliCredentialsSchema;
export type Credential = CliCredentials;

/** Creates `$TERN_HOME` with mode 0700 (and tightens an existing one). */
export function ensureHome(home: string): void {
  mkdirSync(home, { recursive: true, mode: 0o700 });
  chmodSync(home, 0o700);
}

/** Writes a file atomically (temp file + rename) with the given mode. */
export function writePrivateFile(file: string, content: string, mode = 0o600): void {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const tmp = `${file}.${process.pid}.${randomUUID()}.tmp`;
  writeFileSync(tmp, content, { mode });
  chmodSync(tmp, mode);
  renameSync(tmp, file);
}

const credentialFile = (home: string) => path.join(home, 'credentials.json');

export function loadCredential(home: string): Credential | null {
  const file = credentialFile(home);
  if (!existsSync(file)) return null;
  try {
    const parsed = credentialSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function saveCredential(home: string, credential: Credential): void {
  ensureHome(home);
  writePrivateFile(credentialFile(home), JSON.stringify(credential, null, 2) + '\n', 0o600);
}

/** Deletes the stored credential; true when there was one. */
export function deleteCredential(home: string): boolean {
  const file = credentialFile(home);
  if (!existsSync(file)) return false;
  rmSync(file, { force: true });
  return true;
}

const instancesSchema = z.record(z.string(), z.string());

/** The instance id for a working directory: a uuid kept in `$TERN_HOME/instances.json`, so a restart is the same instance. */
export function instanceIdFor(home: string, cwd: string): string {
  ensureHome(home);
  const file = path.join(home, 'instances.json');
  let map: Record<string, string> = {};
  if (existsSync(file)) {
    try {
      const parsed = instancesSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
      if (parsed.success) map = parsed.data;
    } catch {
      map = {};
    }
  }
  const key = path.resolve(cwd);
  const existing = map[key];
  if (existing && z.uuid().safeParse(existing).success) return existing;
  const id = randomUUID();
  map[key] = id;
  writePrivateFile(file, JSON.stringify(map, null, 2) + '\n', 0o600);
  return id;
}
