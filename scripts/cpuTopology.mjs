/**
 * How the machine's logical CPUs sit on its cores, as Linux tells it: each CPU's thread_siblings_list names the CPUs
 * that share its core. For the benchmarks' header (tests/bench/report.ts): sibling hyperthreads share a core's
 * execution units, so a busy database thread (PGlite's worker, PostgreSQL) can slow the thread that serves the sockets
 * beside it, where on cores of their own it cannot (docs/performance-sessions.md, "Session 47"). In a virtual machine this is
 * the topology the hypervisor shows, which need not say whether two vCPUs share a physical core.
 */
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';

/** "2 cores, one thread each", "1 core of 2 hyperthreads", …: from each CPU's list of siblings ("0", "0-1", "0,2"). */
export function describeTopology(siblingLists) {
  const cores = new Set(siblingLists.map((list) => list.trim())).size;
  if (cores === 0) return 'topology unknown';
  const perCore = siblingLists.length / cores;
  const coreCount = `${cores} ${cores === 1 ? 'core' : 'cores'}`;
  if (perCore === 1) return `${coreCount}, one thread each`;
  if (Number.isInteger(perCore)) return `${coreCount} of ${perCore} hyperthreads ${cores === 1 ? '' : 'each'}`.trim();
  return `${siblingLists.length} CPUs on ${coreCount}`;
}

/** The topology of this machine's CPUs (describeTopology), or "topology unknown" where /sys does not tell it. */
export function cpuTopology(count = cpus().length, read = (file) => readFileSync(file, 'utf8')) {
  try {
    const lists = Array.from({ length: count }, (_, i) => read(`/sys/devices/system/cpu/cpu${i}/topology/thread_siblings_list`));
    return describeTopology(lists);
  } catch {
    return 'topology unknown';
  }
}

/** This machine as the benchmarks name it: "2 × AMD EPYC (2 cores, one thread each)". */
export function machineName() {
  const all = cpus();
  return `${all.length} × ${all[0]?.model.trim() ?? 'CPU'} (${cpuTopology(all.length)})`;
}
