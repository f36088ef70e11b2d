import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';

import { localizePath } from '#protocol/languages';

import { fetchCurrentUser } from '../../shared/auth/currentUser';
import { clearAuth, signIn } from '../../shared/auth/session';
import { useLanguageRoute } from '../../shared/routing/language';
import { authApi } from './api';
import { safeRedirectPath } from './destination';
import { loginMessage, type Message } from './errorMessages';
import { useMessageText } from './useMessage';

export const TOKEN_LOGIN_REDIRECT_MS = 1500;

/** Spec §4 Token login: `tern --cloud` prints /token-login?code=… to sign the browser in as the CLI's user. */
export default function TokenLoginPage() {
  const { t } = useTranslation('auth');
  const text = useMessageText();
  const { lang } = useLanguageRoute();
  const [, navigate] = useLocation();
  const [params] = useState(() => new URLSearchParams(location.search));
  const [phase, setPhase] = useState<'processing' | 'success' | 'error'>('processing');
  const [message, setMessage] = useState<Message | null>(null);
  const started = useRef(false);

  const run = useCallback(async () => {
    const code = params.get('code');
    setPhase('processing');
    if (!code) {
      setMessage({ key: 'auth:errors.missingCode' });
      setPhase('error');
      return;
    }
    try {
      const result = await authApi.exchangeTempCode(code);
      signIn({
        token: result.token,
        expiresAt: result.expiresAt,
        expiresIn: result.expiresIn,
        user: result.user,
        loginMethod: result.loginMethod,
      });
      try {
        const user = await fetchCurrentUser(result.token);
        signIn({ token: result.token, expiresAt: result.expiresAt, user, loginMethod: result.loginMethod });
      } catch {
        // Spec: keep the session with the user from the exchange (or a placeholder) if fetching the user fails.
      }
      setPhase('success');
      const target = safeRedirectPath(params.get('redirect')) ?? localizePath('/userinfo', lang);
      setTimeout(() => navigate(`~${target}`, { replace: true }), TOKEN_LOGIN_REDIRECT_MS);
    } catch (error) {
      clearAuth();
      setMessage(loginMessage(error));
      setPhase('error');
    }
  }, [lang, navigate, params]);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // The code is single-use: take it out of the address bar at once.
    history.replaceState(history.state, '', location.pathname);
    void run();
  }, [run]);

  return (
    <section className="mx-auto flex max-w-sm flex-col items-center px-4 py-20 text-center" data-testid="token-login" data-phase={phase}>
      {phase === 'processing' && (
        <>
          <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
          <h1 className="mt-4 text-xl font-semibold">{t('tokenLogin.processing')}</h1>
        </>
      )}
      {phase === 'success' && <h1 className="text-xl font-semibold text-success">{t('tokenLogin.success')}</h1>}
      {phase === 'error' && (
        <>
          <h1 className="text-xl font-semibold">{t('tokenLogin.failed')}</h1>
          <p role="alert" className="mt-2 text-base-content/75">
            {text(message)}
          </p>
          <div className="mt-6 flex gap-2">
            {params.get('code') && (
              <button type="button" className="btn btn-outline" onClick={() => void run()}>
                {t('tokenLogin.retry')}
              </button>
            )}
            <Link href="/login" className="btn btn-primary">
              {t('tokenLogin.backToLogin')}
            </Link>
          </div>
        </>
      )}
    </section>
  );
}
