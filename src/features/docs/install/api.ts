import { useQuery } from '@tanstack/react-query';

import type { Language } from '#protocol/languages';

import { request } from '../../../shared/api/http';
import { queryKeys } from '../../../shared/api/queryKeys';

/** The install guide's file name under public/install/{lang}/. */
export const INSTALL_DOC = 'guide';

/** GET /install/{en|zh}/{fileName}.md (spec §7); silent, the page shows its own "Failed to load content". */
export async function fetchMarkdown(lang: Language, fileName: string, signal?: AbortSignal): Promise<string> {
  const body = await request<unknown>(`/install/${lang}/${encodeURIComponent(fileName)}.md`, { signal, silent: true });
  if (typeof body !== 'string' || body.trim() === '') throw new Error('Empty markdown document');
  return body;
}

export function useMarkdown(lang: Language, fileName: string) {
  return useQuery({
    queryKey: queryKeys.docs.markdown(lang, fileName),
    queryFn: ({ signal }) => fetchMarkdown(lang, fileName, signal),
  });
}
