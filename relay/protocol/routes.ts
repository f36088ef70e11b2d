/**
 * Every page of the site, language-free. Pure data so that the relay (server-side 404 status, sitemap) and the
 * prerenderer can read it without React.
 */
export type Access = 'public' | 'guarded';
export type Shell = 'main' | 'bare';

export interface RouteDef {
  id: string;
  path: string;
  access: Access;
  shell: Shell;
  /** Key under `pages:` holding title and description. */
  titleKey: string;
  /** Route ids between home and this page, for breadcrumbs. */
  trail: readonly string[];
  /** Indexable by search engines. */
  index: boolean;
}

export const toolSlugs = ['gemini-cli', 'claude-code', 'coderabbit-cli', 'codex-cli', 'qwen-code', 'groq-code'] as const;
export type ToolSlug = (typeof toolSlugs)[number];
export const useCaseSlugs = ['learning', 'full-stack-development', 'code-review', 'enterprise'] as const;
export type UseCaseSlug = (typeof useCaseSlugs)[number];

const pub = (id: string, path: string, titleKey: string, trail: readonly string[] = []): RouteDef => ({
  id,
  path,
  access: 'public',
  shell: 'main',
  titleKey,
  trail,
  index: true,
});
const app = (id: string, path: string, titleKey: string, access: Access, shell: Shell = 'main'): RouteDef => ({
  id,
  path,
  access,
  shell,
  titleKey,
  trail: [],
  index: false,
});

export const routeTable: readonly RouteDef[] = [
  pub('home', '/', 'home'),
  pub('pricing', '/pricing', 'pricing'),
  pub('leaderboard', '/leaderboard', 'leaderboard'),
  pub('headToHead', '/leaderboard/claude-code-vs-gemini-cli', 'headToHead', ['leaderboard']),
  ...toolSlugs.map((slug) => pub(`tool:${slug}`, `/leaderboard/${slug}`, `tool.${slug}`, ['leaderboard'])),
  ...useCaseSlugs.map((slug) => pub(`useCase:${slug}`, `/use-cases/${slug}`, `useCase.${slug}`)),
  pub('install', '/install', 'install'),
  pub('changelog', '/changelog', 'changelog'),
  pub('help', '/help', 'help'),
  pub('contact', '/contact', 'contact'),
  pub('privacy', '/privacy', 'privacy'),
  pub('terms', '/terms', 'terms'),
  pub('about', '/about', 'about'),
  app('remote', '/remote', 'remote', 'guarded'),
  /** Approving a `tern --cloud` pairing request (the CLI prints this link). */
  { ...app('remotePair', '/remote/pair', 'remotePair', 'guarded'), trail: ['remote'] },
  app('login', '/login', 'login', 'public'),
  /** The `tern` provider's own sign-in and create-account page (the relay's account service): features/auth/TernSignInPage. */
  app('account', '/account', 'account', 'public'),
  app('callback', '/callback', 'callback', 'public', 'bare'),
  app('loginRedirect', '/login-redirect', 'loginRedirect', 'public'),
  app('tokenLogin', '/token-login', 'tokenLogin', 'public'),
  app('userinfo', '/userinfo', 'userinfo', 'guarded'),
  app('invitation', '/invitation', 'invitation', 'guarded'),
  app('codeExchange', '/code-exchange', 'codeExchange', 'public'),
  app('orders', '/orders', 'orders', 'guarded'),
  { ...app('orderDetail', '/orders/:orderId', 'orderDetail', 'guarded'), trail: ['orders'] },
  app('notFound', '/404', 'notFound', 'public'),
];

export const routeById = new Map(routeTable.map((r) => [r.id, r]));

/** Matches a language-free path against the table (`:param` segments match one segment). */
export function matchRoute(path: string): RouteDef | null {
  const segments = path.split('/').filter(Boolean);
  for (const route of routeTable) {
    const pattern = route.path.split('/').filter(Boolean);
    if (pattern.length !== segments.length) continue;
    if (pattern.every((p, i) => p.startsWith(':') || p === segments[i])) return route;
  }
  return null;
}

/** Paths that redirect rather than render. */
export const redirects: Readonly<Record<string, string>> = { '/docs': '/install' };
