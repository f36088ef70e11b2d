import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';

import type { LoginMethod } from '#protocol/auth';
import { type Language, localizePath } from '#protocol/languages';

import { fetchCurrentUser } from '../../shared/auth/currentUser';
import { signIn } from '../../shared/auth/session';
import { authKeys } from '../../shared/auth/storage';
import { readPreference } from '../../shared/i18n/preference';
import { useLanguageRoute } from '../../shared/routing/language';
import { authApi } from './api';
import { LOGIN_TRIGGER_KEY } from './broadcast';
import { type CallbackRequest, ERROR_MESSAGE_TYPE, parseCallbackParams, successMessageType } from './callbackParams';
import { clearSavedRedirect, readSavedRedirect } from './destination';
import { loginMessage, type Message } from './errorMessages';
import { consumeState, feishuRedirectUri } from './feishu';
import { useMessageText } from './useMessage';

export const POPUP_CLOSE_MS = 2000;
export const POPUP_ERROR_CLOSE_MS = 3000;
export const INTERNAL_COUNTDOWN_S = 3;

type State = { phase: 'processing' } | { phase: 'success'; method: LoginMethod } | { phase: 'error'; message: Message };

function popupOpener(): Window | null {
  try {
    return window.opener && window.opener !== window && window.opener.location.origin === location.origin
      ? (window.opener as Window)
      : null;
  } catch {
    return null;
  }
}

async function complete(request: Extract<CallbackRequest, { ok: true }>): Promise<LoginMethod> {
  const invitationCode = localStorage.getItem(authKeys.pendingInvitation) ?? undefined;
  if (request.method === 'tern') {
    const result = await authApi.ternLogin(request.token, request.userId, invitationCode);
    signIn({ token: result.accessToken, expiresAt: result.expiresAt, expiresIn: result.expiresIn, user: result.user, loginMethod: 'tern' });
  } else if (request.method === 'feishu') {
    if (!consumeState(request.state)) throw Object.assign(new Error('state'), { messageKey: 'auth:errors.stateMismatch' });
    const feishuToken = await authApi.feishuExchange(request.code, feishuRedirectUri(location.origin));
    const result = await authApi.feishuLogin(feishuToken, invitationCode);
    signIn({
      token: result.accessToken,
      expiresAt: result.expiresAt,
      expiresIn: result.expiresIn,
      user: result.user,
      loginMethod: 'feishu',
    });
  } else {
    // The internal login modal already stored the session; confirm the token with the relay.
    const stored = localStorage.getItem(authKeys.token);
    if (stored !== request.token) signIn({ token: request.token, user: null, loginMethod: 'cheetah' });
    const user = await fetchCurrentUser(request.token);
    signIn({
      token: request.token,
      expiresAt: Number(localStorage.getItem(authKeys.expiresAt)) || undefined,
      user,
      loginMethod: 'cheetah',
    });
  }
  localStorage.removeItem(authKeys.pendingInvitation);
  return request.method;
}

/** Where a same-window sign-in goes on: the saved redirect URL (used once), else the preferred language's home. */
function successDestination(lang: Language): string {
  const saved = readSavedRedirect();
  clearSavedRedirect();
  return saved ?? localizePath('/', readPreference(localStorage)?.language ?? lang);
}

/** Spec §4 Login callback: processing once, then success or error, popup or same window. */
export default function CallbackPage() {
  const { t } = useTranslation('auth');
  const text = useMessageText();
  const { lang } = useLanguageRoute();
  const [, navigate] = useLocation();
  const [state, setState] = useState<State>({ phase: 'processing' });
  const [countdown, setCountdown] = useState(INTERNAL_COUNTDOWN_S);
  const started = useRef(false);
  // Read once on mount: the window that opened this popup (same origin only), or null in a normal tab.
  const [opener] = useState(popupOpener);

  useEffect(() => {
    // StrictMode runs effects twice in development; a one-time token must be spent once.
    if (started.current) return;
    started.current = true;
    const request = parseCallbackParams(new URLSearchParams(location.search));
    // Tokens and codes do not stay in the address bar or the history.
    history.replaceState(history.state, '', location.pathname);
    if (!request.ok) {
      setState({ phase: 'error', message: { key: request.error } });
      return;
    }
    complete(request).then(
      (method) => setState({ phase: 'success', method }),
      (error: unknown) => {
        const key = (error as { messageKey?: string }).messageKey;
        setState({ phase: 'error', message: key ? { key } : loginMessage(error) });
      },
    );
  }, [lang]);

  useEffect(() => {
    if (state.phase === 'success') {
      const notice = { type: successMessageType(state.method), timestamp: Date.now(), provider: state.method };
      if (state.method === 'cheetah') {
        const timer = setInterval(() => setCountdown((c) => c - 1), 1000);
        return () => clearInterval(timer);
      }
      if (opener) {
        opener.postMessage(notice, location.origin);
        const timer = setTimeout(() => window.close(), POPUP_CLOSE_MS);
        return () => clearTimeout(timer);
      }
      // No opener: other tabs learn of the login through a storage entry.
      localStorage.setItem(LOGIN_TRIGGER_KEY, JSON.stringify(notice));
      localStorage.removeItem(LOGIN_TRIGGER_KEY);
      const timer = setTimeout(() => navigate(`~${successDestination(lang)}`, { replace: true }), POPUP_CLOSE_MS);
      return () => clearTimeout(timer);
    }
    if (state.phase === 'error' && opener) {
      opener.postMessage({ type: ERROR_MESSAGE_TYPE, timestamp: Date.now() }, location.origin);
      const timer = setTimeout(() => window.close(), POPUP_ERROR_CLOSE_MS);
      return () => clearTimeout(timer);
    }
    return undefined;
  }, [state, lang, navigate, opener]);

  const userinfo = `~${localizePath('/userinfo', lang)}`;
  useEffect(() => {
    if (state.phase === 'success' && state.method === 'cheetah' && countdown <= 0) navigate(userinfo, { replace: true });
  }, [countdown, state, navigate, userinfo]);

  /**
   * Every state has a close button (spec §2). A popup closes itself; a normal tab cannot be closed by script, so it
   * leaves the callback: after a success to where the sign-in was heading, otherwise to the home page.
   */
  const close = () => {
    if (opener) {
      window.close();
      return;
    }
    if (state.phase === 'success' && state.method === 'cheetah') return navigate(userinfo, { replace: true });
    if (state.phase === 'success') return navigate(`~${successDestination(lang)}`, { replace: true });
    navigate(`~${localizePath('/', lang)}`, { replace: true });
  };
  const closeButton = (
    <button type="button" className="btn btn-ghost" onClick={close} data-testid="callback-close">
      {opener ? t('callback.close') : t('callback.closePage')}
    </button>
  );

  return (
    <section className="flex min-h-dvh items-center justify-center px-4" data-testid="callback" data-phase={state.phase}>
      <div className="card w-full max-w-sm border border-base-300 bg-base-100 text-center shadow-sm">
        <div className="card-body items-center gap-4" aria-live="polite">
          {state.phase === 'processing' && (
            <>
              <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
              <h1 className="text-xl font-semibold">{t('callback.processing')}</h1>
              {closeButton}
            </>
          )}
          {state.phase === 'success' && (
            <>
              <div className="grid size-14 place-items-center rounded-full bg-success/15 text-3xl text-success" aria-hidden="true">
                ✓
              </div>
              <h1 className="text-xl font-semibold">{t('callback.success')}</h1>
              {state.method === 'cheetah' ? (
                <>
                  <p className="text-base-content/70">{t('callback.countdown', { count: Math.max(countdown, 0) })}</p>
                  <div className="flex gap-2">
                    {closeButton}
                    <Link href={userinfo} className="btn btn-primary">
                      {t('callback.goNow')}
                    </Link>
                  </div>
                </>
              ) : (
                <>
                  <p className="text-base-content/70">{opener ? t('callback.successPopup') : t('callback.successRedirect')}</p>
                  {closeButton}
                </>
              )}
            </>
          )}
          {state.phase === 'error' && (
            <>
              <div className="grid size-14 place-items-center rounded-full bg-error/15 text-3xl text-error" aria-hidden="true">
                !
              </div>
              <h1 className="text-xl font-semibold">{t('callback.error')}</h1>
              <p role="alert" className="text-base-content/80">
                {text(state.message)}
              </p>
              <div className="flex gap-2">
                {closeButton}
                <Link href={`~${localizePath('/login', lang)}`} className="btn btn-primary">
                  {t('callback.retry')}
                </Link>
              </div>
            </>
          )}
        </div>
      </div>
    </section>
  );
}
