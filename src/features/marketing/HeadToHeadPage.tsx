import { HybridSection, RecommendationsSection } from './components/headToHead/AdviceSections';
import { ClosingLinksSection } from './components/headToHead/ClosingLinksSection';
import { ContendersSection } from './components/headToHead/ContendersSection';
import { FeatureTableSection } from './components/headToHead/FeatureTableSection';
import { PricingTiersSection } from './components/headToHead/PricingTiersSection';
import { ScoresSection } from './components/headToHead/ScoresSection';
import { LazyFaq } from './components/LazyFaq';
import { Section } from './components/Section';
import { headToHeadContent } from './content/loaders';
import type { HeadToHeadContent } from './content/types';
import { useContent } from './content/useContent';

function HeadToHeadHero({ hero }: { hero: HeadToHeadContent['hero'] }) {
  return (
    <section aria-labelledby="h2h-hero-title" className="relative overflow-hidden">
      <div className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top,color-mix(in_oklab,var(--color-secondary)_16%,transparent),transparent_60%)]" />
      <div className="relative mx-auto max-w-4xl px-4 pb-8 pt-12 text-center sm:pt-16">
        <span className="badge badge-outline badge-secondary">{hero.badge}</span>
        <h1 id="h2h-hero-title" className="mt-5 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">
          {hero.title}
        </h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-base-content/70">{hero.subtitle}</p>
      </div>
    </section>
  );
}

/**
 * /leaderboard/claude-code-vs-gemini-cli: cards, feature table with winners, scores, pricing, advice, hybrid steps,
 * FAQ. The sections live in components/headToHead/.
 */
export default function HeadToHeadPage() {
  const c = useContent('headToHead', headToHeadContent);

  return (
    <>
      <HeadToHeadHero hero={c.hero} />
      <ContendersSection tools={c.tools} />
      <FeatureTableSection table={c.table} />
      <ScoresSection scores={c.scores} />
      <PricingTiersSection pricing={c.pricing} />
      <RecommendationsSection recommendations={c.recommendations} />
      <HybridSection hybrid={c.hybrid} />
      <Section labelledBy="h2h-faq-title">
        <LazyFaq faq={c.faq} idPrefix="h2h" />
      </Section>
      <ClosingLinksSection closing={c.closing} />
    </>
  );
}
