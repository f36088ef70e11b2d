import * as z from 'zod/mini';

import { defaultLanguage, isLanguage, type Language, matchBrowserLanguage, supportedLanguages } from '#protocol/languages';

import { brand } from '../brand';

export const LANGUAGE_PREFERENCE_KEY = `${brand.storagePrefix}.language`;
/** A saved choice is honoured for 30 days (spec §4 Language). */
export const PREFERENCE_VALIDITY_MS = 30 * 24 * 60 * 60 * 1000;

const preferenceSchema = z.object({
  language: z.enum(supportedLanguages),
  timestamp: z.number(),
  source: z.enum(['user-choice', 'browser-auto']),
});
export type LanguagePreference = z.infer<typeof preferenceSchema>;

export function readPreference(storage: Storage, now = Date.now()): LanguagePreference | null {
  try {
    const raw = storage.getItem(LANGUAGE_PREFERENCE_KEY);
    if (!raw) return null;
    const parsed = preferenceSchema.safeParse(JSON.parse(raw));
    if (!parsed.success || now - parsed.data.timestamp > PREFERENCE_VALIDITY_MS || parsed.data.timestamp > now + 60_000) {
      storage.removeItem(LANGUAGE_PREFERENCE_KEY);
      return null;
    }
    return parsed.data;
  } catch {
    return null;
  }
}

export function savePreference(storage: Storage, language: Language, source: LanguagePreference['source'], now = Date.now()): void {
  try {
    storage.setItem(LANGUAGE_PREFERENCE_KEY, JSON.stringify({ language, timestamp: now, source }));
  } catch {
    // Storage may be full or disabled (private mode); the choice then lasts for this page only.
  }
}

/** Saved choice, else the browser's languages, else the default. */
export function detectLanguage(
  storage: Storage,
  browserLanguages: readonly string[],
  now = Date.now(),
): {
  language: Language;
  source: 'saved' | 'browser' | 'default';
} {
  const saved = readPreference(storage, now);
  if (saved && isLanguage(saved.language)) return { language: saved.language, source: 'saved' };
  const browser = matchBrowserLanguage(browserLanguages);
  if (browser) return { language: browser, source: 'browser' };
  return { language: defaultLanguage, source: 'default' };
}
