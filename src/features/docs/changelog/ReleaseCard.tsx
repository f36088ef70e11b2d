import { useTranslation } from 'react-i18next';

import { changelogCategories, type ChangelogCategory, type ChangelogEntry } from '#protocol/changelog';
import { type Language, languageEntries } from '#protocol/languages';

const categoryStyle: Record<ChangelogCategory, { badge: string; icon: string }> = {
  features: { badge: 'badge-success', icon: 'M12 5v14M5 12h14' },
  improvements: { badge: 'badge-info', icon: 'M12 19V5M6 11l6-6 6 6' },
  fixes: { badge: 'badge-warning', icon: 'M5 12l5 5L20 7' },
};

/** Dates are calendar days: formatted in UTC so the prerendered text and the browser agree. */
export function formatReleaseDate(date: string, lang: Language): string {
  return new Intl.DateTimeFormat(languageEntries[lang].locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

export function ReleaseCard({ entry, lang, latest }: { entry: ChangelogEntry; lang: Language; latest: boolean }) {
  const { t } = useTranslation('docs');
  const headingId = `release-${entry.version.replace(/\W/g, '-')}`;
  return (
    <li className="relative pb-10 pl-8 last:pb-2 sm:pl-10" data-testid="changelog-entry">
      <span className="absolute left-[7px] top-3 h-full w-px bg-base-300 sm:left-[9px]" aria-hidden="true" />
      <span
        className={`absolute left-0 top-1.5 size-4 rounded-full border-4 sm:size-5 ${latest ? 'border-primary bg-primary/30' : 'border-base-300 bg-base-100'}`}
        aria-hidden="true"
      />
      <article aria-labelledby={headingId}>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span className="badge badge-outline font-mono">{t('changelog.version', { version: entry.version })}</span>
          {latest && <span className="badge badge-primary">{t('changelog.latest')}</span>}
          <time dateTime={entry.date} className="text-sm text-base-content/60">
            {formatReleaseDate(entry.date, lang)}
          </time>
        </div>
        <h2 id={headingId} className="mt-2 text-xl font-bold tracking-tight sm:text-2xl">
          {entry.title}
        </h2>
        {entry.summary && <p className="mt-2 text-base-content/75">{entry.summary}</p>}
        <div className="mt-4 space-y-4">
          {changelogCategories
            .filter((category) => entry[category].length > 0)
            .map((category) => (
              <section key={category} aria-label={t(`changelog.categories.${category}`)}>
                <h3 className={`badge badge-soft gap-1 ${categoryStyle[category].badge}`}>
                  <svg
                    width={12}
                    height={12}
                    viewBox="0 0 24 24"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth={3}
                    strokeLinecap="round"
                    strokeLinejoin="round"
                    aria-hidden="true"
                  >
                    <path d={categoryStyle[category].icon} />
                  </svg>
                  {t(`changelog.categories.${category}`)}
                </h3>
                <ul className="mt-2 list-disc space-y-1.5 pl-5 text-sm leading-relaxed text-base-content/85 marker:text-base-content/40 sm:text-base">
                  {entry[category].map((change) => (
                    <li key={change}>{change}</li>
                  ))}
                </ul>
              </section>
            ))}
        </div>
      </article>
    </li>
  );
}
