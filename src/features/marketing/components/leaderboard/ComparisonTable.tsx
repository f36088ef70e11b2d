import { useTranslation } from 'react-i18next';

import { toast } from '../../../../shared/ui/toast';
import type { ComparisonRow } from '../../content/types';
import { buildComparisonCsv, csvFileName, downloadCsv } from '../../lib/comparisonCsv';
import { Icon } from '../icons';
import { StatusBadge } from '../StatusBadge';

const tools = ['tern', 'claudeCode', 'geminiCli'] as const;

/** Spec §2 comparison table: feature plus Tern, Claude Code and Gemini CLI, each cell an icon and text; CSV download. */
export function ComparisonTable({ rows }: { rows: readonly ComparisonRow[] }) {
  const { t } = useTranslation('marketing');

  const download = () => {
    try {
      downloadCsv(
        buildComparisonCsv(rows, (status) => t(`status.${status}`)),
        csvFileName(new Date()),
      );
      toast.success({ key: 'marketing:leaderboard.csvSuccess' });
    } catch (error) {
      console.error('Comparison CSV download failed', error);
      toast.error({ key: 'marketing:leaderboard.csvFailed' });
    }
  };

  return (
    <div>
      <div className="mb-4 flex justify-end">
        <button type="button" className="btn btn-primary btn-sm gap-2" onClick={download} data-testid="csv-download">
          <Icon name="download" size={16} />
          {t('leaderboard.download')}
        </button>
      </div>

      {/* Wide screens: a real table. */}
      <div className="hidden overflow-hidden rounded-box border border-base-300 sm:block">
        <table className="table" data-testid="comparison-table">
          <caption className="sr-only">{t('leaderboard.tableCaption')}</caption>
          <thead className="bg-base-200 text-sm text-base-content">
            <tr>
              <th scope="col" className="w-[28%]">
                {t('leaderboard.columns.feature')}
              </th>
              {tools.map((tool) => (
                <th key={tool} scope="col" className={tool === 'tern' ? 'bg-primary/10 text-primary' : ''}>
                  {t(`leaderboard.columns.${tool}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key} data-row={row.key} className="align-top">
                <th scope="row" className="font-normal">
                  <span className="block font-semibold">{row.feature}</span>
                  <span className="mt-1 block text-xs text-base-content/65">{row.description}</span>
                </th>
                {tools.map((tool) => (
                  <td key={tool} className={tool === 'tern' ? 'bg-primary/5' : ''}>
                    <StatusBadge status={row[tool].status} text={row[tool].text} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      {/* Phones: one card per feature, tools stacked. */}
      <ul className="space-y-4 sm:hidden" aria-label={t('leaderboard.tableCaption')}>
        {rows.map((row) => (
          <li key={row.key} className="rounded-box border border-base-300 bg-base-200/40 p-4">
            <h3 className="font-semibold">{row.feature}</h3>
            <p className="mt-1 text-xs text-base-content/65">{row.description}</p>
            <dl className="mt-3 space-y-3 text-sm">
              {tools.map((tool) => (
                <div key={tool} className={`flex flex-col gap-1 rounded-field p-2 ${tool === 'tern' ? 'bg-primary/10' : ''}`}>
                  <dt className="text-xs font-semibold uppercase tracking-wide text-base-content/70">{t(`leaderboard.columns.${tool}`)}</dt>
                  <dd>
                    <StatusBadge status={row[tool].status} text={row[tool].text} />
                  </dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    </div>
  );
}
