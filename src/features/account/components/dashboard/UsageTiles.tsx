import { useTranslation } from 'react-i18next';

import { formatCompact, formatCost, formatNumber, type Lang } from '../../lib/format';
import type { UserStats } from '../../lib/protocol';

function Tile({ label, value, hint, testId }: { label: string; value: string; hint?: string; testId: string }) {
  return (
    <div className="rounded-box border border-base-300 bg-base-100 p-4" data-testid={testId}>
      <p className="text-sm text-base-content/60">{label}</p>
      <p className="mt-1 text-xl font-semibold tabular-nums">{value}</p>
      {hint && <p className="mt-0.5 text-xs text-base-content/60">{hint}</p>}
    </div>
  );
}

/** Rate limits: requests used this minute and today, of the limits. */
export function LimitsSection({ limits, lang }: { limits: UserStats['limits']; lang: Lang }) {
  const { t } = useTranslation('account');
  const n = (v: number) => formatNumber(v, lang);
  return (
    <section aria-labelledby="limits-title" data-testid="limits">
      <h2 id="limits-title" className="mb-2 text-lg font-semibold">
        {t('userinfo.limits.title')}
      </h2>
      <div className="grid grid-cols-2 gap-3">
        <Tile
          label={t('userinfo.limits.perMinute')}
          value={t('userinfo.limits.used', { used: n(limits.usedThisMinute), limit: n(limits.perMinute) })}
          testId="limit-minute"
        />
        <Tile
          label={t('userinfo.limits.perDay')}
          value={t('userinfo.limits.used', { used: n(limits.usedToday), limit: n(limits.perDay) })}
          testId="limit-day"
        />
      </div>
      <p className="mt-2 text-xs text-base-content/60">{t('userinfo.limits.note')}</p>
    </section>
  );
}

/** All-time totals: requests, tokens by kind, cost. */
export function TotalsSection({ totals, lang }: { totals: UserStats['totals']; lang: Lang }) {
  const { t } = useTranslation('account');
  return (
    <section aria-labelledby="totals-title" data-testid="totals">
      <h2 id="totals-title" className="mb-2 text-lg font-semibold">
        {t('userinfo.totals.title')}
      </h2>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        <Tile label={t('userinfo.totals.requests')} value={formatNumber(totals.requests, lang)} testId="total-requests" />
        <Tile label={t('userinfo.totals.tokens')} value={formatCompact(totals.tokens, lang)} testId="total-tokens" />
        <Tile label={t('userinfo.totals.cost')} value={formatCost(totals.cost)} testId="total-cost" />
        <Tile label={t('userinfo.totals.inputTokens')} value={formatCompact(totals.inputTokens, lang)} testId="total-input" />
        <Tile label={t('userinfo.totals.outputTokens')} value={formatCompact(totals.outputTokens, lang)} testId="total-output" />
        <Tile
          label={t('userinfo.totals.cacheCreationTokens')}
          value={formatCompact(totals.cacheCreationTokens, lang)}
          testId="total-cache-creation"
        />
        <Tile label={t('userinfo.totals.cacheReadTokens')} value={formatCompact(totals.cacheReadTokens, lang)} testId="total-cache-read" />
        <Tile label={t('userinfo.totals.cacheHitTokens')} value={formatCompact(totals.cacheHitTokens, lang)} testId="total-cache-hit" />
      </div>
    </section>
  );
}
