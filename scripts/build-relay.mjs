// Compiles the relay (relay/server/main.ts and everything it imports from relay/ and content/) into one ES module,
// dist/.relay/main.js, with esbuild. npm packages stay external (resolved from node_modules at run time, so PGlite
// finds its wasm and data files next to its own code); the SQL migrations are copied beside the bundle, where
// storage/database.ts looks for them (`./migrations` next to the module), and so is PGlite's worker (pgliteWorker.mjs). `npm start` runs the result with plain node.
// The folder is a dot folder inside dist/ so the static file server never serves it. The app's `vite build` empties
// dist/: build the app first, the relay second (`npm run build` and scripts/lib.mjs do).
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { build } from 'esbuild';

import { relayOutDir, root } from './lib.mjs';

export async function buildRelay(outDir = relayOutDir) {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  await build({
    entryPoints: { main: path.join(root, 'relay/server/main.ts'), migrate: path.join(root, 'relay/server/migrate.ts') },
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
  });
  cpSync(path.join(root, 'relay/server/storage/migrations'), path.join(outDir, 'migrations'), { recursive: true });
  // PGlite's worker thread (plain JavaScript, loaded by storage/pgliteClient.ts from next to the module).
  cpSync(path.join(root, 'relay/server/storage/pgliteWorker.mjs'), path.join(outDir, 'pgliteWorker.mjs'));
  // Node reads the bundle as an ES module whatever the nearest package.json says.
  writeFileSync(path.join(outDir, 'package.json'), JSON.stringify({ type: 'module', private: true }) + '\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const outDir = process.argv[2] ? path.resolve(process.argv[2]) : relayOutDir;
  await buildRelay(outDir);
  console.log(`relay built into ${path.relative(root, outDir) || '.'}`);
}
