// Module hooks for scripts/compiled-ts.mjs: TypeScript files are compiled by esbuild with the relay build's settings
// (scripts/build-relay.mjs: ES module, node20, no `keepNames`), imports written without an extension, as the project
// writes them ('./pairs', '../../relay/protocol'), resolve to `.ts`, `.tsx` or a folder's `index.ts`, and JSON imported
// without an import attribute loads as the bundler loads it.
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

import { transform } from 'esbuild';

/** The project's compiler options (class fields, JSX), as esbuild's build reads them for the relay. */
const tsconfigRaw = readFileSync(new URL('../tsconfig.json', import.meta.url), 'utf8');
const TS = /\.m?tsx?$/;
const CANDIDATES = ['.ts', '.tsx', '/index.ts', '/index.tsx'];

export async function resolve(specifier, context, nextResolve) {
  try {
    return await nextResolve(specifier, context);
  } catch (error) {
    const relative = specifier.startsWith('./') || specifier.startsWith('../') || specifier.startsWith('/');
    const fromTs = context.parentURL !== undefined && TS.test(new URL(context.parentURL).pathname);
    if (!relative || !fromTs) throw error;
    // 'x.js' written for a TypeScript file 'x.ts', or no extension at all.
    const bases = specifier.endsWith('.js') ? [specifier.slice(0, -3), specifier] : [specifier];
    for (const base of bases)
      for (const ending of CANDIDATES) {
        try {
          return await nextResolve(base + ending, context);
        } catch {
          // the next candidate
        }
      }
    throw error;
  }
}

export async function load(url, context, nextLoad) {
  // JSON imported without `with { type: 'json' }`, as the bundler allows: a module exporting it.
  if (url.startsWith('file:') && new URL(url).pathname.endsWith('.json') && context.importAttributes?.type !== 'json')
    return { format: 'module', source: `export default ${await readFile(fileURLToPath(url), 'utf8')};`, shortCircuit: true };
  if (!url.startsWith('file:') || !TS.test(new URL(url).pathname)) return nextLoad(url, context);
  const file = fileURLToPath(url);
  const source = await readFile(file, 'utf8');
  const { code } = await transform(source, {
    loader: file.endsWith('x') ? 'tsx' : 'ts',
    format: 'esm',
    target: 'node20',
    sourcefile: file,
    tsconfigRaw,
  });
  return { format: 'module', source: code, shortCircuit: true };
}
