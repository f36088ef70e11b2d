/**
 * Build-time data for the docs pages, so their prerendered HTML holds the real guide and release notes instead of a
 * loading state. Used only by src/entry-server.tsx; the query keys are the ones the pages read, so the client picks
 * the same data up from the dehydrated query state and hydrates without a fetch.
 */
import { changelog, changelogPage } from '#content/changelog';
import { CHANGELOG_DEFAULT_PAGE_SIZE } from '#protocol/changelog';
import type { Language } from '#protocol/languages';

import { queryKeys } from '../../shared/api/queryKeys';
import type { ChangelogData } from './changelog/api';
import { INSTALL_DOC } from './install/api';

export interface PrerenderQuery {
  queryKey: readonly unknown[];
  data: unknown;
}

/** `readPublicFile` reads a file of the built site (e.g. `install/en/guide.md`). */
export async function docsPrerenderData(
  routeId: string,
  lang: Language,
  readPublicFile: (relativePath: string) => Promise<string>,
): Promise<PrerenderQuery[]> {
  if (routeId === 'install') {
    return [{ queryKey: queryKeys.docs.markdown(lang, INSTALL_DOC), data: await readPublicFile(`install/${lang}/${INSTALL_DOC}.md`) }];
  }
  if (routeId === 'changelog') {
    const data: ChangelogData = {
      pages: [changelogPage(changelog, { lang, page: 1, pageSize: CHANGELOG_DEFAULT_PAGE_SIZE })],
      pageParams: [1],
    };
    return [{ queryKey: queryKeys.docs.changelog(lang), data }];
  }
  return [];
}
