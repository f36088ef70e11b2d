import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';

import { parsePathname } from '#protocol/languages';

import { authKeys } from '../../shared/auth/storage';
import { authApi } from './api';
import { loginMessage, type Message } from './errorMessages';
import { useMessageText } from './useMessage';
import { type AccountFormErrors, validateAccountForm } from './validation';

/** redirect_to must be this site's own /callback, so the one-time token never leaves the origin. */
export function validRedirectTo(value: string | null, origin: string): URL | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    const parsed = parsePathname(url.pathname);
    return url.origin === origin && parsed.kind === 'ok' && parsed.rest === '/callback' ? url : null;
  } catch {
    return null;
  }
}

/** The Tern account service's own sign-in and sign-up (the `tern` login provider). */
export default function TernSignInPage() {
  const { t } = useTranslation('auth');
  const text = useMessageText();
  const params = new URLSearchParams(location.search);
  const redirectTo = validRedirectTo(params.get('redirect_to'), location.origin);
  const [mode, setMode] = useState<'signin' | 'signup'>(params.get('mode') === 'signup' ? 'signup' : 'signin');
  const [form, setForm] = useState({ email: '', password: '', confirm: '', username: '' });
  const [errors, setErrors] = useState<AccountFormErrors>({});
  const [failure, setFailure] = useState<Message | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  if (!redirectTo) {
    return (
      <section className="mx-auto max-w-md px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">{t('account.signinTitle')}</h1>
        <p role="alert" className="alert alert-warning mt-6">
          {t('account.badRedirect')}
        </p>
        <Link href="/login" className="btn btn-primary mt-6">
          {t('account.startOver')}
        </Link>
      </section>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateAccountForm(mode, form);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const invitationCode = localStorage.getItem(authKeys.pendingInvitation) ?? undefined;
      const result =
        mode === 'signin'
          ? await authApi.ternSignin({ email: form.email.trim(), password: form.password })
          : await authApi.ternSignup({
              email: form.email.trim(),
              password: form.password,
              username: form.username.trim(),
              ...(invitationCode && { invitationCode }),
            });
      setDone(true);
      const back = new URL(redirectTo);
      back.searchParams.set('token', result.token);
      back.searchParams.set('user_id', result.user_id);
      location.assign(back.toString());
    } catch (error) {
      setFailure(loginMessage(error));
      setBusy(false);
    }
  };

  const input = (name: keyof typeof form, label: string, type: string, autoComplete: string, hint?: string) => (
    <label className="block" htmlFor={`account-${name}`}>
      <span className="mb-1 block text-sm font-medium">{label}</span>
      <input
        id={`account-${name}`}
        name={name}
        type={type}
        autoComplete={autoComplete}
        className={`input w-full ${errors[name] ? 'input-error' : ''}`}
        value={form[name]}
        aria-invalid={!!errors[name]}
        aria-describedby={`account-${name}-help`}
        onChange={(e) => setForm((f) => ({ ...f, [name]: e.target.value }))}
      />
      {(errors[name] || hint) && (
        <span id={`account-${name}-help`} className={`mt-1 block text-sm ${errors[name] ? 'text-error' : 'text-base-content/60'}`}>
          {errors[name] ? text({ key: errors[name] }) : hint}
        </span>
      )}
    </label>
  );

  return (
    <section className="mx-auto w-full max-w-md px-4 py-12 sm:py-16">
      <div className="card border border-base-300 bg-base-100 shadow-sm">
        <form noValidate onSubmit={submit} className="card-body gap-4">
          <div role="tablist" className="tabs tabs-box">
            {(['signin', 'signup'] as const).map((m) => (
              <button
                key={m}
                type="button"
                role="tab"
                aria-selected={mode === m}
                className={`tab flex-1 ${mode === m ? 'tab-active' : ''}`}
                onClick={() => {
                  setMode(m);
                  setErrors({});
                  setFailure(null);
                }}
              >
                {t(m === 'signin' ? 'account.signinTab' : 'account.signupTab')}
              </button>
            ))}
          </div>
          <h1 className="text-xl font-bold">{t(mode === 'signin' ? 'account.signinTitle' : 'account.signupTitle')}</h1>
          {mode === 'signup' && input('username', t('account.username'), 'text', 'name')}
          {input('email', t('account.email'), 'email', 'email')}
          {input(
            'password',
            t('account.password'),
            'password',
            mode === 'signin' ? 'current-password' : 'new-password',
            mode === 'signup' ? t('account.passwordHint') : undefined,
          )}
          {mode === 'signup' && input('confirm', t('account.confirmPassword'), 'password', 'new-password')}
          {failure && (
            <div role="alert" className="alert alert-error">
              <span>{text(failure)}</span>
            </div>
          )}
          {done && (
            <p role="status" className="text-sm text-success">
              {t('account.returning')}
            </p>
          )}
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {busy ? t('account.working') : t(mode === 'signin' ? 'account.submitSignin' : 'account.submitSignup')}
          </button>
        </form>
      </div>
    </section>
  );
}
