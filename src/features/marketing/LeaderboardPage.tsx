import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';

import { CommandBox } from './components/CommandBox';
import { Icon } from './components/icons';
import { ComparisonTable } from './components/leaderboard/ComparisonTable';
import { Section, SectionHeader } from './components/Section';
import { SmartLink } from './components/SmartLink';
import { leaderboardContent } from './content/loaders';
import { toolFacts } from './content/shared/tools';
import type { LeaderboardContent } from './content/types';
import { useContent } from './content/useContent';

/** /leaderboard: stats, the comparison table with CSV download, deep dives, Tern's quick start and six competitors. */
export default function LeaderboardPage() {
  const { t } = useTranslation('marketing');
  const { hero, table, deepDive, quickStart, competitors, headToHead } = useContent('leaderboard', leaderboardContent);

  return (
    <>
      <section aria-labelledby="leaderboard-title" className="relative overflow-hidden">
        <div className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top,color-mix(in_oklab,var(--color-primary)_18%,transparent),transparent_60%)]" />
        <div className="relative mx-auto max-w-4xl px-4 pb-8 pt-12 text-center sm:pt-16">
          <span className="badge badge-outline badge-primary gap-1">
            <Icon name="trophy" size={14} />
            {hero.badge}
          </span>
          <h1 id="leaderboard-title" className="mt-5 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">
            {hero.title}
          </h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-base-content/70">{hero.subtitle}</p>
          <dl
            className="mx-auto mt-10 grid max-w-2xl grid-cols-3 divide-x divide-base-300 rounded-box border border-base-300 bg-base-200/60"
            aria-label={t('leaderboard.statsLabel')}
            data-testid="hero-stats"
          >
            {hero.stats.map((s) => (
              <div key={s.label} className="flex flex-col-reverse px-2 py-5 sm:px-4">
                <dt className="mt-1 text-xs text-base-content/65 sm:text-sm">{s.label}</dt>
                <dd className="text-2xl font-extrabold text-primary sm:text-4xl">{s.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <Section labelledBy="comparison-title">
        <SectionHeader id="comparison-title" title={table.title} subtitle={table.subtitle} />
        <ComparisonTable rows={table.rows} />
      </Section>

      <Section tinted labelledBy="deep-dive-title">
        <SectionHeader id="deep-dive-title" title={deepDive.title} subtitle={deepDive.subtitle} />
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
          {deepDive.cards.map((card) => {
            const facts = toolFacts[card.slug];
            return (
              <article key={card.slug} className="card border border-base-300 bg-base-100" data-testid="deep-dive-card">
                <div className="card-body">
                  <p className="grow-0 text-xs font-semibold uppercase tracking-wide text-base-content/65">
                    {t('leaderboard.by', { vendor: facts.vendor })}
                  </p>
                  <h3 className="card-title text-xl">
                    <Link href={`/leaderboard/${card.slug}`} className="link link-hover">
                      {facts.name}
                    </Link>
                  </h3>
                  <p className="grow-0 text-sm text-base-content/75">{card.summary}</p>
                  <ul className="mt-2 space-y-2 text-sm">
                    {card.strengths.map((s) => (
                      <li key={s} className="flex gap-2">
                        <span className="mt-0.5 text-success">
                          <Icon name="check" size={16} />
                        </span>
                        {s}
                      </li>
                    ))}
                  </ul>
                  <div className="card-actions mt-auto pt-4">
                    <SmartLink href={facts.repository} className="btn btn-sm btn-outline gap-1">
                      {t('ui.repository')}
                    </SmartLink>
                    <SmartLink href={facts.docs} className="btn btn-sm btn-ghost gap-1">
                      {t('ui.docs')}
                    </SmartLink>
                  </div>
                </div>
              </article>
            );
          })}

          <TernQuickStartCard quickStart={quickStart} />
        </div>
      </Section>

      <Section labelledBy="competitors-title">
        <SectionHeader id="competitors-title" title={competitors.title} subtitle={competitors.subtitle} />
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3" data-testid="competitor-cards">
          {competitors.cards.map((card) => {
            const facts = toolFacts[card.slug];
            return (
              <li
                key={card.slug}
                className="card group relative border border-base-300 bg-base-200/40 transition hover:-translate-y-0.5 hover:border-primary/60 hover:shadow-lg"
              >
                <div className="card-body gap-2">
                  <p className="grow-0 text-xs font-semibold uppercase tracking-wide text-base-content/65">
                    {t('leaderboard.by', { vendor: facts.vendor })}
                  </p>
                  <h3 className="card-title">
                    <Link
                      href={`/leaderboard/${card.slug}`}
                      className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none"
                      aria-label={t('leaderboard.viewDetails', { name: facts.name })}
                    >
                      {facts.name}
                    </Link>
                  </h3>
                  <p className="grow-0 text-sm text-base-content/75">{card.tagline}</p>
                  <p className="grow-0 mt-2 text-xs text-base-content/70">
                    <span className="font-semibold text-base-content/80">{t('leaderboard.bestFor')}</span> {card.bestFor}
                  </p>
                  <span className="mt-3 inline-flex items-center gap-1 text-sm font-medium text-primary group-focus-within:underline group-hover:underline">
                    {t('ui.readGuide')}
                    <Icon name="arrowRight" size={16} />
                  </span>
                </div>
              </li>
            );
          })}
        </ul>
      </Section>

      <section aria-labelledby="h2h-title" className="px-4 pb-20">
        <div className="mx-auto flex max-w-5xl flex-col items-start gap-4 rounded-box border border-primary/30 bg-gradient-to-r from-primary/15 via-base-200 to-secondary/10 p-8 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h2 id="h2h-title" className="text-2xl font-bold">
              {headToHead.title}
            </h2>
            <p className="mt-1 text-base-content/70">{headToHead.description}</p>
          </div>
          <Link href="/leaderboard/claude-code-vs-gemini-cli" className="btn btn-primary shrink-0">
            {headToHead.link}
            <Icon name="arrowRight" size={16} />
          </Link>
        </div>
      </section>
    </>
  );
}

/** Tern's own card beside the deep dives: the install command and its first steps. */
function TernQuickStartCard({ quickStart }: { quickStart: LeaderboardContent['quickStart'] }) {
  const { t } = useTranslation('marketing');
  return (
    <article
      className="card relative border-2 border-primary bg-gradient-to-b from-primary/10 to-base-100 shadow-xl shadow-primary/10"
      data-testid="tern-quick-start"
    >
      <div className="card-body">
        <span className="badge badge-primary gap-1 self-start">
          <Icon name="star" size={14} />
          {quickStart.badge}
        </span>
        <h3 className="card-title text-xl">{quickStart.title}</h3>
        <p className="grow-0 text-sm text-base-content/75">{quickStart.description}</p>
        <ol className="mt-1 list-inside list-decimal space-y-1 text-sm">
          {quickStart.steps.map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ol>
        <CommandBox commands={[quickStart.command]} className="mt-2" />
        <div className="card-actions mt-auto items-center pt-4">
          <Link href="/install" className="btn btn-sm btn-primary">
            {t('leaderboard.installTern')}
          </Link>
          <button type="button" className="btn btn-sm" disabled aria-describedby="tern-repo-note">
            {t('ui.repository')}
          </button>
        </div>
        <p id="tern-repo-note" className="grow-0 text-xs text-base-content/70">
          {quickStart.repositoryNote}
        </p>
      </div>
    </article>
  );
}
