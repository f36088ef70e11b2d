import { useTranslation } from 'react-i18next';

import type { Language } from '#protocol/languages';

import { formatReleaseDate } from '../changelog/ReleaseCard';
import { ContentLinkView } from '../components/ContentLinkView';
import { DocHeader } from '../components/DocHeader';
import type { ContentDoc } from '../content/types';

/** A long-form text page (about, privacy, terms) with a table of contents. */
export function DocView({ doc, lang }: { doc: ContentDoc; lang: Language }) {
  const { t } = useTranslation('docs');
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <DocHeader title={doc.title} subtitle={doc.intro} />
      {doc.updated && (
        <p className="mt-4 text-sm text-base-content/60">
          {t('legal.updated')} <time dateTime={doc.updated}>{formatReleaseDate(doc.updated, lang)}</time>
        </p>
      )}
      {doc.sections.length > 3 && (
        <nav aria-label={t('legal.contents')} className="mt-8 rounded-box bg-base-200/70 p-5">
          <h2 className="text-sm font-semibold uppercase tracking-wider text-base-content/60">{t('legal.contents')}</h2>
          <ol className="mt-3 grid list-decimal gap-x-8 gap-y-1.5 pl-5 text-sm sm:grid-cols-2">
            {doc.sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="link link-hover">
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
      )}
      {doc.sections.map((section) => (
        <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} className="mt-10 scroll-mt-24">
          <h2 id={`${section.id}-title`} className="text-xl font-bold tracking-tight sm:text-2xl">
            {section.title}
          </h2>
          {section.bullets && (
            <ul className="mt-4 list-disc space-y-2 pl-6 leading-7 text-base-content/85 marker:text-base-content/40">
              {section.bullets.map((bullet) => (
                <li key={bullet}>{bullet}</li>
              ))}
            </ul>
          )}
          {section.paragraphs?.map((paragraph) => (
            <p key={paragraph} className="mt-4 leading-7 text-base-content/85">
              {paragraph}
            </p>
          ))}
          {section.links && (
            <ul className="mt-4 flex flex-wrap gap-3">
              {section.links.map((link) => (
                <li key={link.href}>
                  <ContentLinkView link={link} className="btn btn-sm btn-outline" />
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </div>
  );
}
