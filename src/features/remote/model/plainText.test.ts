import { describe, expect, it } from 'vitest';

import { markdownToPlain } from './plainText';

describe('markdownToPlain', () => {
  it('turns the CLI’s final answer into a readable preview', () => {
    expect(markdownToPlain('Done. `greeting.txt` now reads:\n\n```text\nhello, tern\n```\n\nBoth tasks are complete.')).toBe(
      'Done. greeting.txt now reads: hello, tern Both tasks are complete.',
    );
  });

  it('drops emphasis, links, images, headings, quotes and list marks but keeps the words', () => {
    expect(markdownToPlain('## Plan\n- **Read** the [docs](https://x.dev/a)\n- *then* edit ~~nothing~~\n> quoted ![logo](l.png)')).toBe(
      'Plan Read the docs then edit nothing quoted logo',
    );
    expect(markdownToPlain('1. first\n2) second\n- [x] done')).toBe('first second done');
  });

  it('leaves snake_case, arithmetic and plain text alone', () => {
    expect(markdownToPlain('set max_steps to 2 * 3 and run my_tool')).toBe('set max_steps to 2 * 3 and run my_tool');
    expect(markdownToPlain('plain text')).toBe('plain text');
  });

  it('handles an unclosed fence (a preview cut mid-block) and tables', () => {
    expect(markdownToPlain('Result:\n```ts\nconst a = 1;')).toBe('Result: const a = 1;');
    expect(markdownToPlain('| a | b |\n| --- | --- |\n| 1 | 2 |')).toBe('a b 1 2');
  });
});
