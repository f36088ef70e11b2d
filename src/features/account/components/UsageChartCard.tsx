import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';

import { useTheme } from '../../../shared/ui/theme';
import type { SeriesData } from '../lib/chartData';
import { formatDate, formatNumber, type Lang } from '../lib/format';

// uPlot and its CSS arrive in their own chunk, only when a chart is shown.
const UsageChart = lazy(() => import('./UsageChart'));

interface Props {
  id: 'daily' | 'hourly';
  title: string;
  series: SeriesData;
  lang: Lang;
}

function pointLabel(seconds: number, unit: 'day' | 'hour', lang: Lang): string {
  const iso = new Date(seconds * 1000).toISOString();
  if (unit === 'day') return formatDate(iso, lang, 'UTC') ?? iso;
  return new Intl.DateTimeFormat(lang === 'zh' ? 'zh-CN' : 'en-US', {
    hour: '2-digit',
    minute: '2-digit',
    month: 'short',
    day: 'numeric',
  }).format(new Date(seconds * 1000));
}

/**
 * A usage chart with its accessible twin: the canvas is hidden from assistive technology, which reads a summary
 * and a visually hidden table of the same numbers instead.
 */
export function UsageChartCard({ id, title, series, lang }: Props) {
  const { t } = useTranslation('account');
  const theme = useTheme();
  const unit = id === 'daily' ? 'day' : 'hour';
  const summaryId = `chart-${id}-summary`;
  const labels = { credits: t('userinfo.charts.credits'), requests: t('userinfo.charts.requests') };
  return (
    <section
      className="card border border-base-300 bg-base-100"
      aria-labelledby={`chart-${id}-title`}
      aria-describedby={summaryId}
      data-testid={`chart-${id}`}
      data-total-credits={series.totals.credits}
      data-total-requests={series.totals.requests}
    >
      <div className="card-body gap-2 p-4 sm:p-6">
        <h3 id={`chart-${id}-title`} className="card-title text-base">
          {title}
        </h3>
        <p id={summaryId} className="text-sm text-base-content/70" data-testid={`chart-${id}-summary`}>
          {series.totals.requests === 0 && series.totals.credits === 0
            ? t('userinfo.charts.empty')
            : t('userinfo.charts.summary', {
                credits: formatNumber(series.totals.credits, lang),
                requests: formatNumber(series.totals.requests, lang),
              })}
        </p>
        <div className="min-h-[252px]">
          <Suspense
            fallback={
              <div role="status" className="flex h-[220px] items-center justify-center gap-2 text-sm text-base-content/60">
                <span className="loading loading-spinner loading-sm" aria-hidden="true" />
                {t('userinfo.charts.loading')}
              </div>
            }
          >
            <UsageChart data={series} theme={theme} unit={unit} labels={labels} />
          </Suspense>
        </div>
        <table className="sr-only" data-testid={`chart-${id}-table`}>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{unit === 'day' ? t('userinfo.charts.date') : t('userinfo.charts.hour')}</th>
              <th scope="col">{t('userinfo.charts.credits')}</th>
              <th scope="col">{t('userinfo.charts.requests')}</th>
              <th scope="col">{t('userinfo.charts.tokens')}</th>
            </tr>
          </thead>
          <tbody>
            {series.x.map((x, i) => (
              <tr key={x}>
                <th scope="row">{pointLabel(x, unit, lang)}</th>
                <td>{formatNumber(series.credits[i] ?? 0, lang)}</td>
                <td>{formatNumber(series.requests[i] ?? 0, lang)}</td>
                <td>{formatNumber(series.tokens[i] ?? 0, lang)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
