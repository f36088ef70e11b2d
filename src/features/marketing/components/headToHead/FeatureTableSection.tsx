import { useTranslation } from 'react-i18next';

import type { HeadToHeadContent } from '../../content/types';
import { Icon } from '../icons';
import { Section, SectionHeader } from '../Section';
import { toolNames } from './toolNames';

/** Feature by feature with the winner of each: a table from `sm` up, one card per row on phones. */
export function FeatureTableSection({ table }: { table: HeadToHeadContent['table'] }) {
  const { t } = useTranslation('marketing');
  return (
    <Section tinted labelledBy="h2h-table-title">
      <SectionHeader id="h2h-table-title" title={table.title} subtitle={table.subtitle} />
      <div
        className="hidden overflow-x-auto rounded-box border border-base-300 bg-base-100 sm:block"
        tabIndex={0}
        role="region"
        aria-labelledby="h2h-table-title"
      >
        <table className="table" data-testid="h2h-table" aria-labelledby="h2h-table-title">
          <thead className="bg-base-200 text-base-content">
            <tr>
              <th scope="col">{t('headToHead.feature')}</th>
              <th scope="col">{toolNames.claude}</th>
              <th scope="col">{toolNames.gemini}</th>
              <th scope="col">{t('headToHead.winner')}</th>
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row) => (
              <tr key={row.key} data-row={row.key} data-winner={row.winner}>
                <th scope="row" className="font-semibold">
                  {row.feature}
                </th>
                <td className={row.winner === 'claude' ? 'font-semibold text-primary' : 'text-base-content/75'}>{row.claudeCode}</td>
                <td className={row.winner === 'gemini' ? 'font-semibold text-secondary' : 'text-base-content/75'}>{row.geminiCLI}</td>
                <td>
                  <span className={`badge gap-1 whitespace-nowrap ${row.winner === 'claude' ? 'badge-primary' : 'badge-secondary'}`}>
                    <Icon name="trophy" size={12} />
                    {t('headToHead.wins', { name: toolNames[row.winner] })}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {/* Phones: one card per row, the winner marked with a trophy and words. */}
      <ul className="space-y-3 sm:hidden" aria-label={table.title}>
        {table.rows.map((row) => (
          <li key={row.key} className="rounded-box border border-base-300 bg-base-100 p-4">
            <h3 className="font-semibold">{row.feature}</h3>
            <dl className="mt-2 space-y-1.5 text-sm">
              {(['claude', 'gemini'] as const).map((tool) => (
                <div key={tool} className="flex items-start justify-between gap-3">
                  <dt className="text-base-content/70">{toolNames[tool]}</dt>
                  <dd
                    className={`text-right ${row.winner === tool ? `font-semibold ${tool === 'claude' ? 'text-primary' : 'text-secondary'}` : ''}`}
                  >
                    {tool === 'claude' ? row.claudeCode : row.geminiCLI}
                  </dd>
                </div>
              ))}
            </dl>
            <p className={`badge badge-sm mt-3 gap-1 ${row.winner === 'claude' ? 'badge-primary' : 'badge-secondary'}`}>
              <Icon name="trophy" size={12} />
              {t('headToHead.wins', { name: toolNames[row.winner] })}
            </p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
