// Last build step: writes brotli (.br) and gzip (.gz) copies next to every compressible file of the built site, so
// the relay serves them without compressing per request (@fastify/static `preCompressed`, relay/server/http/
// staticRoutes.ts). No dependency: node:zlib.
//
//   node scripts/precompress.mjs [distDir]   (default: TERN_DIST_DIR or dist)
//
// Skipped: files under 1 KB (the encoding would cost more than it saves), copies that would not be smaller, the
// prerendered pages and any file still holding the origin placeholder (sitemap.xml, robots.txt): the relay fills in
// the origin when serving those, then compresses the result itself and keeps it in memory.
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml|md)$/i;
export const MIN_BYTES = 1024;
/** Kept in step with relay/protocol/prerender.ts (ORIGIN_PLACEHOLDER, PRERENDER_DIR). */
const ORIGIN_PLACEHOLDER = '__TERN_ORIGIN__';
const SKIPPED_DIRS = new Set(['prerendered', '.ssr']);

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) yield* files(full);
    } else if (entry.isFile()) yield full;
  }
}

async function compressFile(file) {
  const body = await readFile(file);
  const siblings = [`${file}.br`, `${file}.gz`];
  if (body.length < MIN_BYTES || body.includes(ORIGIN_PLACEHOLDER)) {
    await Promise.all(siblings.map((s) => rm(s, { force: true })));
    return { written: 0, saved: 0 };
  }
  const variants = await Promise.all([
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzipAsync(body, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  let written = 0;
  let saved = 0;
  for (const [i, variant] of variants.entries()) {
    if (variant.length < body.length) {
      await writeFile(siblings[i], variant);
      written += 1;
      if (i === 0) saved = body.length - variant.length;
    } else {
      await rm(siblings[i], { force: true });
    }
  }
  return { written, saved };
}

/** Compresses every eligible file under distDir; returns how many copies were written and the bytes brotli saves. */
export async function precompress(distDir) {
  const queue = [];
  for await (const file of files(distDir)) if (COMPRESSIBLE.test(file)) queue.push(file);
  const totals = { files: 0, written: 0, saved: 0 };
  const worker = async () => {
    for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
      const { written, saved } = await compressFile(file);
      if (written) totals.files += 1;
      totals.written += written;
      totals.saved += saved;
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, availableParallelism()) }, worker));
  return totals;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
  const distDir = path.resolve(root, process.argv[2] ?? process.env.TERN_DIST_DIR ?? 'dist');
  const started = Date.now();
  const { files: count, written, saved } = await precompress(distDir);
  console.log(
    `precompressed ${count} files (${written} .br/.gz copies, brotli saves ${(saved / 1024).toFixed(0)} KiB) in ${path.relative(root, distDir) || '.'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}
