import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { deleteCredential, instanceIdFor, loadCredential, saveCredential } from './credentials';
import { main } from './main';

let root: string;
let home: string;
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'tern-cred-'));
  home = path.join(root, 'home');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const credential = { relayUrl: 'http://127.0.0.1:1', token: 'tern_cli_abc', user: { id: 'u1', username: 'ada' } };

describe('credentials', () => {
  it('stores the credential with file mode 0600 in a 0700 directory', () => {
    saveCredential(home, credential);
    expect(statSync(home).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(home, 'credentials.json')).mode & 0o777).toBe(0o600);
    expect(loadCredential(home)).toEqual(credential);
  });

  it('logout deletes it', async () => {
    saveCredential(home, credential);
    const out: string[] = [];
    const io = { out: (l: string) => out.push(l), err: (l: string) => out.push(l), env: { TERN_HOME: home }, cwd: root };
    expect(await main(['logout'], io)).toBe(0);
    expect(loadCredential(home)).toBeNull();
    expect(out[0]).toMatch(/Logged out/);
    expect(deleteCredential(home)).toBe(false);
  });

  it('keeps one instance id per working directory', () => {
    const a = instanceIdFor(home, '/work/a');
    expect(instanceIdFor(home, '/work/a/')).toBe(a);
    expect(instanceIdFor(home, '/work/b')).not.toBe(a);
    expect(a).toMatch(/^[0-9a-f-]{36}$/);
    expect(statSync(path.join(home, 'instances.json')).mode & 0o777).toBe(0o600);
  });

  it('prints help and version', async () => {
    const out: string[] = [];
    const io = { out: (l: string) => out.push(l), err: (l: string) => out.push(l), env: { TERN_HOME: home }, cwd: root };
    expect(await main(['--help'], io)).toBe(0);
    expect(out.join('\n')).toContain('tern --cloud');
    expect(await main(['--version'], io)).toBe(0);
    expect(out.at(-1)).toMatch(/^\d+\.\d+\.\d+/);
  });
});
