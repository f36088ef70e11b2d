#!/usr/bin/env node
/**
 * Summarises a Linux perf recording of one Node thread by where its time goes, kernel included (docs/performance.md,
 * "Session 30"): each sample is given to its nearest JavaScript frame, and that frame's package or Tern file; samples
 * with no JavaScript on their stack are grouped by what they were doing (garbage collection, the event loop's reads
 * and `epoll`, the rest).
 *
 *   STEADY_SETUP=pg node --perf-basic-prof --expose-gc --import ./scripts/compiled-ts.mjs tests/bench/steady.ts &
 *                                                               # the process to look at (it writes /tmp/perf-PID.map)
 *   perf record -F 1999 -g -t TID -o /tmp/perf.data -- sleep 10 # TID: the thread (the main thread's is the PID)
 *   perf script -i /tmp/perf.data -F ip,sym > /tmp/perf.txt
 *   node scripts/perf-summary.mjs /tmp/perf.txt /tmp/perf-PID.map [--hz 1999] [--rounds N] [--top 40]
 *
 * `--rounds N` (the rounds the thread served while perf recorded) prints µs per round besides the shares.
 *
 * Why the map is read here and not by perf: V8 reuses the addresses of code it has dropped, and `--perf-basic-prof`
 * appends every new function to the map without removing the old one, so one address can have several entries. perf
 * takes an older one: in session 30 it gave 19 % of the main thread to eventBatchRepo.ts `appendEvents`, whose old
 * address then held `Socket._writeGeneric`. Here the entry written last wins, which is the code that ran there once
 * the process had warmed up; but not always (session 43: 5 µs a round given to cliTokensRepo.ts `revokedAmong`, whose
 * baseline code was mapped after socket.io's optimized `Socket.packet` at an address inside it, where the samples were
 * `packet`'s). A map has no times, so no rule can tell which code an address held when it was sampled.
 *
 * Exact, with times: V8's jitdump (`--perf-prof` instead of `--perf-basic-prof`; it slows the process a little), which
 * `perf inject --jit` turns into symbols as of each sample's time. Give no map then, and perf's own symbols are used:
 *
 *   STEADY_SETUP=pg node --perf-prof --expose-gc --import ./scripts/compiled-ts.mjs tests/bench/steady.ts &
 *                                                               # writes jit-PID.dump in the working directory
 *   perf record -k mono -F 1999 -g -t TID -o /tmp/perf.data -- sleep 10
 *   perf inject --jit -i /tmp/perf.data -o /tmp/perf.jit.data  # once the process has ended (its dump complete);
 *                                                               # it writes a jitted-PID-N.so per function beside
 *                                                               # the dump: delete them and jit-PID.dump after
 *   perf script -i /tmp/perf.jit.data -F ip,sym > /tmp/perf.txt
 *   node scripts/perf-summary.mjs /tmp/perf.txt --rounds N
 */
import { readFileSync } from 'node:fs';

import { commandLine, placeOfUrl } from './profilePlaces.mjs';

const { positional, option } = commandLine(process.argv.slice(2), ['hz', 'rounds', 'top']);
const [samplesFile, mapFile] = positional;
if (!samplesFile) {
  console.error('usage: node scripts/perf-summary.mjs PERF-SCRIPT.txt [PERF-PID.map] [--hz 1999] [--rounds N] [--top 40]');
  process.exit(2);
}
const hz = Number(option('hz', 1999));
const rounds = Number(option('rounds', 0));
const top = Number(option('top', 40));

/** The map's entries by start address; where several cover an address, the one written last wins (`order`). */
const entries = (mapFile ? readFileSync(mapFile, 'utf8') : '')
  .split('\n')
  .filter(Boolean)
  .map((line, order) => {
    const [start, size, ...name] = line.split(' ');
    return { start: parseInt(start, 16), end: parseInt(start, 16) + parseInt(size, 16), name: name.join(' '), order };
  })
  .sort((a, b) => a.start - b.start);
const longest = Math.max(0, ...entries.map((e) => e.end - e.start));
const resolved = new Map();

/** The name of the code at `address`, by the newest map entry covering it (null: none does). */
function nameAt(address) {
  if (resolved.has(address)) return resolved.get(address);
  let lo = 0;
  let hi = entries.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (entries[mid].start <= address) lo = mid + 1;
    else hi = mid;
  }
  let best = null;
  for (let i = lo - 1; i >= 0 && entries[i].start > address - longest; i--) {
    const e = entries[i];
    if (address < e.end && (!best || e.order > best.order)) best = e;
  }
  const name = best?.name ?? null;
  resolved.set(address, name);
  return name;
}

/** Where a JavaScript frame's code lives (`JS:<tier>name url:line:col`, as V8's map names it). */
const place = (frame) =>
  placeOfUrl(
    frame
      .replace(/^JS:\S+ /, '')
      .replace(/:\d+:\d+$/, '')
      .replace('file://', ''),
  );

/** What a sample with no JavaScript on its stack was doing. */
function nativeKind(stack) {
  if (stack.some((s) => /Scaveng|MarkCompact|Heap::|GCTracer|Sweeper/.test(s))) return '(garbage collection)';
  if (stack.some((s) => /uv__io_poll|epoll/.test(s))) return '(event loop: reads, epoll)';
  return '(other native code)';
}

const byPlace = new Map();
const byFunction = new Map();
const add = (map, key) => map.set(key, (map.get(key) ?? 0) + 1);
let samples = 0;
for (const block of readFileSync(samplesFile, 'utf8').split('\n\n')) {
  const stack = block
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [ip, ...rest] = line.split(' ');
      const sym = rest.join(' ').replace(/\+0x[0-9a-f]+$/, '');
      return sym.startsWith('JS:') ? (nameAt(parseInt(ip, 16)) ?? sym) : sym;
    });
  if (stack.length === 0) continue;
  samples++;
  const js = stack.find((s) => s.startsWith('JS:'));
  if (js) {
    add(byPlace, place(js));
    add(byFunction, js.replace(/^JS:/, '').replace('file://', ''));
  } else {
    add(byPlace, nativeKind(stack));
    add(byFunction, `${nativeKind(stack)} ${stack[0]}`);
  }
}

const perRound = (count) => (rounds ? `${((count / hz / rounds) * 1e6).toFixed(1).padStart(8)} µs/round` : '');
const print = (title, map) => {
  console.log(`\n${title}`);
  for (const [key, count] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${((100 * count) / samples).toFixed(1).padStart(6)} % ${perRound(count)}  ${key}`);
};
console.log(`${samplesFile}: ${samples} samples (${(samples / hz).toFixed(2)} s of the thread's CPU at ${hz} Hz)`);
print('by place (nearest JavaScript frame)', byPlace);
print('by function', byFunction);
