import { describe, expect, it } from 'vitest';

import { looksLikeKey, visibleFaqItems } from './faq';

describe('visibleFaqItems', () => {
  const ok = { id: 'ok', question: 'How do I install Tern?', answer: '<p>Run npm install -g tern.</p>' };

  it('keeps complete items', () => {
    expect(visibleFaqItems([ok])).toEqual([ok]);
  });

  it('drops items with an empty question or answer', () => {
    const items = [
      { ...ok, id: 'a', question: '' },
      { ...ok, id: 'b', answer: '   ' },
      { ...ok, id: 'c', answer: '<p></p>' },
      { ...ok, id: 'd', answer: '<p>&nbsp;</p>' },
      { ...ok, id: 'e', question: undefined as unknown as string },
    ];
    expect(visibleFaqItems([...items, ok]).map((i) => i.id)).toEqual(['ok']);
  });

  it('drops items whose text is still an untranslated key', () => {
    const items = [
      { ...ok, id: 'a', question: 'faq.items.0.question' },
      { ...ok, id: 'b', answer: 'marketing:faq.security.answer' },
      { ...ok, id: 'c', answer: '<p>pricing.faq.mcp.answer</p>' },
      { ...ok, id: 'd', question: 'home:faqTitle' },
    ];
    expect(visibleFaqItems([ok, ...items]).map((i) => i.id)).toEqual(['ok']);
  });

  it('does not mistake ordinary text for a key', () => {
    for (const text of ['Is Tern free?', 'Apache-2.0', '免费吗？', 'Yes.', 'Node.js 20+', 'See https://example.com for details.']) {
      expect(looksLikeKey(text), text).toBe(false);
    }
  });
});
