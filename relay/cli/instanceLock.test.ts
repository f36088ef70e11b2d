import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { acquireInstanceLock, InstanceLockedError, instanceLockFile, pidAlive } from './instanceLock';

const ID = '3f0d2c1b-5a6e-4d7f-8a9b-0c1d2e3f4a5b';
let home: string;
beforeEach(() => {
  home = mkdtempSync(path.join(tmpdir(), 'tern-lock-'));
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

/** A pid that surely does not run: a child that has already exited. */
const deadPid = () => {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
};

describe('instance lock', () => {
  it('is held by one process per instance and released on release()', () => {
    const lock = acquireInstanceLock(home, ID);
    const file = instanceLockFile(home, ID);
    expect(lock.file).toBe(file);
    expect(readFileSync(file, 'utf8').trim()).toBe(String(process.pid));
    // Another live process (the parent of this one stands in for a second tern) cannot take it.
    expect(() => acquireInstanceLock(home, ID, process.ppid)).toThrow(new InstanceLockedError(process.pid));
    expect(() => acquireInstanceLock(home, ID, process.ppid)).toThrow(
      `tern --cloud is already running in this folder (pid ${process.pid})`,
    );
    // Another instance id (another folder) is independent.
    const other = acquireInstanceLock(home, '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d', process.ppid);
    lock.release();
    lock.release();
    expect(existsSync(file)).toBe(false);
    other.release();
  });

  it('takes over a stale lock whose process is gone, and an unreadable one', () => {
    const file = instanceLockFile(home, ID);
    const dead = deadPid();
    expect(pidAlive(dead)).toBe(false);
    const first = acquireInstanceLock(home, ID, dead);
    expect(readFileSync(file, 'utf8').trim()).toBe(String(dead));
    // `first` crashed without releasing (no release call): a new process takes the lock over.
    const lock = acquireInstanceLock(home, ID);
    expect(readFileSync(file, 'utf8').trim()).toBe(String(process.pid));
    // The crashed holder's late release does not remove someone else's lock.
    first.release();
    expect(existsSync(file)).toBe(true);
    lock.release();

    writeFileSync(file, 'garbage');
    const again = acquireInstanceLock(home, ID);
    expect(readFileSync(file, 'utf8').trim()).toBe(String(process.pid));
    again.release();
  });

  it('uses the liveness check it is given', () => {
    acquireInstanceLock(home, ID, 111, () => false);
    expect(() => acquireInstanceLock(home, ID, 222, (pid) => pid === 111)).toThrow('(pid 111)');
    expect(acquireInstanceLock(home, ID, 222, () => false).file).toBe(instanceLockFile(home, ID));
  });
});
