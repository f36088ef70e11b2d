import { useTranslation } from 'react-i18next';

import { useLanguageRoute } from '../../shared/routing/language';
import { useChangelog } from './changelog/api';
import { ReleaseCard } from './changelog/ReleaseCard';
import { DocHeader } from './components/DocHeader';
import { LoadError } from './components/LoadError';

function LoadingReleases({ label }: { label: string }) {
  return (
    <div role="status" aria-live="polite" className="mt-8 space-y-8" data-testid="changelog-loading">
      <span className="sr-only">{label}</span>
      {[0, 1].map((i) => (
        <div key={i} className="space-y-3" aria-hidden="true">
          <div className="skeleton h-5 w-40" />
          <div className="skeleton h-7 w-3/4" />
          <div className="skeleton h-4 w-full" />
          <div className="skeleton h-4 w-5/6" />
        </div>
      ))}
    </div>
  );
}

/** Spec §2 Changelog: categories New Features, Improvements, Bug Fixes; loading, empty and error states; see more. */
export default function ChangelogPage() {
  const { t } = useTranslation('docs');
  const { lang } = useLanguageRoute();
  const query = useChangelog(lang);
  const { fetchNextPage, isFetchingNextPage, hasNextPage, isFetchNextPageError } = query;
  const entries = query.data?.pages.flatMap((p) => p.entries) ?? [];

  // Releases already shown stay on screen if a background refresh fails; the error state is for having nothing.
  let body;
  if (!query.data && query.isError)
    body = (
      <LoadError
        message={t('changelog.error')}
        hint={t('changelog.errorHint')}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  else if (!query.data) body = <LoadingReleases label={t('changelog.loading')} />;
  else if (entries.length === 0)
    body = (
      <p
        className="mt-8 rounded-box border border-dashed border-base-300 p-8 text-center text-base-content/70"
        data-testid="changelog-empty"
      >
        {t('changelog.empty')}
      </p>
    );
  else
    body = (
      <>
        <ol className="mt-8" aria-label={t('changelog.releases')}>
          {entries.map((entry, i) => (
            <ReleaseCard key={entry.version} entry={entry} lang={lang} latest={i === 0} />
          ))}
        </ol>
        {isFetchNextPageError && (
          <LoadError message={t('changelog.error')} onRetry={() => void fetchNextPage()} retrying={isFetchingNextPage} />
        )}
        {hasNextPage && !isFetchNextPageError && (
          <div className="mt-2 flex justify-center">
            <button type="button" className="btn btn-outline" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
              {isFetchingNextPage && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
              {isFetchingNextPage ? t('changelog.loadingMore') : t('changelog.seeMore')}
            </button>
          </div>
        )}
        {!hasNextPage && <p className="mt-4 text-center text-sm text-base-content/55">{t('changelog.end')}</p>}
      </>
    );

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <DocHeader title={t('changelog.title')} subtitle={t('changelog.subtitle')} />
      {body}
    </div>
  );
}
