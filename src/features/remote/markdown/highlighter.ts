/**
 * Code highlighting for the chat, reached only through a dynamic import: shiki's fine-grained core with the
 * JavaScript regex engine (no WebAssembly) and one theme, like the docs' highlighter; each language is its own chunk
 * and loads the first time a block in that language shows up.
 */
import type { HighlighterCore, ThemedToken } from 'shiki/core';
import { createHighlighterCore } from 'shiki/core';
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript';

const CODE_THEME = 'github-dark-default';

const languages = {
  bash: () => import('shiki/langs/bash.mjs'),
  json: () => import('shiki/langs/json.mjs'),
  typescript: () => import('shiki/langs/typescript.mjs'),
  tsx: () => import('shiki/langs/tsx.mjs'),
  javascript: () => import('shiki/langs/javascript.mjs'),
  jsx: () => import('shiki/langs/jsx.mjs'),
  python: () => import('shiki/langs/python.mjs'),
  diff: () => import('shiki/langs/diff.mjs'),
  css: () => import('shiki/langs/css.mjs'),
  html: () => import('shiki/langs/html.mjs'),
  yaml: () => import('shiki/langs/yaml.mjs'),
  markdown: () => import('shiki/langs/markdown.mjs'),
  go: () => import('shiki/langs/go.mjs'),
  rust: () => import('shiki/langs/rust.mjs'),
  sql: () => import('shiki/langs/sql.mjs'),
} as const;
type Lang = keyof typeof languages;

const aliases: Record<string, Lang> = {
  sh: 'bash',
  shell: 'bash',
  zsh: 'bash',
  console: 'bash',
  ts: 'typescript',
  js: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  py: 'python',
  yml: 'yaml',
  md: 'markdown',
  patch: 'diff',
  rs: 'rust',
  golang: 'go',
};

let core: Promise<HighlighterCore> | null = null;
const loaded = new Map<Lang, Promise<void>>();

export function chatLanguage(lang: string | undefined): Lang | null {
  const key = (lang ?? '').toLowerCase();
  const name = aliases[key] ?? key;
  return name in languages ? (name as Lang) : null;
}

export async function highlightChatCode(code: string, lang: string | undefined): Promise<ThemedToken[][] | null> {
  const name = chatLanguage(lang);
  if (!name) return null;
  core ??= createHighlighterCore({
    themes: [import('shiki/themes/github-dark-default.mjs')],
    langs: [],
    engine: createJavaScriptRegexEngine(),
  });
  const highlighter = await core;
  if (!loaded.has(name))
    loaded.set(
      name,
      languages[name]().then((mod) => highlighter.loadLanguage(mod.default)),
    );
  await loaded.get(name);
  return highlighter.codeToTokensBase(code, { lang: name, theme: CODE_THEME });
}
