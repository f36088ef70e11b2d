import { describe, expect, it } from 'vitest';

import { supportedLanguages } from '#protocol/languages';
import { useCaseSlugs } from '#protocol/routes';

import { iconNames } from '../icons';
import { useCaseContent } from '.';
import type { CtaLink } from './types';

const CJK = /[\u4e00-\u9fff]/;
const targets = ['/install', '/leaderboard', '/pricing'];

describe.each(supportedLanguages)('use-case content (%s)', (lang) => {
  const c = useCaseContent[lang];

  it('has every use-case page, each with a hero (badge, title, subtitle, two buttons) and a closing call to action', () => {
    expect(Object.keys(c).sort()).toEqual([...useCaseSlugs].sort());
    for (const slug of useCaseSlugs) {
      const { hero, closing } = c[slug];
      for (const text of [hero.badge, hero.title, hero.subtitle, closing.title, closing.subtitle]) expect(text.trim()).not.toBe('');
      const buttons: CtaLink[] = [hero.primary, hero.secondary, closing.primary, closing.secondary];
      for (const button of buttons) {
        expect(targets).toContain(button.href);
        expect(button.label.trim()).not.toBe('');
      }
      expect(hero.primary.href).not.toBe(hero.secondary.href);
    }
  });

  it('learning: features, four numbered paths beginner → professional with three topics each, two stories, typewriter texts', () => {
    const l = c.learning;
    expect(l.features.items.length).toBeGreaterThanOrEqual(3);
    expect(l.paths.items.map((p) => p.level)).toEqual([1, 2, 3, 4]);
    for (const path of l.paths.items) {
      expect(path.topics).toHaveLength(3);
      expect(new Set(path.topics).size).toBe(3);
    }
    expect(l.stories.items.map((s) => s.audience)).toEqual(['students', 'juniors']);
    for (const story of l.stories.items) {
      expect(story.quote.length).toBeGreaterThan(20);
      expect(story.highlights.length).toBeGreaterThan(0);
    }
    expect(l.demo.texts.length).toBeGreaterThanOrEqual(2);
  });

  it('full stack: frontend, backend and database cards of 4 items, e-commerce and SaaS apps, six workflow steps, a demo with a disclaimer', () => {
    const f = c['full-stack-development'];
    expect(f.stack.cards.map((card) => card.key)).toEqual(['frontend', 'backend', 'database']);
    for (const card of f.stack.cards) expect(card.items).toHaveLength(4);
    expect(f.apps.items.map((a) => a.key)).toEqual(['ecommerce', 'saas']);
    expect(f.workflow.steps.map((s) => s.key)).toEqual(['planning', 'frontend', 'backend', 'integration', 'testing', 'deployment']);
    expect(f.demo.lines.length).toBeGreaterThan(3);
    expect(f.demo.lines.some((line) => line.kind === 'command')).toBe(true);
    expect(f.demo.disclaimer.trim()).not.toBe('');
  });

  it('code review: quality, performance and security cards, four steps, two benefits and the 70% claim', () => {
    const r = c['code-review'];
    expect(r.analysis.cards.map((card) => card.key)).toEqual(['quality', 'performance', 'security']);
    expect(r.process.steps.map((s) => s.key)).toEqual(['scanning', 'detection', 'suggestions', 'monitoring']);
    expect(r.benefits.items.map((b) => b.key)).toEqual(['early', 'faster']);
    expect(r.claim.value).toBe('70%');
    expect(r.claim.label).toContain('70%');
  });

  it('enterprise: security, integration and management features, four deployment modes, metrics 40%, 60%, 25%, 99.9%', () => {
    const e = c.enterprise;
    expect(e.features.groups.map((g) => g.key)).toEqual(['security', 'integration', 'management']);
    for (const group of e.features.groups) expect(group.items.length).toBeGreaterThan(0);
    expect(e.deployment.modes.map((m) => m.key)).toEqual(['private', 'airGapped', 'hybrid', 'custom']);
    expect(e.metrics.items.map((m) => `${m.value}${m.suffix}`)).toEqual(['40%', '60%', '25%', '99.9%']);
  });

  it(lang === 'zh' ? 'is written in Chinese' : 'is written in English', () => {
    for (const slug of useCaseSlugs) expect(CJK.test(c[slug].hero.title)).toBe(lang === 'zh');
  });
});

describe('use-case content parity', () => {
  it('Chinese has exactly the structure of English (same keys, same list lengths, same icons and links)', () => {
    const shape = (value: unknown, key = ''): unknown => {
      if (Array.isArray(value)) return value.map((v) => shape(v));
      if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shape(v, k)]));
      // Icons, links, keys and levels must match; words differ.
      return ['icon', 'href', 'key', 'kind', 'level', 'audience', 'value', 'suffix'].includes(key) ? value : typeof value;
    };
    expect(shape(useCaseContent.zh)).toEqual(shape(useCaseContent.en));
  });

  it('only names icons that exist', () => {
    const icons = JSON.stringify(useCaseContent).match(/"icon":"(\w+)"/g) ?? [];
    expect(icons.length).toBeGreaterThan(10);
    for (const match of icons) expect(iconNames).toContain(match.slice(8, -1));
  });
});
