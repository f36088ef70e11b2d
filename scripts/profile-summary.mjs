#!/usr/bin/env node
/**
 * Summarises a V8 CPU profile (`node --cpu-prof`, or the bench's BENCH_PROFILE_DIR): self time by where the code
 * lives (a package under node_modules, Node's internals, Tern's own folders, GC, idle) and the top functions.
 *
 *   node scripts/profile-summary.mjs /tmp/prof/04-100.cpuprofile [--rounds 5000] [--top 40] [--match socket.io-parser]
 *
 * `--rounds N` prints µs per round besides the shares; `--match TEXT` lists only functions whose place contains TEXT;
 * `--inclusive` ranks functions by total time (their callees' included) instead of self time.
 */
import { readFileSync } from 'node:fs';

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith('--') && !/^\d+$/.test(a));
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : fallback;
};
if (!file) {
  console.error('usage: node scripts/profile-summary.mjs FILE.cpuprofile [--rounds N] [--top N] [--match TEXT]');
  process.exit(2);
}
const rounds = Number(option('rounds', 0));
const top = Number(option('top', 40));
const match = option('match', '');
const inclusive = args.includes('--inclusive');

const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const selfMicros = new Map();
const deltas = profile.timeDeltas;
for (let i = 0; i < profile.samples.length; i++) {
  const id = profile.samples[i];
  // The delta after a sample is the time it stood for (V8's own convention in DevTools).
  const dt = deltas[i + 1] ?? 0;
  selfMicros.set(id, (selfMicros.get(id) ?? 0) + dt);
}

/** Where a frame's code lives: a package, a Node internal, Tern's folder, or V8's pseudo-frames. */
function place(frame) {
  const url = frame.url ?? '';
  if (!url) return frame.functionName ? `(${frame.functionName.replace(/[()]/g, '')})` : '(anonymous)';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  const tern = url.match(/\/((?:relay|tests|src|scripts)\/.*)$/);
  return tern ? tern[1] : url;
}

/** Each sample's time counted once for every distinct function on its stack (callees included). */
function inclusiveTimes() {
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const times = new Map();
  for (const [id, micros] of selfMicros) {
    const seen = new Set();
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at).callFrame;
      const name = `${frame.functionName || '(anonymous)'}  ${place(frame)}${frame.url ? `:${frame.lineNumber + 1}` : ''}`;
      if (seen.has(name)) continue;
      seen.add(name);
      times.set(name, (times.get(name) ?? 0) + micros);
    }
  }
  return times;
}

const total = [...selfMicros.values()].reduce((a, b) => a + b, 0);
const idle = [...selfMicros].filter(([id]) => byId.get(id).callFrame.functionName === '(idle)').reduce((a, [, v]) => a + v, 0);
const places = new Map();
const functions = new Map();
for (const [id, micros] of selfMicros) {
  const frame = byId.get(id).callFrame;
  const where = place(frame);
  places.set(where, (places.get(where) ?? 0) + micros);
  const name = `${frame.functionName || '(anonymous)'}  ${where}${frame.url ? `:${frame.lineNumber + 1}` : ''}`;
  functions.set(name, (functions.get(name) ?? 0) + micros);
}

const busy = total - idle;
const fmt = (micros) =>
  `${((micros / busy) * 100).toFixed(1).padStart(5)} %${rounds ? `  ${(micros / rounds).toFixed(1).padStart(7)} µs/round` : ''}`;
console.log(
  `${file}: ${(total / 1000).toFixed(0)} ms sampled, ${(busy / 1000).toFixed(0)} ms busy${rounds ? `, ${(busy / rounds).toFixed(0)} µs busy per round` : ''}`,
);
console.log('\nself time by place (share of busy time)');
for (const [where, micros] of [...places].sort((a, b) => b[1] - a[1]).slice(0, top)) {
  if (where === '(idle)') continue;
  console.log(`${fmt(micros)}  ${where}`);
}
console.log(`\ntop functions by ${inclusive ? 'total' : 'self'} time${match ? ` (place contains "${match}")` : ''}`);
for (const [name, micros] of [...(inclusive ? inclusiveTimes() : functions)]
  .filter(([name]) => !match || name.includes(match))
  .sort((a, b) => b[1] - a[1])
  .slice(0, top)) {
  if (name.startsWith('(idle)') || name.startsWith('(root)')) continue;
  console.log(`${fmt(micros)}  ${name}`);
}
