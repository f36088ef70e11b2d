import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { useLanguageRoute } from '../../shared/routing/language';
import { LoadError } from './components/LoadError';
import { INSTALL_DOC, useMarkdown } from './install/api';
import { useScrollToBottom } from './install/useScrollToBottom';
import { MarkdownDoc } from './markdown/MarkdownDoc';
import { markdownToc } from './markdown/slug';

function LoadingDoc({ label }: { label: string }) {
  return (
    <div role="status" aria-live="polite" className="space-y-4" data-testid="markdown-loading">
      <span className="sr-only">{label}</span>
      <div className="skeleton h-10 w-2/3" aria-hidden="true" />
      {[0, 1, 2].map((i) => (
        <div key={i} className="space-y-2" aria-hidden="true">
          <div className="skeleton h-4 w-full" />
          <div className="skeleton h-4 w-11/12" />
          <div className="skeleton h-4 w-4/5" />
        </div>
      ))}
      <div className="skeleton h-24 w-full" aria-hidden="true" />
    </div>
  );
}

/** Spec §2 install page: the markdown guide of the current language; loading, error (alert) and shown states. */
export default function InstallPage() {
  const { t } = useTranslation('docs');
  const { lang } = useLanguageRoute();
  const doc = useMarkdown(lang, INSTALL_DOC);
  const toc = useMemo(() => (doc.data ? markdownToc(doc.data) : []), [doc.data]);
  // Cached content stays on screen even if a background refresh fails; the error state is for having nothing to show.
  const shown = doc.data !== undefined;
  useScrollToBottom(shown);

  return (
    <div className="mx-auto grid max-w-6xl gap-10 px-4 py-10 sm:py-14 lg:grid-cols-[14rem_minmax(0,1fr)]">
      <aside className="hidden lg:block">
        {toc.length > 0 && (
          <nav aria-label={t('install.toc')} className="sticky top-24">
            <p className="mb-3 text-xs font-semibold uppercase tracking-wider text-base-content/60">{t('install.toc')}</p>
            <ul className="space-y-1 border-l border-base-300 text-sm">
              {toc.map((entry) => (
                <li key={entry.id}>
                  <a
                    href={`#${entry.id}`}
                    className="-ml-px block border-l border-transparent py-1 pl-4 text-base-content/70 hover:border-primary hover:text-base-content"
                  >
                    {entry.title}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </aside>
      <article className="min-w-0 max-w-3xl" aria-busy={!shown && !doc.isError} data-testid="install-doc">
        {shown ? (
          <MarkdownDoc source={doc.data} />
        ) : doc.isError ? (
          <LoadError
            message={t('markdown.error')}
            hint={t('markdown.errorHint')}
            onRetry={() => void doc.refetch()}
            retrying={doc.isFetching}
          />
        ) : (
          <LoadingDoc label={t('markdown.loading')} />
        )}
      </article>
    </div>
  );
}
