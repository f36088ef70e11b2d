import { useTranslation } from 'react-i18next';

import { formatDateTime, formatNumber, type Lang } from '../../lib/format';
import type { UserStats } from '../../lib/protocol';

/** The credit grants in force (source, credits, used, from, expiry), or a note that there are none. */
export function ActiveQuotasSection({ activeQuotas, lang }: { activeQuotas: UserStats['activeQuotas']; lang: Lang }) {
  const { t } = useTranslation('account');
  const n = (v: number) => formatNumber(v, lang);
  return (
    <section aria-labelledby="grants-title">
      <h2 id="grants-title" className="mb-2 text-lg font-semibold">
        {t('userinfo.active.title')}
      </h2>
      {activeQuotas.length === 0 ? (
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
              {activeQuotas.map((q) => (
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
  );
}
