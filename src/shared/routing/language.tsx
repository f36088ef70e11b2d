import { createContext, useContext } from 'react';

import { type Language, localizePath } from '#protocol/languages';

export interface LanguageRoute {
  lang: Language;
  /** '' for English, '/zh' for Chinese. */
  prefix: string;
  /** The current path without the language prefix. */
  rest: string;
}

export const LanguageRouteContext = createContext<LanguageRoute>({ lang: 'en', prefix: '', rest: '/' });

export function useLanguageRoute(): LanguageRoute {
  return useContext(LanguageRouteContext);
}

/** Absolute href (with the `~` wouter escape) of a language-free path in another language. */
export function hrefInLanguage(rest: string, lang: Language): string {
  return `~${localizePath(rest, lang)}`;
}
