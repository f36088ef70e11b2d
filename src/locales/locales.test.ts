/**
 * Locale parity and key coverage. Everything is read from disk when the test runs, so locale files and source files
 * added later are checked without editing this test.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import { routeTable } from '#protocol/routes';

const localesDir = path.dirname(fileURLToPath(import.meta.url));
const srcDir = path.resolve(localesDir, '..');
const languages = ['en', 'zh'] as const;
type Lang = (typeof languages)[number];

/** Values that are the same in Chinese by design: product and brand names, numbers. Extend with care. */
const IDENTICAL_VALUE_ALLOW_LIST = new Set([
  'Tern',
  'Tern CLI',
  'Claude Code',
  'Gemini CLI',
  'Codex CLI',
  'Qwen Code',
  'Groq Code',
  'CodeRabbit CLI',
  'Claude',
  'Gemini',
  'GitHub',
  'npm',
  'Homebrew',
  'Node.js',
  'CLI',
  'API',
  'MCP',
  'CSV',
  'FAQ',
  'OK',
  '404',
  'tern',
  'tern --cloud',
]);

/** A value identical in both languages is fine when it has nothing to translate. */
function needsNoTranslation(value: string): boolean {
  if (IDENTICAL_VALUE_ALLOW_LIST.has(value.trim())) return true;
  // At most one letter outside {{placeholders}}: numbers, prices, percentages, symbols ("99.9%", "$20-50", "v{{version}}").
  if ((value.replace(/\{\{[^}]*\}\}/g, '').match(/\p{L}/gu) ?? []).length < 2) return true;
  // URLs, e-mail addresses and shell commands or flags.
  if (/^(https?:\/\/|mailto:)\S+$/.test(value) || /^[\w.+-]+@[\w-]+\.[\w.]+$/.test(value)) return true;
  if (
    /^(\$ )?(npm|npx|brew|git|tern|pnpm|yarn|node|curl) /.test(value) ||
    /^--?[\w-]+( <\w+>)?$/.test(value) ||
    /^\/[a-z][\w-]*$/.test(value)
  ) {
    return true;
  }
  return false;
}

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

const jsonFiles = (lang: Lang) =>
  readdirSync(path.join(localesDir, lang))
    .filter((f) => f.endsWith('.json'))
    .sort();

function readLocale(lang: Lang, file: string): Json {
  return JSON.parse(readFileSync(path.join(localesDir, lang, file), 'utf8')) as Json;
}

/** Leaves by dotted path (arrays by index), plus every intermediate path (for returnObjects lookups). */
function flatten(value: Json, prefix = '', leaves = new Map<string, Json>(), branches = new Set<string>()) {
  if (value !== null && typeof value === 'object') {
    if (prefix) branches.add(prefix);
    const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
    for (const [k, v] of entries) flatten(v, prefix ? `${prefix}.${k}` : k, leaves, branches);
  } else {
    leaves.set(prefix, value);
  }
  return { leaves, branches };
}

const namespaces = jsonFiles('en').map((f) => f.replace(/\.json$/, ''));
const flat: Record<Lang, Map<string, ReturnType<typeof flatten>>> = { en: new Map(), zh: new Map() };
for (const lang of languages) {
  for (const file of jsonFiles(lang)) flat[lang].set(file.replace(/\.json$/, ''), flatten(readLocale(lang, file)));
}

const PLURAL_SUFFIXES = ['zero', 'one', 'two', 'few', 'many', 'other'];
/** Whether `key` resolves in `ns` for `lang`, as a string, an object (returnObjects) or a plural family. */
function hasKey(lang: Lang, ns: string, key: string): boolean {
  const entry = flat[lang].get(ns);
  if (!entry) return false;
  if (entry.leaves.has(key) || entry.branches.has(key)) return true;
  return PLURAL_SUFFIXES.some((s) => entry.leaves.has(`${key}_${s}`));
}

/** Every object key at any depth. */
function objectKeys(value: Json): string[] {
  if (value === null || typeof value !== 'object') return [];
  if (Array.isArray(value)) return value.flatMap(objectKeys);
  return Object.entries(value).flatMap(([k, v]) => [k, ...objectKeys(v)]);
}

/** Keys that appear twice in the same object of a JSON text. */
function duplicateKeys(text: string): string[] {
  const duplicates: string[] = [];
  const stack: { keys: Set<string> | null }[] = [];
  let previousString: string | null = null;
  for (const [token] of text.matchAll(/"(?:[^"\\]|\\.)*"|[{}[\]:,]/g)) {
    if (token === '{' || token === '[') stack.push({ keys: token === '{' ? new Set() : null });
    else if (token === '}' || token === ']') stack.pop();
    else if (token === ':' && previousString !== null) {
      const keys = stack.at(-1)?.keys;
      if (keys?.has(previousString)) duplicates.push(previousString);
      keys?.add(previousString);
    }
    previousString = token.startsWith('"') ? (JSON.parse(token) as string) : null;
  }
  return duplicates;
}

const placeholders = (s: string) => [...new Set([...s.matchAll(/\{\{\s*([^},\s]+)[^}]*\}\}/g)].map((m) => m[1]!))].sort();

describe('locale files', () => {
  it('en and zh have the same files', () => {
    expect(jsonFiles('zh')).toEqual(jsonFiles('en'));
    expect(jsonFiles('en').length).toBeGreaterThan(0);
  });

  it.each(jsonFiles('en'))('%s parses as a JSON object in both languages', (file) => {
    for (const lang of languages) {
      const data = readLocale(lang, file);
      expect(data !== null && typeof data === 'object' && !Array.isArray(data), `${lang}/${file}`).toBe(true);
    }
  });
});

describe.each(namespaces)('namespace %s', (ns) => {
  const en = flat.en.get(ns)!;
  const zh = flat.zh.get(ns) ?? flatten({});

  it('every English key exists in Chinese', () => {
    expect([...en.leaves.keys()].filter((k) => !zh.leaves.has(k))).toEqual([]);
  });

  it('every Chinese key exists in English', () => {
    expect([...zh.leaves.keys()].filter((k) => !en.leaves.has(k))).toEqual([]);
  });

  it('has no empty or null values', () => {
    for (const lang of languages) {
      const { leaves } = flat[lang].get(ns) ?? flatten({});
      const empty = [...leaves].filter(([, v]) => v === null || (typeof v === 'string' && v.trim() === '')).map(([k]) => k);
      expect(empty, lang).toEqual([]);
    }
  });

  it('has no key containing the "." key separator (it could never be looked up)', () => {
    for (const lang of languages)
      expect(
        objectKeys(readLocale(lang, `${ns}.json`)).filter((k) => k.includes('.')),
        lang,
      ).toEqual([]);
  });

  it('has no duplicate keys (JSON.parse would silently keep the last one)', () => {
    for (const lang of languages) {
      expect(duplicateKeys(readFileSync(path.join(localesDir, lang, `${ns}.json`), 'utf8')), lang).toEqual([]);
    }
  });

  it('uses the same {{placeholders}} in both languages', () => {
    const mismatched = [...en.leaves]
      .filter(([k, v]) => typeof v === 'string' && typeof zh.leaves.get(k) === 'string')
      .filter(([k, v]) => JSON.stringify(placeholders(v as string)) !== JSON.stringify(placeholders(zh.leaves.get(k) as string)))
      .map(([k, v]) => `${k}: en ${placeholders(v as string).join(',')} / zh ${placeholders(zh.leaves.get(k) as string).join(',')}`);
    expect(mismatched).toEqual([]);
  });

  it('translates every value that has words in it (zh identical to en is flagged)', () => {
    const untranslated = [...en.leaves]
      .filter(([k, v]) => typeof v === 'string' && zh.leaves.get(k) === v && !needsNoTranslation(v))
      .map(([k, v]) => `${ns}:${k} = ${JSON.stringify(v)}`);
    expect(untranslated).toEqual([]);
  });
});

describe('the duplicate-key finder itself', () => {
  it('finds a key repeated in one object but not the same key in sibling objects', () => {
    expect(duplicateKeys('{"a":{"x":"1","y":"2","x":"3"},"b":{"x":"\\"x\\":"},"c":[{"x":1},{"x":2}]}')).toEqual(['x']);
    expect(duplicateKeys('{"a":{"x":"1"},"b":{"x":"2"}}')).toEqual([]);
  });
});

describe('the identical-value rule itself', () => {
  it.each([
    ['Tern', true],
    ['Claude Code', true],
    ['404', true],
    ['99.9%', true],
    ['npm install -g tern', true],
    ['--yolo', true],
    ['/help', true],
    ['support@tern.dev', true],
    ['https://github.com/tern-dev', true],
    ['Sign in', false],
    ['Pricing', false],
    ['Tern Pro', false],
    ['v{{version}}', true],
    ['{{count}} items', false],
    ['{{name}}', true],
    ['Go', false],
  ])('%j needs no translation: %s', (value, expected) => {
    expect(needsNoTranslation(value)).toBe(expected);
  });
});

describe('page titles of the route table', () => {
  it.each(routeTable.map((r) => [r.id, r.titleKey] as const))(
    '%s has pages:%s.title and .description in both languages',
    (_id, titleKey) => {
      for (const lang of languages) {
        expect(hasKey(lang, 'pages', `${titleKey}.title`), `${lang} pages:${titleKey}.title`).toBe(true);
        expect(hasKey(lang, 'pages', `${titleKey}.description`), `${lang} pages:${titleKey}.description`).toBe(true);
      }
    },
  );
});

// ---------------------------------------------------------------------------------------------------------------
// Static check: translation keys written as string literals in the source exist in both languages.

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) {
      if (name !== 'node_modules' && full !== path.join(srcDir, 'test')) out.push(...sourceFiles(full));
    } else if (/\.tsx?$/.test(name) && !/\.(test|spec)\.tsx?$/.test(name) && !name.endsWith('.d.ts')) {
      out.push(full);
    }
  }
  return out;
}

interface KeyUse {
  file: string;
  line: number;
  ns: string;
  key: string;
}

/** `useTranslation()`, `useTranslation('ns')`, `useTranslation(['ns', …])`, optionally with `{ keyPrefix: 'x' }`. */
const USE_TRANSLATION =
  /useTranslation\(\s*(?:(['"])([\w-]+)\1|\[\s*(['"])([\w-]+)\3[^\]]*\])?\s*(?:,\s*\{[^}]*?keyPrefix:\s*(['"])([^'"]+)\5[^}]*\})?\s*\)/g;
/** `t('key')`, `t("ns:key", …)`, `i18n.t('ns:key')` and `<Trans i18nKey="…">` with a plain string literal. */
const T_CALL = /(?:(?<![\w$])t\(\s*|i18nKey=\{?\s*)(['"])([^'"\n\\]+)\1/g;
/** Toast and error contents: `{ key: 'ns:key' }`. Only counted when the prefix is a known namespace. */
const KEY_PROPERTY = /\bkey:\s*(['"])([\w-]+):([^'"\n\\]+)\1/g;

const scanFile = (file: string) => scanSource(readFileSync(file, 'utf8'), file);

function scanSource(source: string, file: string): KeyUse[] {
  const lineOf = (index: number) => source.slice(0, index).split('\n').length;
  const scopes = [...source.matchAll(USE_TRANSLATION)].map((m) => ({
    at: m.index,
    // No namespace argument means the default namespace.
    ns: m[2] ?? m[4] ?? 'common',
    keyPrefix: m[6],
  }));
  const uses: KeyUse[] = [];
  for (const m of source.matchAll(T_CALL)) {
    const literal = m[2]!;
    const colon = literal.indexOf(':');
    const explicitNs = colon > 0 ? literal.slice(0, colon) : null;
    if (explicitNs && namespaces.includes(explicitNs)) {
      uses.push({ file, line: lineOf(m.index), ns: explicitNs, key: literal.slice(colon + 1) });
      continue;
    }
    // The namespace comes from the nearest useTranslation above the call (else the first in the file).
    const scope = [...scopes].reverse().find((s) => s.at < m.index) ?? scopes[0];
    if (!scope) continue; // `t` came from elsewhere (a parameter): the namespace cannot be determined.
    uses.push({ file, line: lineOf(m.index), ns: scope.ns, key: scope.keyPrefix ? `${scope.keyPrefix}.${literal}` : literal });
  }
  for (const m of source.matchAll(KEY_PROPERTY)) {
    if (namespaces.includes(m[2]!)) uses.push({ file, line: lineOf(m.index), ns: m[2]!, key: m[3]! });
  }
  return uses;
}

describe('translation keys used in the source', () => {
  const files = sourceFiles(srcDir);
  const uses = files.flatMap(scanFile);

  it('finds the source files and their keys', () => {
    expect(files.length).toBeGreaterThan(10);
    // Guards against a scanner that silently finds nothing.
    expect(uses.some((u) => u.ns === 'layout' && u.key === 'nav.home')).toBe(true);
    expect(uses.some((u) => u.ns === 'errors' && u.key === 'sessionExpired')).toBe(true);
  });

  it.each(languages)('every literal key exists in %s', (lang) => {
    const missing = uses
      .filter((u) => !hasKey(lang, u.ns, u.key))
      .map((u) => `${path.relative(srcDir, u.file)}:${u.line} ${u.ns}:${u.key}`);
    expect([...new Set(missing)]).toEqual([]);
  });
});

describe('the key scanner itself', () => {
  it('resolves namespaces from prefixes and the nearest useTranslation, and skips dynamic keys', () => {
    const sample = [
      "const { t } = useTranslation(['layout', 'common']);",
      "t('nav.home'); t('common:brand'); t(`nav.${x}`);",
      "function B() { const { t } = useTranslation(); t('close'); }",
      "function C() { const { t } = useTranslation('pages', { keyPrefix: 'notFound' }); t('title'); }",
      "toast({ key: 'errors:offline' }); ({ key: 'notANamespace:x' }); format('a:b');",
      '<Trans i18nKey="layout:footer.copyright" />',
    ].join('\n');
    const found = scanSource(sample, 'sample.tsx').map((u) => `${u.ns}:${u.key}`);
    expect(found).toEqual([
      'layout:nav.home',
      'common:brand',
      'common:close',
      'pages:notFound.title',
      'layout:footer.copyright',
      'errors:offline',
    ]);
  });

  it('skips a file-level t whose namespace cannot be known', () => {
    expect(scanSource("export const label = (t: TFunction) => t('something');", 'x.ts')).toEqual([]);
  });
});
