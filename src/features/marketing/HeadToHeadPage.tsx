import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';

import { CommandBox } from './components/CommandBox';
import { LazyFaq } from './components/LazyFaq';
import { Icon } from './components/icons';
import { Section, SectionHeader } from './components/Section';
import { SmartLink } from './components/SmartLink';
import { headToHeadContent } from './content/loaders';
import { scores } from './content/shared/headToHead';
import { toolFacts } from './content/shared/tools';
import type { Winner } from './content/types';
import { useContent } from './content/useContent';

const names: Record<Winner, string> = { claude: toolFacts['claude-code'].name, gemini: toolFacts['gemini-cli'].name };

function ScoreBar({ tool, value, leading, tone }: { tool: string; value: number; leading: boolean; tone: 'primary' | 'secondary' }) {
  const { t } = useTranslation('marketing');
  return (
    <div className="flex items-center gap-3">
      <span className="w-28 shrink-0 truncate text-xs text-base-content/70 sm:w-32">{tool}</span>
      <div
        className="h-2.5 flex-1 overflow-hidden rounded-full bg-base-300"
        role="meter"
        aria-valuemin={0}
        aria-valuemax={10}
        aria-valuenow={value}
        aria-label={t('headToHead.scoreLabel', { tool, value })}
      >
        <div className={`h-full rounded-full ${tone === 'primary' ? 'bg-primary' : 'bg-secondary'} ${leading ? '' : 'opacity-60'}`} style={{ width: `${value * 10}%` }} />
      </div>
      <span className={`w-10 text-right text-sm tabular-nums ${leading ? 'font-bold' : 'text-base-content/70'}`}>{value.toFixed(1)}</span>
    </div>
  );
}

/** /leaderboard/claude-code-vs-gemini-cli: cards, feature table with winners, scores, pricing, advice, hybrid steps, FAQ. */
export default function HeadToHeadPage() {
  const { t } = useTranslation('marketing');
  const c = useContent('headToHead', headToHeadContent);
  const claude = names.claude;
  const gemini = names.gemini;

  return (
    <>
      <section aria-labelledby="h2h-hero-title" className="relative overflow-hidden">
        <div className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top,color-mix(in_oklab,var(--color-secondary)_16%,transparent),transparent_60%)]" />
        <div className="relative mx-auto max-w-4xl px-4 pb-8 pt-12 text-center sm:pt-16">
          <span className="badge badge-outline badge-secondary">{c.hero.badge}</span>
          <h1 id="h2h-hero-title" className="mt-5 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">
            {c.hero.title}
          </h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-base-content/70">{c.hero.subtitle}</p>
        </div>
      </section>

      <Section labelledBy="contenders-title" className="!pt-6">
        <SectionHeader id="contenders-title" title={c.tools.title} subtitle={c.tools.subtitle} />
        <div className="relative grid gap-6 md:grid-cols-2" data-testid="h2h-tool-cards">
          {c.tools.cards.map((card, i) => {
            const facts = toolFacts[card.slug];
            return (
              <article key={card.slug} className={`card border-2 bg-base-200/40 ${i === 0 ? 'border-primary/40' : 'border-secondary/40'}`}>
                <div className="card-body">
                  <p className="grow-0 text-xs font-semibold uppercase tracking-wide text-base-content/65">{t('leaderboard.by', { vendor: facts.vendor })}</p>
                  <h3 className="card-title text-2xl">{facts.name}</h3>
                  <p className="grow-0 text-sm text-base-content/75">{card.summary}</p>
                  <ul className="mt-2 flex flex-wrap gap-2">
                    {card.highlights.map((h) => (
                      <li key={h} className={`badge badge-soft ${i === 0 ? 'badge-primary' : 'badge-secondary'}`}>
                        {h}
                      </li>
                    ))}
                  </ul>
                  <div className="card-actions mt-auto pt-4">
                    <Link href={`/leaderboard/${card.slug}`} className={`btn btn-sm ${i === 0 ? 'btn-primary' : 'btn-secondary'}`}>
                      {t('headToHead.viewTool', { name: facts.name })}
                      <Icon name="arrowRight" size={16} />
                    </Link>
                  </div>
                </div>
              </article>
            );
          })}
          <span className="absolute left-1/2 top-1/2 hidden -translate-x-1/2 -translate-y-1/2 place-items-center rounded-full border border-base-300 bg-base-100 px-3 py-2 text-sm font-bold uppercase text-base-content/70 shadow md:grid" aria-hidden="true">
            {t('ui.vs')}
          </span>
        </div>
      </Section>

      <Section tinted labelledBy="h2h-table-title">
        <SectionHeader id="h2h-table-title" title={c.table.title} subtitle={c.table.subtitle} />
        <div className="hidden overflow-x-auto rounded-box border border-base-300 bg-base-100 sm:block" tabIndex={0} role="region" aria-labelledby="h2h-table-title">
          <table className="table" data-testid="h2h-table" aria-labelledby="h2h-table-title">
            <thead className="bg-base-200 text-base-content">
              <tr>
                <th scope="col">{t('headToHead.feature')}</th>
                <th scope="col">{claude}</th>
                <th scope="col">{gemini}</th>
                <th scope="col">{t('headToHead.winner')}</th>
              </tr>
            </thead>
            <tbody>
              {c.table.rows.map((row) => (
                <tr key={row.key} data-row={row.key} data-winner={row.winner}>
                  <th scope="row" className="font-semibold">
                    {row.feature}
                  </th>
                  <td className={row.winner === 'claude' ? 'font-semibold text-primary' : 'text-base-content/75'}>{row.claudeCode}</td>
                  <td className={row.winner === 'gemini' ? 'font-semibold text-secondary' : 'text-base-content/75'}>{row.geminiCLI}</td>
                  <td>
                    <span className={`badge gap-1 whitespace-nowrap ${row.winner === 'claude' ? 'badge-primary' : 'badge-secondary'}`}>
                      <Icon name="trophy" size={12} />
                      {t('headToHead.wins', { name: names[row.winner] })}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {/* Phones: one card per row, the winner marked with a trophy and words. */}
        <ul className="space-y-3 sm:hidden" aria-label={c.table.title}>
          {c.table.rows.map((row) => (
            <li key={row.key} className="rounded-box border border-base-300 bg-base-100 p-4">
              <h3 className="font-semibold">{row.feature}</h3>
              <dl className="mt-2 space-y-1.5 text-sm">
                {(['claude', 'gemini'] as const).map((tool) => (
                  <div key={tool} className="flex items-start justify-between gap-3">
                    <dt className="text-base-content/70">{names[tool]}</dt>
                    <dd className={`text-right ${row.winner === tool ? `font-semibold ${tool === 'claude' ? 'text-primary' : 'text-secondary'}` : ''}`}>
                      {tool === 'claude' ? row.claudeCode : row.geminiCLI}
                    </dd>
                  </div>
                ))}
              </dl>
              <p className={`badge badge-sm mt-3 gap-1 ${row.winner === 'claude' ? 'badge-primary' : 'badge-secondary'}`}>
                <Icon name="trophy" size={12} />
                {t('headToHead.wins', { name: names[row.winner] })}
              </p>
            </li>
          ))}
        </ul>
      </Section>

      <Section labelledBy="scores-title">
        <SectionHeader id="scores-title" title={c.scores.title} subtitle={c.scores.subtitle} />
        <ul className="mx-auto grid max-w-4xl gap-5 md:grid-cols-2" data-testid="h2h-scores">
          {scores.map((s) => (
            <li key={s.key} className="rounded-box border border-base-300 bg-base-200/40 p-4" data-score={s.key}>
              <h3 className="mb-3 font-semibold">{c.scores.labels[s.key]}</h3>
              <div className="space-y-2">
                <ScoreBar tool={claude} value={s.claudeCode} leading={s.claudeCode >= s.geminiCLI} tone="primary" />
                <ScoreBar tool={gemini} value={s.geminiCLI} leading={s.geminiCLI >= s.claudeCode} tone="secondary" />
              </div>
            </li>
          ))}
        </ul>
        <p className="mx-auto mt-4 max-w-4xl text-xs text-base-content/70">{c.scores.note}</p>
      </Section>

      <Section tinted labelledBy="h2h-pricing-title">
        <SectionHeader id="h2h-pricing-title" title={c.pricing.title} subtitle={c.pricing.subtitle} />
        <ul className="grid gap-5 md:grid-cols-3" data-testid="h2h-pricing">
          {c.pricing.tiers.map((tier) => (
            <li key={tier.key} className="card border border-base-300 bg-base-100" data-tier={tier.key}>
              <div className="card-body">
                <h3 className="card-title">{tier.title}</h3>
                <dl className="mt-2 space-y-3">
                  <div className="flex items-baseline justify-between gap-3 border-b border-base-300 pb-2">
                    <dt className="text-sm text-base-content/70">{claude}</dt>
                    <dd className="text-lg font-bold text-primary">{tier.claudeCode}</dd>
                  </div>
                  <div className="flex items-baseline justify-between gap-3">
                    <dt className="text-sm text-base-content/70">{gemini}</dt>
                    <dd className="text-lg font-bold text-secondary">{tier.geminiCLI}</dd>
                  </div>
                </dl>
                <p className="mt-3 grow-0 text-xs text-base-content/70">{tier.note}</p>
              </div>
            </li>
          ))}
        </ul>
      </Section>

      <Section labelledBy="reco-title">
        <SectionHeader id="reco-title" title={c.recommendations.title} subtitle={c.recommendations.subtitle} />
        <div className="grid gap-6 md:grid-cols-2">
          {(['claude', 'gemini'] as const).map((key) => {
            const block = c.recommendations[key];
            return (
              <article key={key} className={`rounded-box border-l-4 bg-base-200/50 p-6 ${key === 'claude' ? 'border-primary' : 'border-secondary'}`}>
                <h3 className="text-lg font-semibold">{block.title}</h3>
                <ul className="mt-3 space-y-2">
                  {block.items.map((item) => (
                    <li key={item} className="flex gap-2 text-sm">
                      <span className={`mt-0.5 ${key === 'claude' ? 'text-primary' : 'text-secondary'}`}>
                        <Icon name="check" size={16} />
                      </span>
                      {item}
                    </li>
                  ))}
                </ul>
              </article>
            );
          })}
        </div>
      </Section>

      <Section tinted labelledBy="hybrid-title">
        <SectionHeader id="hybrid-title" title={c.hybrid.title} subtitle={c.hybrid.subtitle} />
        <ol className="grid grid-cols-1 gap-6 md:grid-cols-2" data-testid="hybrid-steps">
          {c.hybrid.steps.map((step, i) => (
            <li key={step.title} className="min-w-0 rounded-box border border-base-300 bg-base-100 p-6">
              <p className="text-xs font-semibold uppercase tracking-wider text-primary">{t('headToHead.step', { n: i + 1 })}</p>
              <h3 className="mt-1 text-lg font-semibold">{step.title}</h3>
              <p className="mt-1 text-sm text-base-content/70">{step.description}</p>
              <CommandBox commands={[step.command]} className="mt-4" />
            </li>
          ))}
        </ol>
      </Section>

      <Section labelledBy="h2h-faq-title">
        <LazyFaq faq={c.faq} idPrefix="h2h" />
      </Section>

      <Section tinted labelledBy="closing-title">
        <SectionHeader id="closing-title" title={c.closing.title} subtitle={c.closing.subtitle} />
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="closing-links">
          {c.closing.links.map((l) => (
            <li key={l.href}>
              <SmartLink href={l.href} className="flex h-full flex-col gap-1 rounded-box border border-base-300 bg-base-100 p-4 transition hover:border-primary/60 hover:shadow-md">
                <span className="flex items-center justify-between gap-2 font-semibold">
                  {l.label}
                  <Icon name="arrowRight" size={16} className="shrink-0 text-primary" />
                </span>
                {l.description && <span className="text-sm text-base-content/65">{l.description}</span>}
              </SmartLink>
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}
