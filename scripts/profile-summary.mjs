#!/usr/bin/env node
/**
 * Summarises a V8 profile by where the code lives (a package under node_modules, Node's internals, Tern's own files,
 * GC, idle) and by function:
 *  - a CPU profile (`node --cpu-prof`, the bench's BENCH_PROFILE_DIR, a page's DevTools profile): self time, or with
 *    `--inclusive` total time (callees included);
 *  - a sampling heap profile (`*.heapprofile`, the bench's BENCH_HEAP_PROFILE_DIR, garbage included): bytes allocated.
 *
 *   node scripts/profile-summary.mjs /tmp/prof/06-100.cpuprofile [--rounds 5000] [--top 40] [--match relay/] [--inclusive]
 *   node scripts/profile-summary.mjs /tmp/heap/06-100.heapprofile [--rounds 5000]
 *
 * `--rounds N` prints µs (or KB) per round besides the shares; `--match TEXT` lists only functions whose place contains
 * TEXT.
 */
import { readFileSync } from 'node:fs';

import { commandLine, placeOfUrl } from './profilePlaces.mjs';

const args = process.argv.slice(2);
const { positional, option } = commandLine(args, ['rounds', 'top', 'match']);
const file = positional[0];
if (!file) {
  console.error(
    'usage: node scripts/profile-summary.mjs FILE.cpuprofile|FILE.heapprofile [--rounds N] [--top N] [--match TEXT] [--inclusive]',
  );
  process.exit(2);
}
const rounds = Number(option('rounds', 0));
const top = Number(option('top', 40));
const match = option('match', '');
const inclusive = args.includes('--inclusive');
const profile = JSON.parse(readFileSync(file, 'utf8'));

/** Where a frame's code lives: a package, a Node internal, Tern's file, or V8's pseudo-frames. */
function place(frame) {
  const url = frame.url ?? '';
  if (!url) return `(${(frame.functionName || 'anonymous').replace(/[()]/g, '')})`;
  return placeOfUrl(url);
}
const functionName = (frame) => `${frame.functionName || '(anonymous)'}  ${place(frame)}${frame.url ? `:${frame.lineNumber + 1}` : ''}`;

/** Adds `amount` to `key` of `map`. */
const add = (map, key, amount) => map.set(key, (map.get(key) ?? 0) + amount);

/** A CPU profile: each sample's time by its frame (and, for `--inclusive`, by every distinct function on its stack). */
function cpu() {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfMicros = new Map();
  // The delta after a sample is the time it stood for (V8's own convention in DevTools).
  for (let i = 0; i < profile.samples.length; i++) add(selfMicros, profile.samples[i], profile.timeDeltas[i + 1] ?? 0);
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const places = new Map();
  const functions = new Map();
  let idle = 0;
  for (const [id, micros] of selfMicros) {
    const frame = byId.get(id).callFrame;
    if (frame.functionName === '(idle)') idle += micros;
    add(places, place(frame), micros);
    if (!inclusive) add(functions, functionName(frame), micros);
    else {
      const seen = new Set();
      for (let at = id; at !== undefined; at = parent.get(at)) seen.add(functionName(byId.get(at).callFrame));
      for (const name of seen) add(functions, name, micros);
    }
  }
  const total = [...selfMicros.values()].reduce((a, b) => a + b, 0) - idle;
  const unit = rounds ? (micros) => `${(micros / rounds).toFixed(1).padStart(7)} µs/round` : () => '';
  const head = `${(total / 1000).toFixed(0)} ms busy${rounds ? `, ${(total / rounds).toFixed(0)} µs busy per round` : ''}`;
  return {
    places,
    functions,
    total,
    unit,
    head,
    what: ['self time by place (share of busy time)', `top functions by ${inclusive ? 'total' : 'self'} time`],
  };
}

/** A sampling heap profile: the bytes each frame allocated. */
function heap() {
  const places = new Map();
  const functions = new Map();
  let total = 0;
  (function walk(node) {
    if (node.selfSize) {
      total += node.selfSize;
      add(places, place(node.callFrame), node.selfSize);
      add(functions, functionName(node.callFrame), node.selfSize);
    }
    for (const child of node.children) walk(child);
  })(profile.head);
  const unit = rounds ? (bytes) => `${(bytes / rounds / 1024).toFixed(2).padStart(7)} KB/round` : () => '';
  const head = `${(total / 1024 / 1024).toFixed(1)} MB sampled${rounds ? `, ${(total / rounds / 1024).toFixed(1)} KB per round` : ''}`;
  return { places, functions, total, unit, head, what: ['allocated by place', 'top allocating functions'] };
}

const summary = profile.head ? heap() : cpu();
const fmt = (amount) => `${((amount / summary.total) * 100).toFixed(1).padStart(5)} %  ${summary.unit(amount)}`;
const skip = (name) => name.startsWith('(idle)') || name.startsWith('(root)');
console.log(`${file}: ${summary.head}\n\n${summary.what[0]}`);
for (const [where, amount] of [...summary.places].sort((a, b) => b[1] - a[1]).slice(0, top))
  if (!skip(where)) console.log(`${fmt(amount)}  ${where}`);
console.log(`\n${summary.what[1]}${match ? ` (place contains "${match}")` : ''}`);
for (const [name, amount] of [...summary.functions]
  .filter(([name]) => !match || name.includes(match))
  .sort((a, b) => b[1] - a[1])
  .slice(0, top))
  if (!skip(name)) console.log(`${fmt(amount)}  ${name}`);
