#!/usr/bin/env node
/**
 * Summarises a sampling heap profile (the bench's BENCH_HEAP_PROFILE_DIR: everything allocated during a loop,
 * collected objects included): bytes allocated by where the allocating code lives and by function.
 *
 *   node scripts/heap-profile-summary.mjs /tmp/heap/06-100.heapprofile [--rounds 5000] [--top 40] [--match relay/]
 */
import { readFileSync } from 'node:fs';

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith('--') && !/^\d+$/.test(a));
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : fallback;
};
if (!file) {
  console.error('usage: node scripts/heap-profile-summary.mjs FILE.heapprofile [--rounds N] [--top N] [--match TEXT]');
  process.exit(2);
}
const rounds = Number(option('rounds', 0));
const top = Number(option('top', 40));
const match = option('match', '');

const { head } = JSON.parse(readFileSync(file, 'utf8'));

function place(frame) {
  const url = frame.url ?? '';
  if (!url) return `(${(frame.functionName || 'anonymous').replace(/[()]/g, '')})`;
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  const tern = url.match(/\/((?:relay|tests|src|scripts)\/.*)$/);
  return tern ? tern[1] : url;
}

const places = new Map();
const functions = new Map();
let total = 0;
(function walk(node) {
  const bytes = node.selfSize;
  if (bytes) {
    total += bytes;
    const frame = node.callFrame;
    const where = place(frame);
    places.set(where, (places.get(where) ?? 0) + bytes);
    const name = `${frame.functionName || '(anonymous)'}  ${where}${frame.url ? `:${frame.lineNumber + 1}` : ''}`;
    functions.set(name, (functions.get(name) ?? 0) + bytes);
  }
  for (const child of node.children) walk(child);
})(head);

const fmt = (bytes) =>
  `${((bytes / total) * 100).toFixed(1).padStart(5)} %${rounds ? `  ${(bytes / rounds / 1024).toFixed(2).padStart(7)} KB/round` : ''}`;
console.log(
  `${file}: ${(total / 1024 / 1024).toFixed(1)} MB sampled${rounds ? `, ${(total / rounds / 1024).toFixed(1)} KB per round` : ''}`,
);
console.log('\nallocated by place');
for (const [where, bytes] of [...places].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${fmt(bytes)}  ${where}`);
console.log(`\ntop allocating functions${match ? ` (place contains "${match}")` : ''}`);
for (const [name, bytes] of [...functions]
  .filter(([name]) => !match || name.includes(match))
  .sort((a, b) => b[1] - a[1])
  .slice(0, top))
  console.log(`${fmt(bytes)}  ${name}`);
