import type { ReactNode } from 'react';
import { Redirect } from 'wouter';

import { isAuthenticatedAtom } from '../../shared/auth/session';
import { authKeys } from '../../shared/auth/storage';
import { useLanguageRoute } from '../../shared/routing/language';
import { useAtomValue } from '../../shared/state/jotai';

/** Protected pages send visitors to /login and remember where they were going (spec §2). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const authenticated = useAtomValue(isAuthenticatedAtom);
  const { prefix } = useLanguageRoute();
  if (authenticated) return <>{children}</>;
  const from = location.pathname + location.search + location.hash;
  try {
    sessionStorage.setItem(authKeys.loginRedirect, from);
  } catch {
    // Session storage unavailable: the redirect query parameter still carries the return path.
  }
  return <Redirect to={`~${prefix}/login?redirect=${encodeURIComponent(from)}`} replace />;
}
