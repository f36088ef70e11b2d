// Compiles the relay (relay/server/serve.ts and everything it imports from relay/ and content/) into one ES module,
// dist/.relay/serve.js, with esbuild, beside its entry point main.js (relay/server/main.ts: startHeap.js first, then
// serve.js; see separateEntryModules below). npm packages stay external (resolved from node_modules at run time, so PGlite
// finds its wasm and data files next to its own code); the SQL migrations are copied beside the bundle, where
// storage/database.ts looks for them (`./migrations` next to the module), and so is PGlite's worker (pgliteWorker.mjs).
// `npm start` runs the result with plain node.
// The folder is a dot folder inside dist/ so the static file server never serves it. The app's `vite build` empties
// dist/: build the app first, the relay second (`npm run build` and scripts/lib.mjs do).
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { build } from 'esbuild';

import { relayOutDir, root } from './lib.mjs';

/**
 * The entry (main.ts) runs startHeap.ts, then loads the relay (serve.ts): three modules built side by side, imported
 * by their paths rather than joined in one bundle, whose npm imports would all load before any of its own code. So
 * relay/server's own imports of `./startHeap` and `./serve` stay imports of the built files next to it.
 */
const serverDir = path.join(root, 'relay/server');
const separateEntryModules = {
  name: 'separate-entry-modules',
  setup(build) {
    build.onResolve({ filter: /^\.\/(startHeap|serve)$/ }, (args) =>
      path.dirname(args.importer) === serverDir ? { path: `${args.path}.js`, external: true } : undefined,
    );
  },
};

export async function buildRelay(outDir = relayOutDir) {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  await build({
    entryPoints: {
      main: path.join(root, 'relay/server/main.ts'),
      serve: path.join(root, 'relay/server/serve.ts'),
      migrate: path.join(root, 'relay/server/migrate.ts'),
      startHeap: path.join(root, 'relay/server/startHeap.ts'),
    },
    outdir: outDir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    legalComments: 'none',
    // ASCII output (non-ASCII escaped): V8 keeps the module's source text as one byte per character, not two (~330 KB saved).
    charset: 'ascii',
    // Drops the comments esbuild keeps (some hold non-ASCII text); the linked source map keeps stack traces readable.
    minifyWhitespace: true,
    logLevel: 'warning',
    plugins: [separateEntryModules],
  });
  cpSync(path.join(root, 'relay/server/storage/migrations'), path.join(outDir, 'migrations'), { recursive: true });
  // The database worker threads (plain JavaScript, loaded by storage/pgliteClient.ts and storage/pgStatementWorker.ts
  // from next to the module), and the modules both import.
  for (const file of ['pgliteWorker.mjs', 'pgWorker.mjs', 'workerErrors.mjs', 'threadPriority.mjs'])
    cpSync(path.join(root, 'relay/server/storage', file), path.join(outDir, file));
  // Node reads the bundle as an ES module whatever the nearest package.json says.
  writeFileSync(path.join(outDir, 'package.json'), JSON.stringify({ type: 'module', private: true }) + '\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const outDir = process.argv[2] ? path.resolve(process.argv[2]) : relayOutDir;
  await buildRelay(outDir);
  console.log(`relay built into ${path.relative(root, outDir) || '.'}`);
}
