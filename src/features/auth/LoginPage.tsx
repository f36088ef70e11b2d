import { useEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, Redirect, useLocation, useSearch } from 'wouter';

import { localizePath } from '#protocol/languages';

import { isAuthenticatedAtom, signIn } from '../../shared/auth/session';
import { authKeys } from '../../shared/auth/storage';
import { brand } from '../../shared/brand';
import { useLanguageRoute } from '../../shared/routing/language';
import { useAtomValue } from '../../shared/state/jotai';
import { useClientConfig, useLoginPermission } from './api';
import { AgreeModal } from './components/AgreeModal';
import { InternalLoginModal, type InternalLoginSuccess } from './components/InternalLoginModal';
import { RegionRestricted } from './components/RegionRestricted';
import { loginDestination, safeRedirectPath, ternProviderHref } from './destination';
import { createState, DEFAULT_FEISHU_AUTHORIZE_URL, feishuAuthorizeUrl, feishuRedirectUri, openCenteredPopup } from './feishu';
import { INVITATION_MAX_LENGTH, normaliseInvitationInput, validateInvitationCode } from './validation';

type Method = 'tern' | 'feishu' | 'cheetah';

export default function LoginPage() {
  const { t } = useTranslation(['auth', 'common']);
  const { lang } = useLanguageRoute();
  const authenticated = useAtomValue(isAuthenticatedAtom);
  const search = new URLSearchParams(useSearch());
  const redirectQuery = search.get('redirect');
  const [, navigate] = useLocation();
  const permission = useLoginPermission();
  const allowed = permission.data;
  const config = useClientConfig(!!allowed?.feishuLoginAllowed);

  const [invitation, setInvitation] = useState(() =>
    normaliseInvitationInput(search.get('invite') ?? localStorage.getItem(authKeys.pendingInvitation) ?? ''),
  );
  const [invitationError, setInvitationError] = useState<string | null>(null);
  const [agreed, setAgreed] = useState(false);
  const [pending, setPending] = useState<Method | null>(null);
  const [internalOpen, setInternalOpen] = useState(false);
  const [popupBlocked, setPopupBlocked] = useState(false);

  // Remember where to return after a same-window provider round trip.
  useEffect(() => {
    const safe = safeRedirectPath(redirectQuery);
    if (safe) sessionStorage.setItem(authKeys.loginRedirect, safe);
  }, [redirectQuery]);

  if (authenticated) return <Redirect to={`~${loginDestination(redirectQuery, lang)}`} replace />;
  if (allowed?.isChina) return <RegionRestricted />;

  const start = (method: Method) => {
    const invalid = validateInvitationCode(invitation);
    setInvitationError(invalid);
    if (invalid) return;
    if (invitation) localStorage.setItem(authKeys.pendingInvitation, invitation);
    else localStorage.removeItem(authKeys.pendingInvitation);
    setPopupBlocked(false);
    if (method === 'cheetah') {
      setInternalOpen(true);
    } else if (method === 'feishu') {
      const appId = config.data?.feishu.appId;
      if (!appId) return;
      const url = feishuAuthorizeUrl({
        base: config.data?.feishu.authorizeUrl ?? DEFAULT_FEISHU_AUTHORIZE_URL,
        appId,
        redirectUri: feishuRedirectUri(location.origin),
        state: createState(),
        lang,
      });
      if (!openCenteredPopup(url, 'tern-feishu-login')) setPopupBlocked(true);
    } else {
      navigate(`~${ternProviderHref(location.origin, lang, brand.loginMethod)}`);
    }
  };

  const attempt = (method: Method) => {
    if (!agreed) {
      setPending(method);
      return;
    }
    start(method);
  };

  const onInternalSuccess = (result: InternalLoginSuccess) => {
    signIn({
      token: result.accessToken,
      expiresAt: result.expiresAt,
      expiresIn: result.expiresIn,
      user: result.user,
      loginMethod: 'cheetah',
    });
    localStorage.removeItem(authKeys.pendingInvitation);
    setInternalOpen(false);
    const params = new URLSearchParams({ type: 'authlogin', logintype: 'cheetah', token: result.accessToken });
    navigate(`~${localizePath('/callback', lang)}?${params}`, { replace: true });
  };

  return (
    <section className="mx-auto w-full max-w-md px-4 py-12 sm:py-16">
      <div className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body gap-5">
          <div>
            <h1 className="text-2xl font-bold">{t('auth:login.title')}</h1>
            <p className="mt-1 text-base-content/70">{t('auth:login.subtitle')}</p>
          </div>
          {popupBlocked && (
            <div role="alert" className="alert alert-warning">
              <span>{t('auth:errors.popupBlocked')}</span>
            </div>
          )}
          <div className="flex flex-col gap-3">
            {permission.isPending && (
              // data-island: the sign-in island (island/signinIsland.ts) replaces this on prerendered markup.
              <p className="flex items-center gap-2 text-sm text-base-content/60" role="status" data-island="signin">
                <span className="loading loading-spinner loading-xs" aria-hidden="true" />
                {t('auth:login.checking')}
              </p>
            )}
            {allowed?.feishuLoginAllowed && (
              <button type="button" className="btn btn-outline" disabled={!config.data?.feishu.appId} onClick={() => attempt('feishu')}>
                {t('auth:login.feishuButton')}
              </button>
            )}
            {allowed?.cheetahLoginAllowed && (
              <button type="button" className="btn btn-outline" onClick={() => attempt('cheetah')}>
                {t('auth:login.cheetahButton')}
              </button>
            )}
            <button type="button" className="btn btn-primary" onClick={() => attempt('tern')}>
              {t('auth:login.ternButton')}
            </button>
          </div>
          <InvitationField
            value={invitation}
            error={invitationError}
            onChange={(value) => {
              setInvitation(value);
              setInvitationError(null);
            }}
          />
          <TermsAgreement agreed={agreed} onChange={setAgreed} />
        </div>
      </div>
      <AgreeModal
        open={pending !== null}
        onDisagree={() => setPending(null)}
        onAgree={() => {
          const method = pending;
          setAgreed(true);
          setPending(null);
          if (method) start(method);
        }}
      />
      {internalOpen && (
        <InternalLoginModal open onClose={() => setInternalOpen(false)} initialInvitation={invitation} onSuccess={onInternalSuccess} />
      )}
    </section>
  );
}

/** The optional invitation code (spec §5): upper-cased as typed, its error or hint under it. */
function InvitationField({ value, error, onChange }: { value: string; error: string | null; onChange: (value: string) => void }) {
  const { t } = useTranslation(['auth', 'common']);
  return (
    <label className="block" htmlFor="login-invitation">
      <span className="mb-1 block text-sm font-medium">{t('auth:login.invitationLabel')}</span>
      <input
        id="login-invitation"
        className={`input w-full font-mono uppercase ${error ? 'input-error' : ''}`}
        maxLength={INVITATION_MAX_LENGTH}
        value={value}
        placeholder={t('auth:login.invitationHint')}
        aria-invalid={!!error}
        aria-describedby="login-invitation-help"
        onChange={(e) => onChange(normaliseInvitationInput(e.target.value))}
      />
      <span id="login-invitation-help" className={`mt-1 block text-sm ${error ? 'text-error' : 'text-base-content/60'}`}>
        {error ? t('auth:login.invitationInvalid') : t('auth:login.invitationHint')}
      </span>
    </label>
  );
}

/** The terms and privacy check box; a sign-in button pressed without it opens the agree dialog instead. */
function TermsAgreement({ agreed, onChange }: { agreed: boolean; onChange: (agreed: boolean) => void }) {
  const { t } = useTranslation(['auth', 'common']);
  return (
    <label className="flex cursor-pointer items-start gap-3 text-sm">
      <input
        type="checkbox"
        className="checkbox checkbox-primary checkbox-sm mt-0.5"
        checked={agreed}
        onChange={(e) => onChange(e.target.checked)}
      />
      <span>
        <Trans
          t={t}
          i18nKey="auth:login.terms"
          components={{
            terms: <Link href="/terms" className="link link-primary" />,
            privacy: <Link href="/privacy" className="link link-primary" />,
          }}
        />
      </span>
    </label>
  );
}
