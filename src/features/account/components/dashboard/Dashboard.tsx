import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { dailySeries, hourlySeries } from '../../lib/chartData';
import { usageLevel } from '../../lib/format';
import type { UserStats } from '../../lib/protocol';
import { useLang } from '../AccountShell';
import { UsageChartCard } from '../UsageChartCard';
import { ActiveQuotasSection } from './ActiveQuotasSection';
import { CreditsCard } from './CreditsCard';
import { PlanCard } from './PlanCard';
import { UsageAlerts } from './UsageAlerts';
import { LimitsSection, TotalsSection } from './UsageTiles';

/** The /userinfo dashboard for loaded stats: alerts, plan and credits, limits, charts, totals, active grants. */
export function Dashboard({ stats, onCancel }: { stats: UserStats; onCancel: () => void }) {
  const { t } = useTranslation('account');
  const lang = useLang();
  const noPlan = stats.activeQuotas.length === 0 && stats.creditLimit === 0;
  const daily = useMemo(() => dailySeries(stats.daily), [stats.daily]);
  const hourly = useMemo(() => hourlySeries(stats.hourly), [stats.hourly]);

  return (
    <div className="flex flex-col gap-6">
      <UsageAlerts noPlan={noPlan} level={usageLevel(stats.usageRate)} />

      <div className="grid gap-4 md:grid-cols-3">
        <PlanCard stats={stats} onCancel={onCancel} />
        <CreditsCard stats={stats} lang={lang} />
      </div>

      <LimitsSection limits={stats.limits} lang={lang} />

      <section aria-labelledby="charts-title" className="grid gap-4 lg:grid-cols-2">
        <h2 id="charts-title" className="sr-only">
          {t('userinfo.charts.daily')} / {t('userinfo.charts.hourly')}
        </h2>
        <UsageChartCard id="daily" title={t('userinfo.charts.daily')} series={daily} lang={lang} />
        <UsageChartCard id="hourly" title={t('userinfo.charts.hourly')} series={hourly} lang={lang} />
      </section>

      <TotalsSection totals={stats.totals} lang={lang} />
      <ActiveQuotasSection activeQuotas={stats.activeQuotas} lang={lang} />
    </div>
  );
}
