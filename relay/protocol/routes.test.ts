import { describe, expect, it } from 'vitest';

import { matchRoute, redirects, routeById, routeTable, toolSlugs, useCaseSlugs } from './routes';

/**
 * Every page path of spec §2 (language-free); the table may hold more (e.g. the tern provider's /account sign-in).
 * Orders paths are not given by the spec; these are ours.
 */
const specPaths = [
  '/',
  '/pricing',
  '/leaderboard',
  '/leaderboard/gemini-cli',
  '/leaderboard/claude-code',
  '/leaderboard/coderabbit-cli',
  '/leaderboard/codex-cli',
  '/leaderboard/qwen-code',
  '/leaderboard/groq-code',
  '/leaderboard/claude-code-vs-gemini-cli',
  '/use-cases/full-stack-development',
  '/use-cases/code-review',
  '/use-cases/learning',
  '/use-cases/enterprise',
  '/install',
  '/remote',
  '/login',
  '/callback',
  '/login-redirect',
  '/token-login',
  '/userinfo',
  '/invitation',
  '/code-exchange',
  '/orders',
  '/orders/:orderId',
  '/contact',
  '/privacy',
  '/terms',
  '/about',
  '/changelog',
  '/help',
  '/404',
];

const paths = routeTable.map((r) => r.path);

describe('route table (spec §2)', () => {
  it.each(specPaths)('has %s', (path) => {
    expect(paths).toContain(path);
  });

  it('has unique ids and paths', () => {
    expect(new Set(routeTable.map((r) => r.id)).size).toBe(routeTable.length);
    expect(new Set(paths).size).toBe(routeTable.length);
    expect(routeById.size).toBe(routeTable.length);
  });

  it('has the six tool pages and the four use cases', () => {
    expect([...toolSlugs].sort()).toEqual(['claude-code', 'coderabbit-cli', 'codex-cli', 'gemini-cli', 'groq-code', 'qwen-code']);
    expect([...useCaseSlugs].sort()).toEqual(['code-review', 'enterprise', 'full-stack-development', 'learning']);
  });

  it('paths are language-free, absolute and have no trailing slash', () => {
    for (const path of paths) {
      expect(path).toMatch(/^\//);
      if (path !== '/') expect(path).not.toMatch(/\/$/);
      expect(path).not.toMatch(/^\/(en|zh|ja|ko|fr|de|es)(\/|$)/);
    }
  });
});

describe('access and shell', () => {
  const guarded = ['/userinfo', '/invitation', '/orders', '/orders/:orderId', '/remote', '/remote/pair'];

  it('guards exactly /userinfo, /invitation, the orders pages, /remote and /remote/pair', () => {
    expect(
      routeTable
        .filter((r) => r.access === 'guarded')
        .map((r) => r.path)
        .sort(),
    ).toEqual([...guarded].sort());
  });

  it.each(['/code-exchange', '/login', '/callback', '/token-login', '/login-redirect', '/404', '/'])('%s is public', (path) => {
    expect(routeTable.find((r) => r.path === path)?.access).toBe('public');
  });

  it('/callback and only /callback renders outside the main layout', () => {
    expect(routeTable.filter((r) => r.shell === 'bare').map((r) => r.path)).toEqual(['/callback']);
  });

  it('account, login and not-found pages are not indexed; marketing pages are', () => {
    for (const route of routeTable) {
      if (
        route.access === 'guarded' ||
        ['/login', '/callback', '/token-login', '/login-redirect', '/code-exchange', '/404'].includes(route.path)
      ) {
        expect(route.index, route.path).toBe(false);
      }
    }
    for (const path of ['/', '/pricing', '/leaderboard', '/leaderboard/qwen-code', '/use-cases/learning', '/install', '/privacy']) {
      expect(routeTable.find((r) => r.path === path)?.index, path).toBe(true);
    }
  });

  it('breadcrumb trails name existing routes', () => {
    for (const route of routeTable) {
      for (const id of route.trail) expect(routeById.has(id), `${route.id} → ${id}`).toBe(true);
    }
    expect(routeById.get('tool:qwen-code')?.trail).toEqual(['leaderboard']);
    expect(routeById.get('headToHead')?.trail).toEqual(['leaderboard']);
    expect(routeById.get('orderDetail')?.trail).toEqual(['orders']);
  });
});

describe('matchRoute', () => {
  it.each(specPaths.filter((p) => !p.includes(':')))('matches %s to its own entry', (path) => {
    expect(matchRoute(path)?.path).toBe(path);
  });

  it.each([
    ['/orders/123', 'orderDetail'],
    ['/orders/ORD-2025-0001', 'orderDetail'],
    ['/orders', 'orders'],
    ['/leaderboard/claude-code-vs-gemini-cli', 'headToHead'],
    ['/leaderboard/claude-code', 'tool:claude-code'],
    ['/use-cases/code-review', 'useCase:code-review'],
    ['/', 'home'],
    ['', 'home'],
    ['/pricing/', 'pricing'],
  ])('%s → %s', (path, id) => {
    expect(matchRoute(path)?.id).toBe(id);
  });

  it.each([
    '/nope',
    '/orders/1/items',
    '/leaderboard/cursor',
    '/use-cases/gaming',
    '/pricing/extra',
    '/zh/pricing',
    '/docs',
    '/userinfo/me',
  ])('%s matches nothing', (path) => {
    expect(matchRoute(path)).toBeNull();
  });
});

describe('redirects', () => {
  it('/docs redirects to /install, which is a page', () => {
    expect(redirects['/docs']).toBe('/install');
    expect(matchRoute(redirects['/docs']!)?.id).toBe('install');
  });

  it('redirect sources are not pages themselves and every target is', () => {
    for (const [from, to] of Object.entries(redirects)) {
      expect(matchRoute(from), from).toBeNull();
      expect(matchRoute(to), to).not.toBeNull();
    }
  });
});
