import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

import { defaultLanguage, type Language, languageEntries } from '#protocol/languages';

type LocaleModule = { default: Record<string, unknown> };
// One chunk per language and feature file; only the active language is fetched.
const loaders = import.meta.glob<LocaleModule>('../../locales/*/*.json');

export const namespaces = Object.keys(loaders)
  .filter((p) => p.includes(`/locales/${defaultLanguage}/`))
  .map((p) => p.replace(/^.*\/([^/]+)\.json$/, '$1'));

const loaded = new Set<Language>();
export const missingKeys: string[] = [];

export async function loadLanguage(lang: Language): Promise<void> {
  if (loaded.has(lang)) return;
  const entries = Object.entries(loaders).filter(([p]) => p.includes(`/locales/${lang}/`));
  const modules = await Promise.all(entries.map(async ([p, load]) => [p, await load()] as const));
  for (const [p, mod] of modules) {
    const ns = p.replace(/^.*\/([^/]+)\.json$/, '$1');
    i18n.addResourceBundle(lang, ns, mod.default, true, true);
  }
  loaded.add(lang);
}

export async function initI18n(lang: Language): Promise<typeof i18n> {
  if (!i18n.isInitialized) {
    await i18n.use(initReactI18next).init({
      lng: lang,
      // No silent English fallback: a key missing in one language is a bug the locale-parity test catches.
      fallbackLng: false,
      ns: namespaces,
      defaultNS: 'common',
      resources: {},
      partialBundledLanguages: true,
      interpolation: { escapeValue: false },
      returnNull: false,
      saveMissing: true,
      missingKeyHandler: (lngs, ns, key) => {
        const entry = `${lngs.join(',')}:${ns}:${key}`;
        missingKeys.push(entry);
        console.error(`i18n missing key ${entry}`);
      },
      react: { useSuspense: false },
    });
  }
  await setLanguage(lang);
  return i18n;
}

export async function setLanguage(lang: Language): Promise<void> {
  await loadLanguage(lang);
  if (i18n.language !== lang) await i18n.changeLanguage(lang);
  if (typeof document !== 'undefined') {
    document.documentElement.lang = languageEntries[lang].locale;
    document.documentElement.dir = languageEntries[lang].dir;
  }
}

export { i18n };
