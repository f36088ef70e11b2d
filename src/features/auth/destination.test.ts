// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';

import { authKeys } from '../../shared/auth/storage';
import { clearSavedRedirect, loginDestination, readSavedRedirect, safeRedirectPath, ternProviderHref } from './destination';

beforeEach(() => sessionStorage.clear());

describe('safeRedirectPath', () => {
  it('keeps same-site paths with their query and hash', () => {
    expect(safeRedirectPath('/pricing')).toBe('/pricing');
    expect(safeRedirectPath('/zh/userinfo')).toBe('/zh/userinfo');
    expect(safeRedirectPath('/remote?session=1#tail')).toBe('/remote?session=1#tail');
    expect(safeRedirectPath('/')).toBe('/');
  });

  it('refuses anything that could leave the site', () => {
    for (const value of [
      'https://evil.example/x',
      'http://localhost/x',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      'evil.example',
      'pricing',
      ' /pricing',
    ]) {
      expect(safeRedirectPath(value), value).toBeNull();
    }
  });

  it('never bounces back into a sign-in screen, in any language', () => {
    for (const value of [
      '/login',
      '/zh/login',
      '/callback',
      '/zh/callback?type=authlogin',
      '/token-login?code=x',
      '/login-redirect',
      '/account',
      '/zh/account',
    ]) {
      expect(safeRedirectPath(value), value).toBeNull();
    }
  });

  it('treats empty values as none', () => {
    expect(safeRedirectPath(null)).toBeNull();
    expect(safeRedirectPath(undefined)).toBeNull();
    expect(safeRedirectPath('')).toBeNull();
  });
});

describe('the saved redirect (session storage)', () => {
  it('is read back only when safe, and can be cleared', () => {
    expect(readSavedRedirect()).toBeNull();
    sessionStorage.setItem(authKeys.loginRedirect, '/zh/pricing');
    expect(readSavedRedirect()).toBe('/zh/pricing');
    sessionStorage.setItem(authKeys.loginRedirect, 'https://evil.example');
    expect(readSavedRedirect()).toBeNull();
    sessionStorage.setItem(authKeys.loginRedirect, '/pricing');
    clearSavedRedirect();
    expect(sessionStorage.getItem(authKeys.loginRedirect)).toBeNull();
  });
});

describe('loginDestination (spec §2)', () => {
  it('prefers the redirect query, then the saved page, then /userinfo in the language', () => {
    sessionStorage.setItem(authKeys.loginRedirect, '/leaderboard');
    expect(loginDestination('/pricing', 'en')).toBe('/pricing');
    expect(loginDestination('https://evil.example', 'en')).toBe('/leaderboard');
    expect(loginDestination(null, 'zh')).toBe('/leaderboard');
    sessionStorage.clear();
    expect(loginDestination(null, 'en')).toBe('/userinfo');
    expect(loginDestination(null, 'zh')).toBe('/zh/userinfo');
    expect(loginDestination('/login', 'zh')).toBe('/zh/userinfo');
  });
});

describe('ternProviderHref', () => {
  it('opens the account page of the language, returning to its callback in the same window', () => {
    for (const [lang, account, callback] of [
      ['en', '/account', 'https://tern.example/callback'],
      ['zh', '/zh/account', 'https://tern.example/zh/callback'],
    ] as const) {
      const href = new URL(ternProviderHref('https://tern.example', lang, 'tern'), 'https://tern.example');
      expect(href.pathname).toBe(account);
      expect(href.searchParams.get('redirect_mode')).toBe('same_window');
      const back = new URL(href.searchParams.get('redirect_to')!);
      expect(back.origin + back.pathname).toBe(callback);
      expect(Object.fromEntries(back.searchParams)).toEqual({ type: 'authlogin', logintype: 'tern' });
    }
  });
});
