import { useTranslation } from 'react-i18next';

import { formatCompact, formatCost, formatNumber, formatPercent, type Lang, usageLevel } from '../../lib/format';
import type { UserStats } from '../../lib/protocol';

/** Credits used of the limit with the usage rate (coloured by level), what remains, and the quotas. */
export function CreditsCard({ stats, lang }: { stats: UserStats; lang: Lang }) {
  const { t } = useTranslation('account');
  const level = usageLevel(stats.usageRate);
  const n = (v: number) => formatNumber(v, lang);
  const remaining = Math.max(0, stats.creditLimit - stats.creditsUsed);
  const tone = level === 'ok' ? 'progress-primary' : level === 'warning' ? 'progress-warning' : 'progress-error';
  return (
    <section className="card border border-base-300 bg-base-100 md:col-span-2" aria-labelledby="credits-title" data-testid="credits-card">
      <div className="card-body gap-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="credits-title" className="text-sm font-normal text-base-content/60">
            {t('userinfo.credits')}
          </h2>
          <p className="text-sm text-base-content/60">
            {t('userinfo.usageRate')}{' '}
            <span
              className={`font-semibold ${level === 'ok' ? 'text-base-content' : level === 'warning' ? 'text-warning' : 'text-error'}`}
              data-testid="usage-rate"
              data-rate={stats.usageRate}
            >
              {formatPercent(stats.usageRate, lang)}
            </span>
          </p>
        </div>
        <p
          className="text-2xl font-bold tabular-nums"
          data-testid="credit-limit"
          data-used={stats.creditsUsed}
          data-limit={stats.creditLimit}
        >
          {t('userinfo.creditsUsed', { used: n(stats.creditsUsed), limit: n(stats.creditLimit) })}
        </p>
        <progress
          className={`progress h-3 w-full ${tone}`}
          value={Math.min(1, stats.usageRate) * 100}
          max={100}
          aria-label={t('userinfo.usageBar')}
        />
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
  );
}
