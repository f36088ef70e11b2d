// Where the memory goes (issue #15, docs/performance.md): compares two V8 heap snapshots of one process, taken
// before and after adding N of something (pairs, sockets), and prints per added unit:
//   - self size and count by constructor (objects, closures, strings, V8 internals), and
//   - with --paths, the objects that are new in the second snapshot grouped by their first three retainers
//     ("Socket._events > Object.properties > array"), which names the code that holds them.
// Snapshots: `node --heapsnapshot-signal=SIGUSR2 --diagnostic-dir=DIR …` then `kill -USR2 <pid>`, or
// v8.writeHeapSnapshot(). Usage:
//   node --max-old-space-size=6000 scripts/heap-diff.mjs before.heapsnapshot after.heapsnapshot 1000 [--paths] [--top 40]
import { readFileSync } from 'node:fs';

function load(file) {
  const snapshot = JSON.parse(readFileSync(file, 'utf8'));
  const meta = snapshot.snapshot.meta;
  const field = (name) => meta.node_fields.indexOf(name);
  return {
    ...snapshot,
    F: meta.node_fields.length,
    E: meta.edge_fields.length,
    types: meta.node_types[0],
    edgeTypes: meta.edge_types[0],
    at: { type: field('type'), name: field('name'), id: field('id'), size: field('self_size'), edges: field('edge_count') },
    edge: {
      type: meta.edge_fields.indexOf('type'),
      name: meta.edge_fields.indexOf('name_or_index'),
      to: meta.edge_fields.indexOf('to_node'),
    },
  };
}

/** A node's label: constructor for objects and closures, the kind for strings, the V8 name for internals. */
function label(h, i) {
  const type = h.types[h.nodes[i * h.F + h.at.type]];
  const name = String(h.strings[h.nodes[i * h.F + h.at.name]]);
  if (type === 'object' || type === 'closure' || type === 'native') return `${type}:${name.slice(0, 50)}`;
  if (type.includes('string')) return 'string';
  return `${type}:${type === 'hidden' || type === 'code' || type === 'array' ? name.slice(0, 40) : ''}`;
}

function byConstructor(h) {
  const totals = new Map();
  for (let i = 0; i < h.nodes.length / h.F; i++) {
    const key = label(h, i);
    const t = totals.get(key) ?? { count: 0, size: 0 };
    t.count += 1;
    t.size += h.nodes[i * h.F + h.at.size];
    totals.set(key, t);
  }
  return totals;
}

/** New nodes (ids absent before) grouped by their first three non-weak retainers. */
function byRetainers(before, after) {
  const ids = new Set();
  for (let i = 0; i < before.nodes.length; i += before.F) ids.add(before.nodes[i + before.at.id]);
  const h = after;
  const count = h.nodes.length / h.F;
  const owner = new Int32Array(count).fill(-1);
  const via = new Array(count);
  for (let i = 0, e = 0; i < count; i++) {
    for (let k = 0; k < h.nodes[i * h.F + h.at.edges]; k++, e += h.E) {
      const type = h.edgeTypes[h.edges[e + h.edge.type]];
      const to = h.edges[e + h.edge.to] / h.F;
      if (type === 'weak' || owner[to] !== -1) continue;
      owner[to] = i;
      via[to] =
        type === 'element' || type === 'hidden' ? `[${type}]` : String(h.strings[h.edges[e + h.edge.name]] ?? h.edges[e + h.edge.name]);
    }
  }
  const groups = new Map();
  for (let i = 0; i < count; i++) {
    if (ids.has(h.nodes[i * h.F + h.at.id])) continue;
    let path = label(h, i);
    for (let cur = i, d = 0; d < 3 && owner[cur] >= 0; d++, cur = owner[cur]) path = `${label(h, owner[cur])}.${via[cur]} > ${path}`;
    const g = groups.get(path) ?? { count: 0, size: 0 };
    g.count += 1;
    g.size += h.nodes[i * h.F + h.at.size];
    groups.set(path, g);
  }
  return groups;
}

const [beforeFile, afterFile, perArg] = process.argv.slice(2);
if (!beforeFile || !afterFile) {
  console.error('usage: node scripts/heap-diff.mjs before.heapsnapshot after.heapsnapshot [N] [--paths] [--top 40]');
  process.exit(2);
}
const per = Number(perArg) || 1;
const topAt = process.argv.indexOf('--top');
const top = topAt > 0 ? Number(process.argv[topAt + 1]) : 40;
const before = load(beforeFile);
const after = load(afterFile);
const print = (rows) => {
  for (const [key, v] of rows.slice(0, top))
    console.log(String(Math.round(v.size / per)).padStart(7), (v.count / per).toFixed(2).padStart(8), key);
};

const a = byConstructor(before);
const rows = [...byConstructor(after)].map(([key, v]) => {
  const o = a.get(key) ?? { count: 0, size: 0 };
  return [key, { count: v.count - o.count, size: v.size - o.size }];
});
rows.sort((x, y) => y[1].size - x[1].size);
console.log(`self bytes per unit (N = ${per}): ${Math.round(rows.reduce((s, [, v]) => s + v.size, 0) / per)}`);
console.log('  bytes    count  constructor');
print(rows);
if (process.argv.includes('--paths')) {
  console.log('\nnew objects by retainers (bytes, count per unit):');
  print([...byRetainers(before, after)].sort((x, y) => y[1].size - x[1].size));
}
