import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

import type { FastifyInstance } from 'fastify';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { precompress } from '../../../scripts/precompress.mjs';
import { ORIGIN_PLACEHOLDER, prerenderedFile } from '../../protocol/prerender';
import { startStaticRelays, type StaticRelays } from '../testing/staticRelays';
import { RELAY_START_TIMEOUT_MS } from '../testing/testRelay';
import { negotiateEncoding } from './staticCompression';

// Enough varied-but-repetitive text to be worth compressing (over 1 KB).
const filler = (tag: string) => Array.from({ length: 80 }, (_, i) => `<p class="row-${i % 7}">${tag} line ${i}</p>`).join('\n');
const SHELL = `<!doctype html><html><head><title>Tern</title></head><body><div id="root"></div>shell-marker\n${filler('shell')}</body></html>`;
const PAGE = `<!doctype html><html><head><link rel="canonical" href="${ORIGIN_PLACEHOLDER}/pricing" /></head><body><div id="root">pricing-en\n${filler('pricing')}</div></body></html>`;
const ASSET = `export const rows = [${Array.from({ length: 200 }, (_, i) => `{ id: ${i}, label: "row ${i}" }`).join(', ')}];\n`;
const SMALL_ASSET = 'console.log("tiny");\n';
const SITEMAP = `<urlset>${Array.from({ length: 40 }, (_, i) => `<url><loc>${ORIGIN_PLACEHOLDER}/page-${i}</loc></url>`).join('')}</urlset>`;
const ALL = 'gzip, deflate, br, zstd';

let relays: StaticRelays | undefined;
let staticDir: string;
let app: FastifyInstance;
let withPublicUrl: FastifyInstance;

beforeAll(async () => {
  relays = await startStaticRelays('tern-compress', async (dir) => {
    writeFileSync(path.join(dir, 'index.html'), SHELL);
    writeFileSync(path.join(dir, 'manifest.webmanifest'), JSON.stringify({ name: 'Tern', description: filler('manifest') }));
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'assets', 'index-3f9a1c.js'), ASSET);
    writeFileSync(path.join(dir, 'assets', 'tiny-0a1b2c.js'), SMALL_ASSET);
    writeFileSync(path.join(dir, 'assets', 'logo-9f8e7d.png'), Buffer.alloc(4096, 7));
    const pricing = path.join(dir, prerenderedFile('en', '/pricing'));
    mkdirSync(path.dirname(pricing), { recursive: true });
    writeFileSync(pricing, PAGE);
    writeFileSync(path.join(dir, 'sitemap.xml'), SITEMAP);
    // The build step under test.
    await precompress(dir);
  });
  ({ staticDir, app, withPublicUrl } = relays);
}, RELAY_START_TIMEOUT_MS);

afterAll(() => relays?.close(), RELAY_START_TIMEOUT_MS);

const get = (relay: FastifyInstance, url: string, acceptEncoding?: string, host = 'tern.local:8080') =>
  relay.inject({ method: 'GET', url, headers: { host, ...(acceptEncoding !== undefined && { 'accept-encoding': acceptEncoding }) } });

/** The decoded body, checking Content-Length against the bytes actually sent. */
function decoded(res: LightMyRequestResponse): string {
  const raw = res.rawPayload;
  expect(Number(res.headers['content-length'])).toBe(raw.length);
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(raw).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(raw).toString('utf8');
  expect(encoding).toBeUndefined();
  return raw.toString('utf8');
}
const varies = (res: LightMyRequestResponse) =>
  String(res.headers.vary ?? '')
    .toLowerCase()
    .split(/\s*,\s*/)
    .includes('accept-encoding');

describe('scripts/precompress.mjs', () => {
  it('writes smaller .br and .gz copies of compressible files over 1 KB', () => {
    for (const file of ['index.html', 'manifest.webmanifest', 'assets/index-3f9a1c.js']) {
      const size = statSync(path.join(staticDir, file)).size;
      expect(brotliDecompressSync(readFileSync(path.join(staticDir, `${file}.br`))).toString()).toBe(
        readFileSync(path.join(staticDir, file), 'utf8'),
      );
      expect(gunzipSync(readFileSync(path.join(staticDir, `${file}.gz`))).toString()).toBe(
        readFileSync(path.join(staticDir, file), 'utf8'),
      );
      expect(statSync(path.join(staticDir, `${file}.br`)).size).toBeLessThan(size);
    }
  });

  it('skips small files, images, prerendered pages and files holding the origin placeholder', () => {
    for (const file of ['assets/tiny-0a1b2c.js', 'assets/logo-9f8e7d.png', prerenderedFile('en', '/pricing'), 'sitemap.xml']) {
      expect(existsSync(path.join(staticDir, `${file}.br`)), file).toBe(false);
      expect(existsSync(path.join(staticDir, `${file}.gz`)), file).toBe(false);
    }
  });
});

describe('hashed assets and other built files', () => {
  it('serves the brotli copy when br is accepted, with the original type, the copy length and Vary', async () => {
    const res = await get(app, '/assets/index-3f9a1c.js', ALL);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(varies(res)).toBe(true);
    expect(res.rawPayload.length).toBe(statSync(path.join(staticDir, 'assets/index-3f9a1c.js.br')).size);
    expect(decoded(res)).toBe(ASSET);
  });

  it('serves gzip when brotli is not accepted (or refused with q=0)', async () => {
    for (const accept of ['gzip, deflate', 'br;q=0, gzip']) {
      const res = await get(app, '/assets/index-3f9a1c.js', accept);
      expect(res.headers['content-encoding'], accept).toBe('gzip');
      expect(decoded(res)).toBe(ASSET);
    }
  });

  it('serves the file as it is without Accept-Encoding, still varying on it', async () => {
    const res = await get(app, '/assets/index-3f9a1c.js');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(varies(res)).toBe(true);
    expect(decoded(res)).toBe(ASSET);
  });

  it('serves small files and the web manifest with their own types', async () => {
    const tiny = await get(app, '/assets/tiny-0a1b2c.js', ALL);
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(decoded(tiny)).toBe(SMALL_ASSET);
    const manifest = await get(app, '/manifest.webmanifest', ALL);
    expect(manifest.headers['content-encoding']).toBe('br');
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(JSON.parse(decoded(manifest))).toMatchObject({ name: 'Tern' });
  });
});

describe('pages written at serve time', () => {
  it('compresses a prerendered page after filling in the request origin, per origin', async () => {
    const res = await get(app, '/pricing', ALL);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/html; charset=utf-8/);
    expect(varies(res)).toBe(true);
    const html = decoded(res);
    expect(html).toContain('pricing-en');
    expect(html).toContain('href="http://tern.local:8080/pricing"');
    expect(html).not.toContain(ORIGIN_PLACEHOLDER);
    // Another host gets its own origin, not the first one's cached copy.
    const other = decoded(await get(app, '/pricing', ALL, 'other.local'));
    expect(other).toContain('href="http://other.local/pricing"');
    // And gzip for a client without brotli.
    const gz = await get(app, '/pricing', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(decoded(gz)).toBe(html);
  });

  it('uses PUBLIC_URL as the origin of the compressed page', async () => {
    const html = decoded(await get(withPublicUrl, '/pricing', ALL, 'internal:8080'));
    expect(html).toContain('href="https://tern.example/pricing"');
  });

  it('compresses the app shell, keeping its status', async () => {
    const login = await get(app, '/login', ALL);
    expect(login.statusCode).toBe(200);
    expect(login.headers['content-encoding']).toBe('br');
    expect(decoded(login)).toBe(SHELL);
    const missing = await get(app, '/no-such-page', 'gzip');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-encoding']).toBe('gzip');
    expect(decoded(missing)).toBe(SHELL);
  });

  it('compresses sitemap.xml with the origin filled in', async () => {
    const res = await get(withPublicUrl, '/sitemap.xml', ALL);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    const xml = decoded(res);
    expect(xml).toContain('<loc>https://tern.example/page-39</loc>');
    expect(xml).not.toContain(ORIGIN_PLACEHOLDER);
  });

  it('answers HEAD with the headers of the compressed page and no body', async () => {
    const res = await app.inject({ method: 'HEAD', url: '/pricing', headers: { host: 'tern.local:8080', 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.rawPayload.length).toBe(0);
  });
});

describe('negotiateEncoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['gzip, deflate, br', 'br'],
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['deflate', null],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['gzip;q=0.5, br;q=0.5', 'br'],
    ['*', 'br'],
    ['*;q=0', null],
    ['br;q=0, *', 'gzip'],
    ['GZIP, BR', 'br'],
  ] as const)('%s → %s', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });
});
