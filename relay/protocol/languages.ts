/**
 * Language routing rules (spec §2): English is unprefixed; a two-letter prefix selects another language.
 * zh, ja, ko, fr, de and es are recognised as prefixes, but only en and zh are served.
 */
export const supportedLanguages = ['en', 'zh'] as const;
export type Language = (typeof supportedLanguages)[number];
export const defaultLanguage: Language = 'en';
export const recognisedPrefixes = ['zh', 'ja', 'ko', 'fr', 'de', 'es'] as const;

export interface LanguageEntry {
  code: Language;
  name: string;
  nativeName: string;
  locale: string;
  flag: string;
  dir: 'ltr' | 'rtl';
}

export const languageEntries: Record<Language, LanguageEntry> = {
  en: { code: 'en', name: 'English', nativeName: 'English', locale: 'en-US', flag: '🇺🇸', dir: 'ltr' },
  zh: { code: 'zh', name: 'Chinese (Simplified)', nativeName: '简体中文', locale: 'zh-CN', flag: '🇨🇳', dir: 'ltr' },
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (supportedLanguages as readonly string[]).includes(value);
}

export type ParsedPath =
  | { kind: 'ok'; lang: Language; prefix: '' | `/${Language}`; rest: string }
  | { kind: 'unsupported'; prefix: string }
  | { kind: 'redirect'; to: string };

/** Splits a pathname into language and the language-free rest, applying the trailing-slash rule. */
export function parsePathname(pathname: string): ParsedPath {
  if (pathname.length > 1 && pathname.endsWith('/')) {
    return { kind: 'redirect', to: pathname.replace(/\/+$/, '') || '/' };
  }
  const match = /^\/([a-z]{2})(?=\/|$)(.*)$/.exec(pathname);
  // An explicit /en prefix is not served either: English lives unprefixed, so /en/... is an unknown prefix.
  if (match && (match[1] === defaultLanguage || (recognisedPrefixes as readonly string[]).includes(match[1]!))) {
    const code = match[1]!;
    if (!isLanguage(code) || code === defaultLanguage) return { kind: 'unsupported', prefix: code };
    return { kind: 'ok', lang: code, prefix: `/${code}`, rest: match[2] || '/' };
  }
  return { kind: 'ok', lang: defaultLanguage, prefix: '', rest: pathname || '/' };
}

/** The path of `rest` (language-free, starting with /) in `lang`. */
export function localizePath(rest: string, lang: Language): string {
  const clean = rest.startsWith('/') ? rest : `/${rest}`;
  if (lang === defaultLanguage) return clean;
  return clean === '/' ? `/${lang}` : `/${lang}${clean}`;
}

/** Maps a browser language tag (zh-CN, en-GB, zh-Hant-TW…) to a served language, if any. */
export function matchBrowserLanguage(tags: readonly string[]): Language | null {
  for (const tag of tags) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return null;
}
