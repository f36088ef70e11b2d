import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { errorBodySchema, healthSchema } from '../../protocol';
import { createRelay } from '../app';
import { loadConfig } from '../config';
import { openStorage, type Storage } from '../storage/database';

const SHELL = '<!doctype html><html><head><title>Tern</title></head><body><div id="root"></div>shell-marker</body></html>';

const tmpRoots: string[] = [];
function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  tmpRoots.push(dir);
  return dir;
}

/** Opening the embedded database takes seconds on a busy machine: one per file, shared by both relays. */
const SLOW_HOOK_MS = 60_000;
let storage: Storage | undefined;

async function startRelay(staticDir: string): Promise<FastifyInstance> {
  const dataDir = tempDir('tern-data-');
  storage ??= await openStorage({ dataDir });
  const app = await createRelay({
    config: loadConfig({ PORT: '0', STATIC_DIR: staticDir, LOG_LEVEL: 'silent', DATA_DIR: dataDir }),
    version: 'test',
    storage,
  });
  await app.ready();
  return app;
}

let app: FastifyInstance;

beforeAll(async () => {
  const staticDir = tempDir('tern-static-');
  writeFileSync(path.join(staticDir, 'index.html'), SHELL);
  writeFileSync(path.join(staticDir, 'sw.js'), 'self.addEventListener("install", () => {});');
  writeFileSync(path.join(staticDir, 'manifest.webmanifest'), '{"name":"Tern"}');
  mkdirSync(path.join(staticDir, 'assets'));
  writeFileSync(path.join(staticDir, 'assets', 'index-3f9a1c.js'), 'console.log("app");');
  app = await startRelay(staticDir);
}, SLOW_HOOK_MS);

afterAll(async () => {
  await app?.close();
  await storage?.close();
  for (const dir of tmpRoots) rmSync(dir, { recursive: true, force: true });
}, SLOW_HOOK_MS);

describe('health', () => {
  it('GET /healthz answers the shared health schema, uncached', async () => {
    const res = await app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = healthSchema.parse(res.json());
    expect(body).toMatchObject({ status: 'ok', version: 'test' });
    expect(Number.isNaN(Date.parse(body.time))).toBe(false);
  });
});

describe('trailing slash (spec §2)', () => {
  it.each([
    ['/pricing/', '/pricing'],
    ['/pricing/?a=1&b=two', '/pricing?a=1&b=two'],
    ['/zh/', '/zh'],
    ['/zh/leaderboard/qwen-code/?ref=x', '/zh/leaderboard/qwen-code?ref=x'],
    ['/pricing///', '/pricing'],
    ['/healthz/', '/healthz'],
  ])('GET %s → 301 %s (query kept)', async (url, location) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(location);
  });

  it('HEAD is redirected like GET', async () => {
    const res = await app.inject({ method: 'HEAD', url: '/pricing/' });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/pricing');
  });

  it.each(['POST', 'PUT', 'DELETE'] as const)('%s keeps its method with 308', async (method) => {
    const res = await app.inject({ method, url: '/web-api/payment/create-order/?x=1', payload: { product_sn: 'P' } });
    expect(res.statusCode).toBe(308);
    expect(res.headers.location).toBe('/web-api/payment/create-order?x=1');
  });

  it('the root is not redirected', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
  });
});

describe('language prefixes and redirects', () => {
  it.each(['/fr/pricing', '/ja', '/ko/leaderboard', '/de/install', '/es/', '/en/pricing'])(
    'unsupported prefix %s ends at /404',
    async (url) => {
      let res = await app.inject({ method: 'GET', url });
      if (res.statusCode === 301) res = await app.inject({ method: 'GET', url: res.headers.location as string });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/404');
    },
  );

  it.each([
    ['/docs', '/install'],
    ['/docs?x=1', '/install?x=1'],
    ['/zh/docs', '/zh/install'],
    ['/zh/docs?x=1', '/zh/install?x=1'],
  ])('%s → 301 %s', async (url, location) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(location);
  });
});

describe('pages', () => {
  it.each([
    '/',
    '/zh',
    '/pricing',
    '/zh/pricing',
    '/leaderboard/claude-code-vs-gemini-cli',
    '/use-cases/learning',
    '/install',
    '/callback',
    '/userinfo',
    '/orders/ORD-1',
    '/zh/orders/ORD-1',
  ])('known route %s → 200 app shell, revalidated', async (url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('shell-marker');
  });

  it.each(['/nope', '/zh/nope', '/leaderboard/cursor', '/orders/1/items', '/xx/pricing', '/404'])(
    'unknown route %s → 404 with the app shell',
    async (url) => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain('shell-marker');
    },
  );

  it('HEAD on a page answers like GET without a body', async () => {
    const res = await app.inject({ method: 'HEAD', url: '/pricing' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('');
  });
});

describe('API paths and other methods', () => {
  it.each([
    ['GET', '/web-api/nope'],
    ['GET', '/api/nope'],
    ['GET', '/auth/nope'],
    ['POST', '/web-api/nope'],
    ['POST', '/pricing'],
    ['DELETE', '/'],
  ] as const)('%s %s → 404 JSON error body', async (method, url) => {
    const res = await app.inject({ method, url });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = errorBodySchema.parse(res.json());
    expect(body).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect(body.message).toContain(url);
  });
});

describe('static files', () => {
  it('hashed assets are cached for a year, immutable', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/index-3f9a1c.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log("app");');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it.each(['/sw.js', '/manifest.webmanifest'])('%s outside /assets is revalidated', async (url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['cache-control']).not.toContain('immutable');
  });

  it.each(['/assets/missing-abc.js', '/favicon-missing.png'])('a missing file %s is a plain 404, not the app shell', async (url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('shell-marker');
  });

  it('does not serve files outside the static directory', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/..%2f..%2f..%2fetc%2fpasswd' });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.body).not.toMatch(/root:/);
  });
});

describe('security headers', () => {
  it.each(['/', '/pricing', '/nope', '/healthz', '/web-api/nope', '/pricing/', '/assets/index-3f9a1c.js'])(
    '%s carries the strict CSP and friends',
    async (url) => {
      const res = await app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      for (const directive of [
        "object-src 'none'",
        "frame-ancestors 'none'",
        "base-uri 'none'",
        "worker-src 'self' blob:",
        "script-src 'self'",
        "default-src 'self'",
      ]) {
        expect(csp).toContain(directive);
      }
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    },
  );
});

describe('without a build', () => {
  let bare: FastifyInstance;
  let staticDir: string;
  beforeAll(async () => {
    staticDir = tempDir('tern-nobuild-');
    bare = await startRelay(staticDir);
  }, SLOW_HOOK_MS);
  afterAll(async () => {
    await bare?.close();
  });

  it('pages answer 503 with instructions', async () => {
    const res = await bare.inject({ method: 'GET', url: '/pricing' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toMatch(/not been built/i);
    expect(res.body).toContain('npm run build');
  });

  it('health still answers', async () => {
    const res = await bare.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
  });

  it('API paths still answer a JSON 404', async () => {
    const res = await bare.inject({ method: 'GET', url: '/web-api/nope' });
    expect(res.statusCode).toBe(404);
    expect(errorBodySchema.safeParse(res.json()).success).toBe(true);
  });

  it('serves the shell once a build appears, without a restart', async () => {
    writeFileSync(path.join(staticDir, 'index.html'), SHELL);
    const res = await bare.inject({ method: 'GET', url: '/pricing' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('shell-marker');
  });
});
