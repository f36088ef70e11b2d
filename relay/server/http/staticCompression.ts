import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Compression of the relay's static responses, without a compression plugin:
 *
 * - Files served as they are (hashed assets, the service worker, the manifest…) are compressed at build time by
 *   scripts/precompress.mjs into `.br` and `.gz` siblings; @fastify/static's `preCompressed` option picks one.
 * - Text the relay writes per request (the app shell, prerendered pages, sitemap.xml and robots.txt, whose
 *   `__TERN_ORIGIN__` placeholder is only known at serve time) is compressed here on first use and kept in memory:
 *   one entry per file, origin and encoding. With PUBLIC_URL set there is a single origin; without it the origin
 *   comes from the Host header, so the cache is bounded and simply starts over when full.
 */
export type Encoding = 'br' | 'gzip';

/** Below this a compressed body saves less than its headers cost (the build script uses the same threshold). */
export const MIN_COMPRESS_BYTES = 1024;
const MAX_CACHED = 256;

/**
 * The encoding to answer with for an Accept-Encoding header: brotli when acceptable, else gzip, else none. A q of 0
 * refuses an encoding; `*` stands for every encoding not named; a higher q wins, brotli wins ties.
 */
export function negotiateEncoding(header: string | string[] | undefined): Encoding | null {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value) return null;
  const q = new Map<string, number>();
  for (const part of value.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const quality = qParam === undefined ? 1 : Number(qParam.slice(2));
    q.set(name.trim(), Number.isFinite(quality) ? quality : 0);
  }
  const qualityOf = (name: Encoding) => q.get(name) ?? (name === 'gzip' ? q.get('x-gzip') : undefined) ?? q.get('*') ?? 0;
  const br = qualityOf('br');
  const gz = qualityOf('gzip');
  if (br <= 0 && gz <= 0) return null;
  return br >= gz ? 'br' : 'gzip';
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export function compress(body: Buffer, encoding: Encoding): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(body, {
        params: {
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gzipAsync(body, { level: constants.Z_BEST_COMPRESSION });
}

/** Sends generated text compressed when the client accepts it; `cacheKey` names the text (file and origin). */
export function createTextSender() {
  const cache = new Map<string, Promise<Buffer>>();
  return async function sendText(request: FastifyRequest, reply: FastifyReply, cacheKey: string, text: string): Promise<FastifyReply> {
    const body = Buffer.from(text, 'utf8');
    // The body differs by encoding, so every answer varies with it, compressed or not (shared caches).
    reply.header('Vary', 'Accept-Encoding');
    const encoding = body.length >= MIN_COMPRESS_BYTES ? negotiateEncoding(request.headers['accept-encoding']) : null;
    if (!encoding) return reply.send(body);
    const key = `${encoding}\0${body.length}\0${cacheKey}`;
    let compressed = cache.get(key);
    if (!compressed) {
      if (cache.size >= MAX_CACHED) cache.clear();
      compressed = compress(body, encoding);
      cache.set(key, compressed);
      compressed.catch(() => cache.delete(key));
    }
    return reply.header('Content-Encoding', encoding).send(await compressed);
  };
}
