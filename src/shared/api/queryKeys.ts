import type { Language } from '#protocol/languages';

/**
 * Every TanStack Query key of the app, in one place: a feature asks `queryKeys` for its key instead of writing the
 * array inline, so two screens that share a cache entry cannot drift apart and an invalidation cannot miss.
 *
 * The first element names the area; keys nest, so invalidating a prefix (`queryKeys.account.all()`) reaches every
 * key under it. The prerendered pages carry docs data under these keys (entry-server.tsx), so changing a key's shape
 * changes what the client finds in the dehydrated cache.
 */
export const queryKeys = {
  auth: {
    /** GET /web-api/auth/me, per token: another session never reads the previous one's user. */
    me: (token: string) => ['auth', 'me', token] as const,
    loginPermission: () => ['auth', 'login-permission'] as const,
    clientConfig: () => ['auth', 'client-config'] as const,
  },
  billing: {
    /** The plan list (one for every language). */
    products: () => ['billing', 'products'] as const,
  },
  account: {
    /** The prefix of every account key (invalidated after an order changes). */
    all: () => ['account'] as const,
    stats: () => ['account', 'stats'] as const,
    orders: (page: number, pageSize: number) => ['account', 'orders', page, pageSize] as const,
    order: (id: string) => ['account', 'order', id] as const,
    myCode: () => ['account', 'invitation', 'code'] as const,
    invitees: (page: number, pageSize: number) => ['account', 'invitation', 'stats', page, pageSize] as const,
  },
  docs: {
    markdown: (lang: Language, fileName: string) => ['docs', 'markdown', lang, fileName] as const,
    changelog: (lang: Language) => ['docs', 'changelog', lang] as const,
  },
  remote: {
    pairing: (code: string | null) => ['remote', 'pairing', code] as const,
    cliTokens: () => ['remote', 'cliTokens'] as const,
  },
};
