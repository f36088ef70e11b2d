import { type Language, localizePath, parsePathname } from '#protocol/languages';

import { authKeys } from '../../shared/auth/storage';

/** Only same-site paths are followed, so a crafted link cannot send a signed-in user elsewhere. */
export function safeRedirectPath(value: string | null | undefined): string | null {
  if (!value) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  try {
    const url = new URL(value, 'http://x');
    if (url.origin !== 'http://x') return null;
    const parsed = parsePathname(url.pathname);
    const rest = parsed.kind === 'ok' ? parsed.rest : '';
    // Never bounce back into a login screen.
    if (['/login', '/callback', '/token-login', '/login-redirect', '/account'].includes(rest)) return null;
    return url.pathname + url.search + url.hash;
  } catch {
    return null;
  }
}

export function readSavedRedirect(): string | null {
  try {
    return safeRedirectPath(sessionStorage.getItem(authKeys.loginRedirect));
  } catch {
    return null;
  }
}

export function clearSavedRedirect(): void {
  try {
    sessionStorage.removeItem(authKeys.loginRedirect);
  } catch {
    // Nothing saved.
  }
}

/** Spec §2: the redirect query value, else the page the visitor came from, else /userinfo (in their language). */
export function loginDestination(redirectQuery: string | null, lang: Language): string {
  return safeRedirectPath(redirectQuery) ?? readSavedRedirect() ?? localizePath('/userinfo', lang);
}

/** The Tern account service's sign-in page, returning through this language's /callback in the same window. */
export function ternProviderHref(origin: string, lang: Language, loginMethod: string): string {
  const redirectTo = `${origin}${localizePath('/callback', lang)}?type=authlogin&logintype=${loginMethod}`;
  return `${localizePath('/account', lang)}?${new URLSearchParams({ redirect_to: redirectTo, redirect_mode: 'same_window' })}`;
}
