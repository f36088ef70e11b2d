import { type InfiniteData, useInfiniteQuery } from '@tanstack/react-query';

import { type ChangelogPage, changelogResponseSchema } from '#protocol/changelog';
import type { Language } from '#protocol/languages';

import { request } from '../../../shared/api/http';
import { queryKeys } from '../../../shared/api/queryKeys';

export type ChangelogData = InfiniteData<ChangelogPage, number>;

export async function fetchChangelogPage(lang: Language, page: number, signal?: AbortSignal): Promise<ChangelogPage> {
  // Silent: the page shows its own "unable to load" state instead of a toast.
  const body = await request('/api/changelog', { query: { lang, page }, signal, silent: true });
  return changelogResponseSchema.parse(body).data;
}

/** Pages of releases, newest first; `fetchNextPage` is the see-more button. */
export function useChangelog(lang: Language) {
  return useInfiniteQuery({
    queryKey: queryKeys.docs.changelog(lang),
    queryFn: ({ pageParam, signal }) => fetchChangelogPage(lang, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
  });
}
