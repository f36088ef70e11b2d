import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * One `tern --cloud` per working directory: the process holds `$TERN_HOME/instances/<instanceId>.lock` (its pid) while
 * it runs. A second process for the same folder (same instance id) is refused; a lock whose pid no longer runs is
 * taken over. Two processes would otherwise both receive the instance's commands and both answer them.
 */
export class InstanceLockedError extends Error {
  constructor(readonly pid: number) {
    super(`tern --cloud is already running in this folder (pid ${pid})`);
    this.name = 'InstanceLockedError';
  }
}

export interface InstanceLock {
  readonly file: string;
  /** Deletes the lock file if it is still this process's. Safe to call twice. */
  release(): void;
}

export const instanceLockFile = (home: string, instanceId: string) => path.join(home, 'instances', `${instanceId}.lock`);

/** Whether a process with this pid exists (EPERM: it exists but belongs to someone else). */
export function pidAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readPid(file: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/**
 * Takes the instance lock for this process or throws InstanceLockedError. The file is created exclusively (`wx`), so
 * of two processes starting together exactly one wins; a stale lock (dead pid, or unreadable) is removed and the
 * exclusive create is tried again.
 */
export function acquireInstanceLock(
  home: string,
  instanceId: string,
  pid: number = process.pid,
  alive: (pid: number) => boolean = pidAlive,
): InstanceLock {
  const file = instanceLockFile(home, instanceId);
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(file, `${pid}\n`, { flag: 'wx', mode: 0o600 });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 5) throw error;
    }
    let holder = readPid(file);
    if (holder === null) {
      // Maybe being written by a process that has just created it: look again after a moment.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
      holder = readPid(file);
    }
    if (holder === pid) break; // this very process already holds it
    if (holder !== null && alive(holder)) throw new InstanceLockedError(holder);
    // Stale (the process is gone) or half-written: take it over. Another process may be doing the same; the next
    // exclusive create decides.
    rmSync(file, { force: true });
  }
  let released = false;
  return {
    file,
    release() {
      if (released) return;
      released = true;
      if (readPid(file) === pid) rmSync(file, { force: true });
    },
  };
}
