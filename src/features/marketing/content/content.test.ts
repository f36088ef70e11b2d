import { describe, expect, it } from 'vitest';

import type { Language } from '#protocol/languages';
import { matchRoute, redirects, toolSlugs } from '#protocol/routes';

import { looksLikeKey, visibleFaqItems } from '../lib/faq';
import enHeadToHead from './en/headToHead';
import enHome from './en/home';
import enLeaderboard from './en/leaderboard';
import enPricing from './en/pricing';
import { toolContent } from './loaders';
import { contextWindow, geminiFreeTier, scores } from './shared/headToHead';
import { toolFacts } from './shared/tools';
import type { CommandTable, FaqItem, ToolContent } from './types';
import zhHeadToHead from './zh/headToHead';
import zhHome from './zh/home';
import zhLeaderboard from './zh/leaderboard';
import zhPricing from './zh/pricing';

const langs = ['en', 'zh'] as const;
const home = { en: enHome, zh: zhHome };
const pricing = { en: enPricing, zh: zhPricing };
const leaderboard = { en: enLeaderboard, zh: zhLeaderboard };
const headToHead = { en: enHeadToHead, zh: zhHeadToHead };

async function tool(slug: (typeof toolSlugs)[number], lang: Language): Promise<ToolContent> {
  return (await toolContent[slug][lang]()).default;
}
const table = (c: ToolContent, id: CommandTable['id']) => c.commands.tables.find((t) => t.id === id)!;
const commandsOf = (c: ToolContent, id: CommandTable['id']) => table(c, id).rows.map((r) => r.command);
const ids = (items: readonly FaqItem[]) => items.map((i) => i.id);
const CJK = /[\u4e00-\u9fff]/;

/** Every string anywhere inside a content object. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

/** Same-site links: `href` fields and href attributes in FAQ HTML must lead to a real page. */
function internalHrefs(value: unknown): string[] {
  if (typeof value === 'string') return [...value.matchAll(/href="(\/[^"#]*)/g)].map((m) => m[1]!);
  if (Array.isArray(value)) return value.flatMap(internalHrefs);
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => (k === 'href' && typeof v === 'string' && v.startsWith('/') ? [v] : internalHrefs(v)));
  }
  return [];
}

function expectRealPage(path: string) {
  expect(matchRoute(path) !== null || path in redirects, `no page for ${path}`).toBe(true);
}

describe.each(langs)('home content (%s)', (lang) => {
  const c = home[lang];
  it('has the hero words, six features, four use cases and five FAQ topics', () => {
    expect(c.hero.words).toHaveLength(3);
    expect(c.hero.typewriterLine).toContain('{word}');
    expect(c.features.items).toHaveLength(6);
    expect(c.useCases.items.map((u) => u.slug)).toEqual(['learning', 'full-stack-development', 'code-review', 'enterprise']);
    for (const u of c.useCases.items) expect(u.demo.length).toBeGreaterThanOrEqual(3);
    expect(ids(c.faq.items)).toEqual(['integration', 'security', 'languages', 'cancellation', 'support']);
    expect(visibleFaqItems(c.faq.items)).toHaveLength(5);
  });

  it('links the FAQ to /docs, /privacy, /help and /userinfo', () => {
    const html = c.faq.items.map((i) => i.answer).join(' ');
    for (const path of ['/docs', '/privacy', '/help', '/userinfo']) expect(html).toContain(`href="${path}"`);
  });
});

it('cycles developers, builders and engineers in English', () => {
  expect(enHome.hero.words).toEqual(['developers', 'builders', 'engineers']);
  expect(zhHome.hero.words).toEqual(['开发者', '创造者', '工程师']);
});

describe.each(langs)('pricing content (%s)', (lang) => {
  it('has the notices and the four FAQ topics', () => {
    const c = pricing[lang];
    expect(c.hero.badge && c.hero.title && c.hero.subtitle && c.sharedLimitsNote).toBeTruthy();
    expect(c.creditNotice.body && c.modelNotice.body).toBeTruthy();
    expect(c.modelNotice.models.length).toBeGreaterThan(0);
    expect(ids(c.faq.items)).toEqual(['models', 'limits', 'upgrade', 'mcp']);
  });

  it('carries the older pricing text (spec §1, §9): Free, Pro $19/month, Team $49/month, Enterprise custom, marked as earlier', () => {
    const { earlierPlans } = pricing[lang];
    expect(earlierPlans.title).toMatch(lang === 'en' ? /^Earlier plan list$/ : /^早期套餐列表$/);
    expect(earlierPlans.plans.map((p) => p.key)).toEqual(['free', 'pro', 'team', 'enterprise']);
    const price = Object.fromEntries(earlierPlans.plans.map((p) => [p.key, p.price]));
    expect(price.free).toBe('$0');
    expect(price.pro).toBe(lang === 'en' ? '$19/month' : '$19/月');
    expect(price.team).toBe(lang === 'en' ? '$49/month' : '$49/月');
    expect(price.enterprise).toBe(lang === 'en' ? 'Custom' : '定制');
  });
});

describe.each(langs)('leaderboard content (%s)', (lang) => {
  const c = leaderboard[lang];
  it('shows 15+, 3 and 100% in the hero', () => {
    expect(c.hero.stats.map((s) => s.value)).toEqual(['15+', '3', '100%']);
  });

  it('compares five features, each tool with a status and text', () => {
    expect(c.table.rows.map((r) => r.key)).toEqual(['taskLists', 'claudeApi', 'checkpoint', 'cloudHandoff', 'multiModel']);
    for (const row of c.table.rows) {
      for (const cell of [row.tern, row.claudeCode, row.geminiCli]) {
        expect(['full', 'partial', 'none']).toContain(cell.status);
        expect(cell.text.length).toBeGreaterThan(0);
      }
    }
  });

  it('has two deep dives, the Tern quick start and six competitor cards', () => {
    expect(c.deepDive.cards.map((d) => d.slug)).toEqual(['claude-code', 'gemini-cli']);
    expect(c.quickStart.badge && c.quickStart.command).toBeTruthy();
    expect(c.competitors.cards).toHaveLength(6);
    expect(new Set(c.competitors.cards.map((x) => x.slug))).toEqual(new Set(toolSlugs));
  });
});

describe('tool facts', () => {
  it('links every tool to an https repository and docs page', () => {
    for (const slug of toolSlugs) {
      expect(toolFacts[slug].repository).toMatch(/^https:\/\/github\.com\//);
      expect(toolFacts[slug].docs).toMatch(/^https:\/\//);
    }
  });
});

describe.each(toolSlugs)('tool page %s', (slug) => {
  it.each(langs)('has every section in %s', async (lang) => {
    const c = await tool(slug, lang);
    expect(c.slug).toBe(slug);
    expect(c.hero.badge && c.hero.title && c.hero.description).toBeTruthy();
    expect(c.whatIs.paragraphs.length).toBeGreaterThan(0);
    expect(c.quickStart.command).toBeTruthy();
    expect(c.features.items.length).toBeGreaterThanOrEqual(3);
    expect(c.useCases.items.length).toBeGreaterThanOrEqual(3);
    expect(c.auth.methods.length).toBeGreaterThanOrEqual(1);
    expect(c.install.methods.length).toBeGreaterThanOrEqual(2);
    expect(c.commands.tables.length).toBeGreaterThanOrEqual(1);
    expect(c.faq.items.length).toBeGreaterThanOrEqual(6);
    expect(visibleFaqItems(c.faq.items)).toHaveLength(c.faq.items.length);
    expect(c.help.links.length).toBeGreaterThan(0);
    expect(c.cta.primary.href).toBe('/install');
  });

  it('says the same commands, install methods and FAQ topics in both languages', async () => {
    const [en, zh] = await Promise.all([tool(slug, 'en'), tool(slug, 'zh')]);
    expect(zh.commands.tables.map((t) => [t.id, t.rows.map((r) => r.command)])).toEqual(
      en.commands.tables.map((t) => [t.id, t.rows.map((r) => r.command)]),
    );
    const install = (c: ToolContent) => c.install.methods.map((m) => [m.id, m.commands, !!m.default, !!m.recommended, m.link?.href]);
    expect(install(zh)).toEqual(install(en));
    expect(zh.auth.methods.map((m) => [m.id, m.bullets.length])).toEqual(en.auth.methods.map((m) => [m.id, m.bullets.length]));
    expect(ids(zh.faq.items)).toEqual(ids(en.faq.items));
    expect(zh.features.items.length).toBe(en.features.items.length);
    expect(zh.useCases.items.length).toBe(en.useCases.items.length);
    expect(zh.quickStart.command).toBe(en.quickStart.command);
    expect(zh.hero.title).toMatch(CJK);
  });
});

describe.each(langs)('tool counts from the spec (%s)', (lang) => {
  it('Claude Code: 8 commands, 10 flags', async () => {
    const c = await tool('claude-code', lang);
    expect(table(c, 'commands').rows).toHaveLength(8);
    expect(table(c, 'flags').rows).toHaveLength(10);
    expect(c.install.methods.map((m) => m.id)).toEqual(['npm', 'source', 'homebrew']);
  });

  // Spec §2 tool pages: npm, from source and Homebrew tabs. Where a route does not exist the tab says so and links to
  // the repository.
  it.each(['claude-code', 'coderabbit-cli'] as const)(
    '%s: npm, from source and Homebrew tabs; the source tab links to the repository',
    async (slug) => {
      const c = await tool(slug, lang);
      expect(c.install.layout).toBe('tabs');
      expect(c.install.methods.map((m) => m.id)).toEqual(['npm', 'source', 'homebrew']);
      expect(c.install.methods.filter((m) => m.default).map((m) => m.id)).toEqual(['npm']);
      const source = c.install.methods.find((m) => m.id === 'source')!;
      expect(source.link?.href).toBe(toolFacts[slug].repository);
      expect(source.description).toMatch(lang === 'en' ? /not open source|closed source/ : /未开源/);
      expect(source.commands.some((cmd) => cmd.startsWith('git clone'))).toBe(false);
    },
  );

  it('CodeRabbit CLI is not on npm: its npm tab says so and gives the official install script', async () => {
    const npm = (await tool('coderabbit-cli', lang)).install.methods.find((m) => m.id === 'npm')!;
    expect(npm.description).toMatch(lang === 'en' ? /does not publish its CLI on npm/ : /没有把 CLI 发布到 npm/);
    expect(npm.commands).toEqual(['curl -fsSL https://cli.coderabbit.ai/install.sh | sh']);
  });

  it('CodeRabbit CLI: 6 commands, 8 flags, 7 FAQ', async () => {
    const c = await tool('coderabbit-cli', lang);
    expect(table(c, 'commands').rows).toHaveLength(6);
    expect(table(c, 'flags').rows).toHaveLength(8);
    expect(c.faq.items).toHaveLength(7);
  });

  it('Codex CLI: 6 features, 3 use cases, 3 auth methods, npm or brew', async () => {
    const c = await tool('codex-cli', lang);
    expect(c.features.items).toHaveLength(6);
    expect(c.useCases.items).toHaveLength(3);
    expect(c.auth.methods).toHaveLength(3);
    expect(c.install.methods.map((m) => m.id)).toEqual(['npm', 'homebrew']);
    expect(c.install.methods.map((m) => m.commands[0])).toEqual(['npm install -g @openai/codex', 'brew install --cask codex']);
  });

  it('Gemini CLI: 8 FAQ, npm, source and Homebrew installs', async () => {
    const c = await tool('gemini-cli', lang);
    expect(c.faq.items).toHaveLength(8);
    expect(c.install.methods.map((m) => m.id)).toEqual(['npm', 'source', 'homebrew']);
  });

  it('Qwen Code: tabs, session commands, /auth, flags, benchmark, FAQ and auth bullets', async () => {
    const c = await tool('qwen-code', lang);
    expect(c.install.layout).toBe('tabs');
    expect(c.install.methods.map((m) => m.id)).toEqual(['npm', 'source', 'homebrew']);
    expect(c.install.methods.filter((m) => m.default).map((m) => m.id)).toEqual(['npm']);
    expect(commandsOf(c, 'session')).toEqual(['/help', '/clear', '/compress', '/stats', '/exit, /quit']);
    expect(commandsOf(c, 'auth')).toEqual(['/auth']);
    expect(commandsOf(c, 'flags')).toEqual(['--version', '--vlm-switch-mode', '--yolo']);
    const bench = c.benchmark!.rows;
    expect(bench.find((r) => r.model.includes('480B-A35'))?.score).toBe(37.5);
    expect(bench.find((r) => r.model.includes('30B-A3B'))?.score).toBe(31.3);
    expect(c.faq.items).toHaveLength(6);
    const bullets = Object.fromEntries(c.auth.methods.map((m) => [m.id, m.bullets.length]));
    expect(bullets).toEqual({ qwenOAuth: 5, openaiCompatible: 4 });
  });

  it('Groq Code: install cards, disabled buttons, 3 auth bullets, 6 FAQ, 6 slash commands, 6 flags', async () => {
    const c = await tool('groq-code', lang);
    expect(c.install.layout).toBe('cards');
    expect(c.install.methods.map((m) => m.id)).toEqual(['development', 'instantRun', 'globalInstall']);
    expect(c.install.methods.filter((m) => m.recommended).map((m) => m.id)).toEqual(['development']);
    expect(c.quickStart.disabledActions?.quickInstall && c.quickStart.disabledActions.apiKey).toBeTruthy();
    expect(c.auth.methods.flatMap((m) => m.bullets)).toHaveLength(3);
    expect(c.faq.items).toHaveLength(6);
    expect(commandsOf(c, 'slash')).toEqual(['/help', '/login', '/model', '/clear', '/reasoning', '/stats']);
    expect(commandsOf(c, 'flags').map((f) => f.split(' <')[0])).toEqual([
      '-t, --temperature',
      '-s, --system',
      '-d, --debug',
      '-p, --proxy',
      '-h, --help',
      '-V, --version',
    ]);
  });
});

describe('head-to-head figures', () => {
  it('keeps the spec’s scores, context windows and free tier', () => {
    expect(Object.fromEntries(scores.map((s) => [s.key, [s.claudeCode, s.geminiCLI]]))).toEqual({
      speed: [7.2, 8.5],
      quality: [9.1, 7.8],
      errorHandling: [8.8, 7.5],
      contextUnderstanding: [7.9, 9.2],
      multilingual: [8.5, 8.9],
    });
    expect(contextWindow).toEqual({ claudeCode: 200_000, geminiCLI: 1_000_000 });
    expect(geminiFreeTier).toEqual({ perMinute: 60, perDay: 1000 });
  });

  it.each(langs)('renders them in the %s table with the right winners', (lang) => {
    const c = headToHead[lang];
    const row = (key: string) => c.table.rows.find((r) => r.key === key)!;
    expect(row('speed')).toMatchObject({ claudeCode: '7.2 / 10', geminiCLI: '8.5 / 10', winner: 'gemini' });
    expect(row('quality')).toMatchObject({ claudeCode: '9.1 / 10', geminiCLI: '7.8 / 10', winner: 'claude' });
    expect(row('errorHandling')).toMatchObject({ claudeCode: '8.8 / 10', geminiCLI: '7.5 / 10', winner: 'claude' });
    expect(row('contextUnderstanding')).toMatchObject({ claudeCode: '7.9 / 10', geminiCLI: '9.2 / 10', winner: 'gemini' });
    expect(row('multilingual')).toMatchObject({ claudeCode: '8.5 / 10', geminiCLI: '8.9 / 10', winner: 'gemini' });
    expect(row('contextWindow').claudeCode).toContain('200,000');
    expect(row('contextWindow').geminiCLI).toContain('1,000,000');
    expect(row('freeTier').geminiCLI).toMatch(/60.*1,000/);
    for (const r of c.table.rows) expect(['claude', 'gemini']).toContain(r.winner);
  });

  it.each(langs)('has three pricing cards, two hybrid steps, six FAQ and links to both tool pages (%s)', (lang) => {
    const c = headToHead[lang];
    expect(c.pricing.tiers.map((t) => t.key)).toEqual(['individual', 'team', 'enterprise']);
    const [individual, team, enterprise] = c.pricing.tiers;
    expect(individual).toMatchObject({ geminiCLI: '$0' });
    expect(individual!.claudeCode).toContain('$20-50');
    expect(team!.claudeCode).toContain('$100-250');
    expect(team!.geminiCLI).toBe('$0-50');
    expect(enterprise!.claudeCode.length && enterprise!.geminiCLI.length).toBeTruthy();
    expect(c.hybrid.steps).toHaveLength(2);
    expect(c.faq.items).toHaveLength(6);
    expect(c.tools.cards.map((t) => t.slug)).toEqual(['claude-code', 'gemini-cli']);
    expect(c.closing.links.map((l) => l.href)).toEqual(expect.arrayContaining(['/leaderboard/claude-code', '/leaderboard/gemini-cli']));
  });

  it('prices enterprise as custom vs API pricing in English', () => {
    expect(enHeadToHead.pricing.tiers.map((t) => [t.claudeCode, t.geminiCLI])).toEqual([
      ['$20-50/month', '$0'],
      ['$100-250/month', '$0-50'],
      ['Custom', 'API pricing'],
    ]);
  });
});

describe('all content', () => {
  it('has no empty strings, no leftover i18n keys, Chinese in Chinese pages, and only links to real pages', async () => {
    const tools = await Promise.all(toolSlugs.flatMap((slug) => langs.map(async (lang) => [lang, await tool(slug, lang)] as const)));
    const pages = [...langs.flatMap((lang) => [home, pricing, leaderboard, headToHead].map((p) => [lang, p[lang]] as const)), ...tools];
    for (const [lang, page] of pages) {
      const all = strings(page);
      for (const s of all) {
        expect(s.trim().length, 'empty string').toBeGreaterThan(0);
        expect(looksLikeKey(s) && !s.startsWith('/') && !s.includes('@'), `looks like a key: ${s}`).toBe(false);
      }
      if (lang === 'zh') expect(all.filter((s) => CJK.test(s)).length / all.length).toBeGreaterThan(0.4);
      for (const path of internalHrefs(page)) expectRealPage(path);
    }
  });
});
