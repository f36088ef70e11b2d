import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ORIGIN_PLACEHOLDER, prerenderedFile } from '../../protocol/prerender';
import { startStaticRelays, type StaticRelays } from '../testing/staticRelays';
import { RELAY_START_TIMEOUT_MS } from '../testing/testRelay';

const SHELL = '<!doctype html><html><head><title>Tern</title></head><body><div id="root"></div>shell-marker</body></html>';
const page = (marker: string) =>
  `<!doctype html><html><head><link rel="canonical" href="${ORIGIN_PLACEHOLDER}/x" /></head><body><div id="root">${marker}</div></body></html>`;

let relays: StaticRelays | undefined;
let app: FastifyInstance;
let withPublicUrl: FastifyInstance;

beforeAll(async () => {
  relays = await startStaticRelays('tern-prerender', (dir) => {
    writeFileSync(path.join(dir, 'index.html'), SHELL);
    for (const [lang, route, marker] of [
      ['en', '/', 'home-en'],
      ['zh', '/', 'home-zh'],
      ['en', '/pricing', 'pricing-en'],
      ['zh', '/use-cases/learning', 'learning-zh'],
      // A non-indexable route never uses a prerendered file, even if one exists.
      ['en', '/login', 'login-en'],
    ] as const) {
      const file = path.join(dir, prerenderedFile(lang, route));
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, page(marker));
    }
    writeFileSync(path.join(dir, 'sitemap.xml'), `<urlset><url><loc>${ORIGIN_PLACEHOLDER}/pricing</loc></url></urlset>`);
    writeFileSync(path.join(dir, 'robots.txt'), `User-agent: *\nSitemap: ${ORIGIN_PLACEHOLDER}/sitemap.xml\n`);
    mkdirSync(path.join(dir, '.ssr'));
    writeFileSync(path.join(dir, '.ssr', 'entry-server.js'), 'export {}');
  });
  ({ app, withPublicUrl } = relays);
}, RELAY_START_TIMEOUT_MS);

afterAll(() => relays?.close(), RELAY_START_TIMEOUT_MS);

describe('prerendered pages', () => {
  it.each([
    ['/', 'home-en'],
    ['/zh', 'home-zh'],
    ['/pricing', 'pricing-en'],
    ['/zh/use-cases/learning', 'learning-zh'],
  ])('GET %s serves its prerendered HTML with the request origin filled in', async (url, marker) => {
    const res = await app.inject({ method: 'GET', url, headers: { host: 'tern.local:8080' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain(marker);
    expect(res.body).toContain('href="http://tern.local:8080/x"');
    expect(res.body).not.toContain(ORIGIN_PLACEHOLDER);
  });

  it('uses PUBLIC_URL as the origin when it is set', async () => {
    const res = await withPublicUrl.inject({ method: 'GET', url: '/pricing', headers: { host: 'internal:8080' } });
    expect(res.body).toContain('href="https://tern.example/x"');
  });

  it('falls back to the app shell for an indexable route without a prerendered file', async () => {
    const res = await app.inject({ method: 'GET', url: '/zh/pricing' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('shell-marker');
  });

  it('keeps client-only routes on the shell, and unknown paths on the shell with 404', async () => {
    const login = await app.inject({ method: 'GET', url: '/login' });
    expect(login.statusCode).toBe(200);
    expect(login.body).toContain('shell-marker');
    const missing = await app.inject({ method: 'GET', url: '/no-such-page' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('shell-marker');
  });

  it('does not serve the prerendered folder or the build-time server bundle directly', async () => {
    expect((await app.inject({ method: 'GET', url: `/${prerenderedFile('en', '/pricing')}` })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/.ssr/entry-server.js' })).statusCode).toBe(404);
  });
});

describe('sitemap.xml and robots.txt', () => {
  it('serve absolute URLs on the site origin', async () => {
    const sitemap = await withPublicUrl.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-type']).toMatch(/^application\/xml/);
    expect(sitemap.body).toContain('<loc>https://tern.example/pricing</loc>');
    const robots = await app.inject({ method: 'GET', url: '/robots.txt', headers: { host: 'tern.local' } });
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toMatch(/^text\/plain/);
    expect(robots.body).toContain('Sitemap: http://tern.local/sitemap.xml');
  });
});
