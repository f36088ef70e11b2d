import { describe, expect, it } from 'vitest';

import { supportedLanguages } from '#protocol/languages';

import { brand } from '../../../shared/brand';
import { docsContent } from '.';

const CJK = /[\u4e00-\u9fff]/;

describe.each(supportedLanguages)('docs content (%s)', (lang) => {
  const c = docsContent[lang];

  it('help answers real questions in several topics', () => {
    expect(c.help.categories.length).toBeGreaterThanOrEqual(4);
    for (const category of c.help.categories) {
      expect(category.items.length).toBeGreaterThanOrEqual(3);
      for (const item of category.items) {
        expect(item.question.trim()).not.toBe('');
        expect(item.answer.join(' ').length).toBeGreaterThan(lang === 'zh' ? 20 : 40);
      }
    }
    const all = JSON.stringify(c.help);
    // Facts of the spec: Node.js 20, 7-day refund, limits per minute and day, pairing credential rights.
    for (const fact of ['20', '7', '0600', '2,000', '/install', '/pricing']) expect(all).toContain(fact);
  });

  it('contact gives the support e-mail and the response times 24 h (individuals) and 4 h (enterprise)', () => {
    expect(c.contact.channels.some((ch) => ch.link.href === `mailto:${brand.supportEmail}`)).toBe(true);
    expect(c.contact.responseTimes.items.map((r) => [r.audience, r.hours])).toEqual([
      ['individuals', 24],
      ['enterprise', 4],
    ]);
  });

  it('privacy explains relay storage of sessions and events, tokens and local storage', () => {
    const text = JSON.stringify(c.privacy);
    expect(c.privacy.updated).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(c.privacy.sections.length).toBeGreaterThanOrEqual(8);
    for (const fact of ['tern --cloud', '~/.tern', '0600', 'TERN_MODEL_URL', '30', brand.supportEmail]) expect(text).toContain(fact);
  });

  it('terms cover credit-based plans, the 7-day no-reason refund and single-use codes', () => {
    const ids = c.terms.sections.map((s) => s.id);
    for (const id of ['plans', 'refunds', 'codes', 'use', 'liability']) expect(ids).toContain(id);
    expect(JSON.stringify(c.terms.sections.find((s) => s.id === 'refunds'))).toContain('7');
  });

  it('about has sections and links', () => {
    expect(c.about.sections.length).toBeGreaterThanOrEqual(3);
  });

  it('section ids are unique per page (they are anchors)', () => {
    for (const doc of [c.about, c.privacy, c.terms]) expect(new Set(doc.sections.map((s) => s.id)).size).toBe(doc.sections.length);
    expect(new Set(c.help.categories.map((h) => h.id)).size).toBe(c.help.categories.length);
  });

  it(lang === 'zh' ? 'is written in Chinese' : 'is written in English', () => {
    for (const title of [c.help.title, c.contact.title, c.about.title, c.privacy.title, c.terms.title])
      expect(CJK.test(title)).toBe(lang === 'zh');
  });
});

describe('docs content parity', () => {
  it('Chinese has the same pages, sections, questions and links as English', () => {
    const shape = (value: unknown, key = ''): unknown => {
      if (Array.isArray(value)) return value.map((v) => shape(v));
      if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shape(v, k)]));
      return ['id', 'href', 'key', 'audience', 'hours', 'updated'].includes(key) ? value : typeof value;
    };
    expect(shape(docsContent.zh)).toEqual(shape(docsContent.en));
  });
});
