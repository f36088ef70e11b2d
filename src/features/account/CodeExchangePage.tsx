import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';

import { ApiError } from '../../shared/api/http';
import { queryKeys } from '../../shared/api/queryKeys';
import { isAuthenticatedAtom } from '../../shared/auth/session';
import { authKeys } from '../../shared/auth/storage';
import { useLanguageRoute } from '../../shared/routing/language';
import { useAtomValue } from '../../shared/state/jotai';
import { exchangeCode } from './api';
import { AccountShell, useLang } from './components/AccountShell';
import { formatDate, formatNumber } from './lib/format';
import { normalisePromoInput, type PromoErrorKey, promoErrorKey, type PromoProblem, validatePromoCode } from './lib/promo';
import type { ExchangeCodeResult } from './lib/protocol';

const problemKeys: Record<PromoProblem, 'exchange.errors.required' | 'exchange.errors.format'> = {
  required: 'exchange.errors.required',
  format: 'exchange.errors.format',
};

/**
 * /code-exchange (not guarded): `?code=` pre-fills the field, also after the login round trip; redeeming needs a
 * session. States: idle → exchanging → success or failure → exchange another.
 */
export default function CodeExchangePage() {
  const { t } = useTranslation('account');
  const lang = useLang();
  const { prefix } = useLanguageRoute();
  const authenticated = useAtomValue(isAuthenticatedAtom);
  const search = new URLSearchParams(useSearch());
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const [code, setCode] = useState(() => normalisePromoInput(search.get('code') ?? ''));
  const [problem, setProblem] = useState<PromoProblem | null>(null);
  const [result, setResult] = useState<ExchangeCodeResult | null>(null);
  const [failure, setFailure] = useState<PromoErrorKey | null>(null);

  const exchange = useMutation({
    mutationFn: (value: string) => exchangeCode(value),
    onSuccess: async (data) => {
      setResult(data);
      await queryClient.invalidateQueries({ queryKey: queryKeys.account.stats() });
    },
    onError: (error) => {
      // A refused code (400) or too many wrong ones (429) is an answer for the user; anything else is worth a log line.
      if (!(error instanceof ApiError && (error.status === 400 || error.status === 429)))
        console.error('Promo code exchange failed', error);
      setFailure(error instanceof ApiError ? promoErrorKey(error.code) : 'exchange.errors.failed');
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validatePromoCode(code);
    setProblem(found);
    setFailure(null);
    if (found) return;
    if (!authenticated) {
      // Back here after login with the code still in the address, so it is filled in again.
      const back = `${prefix}/code-exchange?code=${encodeURIComponent(code.trim())}`;
      try {
        sessionStorage.setItem(authKeys.loginRedirect, back);
      } catch {
        // The redirect query parameter still carries the return path.
      }
      navigate(`~${prefix}/login?redirect=${encodeURIComponent(back)}`);
      return;
    }
    exchange.mutate(code.trim());
  };

  const again = () => {
    setResult(null);
    setFailure(null);
    setProblem(null);
    setCode('');
    exchange.reset();
    navigate('/code-exchange', { replace: true });
  };

  const busy = exchange.isPending;
  const message = problem ? problemKeys[problem] : null;

  return (
    <AccountShell title={t('exchange.title')} subtitle={t('exchange.subtitle')} testId="code-exchange-page">
      <div className="card mx-auto max-w-xl border border-base-300 bg-base-100 shadow-sm">
        <div
          className="card-body gap-4"
          data-state={result ? 'success' : failure ? 'failure' : busy ? 'exchanging' : 'idle'}
          data-testid="exchange-card"
        >
          {result ? (
            <div role="status" className="flex flex-col items-center gap-3 py-4 text-center" data-testid="exchange-success">
              <span className="grid h-14 w-14 place-items-center rounded-full bg-success/15 text-3xl text-success" aria-hidden="true">
                ✓
              </span>
              <h2 className="text-xl font-bold">{t('exchange.successTitle')}</h2>
              <p className="text-lg">{t('exchange.successBody', { credits: formatNumber(result.credits, lang) })}</p>
              <p className="text-sm text-base-content/70">
                {result.expiresAt ? t('exchange.validUntil', { date: formatDate(result.expiresAt, lang) ?? '' }) : t('exchange.noExpiry')}
              </p>
              <div className="mt-2 flex flex-wrap justify-center gap-2">
                <button type="button" className="btn btn-primary" onClick={again}>
                  {t('exchange.another')}
                </button>
                <Link href="/userinfo" className="btn btn-ghost">
                  {t('exchange.viewAccount')}
                </Link>
              </div>
            </div>
          ) : (
            <form noValidate onSubmit={submit} className="flex flex-col gap-4">
              <label className="block" htmlFor="promo-code">
                <span className="mb-1 block text-sm font-medium">{t('exchange.label')}</span>
                <input
                  id="promo-code"
                  name="code"
                  className={`input input-lg w-full font-mono uppercase tracking-wider placeholder:normal-case placeholder:tracking-normal ${message ? 'input-error' : ''}`}
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                  maxLength={64}
                  value={code}
                  placeholder={t('exchange.placeholder')}
                  aria-invalid={!!message}
                  aria-describedby="promo-code-help"
                  disabled={busy}
                  onChange={(e) => {
                    setCode(normalisePromoInput(e.target.value));
                    setProblem(null);
                  }}
                />
                <span
                  id="promo-code-help"
                  className={`mt-1 block text-sm ${message ? 'text-error' : 'text-base-content/60'}`}
                  data-testid="promo-code-help"
                >
                  {message ? t(message) : t('exchange.hint')}
                </span>
              </label>
              {failure && (
                <div role="alert" className="alert alert-error alert-soft" data-testid="exchange-failure">
                  <div>
                    <p className="font-semibold">{t('exchange.failedTitle')}</p>
                    <p>{t(failure)}</p>
                  </div>
                </div>
              )}
              {!authenticated && <p className="text-sm text-base-content/70">{t('exchange.signInNote')}</p>}
              <button type="submit" className="btn btn-primary btn-block" disabled={busy} aria-busy={busy || undefined}>
                {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
                {busy
                  ? t('exchange.exchanging')
                  : authenticated
                    ? failure
                      ? t('exchange.tryAgain')
                      : t('exchange.submit')
                    : t('exchange.signInToRedeem')}
              </button>
              {failure && (
                <button type="button" className="btn btn-ghost btn-sm self-center" onClick={again}>
                  {t('exchange.another')}
                </button>
              )}
            </form>
          )}
        </div>
      </div>
    </AccountShell>
  );
}
