import { beforeEach, describe, expect, it } from 'vitest';

import type { Language } from '#protocol/languages';

import { detectLanguage, LANGUAGE_PREFERENCE_KEY, PREFERENCE_VALIDITY_MS, readPreference, savePreference } from './preference';

/** A Map-backed Storage, so the tests need no DOM. */
class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.has(key) ? this.items.get(key)! : null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
}

/** A storage whose every access throws, as in some private-mode browsers. */
class BrokenStorage extends MemoryStorage {
  override getItem(): string | null {
    throw new Error('SecurityError');
  }
  override setItem(): void {
    throw new Error('QuotaExceededError');
  }
}

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const NOW = Date.UTC(2025, 5, 1, 12, 0, 0);

let storage: MemoryStorage;
beforeEach(() => {
  storage = new MemoryStorage();
});

const store = (value: unknown) => storage.setItem(LANGUAGE_PREFERENCE_KEY, JSON.stringify(value));

describe('savePreference / readPreference', () => {
  it('uses a namespaced key and a 30-day validity (spec §9)', () => {
    expect(LANGUAGE_PREFERENCE_KEY).toBe('tern.language');
    expect(PREFERENCE_VALIDITY_MS).toBe(30 * DAY);
  });

  it.each([
    ['zh', 'user-choice'],
    ['en', 'user-choice'],
    ['zh', 'browser-auto'],
  ] as const)('round-trips %s saved as %s with its timestamp', (language, source) => {
    savePreference(storage, language, source, NOW);
    expect(JSON.parse(storage.getItem(LANGUAGE_PREFERENCE_KEY)!)).toEqual({ language, timestamp: NOW, source });
    expect(readPreference(storage, NOW)).toEqual({ language, timestamp: NOW, source });
  });

  it('a later save replaces the earlier one', () => {
    savePreference(storage, 'zh', 'browser-auto', NOW);
    savePreference(storage, 'en', 'user-choice', NOW + 1);
    expect(readPreference(storage, NOW + 2)).toMatchObject({ language: 'en', source: 'user-choice' });
  });

  it('returns null when nothing is saved', () => {
    expect(readPreference(storage, NOW)).toBeNull();
  });

  it.each([
    ['just saved', 0, true],
    ['29 days 23 hours old', 29 * DAY + 23 * HOUR, true],
    ['exactly 30 days old', 30 * DAY, true],
    ['30 days and 1 ms old', 30 * DAY + 1, false],
    ['31 days old', 31 * DAY, false],
    ['a year old', 365 * DAY, false],
  ])('a choice %s is valid: %s', (_label, age, valid) => {
    savePreference(storage, 'zh', 'user-choice', NOW - age);
    const result = readPreference(storage, NOW);
    if (valid) {
      expect(result).toEqual({ language: 'zh', timestamp: NOW - age, source: 'user-choice' });
      expect(storage.getItem(LANGUAGE_PREFERENCE_KEY)).not.toBeNull();
    } else {
      expect(result).toBeNull();
      // An expired choice is removed, not just ignored.
      expect(storage.getItem(LANGUAGE_PREFERENCE_KEY)).toBeNull();
    }
  });

  it.each([
    ['30 s ahead (clock skew between tabs)', 30 * 1000, true],
    ['1 minute ahead', MINUTE, true],
    ['1 minute and 1 ms ahead', MINUTE + 1, false],
    ['1 hour ahead', HOUR, false],
    ['a year ahead (would otherwise never expire)', 365 * DAY, false],
  ])('a timestamp %s is accepted: %s', (_label, ahead, valid) => {
    savePreference(storage, 'zh', 'user-choice', NOW + ahead);
    expect(readPreference(storage, NOW) !== null).toBe(valid);
    expect(storage.getItem(LANGUAGE_PREFERENCE_KEY) !== null).toBe(valid);
  });

  it.each([
    ['unsupported language', { language: 'fr', timestamp: NOW, source: 'user-choice' }],
    ['recognised-only language', { language: 'ja', timestamp: NOW, source: 'user-choice' }],
    ['upper-case language', { language: 'ZH', timestamp: NOW, source: 'user-choice' }],
    ['missing language', { timestamp: NOW, source: 'user-choice' }],
    ['missing timestamp', { language: 'zh', source: 'user-choice' }],
    ['string timestamp', { language: 'zh', timestamp: String(NOW), source: 'user-choice' }],
    ['missing source', { language: 'zh', timestamp: NOW }],
    ['unknown source', { language: 'zh', timestamp: NOW, source: 'auto' }],
    ['a bare string', 'zh'],
    ['null', null],
    ['a number', 42],
    ['an array', ['zh', NOW, 'user-choice']],
  ])('a saved value with %s is ignored and removed', (_label, value) => {
    store(value);
    expect(readPreference(storage, NOW)).toBeNull();
    expect(storage.getItem(LANGUAGE_PREFERENCE_KEY)).toBeNull();
  });

  it.each(['{', 'zh', '{"language":"zh",', 'undefined'])('malformed JSON %j reads as no preference', (raw) => {
    storage.setItem(LANGUAGE_PREFERENCE_KEY, raw);
    expect(readPreference(storage, NOW)).toBeNull();
    expect(detectLanguage(storage, [], NOW)).toEqual({ language: 'en', source: 'default' });
  });

  it('a storage that throws reads as no preference and saving does not throw', () => {
    const broken = new BrokenStorage();
    expect(readPreference(broken, NOW)).toBeNull();
    expect(() => savePreference(broken, 'zh', 'user-choice', NOW)).not.toThrow();
    expect(detectLanguage(broken, ['zh-CN'], NOW)).toEqual({ language: 'zh', source: 'browser' });
  });
});

describe('detectLanguage: saved choice → browser → default (spec §4 Language)', () => {
  it.each<[string, (() => void) | null, string[], { language: Language; source: 'saved' | 'browser' | 'default' }]>([
    [
      'saved zh beats an English browser',
      () => savePreference(storage, 'zh', 'user-choice', NOW),
      ['en-US'],
      { language: 'zh', source: 'saved' },
    ],
    [
      'saved en beats a Chinese browser',
      () => savePreference(storage, 'en', 'user-choice', NOW),
      ['zh-CN'],
      { language: 'en', source: 'saved' },
    ],
    [
      'a browser-auto save also counts as saved',
      () => savePreference(storage, 'zh', 'browser-auto', NOW - DAY),
      ['en'],
      { language: 'zh', source: 'saved' },
    ],
    ['no save: Chinese browser', null, ['zh-CN', 'en'], { language: 'zh', source: 'browser' }],
    ['no save: English browser', null, ['en-GB'], { language: 'en', source: 'browser' }],
    ['no save: first supported browser language', null, ['fr', 'zh-TW', 'en'], { language: 'zh', source: 'browser' }],
    ['no save, unsupported browser languages', null, ['fr-FR', 'de'], { language: 'en', source: 'default' }],
    ['no save, no browser languages', null, [], { language: 'en', source: 'default' }],
    [
      'expired save falls through to the browser',
      () => savePreference(storage, 'en', 'user-choice', NOW - 31 * DAY),
      ['zh-CN'],
      { language: 'zh', source: 'browser' },
    ],
    [
      'expired save, nothing else: default',
      () => savePreference(storage, 'zh', 'user-choice', NOW - 31 * DAY),
      ['fr'],
      { language: 'en', source: 'default' },
    ],
    [
      'invalid save falls through to the browser',
      () => store({ language: 'fr', timestamp: NOW, source: 'user-choice' }),
      ['zh'],
      { language: 'zh', source: 'browser' },
    ],
  ])('%s', (_label, arrange, browser, expected) => {
    arrange?.();
    expect(detectLanguage(storage, browser, NOW)).toEqual(expected);
  });

  it('does not save anything by itself', () => {
    detectLanguage(storage, ['zh-CN'], NOW);
    expect(storage.length).toBe(0);
  });
});
