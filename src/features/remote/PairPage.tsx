import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';

import { pairingCodeSchema } from '#protocol/pairing';

import { ApiError } from '../../shared/api/http';
import { queryKeys } from '../../shared/api/queryKeys';
import { useLanguageRoute } from '../../shared/routing/language';
import { decidePairing, fetchPairing } from './api';

function useCountdown(until: string | undefined): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!until) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [until]);
  return until ? Math.max(0, Math.floor((Date.parse(until) - now) / 1000)) : null;
}

/** /remote/pair?code=ABCD-2345 — the signed-in user approves (or denies) a `tern --cloud` pairing request. */
export default function PairPage() {
  const { t, i18n } = useTranslation('remote');
  const search = useSearch();
  const [, navigate] = useLocation();
  const { prefix } = useLanguageRoute();
  const parsed = pairingCodeSchema.safeParse(new URLSearchParams(search).get('code') ?? '');
  const code = parsed.success ? parsed.data : null;
  const info = useQuery({
    queryKey: queryKeys.remote.pairing(code),
    queryFn: () => fetchPairing(code!),
    enabled: code !== null,
    retry: false,
  });
  const decide = useMutation({
    mutationFn: (decision: 'approve' | 'deny') => decidePairing(code!, decision),
    onSuccess: (result) => {
      if (result.status === 'approved') navigate(`~${prefix}/remote`);
    },
  });
  const left = useCountdown(info.data?.expiresAt);
  const status = decide.data?.status ?? info.data?.status;
  const expired = status === 'expired' || (status === 'pending' && left === 0);
  const notFound = info.error instanceof ApiError && info.error.status === 404;

  return (
    <section className="mx-auto max-w-lg px-4 py-10 sm:py-16" data-testid="pair-page">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('pair.title')}</h1>
      <p className="mt-2 text-base-content/70">{t('pair.intro')}</p>

      {!code && (
        <div role="alert" className="alert alert-error alert-soft mt-6">
          <span>{t('pair.badCode')}</span>
        </div>
      )}
      {code && info.isPending && <span className="loading loading-spinner loading-md mt-8" aria-label={t('pair.loading')} />}
      {code && info.isError && (
        <div role="alert" className="alert alert-error alert-soft mt-6">
          <span>{notFound ? t('pair.notFound') : t('pair.loadFailed')}</span>
          {!notFound && (
            <button type="button" className="btn btn-sm" onClick={() => void info.refetch()}>
              {t('retry')}
            </button>
          )}
        </div>
      )}
      {info.data && (
        <div className="card mt-6 border border-base-300 bg-base-100 shadow-sm">
          <div className="card-body gap-4">
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className="text-base-content/60">{t('pair.code')}</dt>
              <dd className="font-mono text-lg font-bold tracking-widest" data-testid="pair-code">
                {info.data.pairingCode}
              </dd>
              <dt className="text-base-content/60">{t('pair.hostname')}</dt>
              <dd className="break-all font-medium">{info.data.hostname}</dd>
              <dt className="text-base-content/60">{t('pair.platform')}</dt>
              <dd>{info.data.platform}</dd>
              <dt className="text-base-content/60">{t('pair.expires')}</dt>
              <dd>
                {new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short' }).format(new Date(info.data.expiresAt))}
                {status === 'pending' && left !== null && left > 0 && (
                  <span className="ml-2 text-base-content/60">
                    {t('pair.left', { minutes: Math.floor(left / 60), seconds: String(left % 60).padStart(2, '0') })}
                  </span>
                )}
              </dd>
            </dl>
            {status === 'pending' && !expired && (
              <>
                <p className="text-sm text-base-content/70">{t('pair.check')}</p>
                <div className="card-actions flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                  <button
                    type="button"
                    className="btn btn-ghost max-sm:w-full"
                    disabled={decide.isPending}
                    onClick={() => decide.mutate('deny')}
                  >
                    {t('pair.deny')}
                  </button>
                  <button
                    type="button"
                    className="btn btn-primary max-sm:w-full"
                    disabled={decide.isPending}
                    onClick={() => decide.mutate('approve')}
                  >
                    {decide.isPending && <span className="loading loading-spinner loading-xs" aria-hidden />}
                    {t('pair.approve')}
                  </button>
                </div>
              </>
            )}
            {expired && (
              <div role="alert" className="alert alert-warning alert-soft text-sm">
                <span>{t('pair.expired')}</span>
              </div>
            )}
            {status === 'denied' && (
              <div role="status" className="alert alert-soft text-sm">
                <span>{t('pair.denied')}</span>
              </div>
            )}
            {status === 'approved' && (
              <div role="status" className="alert alert-success alert-soft text-sm">
                <span>{t('pair.approved')}</span>
                <Link href="/remote" className="btn btn-sm">
                  {t('pair.openConsole')}
                </Link>
              </div>
            )}
          </div>
        </div>
      )}
    </section>
  );
}
