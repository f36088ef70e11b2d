import { useTranslation } from 'react-i18next';

import type { CommandTable } from '../../content/types';

/** Commands and flags (spec §3 command or flag: command, description, example). Scrolls sideways on phones. */
export function CommandTables({ tables }: { tables: readonly CommandTable[] }) {
  const { t } = useTranslation('marketing');
  return (
    <div className="space-y-10">
      {tables.map((table) => {
        const withExamples = table.rows.some((r) => r.example);
        return (
          <div key={table.id} data-table={table.id}>
            <h3 id={`table-${table.id}`} className="mb-3 text-xl font-semibold">
              {table.title}
            </h3>
            {/* Focusable so keyboard users can scroll a wide table sideways on small screens. */}
            <div
              className="overflow-x-auto rounded-box border border-base-300"
              tabIndex={0}
              role="region"
              aria-labelledby={`table-${table.id}`}
            >
              <table className="table table-sm sm:table-md" aria-labelledby={`table-${table.id}`}>
                <thead className="bg-base-200 text-base-content">
                  <tr>
                    <th scope="col">{t('tool.command')}</th>
                    <th scope="col">{t('tool.description')}</th>
                    {withExamples && <th scope="col">{t('tool.example')}</th>}
                  </tr>
                </thead>
                <tbody>
                  {table.rows.map((row) => (
                    <tr key={row.command} data-command-row>
                      <th scope="row" className="align-top font-normal">
                        <code className="whitespace-nowrap rounded bg-base-300/60 px-1.5 py-0.5 font-mono text-[13px] text-primary">
                          {row.command}
                        </code>
                      </th>
                      <td className="min-w-48 align-top text-base-content/80">{row.description}</td>
                      {withExamples && (
                        <td className="align-top">
                          {row.example && <code className="whitespace-nowrap font-mono text-xs text-base-content/70">{row.example}</code>}
                        </td>
                      )}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
        );
      })}
    </div>
  );
}
