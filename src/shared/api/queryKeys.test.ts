import { describe, expect, it } from 'vitest';

import { queryKeys } from './queryKeys';

/** One call of every factory, by its path; the first test holds this list to the factory's own shape. */
const samples: Record<string, readonly unknown[]> = {
  'auth.me': queryKeys.auth.me('token-a'),
  'auth.loginPermission': queryKeys.auth.loginPermission(),
  'auth.clientConfig': queryKeys.auth.clientConfig(),
  'billing.products': queryKeys.billing.products(),
  'account.all': queryKeys.account.all(),
  'account.stats': queryKeys.account.stats(),
  'account.orders': queryKeys.account.orders(1, 10),
  'account.order': queryKeys.account.order('order-1'),
  'account.myCode': queryKeys.account.myCode(),
  'account.invitees': queryKeys.account.invitees(1, 10),
  'docs.markdown': queryKeys.docs.markdown('en', 'guide'),
  'docs.changelog': queryKeys.docs.changelog('en'),
  'remote.pairing': queryKeys.remote.pairing('ABCD-1234'),
  'remote.cliTokens': queryKeys.remote.cliTokens(),
};

/** The keys that are meant to be prefixes of others (invalidating them reaches the keys under them). */
const prefixes = new Set(['account.all']);

function factoryPaths(node: object, path: string[] = []): string[] {
  return Object.entries(node).flatMap(([name, value]) =>
    typeof value === 'function' ? [[...path, name].join('.')] : factoryPaths(value as object, [...path, name]),
  );
}

const isPrefix = (short: readonly unknown[], long: readonly unknown[]) =>
  short.length <= long.length && short.every((part, i) => Object.is(part, long[i]));

describe('queryKeys', () => {
  it('has a sample for every factory', () => {
    expect(Object.keys(samples).sort()).toEqual(factoryPaths(queryKeys).sort());
  });

  it('keeps the keys the pages, the prerendered cache and the invalidations agree on', () => {
    expect(samples).toEqual({
      'auth.me': ['auth', 'me', 'token-a'],
      'auth.loginPermission': ['auth', 'login-permission'],
      'auth.clientConfig': ['auth', 'client-config'],
      'billing.products': ['billing', 'products'],
      'account.all': ['account'],
      'account.stats': ['account', 'stats'],
      'account.orders': ['account', 'orders', 1, 10],
      'account.order': ['account', 'order', 'order-1'],
      'account.myCode': ['account', 'invitation', 'code'],
      'account.invitees': ['account', 'invitation', 'stats', 1, 10],
      'docs.markdown': ['docs', 'markdown', 'en', 'guide'],
      'docs.changelog': ['docs', 'changelog', 'en'],
      'remote.pairing': ['remote', 'pairing', 'ABCD-1234'],
      'remote.cliTokens': ['remote', 'cliTokens'],
    });
  });

  it('is stable: the same arguments give equal keys', () => {
    expect(queryKeys.auth.me('token-a')).toEqual(queryKeys.auth.me('token-a'));
    expect(queryKeys.account.orders(2, 20)).toEqual(queryKeys.account.orders(2, 20));
    expect(queryKeys.docs.markdown('zh', 'guide')).toEqual(queryKeys.docs.markdown('zh', 'guide'));
  });

  it('starts every key with its area', () => {
    for (const [path, key] of Object.entries(samples)) expect(key[0], path).toBe(path.split('.')[0]);
  });

  it('keeps keys distinct: none equals or (but for the declared prefixes) starts another', () => {
    const entries = Object.entries(samples);
    for (const [a, keyA] of entries) {
      for (const [b, keyB] of entries) {
        if (a === b) continue;
        if (isPrefix(keyA, keyB)) expect(prefixes.has(a), `${a} is a prefix of ${b}`).toBe(true);
      }
    }
    expect(isPrefix(queryKeys.account.all(), queryKeys.account.order('x'))).toBe(true);
  });

  it('tells arguments apart', () => {
    expect(queryKeys.auth.me('token-a')).not.toEqual(queryKeys.auth.me('token-b'));
    expect(queryKeys.account.orders(1, 10)).not.toEqual(queryKeys.account.orders(2, 10));
    expect(queryKeys.account.orders(1, 10)).not.toEqual(queryKeys.account.orders(1, 20));
    expect(queryKeys.account.invitees(1, 10)).not.toEqual(queryKeys.account.orders(1, 10));
    expect(queryKeys.docs.markdown('en', 'guide')).not.toEqual(queryKeys.docs.markdown('zh', 'guide'));
    expect(queryKeys.docs.changelog('en')).not.toEqual(queryKeys.docs.changelog('zh'));
  });
});
