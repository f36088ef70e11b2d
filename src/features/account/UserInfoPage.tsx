import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';

import { authAtom, isAuthenticatedAtom } from '../../shared/auth/session';
import { useAtomValue } from '../../shared/state/jotai';
import { showToast } from '../../shared/ui/toast';
import { accountKeys, cancelSubscription, fetchStats } from './api';
import { AccountShell, LoadFailed, Loading, useLang } from './components/AccountShell';
import { ConfirmModal } from './components/ConfirmModal';
import { UsageChartCard } from './components/UsageChartCard';
import { dailySeries, hourlySeries } from './lib/chartData';
import { formatCompact, formatCost, formatDate, formatDateTime, formatNumber, formatPercent, usageLevel } from './lib/format';
import type { UserStats } from './lib/protocol';
import { shouldRetryStats, STATS_REFETCH_MS, STATS_STALE_MS, statsRetryDelay } from './lib/statsPolicy';

/** Spec §7: the stats query, polled every 30 s, stale after 10 s, retried per the policy in statsPolicy.ts. */
export function useUserStats() {
  const authenticated = useAtomValue(isAuthenticatedAtom);
  return useQuery({
    queryKey: accountKeys.stats,
    queryFn: ({ signal }) => fetchStats(signal),
    enabled: authenticated,
    refetchInterval: STATS_REFETCH_MS,
    staleTime: STATS_STALE_MS,
    retry: shouldRetryStats,
    retryDelay: statsRetryDelay,
  });
}

function Tile({ label, value, hint, testId }: { label: string; value: string; hint?: string; testId: string }) {
  return (
    <div className="rounded-box border border-base-300 bg-base-100 p-4" data-testid={testId}>
      <p className="text-sm text-base-content/60">{label}</p>
      <p className="mt-1 text-xl font-semibold tabular-nums">{value}</p>
      {hint && <p className="mt-0.5 text-xs text-base-content/60">{hint}</p>}
    </div>
  );
}

function Dashboard({ stats, onCancel }: { stats: UserStats; onCancel: () => void }) {
  const { t } = useTranslation('account');
  const lang = useLang();
  const level = usageLevel(stats.usageRate);
  const noPlan = stats.activeQuotas.length === 0 && stats.creditLimit === 0;
  const daily = useMemo(() => dailySeries(stats.daily), [stats.daily]);
  const hourly = useMemo(() => hourlySeries(stats.hourly), [stats.hourly]);
  const hasPaidPlan = stats.activeQuotas.some((q) => q.source === 'order');
  const n = (v: number) => formatNumber(v, lang);
  const remaining = Math.max(0, stats.creditLimit - stats.creditsUsed);
  const tone = level === 'ok' ? 'progress-primary' : level === 'warning' ? 'progress-warning' : 'progress-error';

  return (
    <div className="flex flex-col gap-6">
      {noPlan && (
        <div role="status" className="alert alert-info alert-soft" data-testid="no-plan">
          <span>{t('userinfo.noPlan')}</span>
          <Link href="/pricing" className="btn btn-sm btn-primary">
            {t('userinfo.buy')}
          </Link>
        </div>
      )}
      {level === 'warning' && (
        <div role="alert" className="alert alert-warning" data-testid="usage-warning">
          <span>{t('userinfo.warning')}</span>
        </div>
      )}
      {level === 'exhausted' && !noPlan && (
        <div role="alert" className="alert alert-error" data-testid="usage-warning">
          <span>{t('userinfo.exhausted')}</span>
        </div>
      )}

      <div className="grid gap-4 md:grid-cols-3">
        <section className="card border border-base-300 bg-base-100" aria-labelledby="plan-title" data-testid="plan-card">
          <div className="card-body gap-2">
            <h2 id="plan-title" className="text-sm font-normal text-base-content/60">
              {t('userinfo.plan')}
            </h2>
            <p className="text-2xl font-bold" data-testid="plan-type" data-plan={stats.planType}>
              {t(`planType.${stats.planType}`)}
            </p>
            <p className="flex items-center gap-2 text-sm">
              <span className="text-base-content/60">{t('userinfo.status')}</span>
              <span className={`badge badge-soft ${stats.accountStatus === 'active' ? 'badge-success' : 'badge-warning'}`} data-testid="account-status">
                {t(`accountStatus.${stats.accountStatus}`)}
              </span>
            </p>
            <div className="card-actions mt-2">
              <Link href="/pricing" className="btn btn-primary btn-sm" data-testid="buy-plan">
                {t('userinfo.buy')}
              </Link>
              {hasPaidPlan && (
                <button type="button" className="btn btn-ghost btn-sm" onClick={onCancel} data-testid="cancel-subscription">
                  {t('userinfo.cancel')}
                </button>
              )}
            </div>
          </div>
        </section>

        <section className="card border border-base-300 bg-base-100 md:col-span-2" aria-labelledby="credits-title" data-testid="credits-card">
          <div className="card-body gap-3">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 id="credits-title" className="text-sm font-normal text-base-content/60">
                {t('userinfo.credits')}
              </h2>
              <p className="text-sm text-base-content/60">
                {t('userinfo.usageRate')}{' '}
                <span className={`font-semibold ${level === 'ok' ? 'text-base-content' : level === 'warning' ? 'text-warning' : 'text-error'}`} data-testid="usage-rate" data-rate={stats.usageRate}>
                  {formatPercent(stats.usageRate, lang)}
                </span>
              </p>
            </div>
            <p className="text-2xl font-bold tabular-nums" data-testid="credit-limit" data-used={stats.creditsUsed} data-limit={stats.creditLimit}>
              {t('userinfo.creditsUsed', { used: n(stats.creditsUsed), limit: n(stats.creditLimit) })}
            </p>
            <progress className={`progress h-3 w-full ${tone}`} value={Math.min(1, stats.usageRate) * 100} max={100} aria-label={t('userinfo.usageBar')} />
            <p className="text-sm text-base-content/70" data-testid="credits-remaining">
              {t('userinfo.remaining', { credits: n(remaining) })}
            </p>
            <div className="grid grid-cols-3 gap-2 border-t border-base-300 pt-3 text-sm" data-testid="quotas">
              <p className="col-span-3 text-base-content/60">{t('userinfo.quotas.title')}</p>
              <p>
                <span className="block text-xs text-base-content/60">{t('userinfo.quotas.requests')}</span>
                <span className="font-semibold tabular-nums">{n(stats.quotas.requests)}</span>
              </p>
              <p>
                <span className="block text-xs text-base-content/60">{t('userinfo.quotas.tokens')}</span>
                <span className="font-semibold tabular-nums">{formatCompact(stats.quotas.tokens, lang)}</span>
              </p>
              <p>
                <span className="block text-xs text-base-content/60">{t('userinfo.quotas.cost')}</span>
                <span className="font-semibold tabular-nums">{formatCost(stats.quotas.cost)}</span>
              </p>
            </div>
          </div>
        </section>
      </div>

      <section aria-labelledby="limits-title" data-testid="limits">
        <h2 id="limits-title" className="mb-2 text-lg font-semibold">
          {t('userinfo.limits.title')}
        </h2>
        <div className="grid grid-cols-2 gap-3">
          <Tile label={t('userinfo.limits.perMinute')} value={t('userinfo.limits.used', { used: n(stats.limits.usedThisMinute), limit: n(stats.limits.perMinute) })} testId="limit-minute" />
          <Tile label={t('userinfo.limits.perDay')} value={t('userinfo.limits.used', { used: n(stats.limits.usedToday), limit: n(stats.limits.perDay) })} testId="limit-day" />
        </div>
        <p className="mt-2 text-xs text-base-content/60">{t('userinfo.limits.note')}</p>
      </section>

      <section aria-labelledby="charts-title" className="grid gap-4 lg:grid-cols-2">
        <h2 id="charts-title" className="sr-only">
          {t('userinfo.charts.daily')} / {t('userinfo.charts.hourly')}
        </h2>
        <UsageChartCard id="daily" title={t('userinfo.charts.daily')} series={daily} lang={lang} />
        <UsageChartCard id="hourly" title={t('userinfo.charts.hourly')} series={hourly} lang={lang} />
      </section>

      <section aria-labelledby="totals-title" data-testid="totals">
        <h2 id="totals-title" className="mb-2 text-lg font-semibold">
          {t('userinfo.totals.title')}
        </h2>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          <Tile label={t('userinfo.totals.requests')} value={n(stats.totals.requests)} testId="total-requests" />
          <Tile label={t('userinfo.totals.tokens')} value={formatCompact(stats.totals.tokens, lang)} testId="total-tokens" />
          <Tile label={t('userinfo.totals.cost')} value={formatCost(stats.totals.cost)} testId="total-cost" />
          <Tile label={t('userinfo.totals.inputTokens')} value={formatCompact(stats.totals.inputTokens, lang)} testId="total-input" />
          <Tile label={t('userinfo.totals.outputTokens')} value={formatCompact(stats.totals.outputTokens, lang)} testId="total-output" />
          <Tile label={t('userinfo.totals.cacheCreationTokens')} value={formatCompact(stats.totals.cacheCreationTokens, lang)} testId="total-cache-creation" />
          <Tile label={t('userinfo.totals.cacheReadTokens')} value={formatCompact(stats.totals.cacheReadTokens, lang)} testId="total-cache-read" />
          <Tile label={t('userinfo.totals.cacheHitTokens')} value={formatCompact(stats.totals.cacheHitTokens, lang)} testId="total-cache-hit" />
        </div>
      </section>

      <section aria-labelledby="grants-title">
        <h2 id="grants-title" className="mb-2 text-lg font-semibold">
          {t('userinfo.active.title')}
        </h2>
        {stats.activeQuotas.length === 0 ? (
          <p className="rounded-box border border-dashed border-base-300 p-4 text-sm text-base-content/70">{t('userinfo.active.empty')}</p>
        ) : (
          <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
            <table className="table table-sm" aria-labelledby="grants-title" data-testid="active-quotas">
              <thead>
                <tr>
                  <th scope="col">{t('userinfo.active.source')}</th>
                  <th scope="col">{t('userinfo.active.credits')}</th>
                  <th scope="col" className="hidden sm:table-cell">
                    {t('userinfo.active.used')}
                  </th>
                  <th scope="col" className="hidden md:table-cell">
                    {t('userinfo.active.from')}
                  </th>
                  <th scope="col">{t('userinfo.active.expires')}</th>
                </tr>
              </thead>
              <tbody>
                {stats.activeQuotas.map((q) => (
                  <tr key={q.id} data-testid="active-quota" data-source={q.source}>
                    <td>{t(`quotaSource.${q.source}`)}</td>
                    <td className="tabular-nums">{n(q.credits)}</td>
                    <td className="hidden tabular-nums sm:table-cell">{n(q.used)}</td>
                    <td className="hidden whitespace-nowrap md:table-cell">{formatDateTime(q.effectiveFrom, lang)}</td>
                    <td className="whitespace-nowrap">{formatDateTime(q.expiresAt, lang) ?? t('never')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}

/** /userinfo: plan, credits and usage rate, limits, totals, 30-day and 24-hour charts, buy and cancel. */
export default function UserInfoPage() {
  const { t } = useTranslation('account');
  const lang = useLang();
  const auth = useAtomValue(authAtom);
  const stats = useUserStats();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const cancel = useMutation({
    mutationFn: cancelSubscription,
    onSuccess: async (result) => {
      setConfirming(false);
      const date = formatDate(result.activeUntil, lang);
      showToast('success', date ? { key: 'account:userinfo.cancelled', values: { date } } : { key: 'account:userinfo.cancelledNoDate' }, 6000);
      await queryClient.invalidateQueries({ queryKey: accountKeys.stats });
    },
    onError: (error) => {
      setConfirming(false);
      console.error('Cancel subscription failed', error);
      showToast('error', { key: 'account:userinfo.cancelFailed' });
    },
  });
  const name = auth?.user?.username ?? auth?.user?.email ?? '';

  return (
    <AccountShell title={t('userinfo.title')} subtitle={name ? t('userinfo.greeting', { name }) : t('userinfo.subtitle')} testId="userinfo-page">
      {stats.isPending ? (
        <Loading testId="stats-loading" />
      ) : stats.isError && !stats.data ? (
        <LoadFailed message={t('userinfo.loadFailed')} onRetry={() => void stats.refetch()} retrying={stats.isFetching} testId="stats-error" />
      ) : (
        <Dashboard stats={stats.data} onCancel={() => setConfirming(true)} />
      )}
      <ConfirmModal
        open={confirming}
        id="cancel-subscription-modal"
        title={t('userinfo.cancelTitle')}
        body={t('userinfo.cancelBody')}
        confirmLabel={t('userinfo.cancelConfirm')}
        keepLabel={t('userinfo.cancelKeep')}
        busy={cancel.isPending}
        busyLabel={t('userinfo.cancelling')}
        onConfirm={() => cancel.mutate()}
        onClose={() => setConfirming(false)}
      />
    </AccountShell>
  );
}
