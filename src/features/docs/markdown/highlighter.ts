/**
 * Syntax highlighting for the install guide's code blocks. This module is only reached through a dynamic import
 * (see CodeBlock), so shiki never lands in the first-load bundle: the fine-grained core, the JavaScript regex engine
 * (no WebAssembly), one theme and the few languages the guides use.
 */
import type { HighlighterCore, ThemedToken } from 'shiki/core';
import { createHighlighterCore } from 'shiki/core';
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript';

export const CODE_THEME = 'github-dark-default';
const aliases: Record<string, string> = {
  sh: 'bash',
  shell: 'bash',
  zsh: 'bash',
  shellscript: 'bash',
  ps: 'powershell',
  ps1: 'powershell',
  pwsh: 'powershell',
};
export const supportedCodeLanguages = ['bash', 'powershell', 'json'] as const;

let highlighter: Promise<HighlighterCore> | null = null;

function load(): Promise<HighlighterCore> {
  highlighter ??= createHighlighterCore({
    themes: [import('shiki/themes/github-dark-default.mjs')],
    langs: [import('shiki/langs/bash.mjs'), import('shiki/langs/powershell.mjs'), import('shiki/langs/json.mjs')],
    engine: createJavaScriptRegexEngine(),
  });
  return highlighter;
}

export function normaliseLanguage(lang: string | undefined): string | null {
  const key = (lang ?? '').toLowerCase();
  const name = aliases[key] ?? key;
  return (supportedCodeLanguages as readonly string[]).includes(name) ? name : null;
}

/** Tokens per line, or null when the language is not one we highlight (the block then stays plain). */
export async function highlightTokens(code: string, lang: string | undefined): Promise<ThemedToken[][] | null> {
  const name = normaliseLanguage(lang);
  if (!name) return null;
  const core = await load();
  return core.codeToTokensBase(code, { lang: name, theme: CODE_THEME });
}
