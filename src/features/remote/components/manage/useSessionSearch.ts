import { useEffect, useMemo, useState } from 'react';

import type { Session } from '#protocol/remote';

import { searchSessions } from '../../model/sessions';

/** How long typing pauses before the relay is asked to search the messages (titles filter at once, locally). */
const CONTENT_SEARCH_DELAY_MS = 250;

/**
 * Search over an instance's sessions: titles and the first/last message filter at once here; the relay searches
 * every message (`sessions:search`) once typing pauses, and its matches join the list when they arrive.
 */
export function useSessionSearch(
  instanceId: string,
  sessions: readonly Session[],
  searchContent: (instanceId: string, query: string) => Promise<string[] | null>,
) {
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<{ query: string; ids: ReadonlySet<string> } | null>(null);
  const trimmed = query.trim();
  useEffect(() => {
    if (!trimmed) return;
    let live = true;
    const timer = setTimeout(() => {
      void searchContent(instanceId, trimmed).then((ids) => {
        if (live && ids) setFound({ query: trimmed, ids: new Set(ids) });
      });
    }, CONTENT_SEARCH_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [instanceId, trimmed, searchContent]);
  const contentIds = found?.query === trimmed ? found.ids : null;
  const results = useMemo(() => searchSessions(sessions, trimmed, contentIds), [sessions, trimmed, contentIds]);
  return { query, setQuery, results, searching: trimmed !== '' && contentIds === null };
}
