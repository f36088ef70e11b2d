import { useTranslation } from 'react-i18next';

import type { ToolContent } from '../../content/types';
import { Section, SectionHeader } from '../Section';

/** Benchmark accuracy per agent and model, with its source (only the tools whose content has one). */
export function BenchmarkSection({ benchmark }: { benchmark: NonNullable<ToolContent['benchmark']> }) {
  const { t } = useTranslation('marketing');
  return (
    <Section tinted labelledBy="benchmark-title">
      <SectionHeader id="benchmark-title" title={benchmark.title} subtitle={benchmark.subtitle} />
      <div
        className="mx-auto max-w-3xl overflow-x-auto rounded-box border border-base-300 bg-base-100"
        tabIndex={0}
        role="region"
        aria-labelledby="benchmark-title"
      >
        <table className="table" data-testid="benchmark-table" aria-labelledby="benchmark-title">
          <thead className="bg-base-200 text-base-content">
            <tr>
              <th scope="col">{t('tool.agent')}</th>
              <th scope="col">{t('tool.model')}</th>
              <th scope="col" className="text-right">
                {t('tool.accuracy')}
              </th>
            </tr>
          </thead>
          <tbody>
            {benchmark.rows.map((r) => (
              <tr key={r.model}>
                <td>{r.agent}</td>
                <th scope="row" className="font-mono text-sm font-normal">
                  {r.model}
                </th>
                <td className="text-right">
                  <span className="inline-flex items-center gap-3">
                    <progress className="progress progress-primary hidden w-24 sm:block" value={r.score} max={100} aria-hidden="true" />
                    <span className="font-semibold tabular-nums">{`${r.score.toFixed(1)}%`}</span>
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="mx-auto mt-3 max-w-3xl text-xs text-base-content/70">{benchmark.source}</p>
    </Section>
  );
}
