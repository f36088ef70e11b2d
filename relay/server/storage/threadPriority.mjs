// The scheduling priority of the relay's database threads (pgliteWorker.mjs, pgWorker.mjs), each of which calls
// lowerThreadPriority once it starts. Plain JavaScript, copied next to the bundle by scripts/build-relay.mjs.
//
// Why: the relay's main thread serves every socket, and a round trip waits for it alone; a commit's statement can wait
// (events go out live before their commit, and only acks wait for it). Where the two threads share a core (a 1-vCPU
// host, or a machine busy with other work), a database thread at the same priority took the core from the sockets'
// thread for whole time slices: on one core (`taskset -c 0`), Tern on PGlite read a one-pair p99 12-24× bare
// Socket.IO's and 0.29-0.44× its round trips; with the PGlite worker at nice 15, 2.0-4.0× and 0.47-0.79× (at nice 10
// 8-14× and 0.49-0.57×; docs/performance-sessions.md, "Session 46"). With a core to spare the thread runs there as before: on
// two cores the figures did not move.
//
// Linux only: there a thread's nice value is its own (setpriority on a thread id; /proc/thread-self names the calling
// thread), and under the scheduler's autogroups or a service's cgroup it weighs against the threads of the same group,
// so mostly against the relay's own. Elsewhere a thread's priority is the process's, and lowering it would slow the
// sockets too: nothing is done there.
import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import path from 'node:path';

/** The calling thread's id, or null where /proc does not name it (not Linux, or /proc not mounted). */
export function threadId() {
  if (process.platform !== 'linux') return null;
  try {
    const id = Number(path.basename(readlinkSync('/proc/thread-self')));
    return Number.isInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

/**
 * Gives the calling thread the nice value `nice` (0-19: 0 changes nothing) unless it already runs at that or lower
 * priority (a process started with `nice` keeps its own). Answers the thread's nice value afterwards, or null where
 * threads have no priority of their own or the system refused (logged: the relay runs on, as before).
 * @param {number} nice
 * @returns {number | null}
 */
export function lowerThreadPriority(nice) {
  const id = threadId();
  if (id === null) return null;
  try {
    const now = getPriority(id);
    if (nice > now) setPriority(id, nice);
    return getPriority(id);
  } catch (error) {
    console.error(`Could not lower the database thread's priority (${/** @type {Error} */ (error).message}).`);
    return null;
  }
}
