import { describe, expect, it } from 'vitest';

import {
  defaultLanguage,
  isLanguage,
  type Language,
  languageEntries,
  localizePath,
  matchBrowserLanguage,
  type ParsedPath,
  parsePathname,
  supportedLanguages,
} from './languages';

describe('supported languages (spec §9)', () => {
  it('serves exactly en (default) and zh', () => {
    expect([...supportedLanguages].sort()).toEqual(['en', 'zh']);
    expect(defaultLanguage).toBe('en');
  });

  it.each([
    ['en', true],
    ['zh', true],
    ['ja', false],
    ['fr', false],
    ['EN', false],
    ['', false],
    [undefined, false],
    [1, false],
  ])('isLanguage(%j) is %s', (value, expected) => {
    expect(isLanguage(value)).toBe(expected);
  });

  it('describes each language with its locale and direction', () => {
    expect(languageEntries.en).toMatchObject({ code: 'en', locale: 'en-US', dir: 'ltr' });
    expect(languageEntries.zh).toMatchObject({ code: 'zh', locale: 'zh-CN', dir: 'ltr' });
  });
});

describe('parsePathname (spec §2 language routing)', () => {
  const ok = (lang: Language, rest: string): ParsedPath => ({ kind: 'ok', lang, prefix: lang === 'en' ? '' : `/${lang}`, rest });

  it.each<[string, ParsedPath]>([
    // English has no prefix.
    ['/', ok('en', '/')],
    ['/pricing', ok('en', '/pricing')],
    ['/leaderboard/claude-code', ok('en', '/leaderboard/claude-code')],
    ['/orders/123', ok('en', '/orders/123')],
    // /zh and /zh/...
    ['/zh', ok('zh', '/')],
    ['/zh/pricing', ok('zh', '/pricing')],
    ['/zh/leaderboard/claude-code-vs-gemini-cli', ok('zh', '/leaderboard/claude-code-vs-gemini-cli')],
    ['/zh/orders/42', ok('zh', '/orders/42')],
  ])('%s → served', (pathname, expected) => {
    expect(parsePathname(pathname)).toEqual(expected);
  });

  it.each(['ja', 'ko', 'fr', 'de', 'es', 'en'])('recognised but unsupported prefix /%s is unsupported (→ /404)', (code) => {
    expect(parsePathname(`/${code}`)).toEqual({ kind: 'unsupported', prefix: code });
    expect(parsePathname(`/${code}/pricing`)).toEqual({ kind: 'unsupported', prefix: code });
    expect(parsePathname(`/${code}/leaderboard/qwen-code`)).toEqual({ kind: 'unsupported', prefix: code });
  });

  it.each([
    // Unknown two-letter segments are ordinary English paths (and 404 only if no route matches).
    ['/xx/foo', '/xx/foo'],
    ['/xx', '/xx'],
    ['/it/pricing', '/it/pricing'],
    // A recognised code that is only the start of a longer segment is not a prefix.
    ['/zhx', '/zhx'],
    ['/zh-cn/pricing', '/zh-cn/pricing'],
    ['/esports', '/esports'],
    ['/devtools/x', '/devtools/x'],
    ['/entry', '/entry'],
    // Prefixes are lower case only.
    ['/ZH/pricing', '/ZH/pricing'],
  ])('%s is an English path', (pathname, rest) => {
    expect(parsePathname(pathname)).toEqual(ok('en', rest));
  });

  it.each([
    ['/pricing/', '/pricing'],
    ['/leaderboard/gemini-cli/', '/leaderboard/gemini-cli'],
    ['/zh/', '/zh'],
    ['/zh/pricing/', '/zh/pricing'],
    ['/fr/', '/fr'],
    ['/xx/foo/', '/xx/foo'],
    // Several trailing slashes collapse in one redirect.
    ['/pricing///', '/pricing'],
    ['/zh//', '/zh'],
    ['//', '/'],
    ['///', '/'],
  ])('trailing slash: %s redirects to %s', (pathname, to) => {
    expect(parsePathname(pathname)).toEqual({ kind: 'redirect', to });
  });

  it('the root is the only path that keeps its slash', () => {
    expect(parsePathname('/').kind).toBe('ok');
  });

  it('the trailing-slash rule wins over the unsupported-prefix rule (one hop at a time)', () => {
    expect(parsePathname('/ja/')).toEqual({ kind: 'redirect', to: '/ja' });
    expect(parsePathname('/ja')).toEqual({ kind: 'unsupported', prefix: 'ja' });
  });
});

describe('localizePath', () => {
  it.each<[string, Language, string]>([
    ['/', 'en', '/'],
    ['/', 'zh', '/zh'],
    ['/pricing', 'en', '/pricing'],
    ['/pricing', 'zh', '/zh/pricing'],
    ['/orders/7', 'zh', '/zh/orders/7'],
    ['pricing', 'en', '/pricing'],
    ['pricing', 'zh', '/zh/pricing'],
    ['', 'zh', '/zh'],
  ])('localizePath(%j, %s) = %s', (rest, lang, expected) => {
    expect(localizePath(rest, lang)).toBe(expected);
  });

  it.each(['/', '/pricing', '/leaderboard/codex-cli', '/orders/abc'])('round-trips %s through parsePathname', (rest) => {
    for (const lang of supportedLanguages) {
      const parsed = parsePathname(localizePath(rest, lang));
      expect(parsed).toMatchObject({ kind: 'ok', lang, rest });
    }
  });
});

describe('matchBrowserLanguage', () => {
  it.each<[string[], Language | null]>([
    [['zh-CN'], 'zh'],
    [['zh-TW'], 'zh'],
    [['zh-Hant-TW'], 'zh'],
    [['zh-Hans'], 'zh'],
    [['zh'], 'zh'],
    [['ZH-cn'], 'zh'],
    [['en-GB'], 'en'],
    [['en-US'], 'en'],
    [['en'], 'en'],
    [['fr'], null],
    [['fr-FR', 'de-DE', 'ja'], null],
    [[], null],
    // The first supported entry in the browser's order of preference wins.
    [['fr-FR', 'zh-CN', 'en-US'], 'zh'],
    [['fr-FR', 'en-US', 'zh-CN'], 'en'],
    [['en-GB', 'zh-CN'], 'en'],
    [['zh-CN', 'en-GB'], 'zh'],
  ])('%j → %s', (tags, expected) => {
    expect(matchBrowserLanguage(tags)).toBe(expected);
  });
});
