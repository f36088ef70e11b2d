import { parsePathname } from '#protocol/languages';
import { matchRoute } from '#protocol/routes';

import { authKeys } from '../auth/keys';

/**
 * The sign-in page without the app (issue #16), for src/boot.ts. A signed-out visitor who opens a guarded page (the
 * console, the account pages) is sent to the sign-in page, and so is one who opens /login: the app shell (index.html)
 * is empty, so this used to wait for the whole app. The build puts the sign-in page's prerendered markup in the shell,
 * one <template data-tern-signin="<lang>"> per language (scripts/prerender.mjs); this puts it in place, at the URL
 * the app's RequireAuth would redirect to, and marks it as that URL's prerendered markup, so the app hydrates it when
 * it wakes, as on any prerendered page.
 *
 * Not for a visitor with a stored token, or an invitation code to prefill (the app renders those itself).
 * Returns true when the sign-in markup is in place.
 */
export function stampSignIn(root: HTMLElement): boolean {
  if (root.firstChild || root.dataset.prerenderedPath) return false;
  const parsed = parsePathname(location.pathname);
  if (parsed.kind !== 'ok') return false;
  const route = matchRoute(parsed.rest);
  if (!route || (route.access !== 'guarded' && route.id !== 'login')) return false;
  const template = document.querySelector<HTMLTemplateElement>(`template[data-tern-signin="${parsed.lang}"]`);
  if (!template) return false;
  try {
    if (localStorage.getItem(authKeys.token) || localStorage.getItem(authKeys.pendingInvitation)) return false;
  } catch {
    return false; // storage refused: let the app decide
  }
  if (route.id === 'login' && new URLSearchParams(location.search).has('invite')) return false;
  if (route.id !== 'login') {
    // As RequireAuth: remember where the visitor was going, and go to the sign-in page with it in the query.
    const from = location.pathname + location.search + location.hash;
    try {
      sessionStorage.setItem(authKeys.loginRedirect, from);
    } catch {
      // Session storage unavailable: the redirect query parameter still carries the return path.
    }
    history.replaceState(history.state, '', `${parsed.prefix}/login?redirect=${encodeURIComponent(from)}`);
  }
  root.replaceChildren(template.content.cloneNode(true));
  root.dataset.prerenderedPath = location.pathname;
  if (template.dataset.htmlLang) document.documentElement.lang = template.dataset.htmlLang;
  if (template.dataset.title) document.title = template.dataset.title;
  return true;
}
