import { use } from 'react';

import type { Language } from '#protocol/languages';

import { handleChunkLoadError, isChunkLoadError } from '../../../shared/lib/chunkReload';
import { useLanguageRoute } from '../../../shared/routing/language';

export type ContentLoaders<T> = Record<Language, () => Promise<{ default: T }>>;

const cache = new Map<string, Promise<unknown>>();

/** Loads (once) the content module of a page in a language; a failed chunk gets the new-version reload. */
export function loadContent<T>(id: string, lang: Language, loaders: ContentLoaders<T>): Promise<T> {
  const key = `${id}:${lang}`;
  let promise = cache.get(key) as Promise<T> | undefined;
  if (!promise) {
    promise = loaders[lang]()
      .then((m) => m.default)
      .catch((error: unknown) => {
        cache.delete(key);
        // Keep the page suspended (spinner) until the reload happens.
        if (isChunkLoadError(error) && handleChunkLoadError()) return new Promise<T>(() => {});
        throw error;
      });
    cache.set(key, promise);
  }
  return promise;
}

/** The page's words in the current language; suspends (route spinner) while its chunk loads. */
export function useContent<T>(id: string, loaders: ContentLoaders<T>): T {
  const { lang } = useLanguageRoute();
  return use(loadContent(id, lang, loaders));
}
