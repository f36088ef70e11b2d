import { describe, expect, it } from 'vitest';

import { highlightTokens, normaliseLanguage } from './highlighter';
import { headingSlug, markdownToc } from './slug';

describe('highlighter', () => {
  it('maps aliases to the few bundled languages and ignores the rest', () => {
    expect(normaliseLanguage('sh')).toBe('bash');
    expect(normaliseLanguage('PowerShell')).toBe('powershell');
    expect(normaliseLanguage('json')).toBe('json');
    expect(normaliseLanguage('rust')).toBeNull();
    expect(normaliseLanguage(undefined)).toBeNull();
  });

  it('colours bash tokens and keeps the text intact', async () => {
    const code = 'export TERN_MODEL="gpt-4o"\nnpm install -g tern';
    const tokens = await highlightTokens(code, 'bash');
    expect(tokens).not.toBeNull();
    expect(tokens!.map((line) => line.map((t) => t.content).join(''))).toEqual(code.split('\n'));
    expect(new Set(tokens!.flat().map((t) => t.color)).size).toBeGreaterThan(1);
  });

  it('returns null for a language it does not bundle', async () => {
    expect(await highlightTokens('fn main() {}', 'rust')).toBeNull();
  });
});

describe('heading slugs and table of contents', () => {
  it('keeps Chinese characters and drops punctuation', () => {
    expect(headingSlug('Install the CLI')).toBe('install-the-cli');
    expect(headingSlug('配置模型')).toBe('配置模型');
    expect(headingSlug('`tern: command not found`')).toBe('tern-command-not-found');
  });

  it('lists level-2 headings outside code fences', () => {
    const md = '# Title\n\n## One\n\n```bash\n## not a heading\n```\n\n### Sub\n\n## Two `code`\n';
    expect(markdownToc(md)).toEqual([
      { id: 'one', title: 'One' },
      { id: 'two-code', title: 'Two code' },
    ]);
  });
});
