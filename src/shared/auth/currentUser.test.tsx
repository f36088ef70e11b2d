// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import TokenLoginPage from '../../features/auth/TokenLoginPage';
import { fakeFetch, renderPage } from '../../features/docs/testUtils';
import { UserMenu } from '../../features/layout/UserMenu';
import { queryClient } from '../api/queryClient';
import { appStore, Provider } from '../state/jotai';
import { CURRENT_USER_STALE_MS, currentUserQuery, fetchCurrentUser } from './currentUser';
import { clearAuth, signIn } from './session';
import { authKeys } from './storage';

const user = {
  id: '7',
  username: 'Ada Lovelace',
  email: 'ada@example.com',
  avatar: null,
  createdAt: '2025-01-01T00:00:00Z',
  updatedAt: '2025-01-01T00:00:00Z',
};
const calls: string[] = [];
let meStatus = 200;

/** Test stand-in for the relay: /me and the temp-code exchange, each call recorded. */
const relay = fakeFetch({
  '/web-api/auth/me': () => {
    calls.push('me');
    return meStatus === 200
      ? Response.json({ success: true, data: user })
      : Response.json({ success: false, message: 'boom' }, { status: meStatus });
  },
  '/auth/temp-code/exchange': () => {
    calls.push('exchange');
    const result = {
      token: 'cli-token',
      expiresIn: 3600,
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      user: { ...user, username: 'from exchange' },
      loginMethod: 'tern',
    };
    return Response.json({ success: true, tokenType: 'Bearer', ...result, data: { ...result, accessToken: 'cli-token' } });
  },
});

beforeEach(() => {
  calls.length = 0;
  meStatus = 200;
  vi.stubGlobal('fetch', vi.fn(relay));
});
afterEach(() => {
  cleanup();
  clearAuth();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const meCalls = () => calls.filter((c) => c === 'me').length;

describe('spec §7 GET /web-api/auth/me: one query, cached 5 minutes, no retry', () => {
  it('is cached for 5 minutes and not retried', () => {
    const options = currentUserQuery('t');
    expect(CURRENT_USER_STALE_MS).toBe(5 * 60 * 1000);
    expect(options.staleTime).toBe(CURRENT_USER_STALE_MS);
    expect(options.retry).toBe(false);
  });

  it('a second read within 5 minutes comes from the cache; after 5 minutes it is fetched again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    signIn({ token: 'session-a', user: null, loginMethod: 'tern' });
    await expect(fetchCurrentUser('session-a')).resolves.toMatchObject({ username: 'Ada Lovelace' });
    vi.setSystemTime(Date.now() + CURRENT_USER_STALE_MS - 1000);
    await fetchCurrentUser('session-a');
    expect(meCalls()).toBe(1);
    vi.setSystemTime(Date.now() + 2000);
    await fetchCurrentUser('session-a');
    expect(meCalls()).toBe(2);
  });

  it('another session token is another entry: no user leaks between sessions', async () => {
    signIn({ token: 'session-b', user: null, loginMethod: 'tern' });
    await fetchCurrentUser('session-b');
    signIn({ token: 'session-c', user: null, loginMethod: 'tern' });
    await fetchCurrentUser('session-c');
    expect(meCalls()).toBe(2);
  });

  it('a failure is not retried', async () => {
    meStatus = 500;
    signIn({ token: 'session-d', user: null, loginMethod: 'tern' });
    await expect(fetchCurrentUser('session-d')).rejects.toThrow();
    expect(meCalls()).toBe(1);
  });

  it('token login fetches the user once; the header shows it from the same query without another call', async () => {
    history.replaceState(null, '', '/token-login?code=abc');
    await renderPage(
      <Provider store={appStore}>
        <UserMenu />
        <TokenLoginPage />
      </Provider>,
      { client: queryClient },
    );
    expect(await screen.findByText('Signed in. Redirecting…')).toBeVisible();
    // The header shows the user from /me (not the exchange's copy) and stores it.
    expect(await screen.findByText('Ada Lovelace')).toBeVisible();
    expect(calls).toEqual(['exchange', 'me']);
    expect(JSON.parse(localStorage.getItem(authKeys.user)!)).toMatchObject({ username: 'Ada Lovelace' });
  });
});
