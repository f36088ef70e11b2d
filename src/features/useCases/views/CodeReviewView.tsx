import { useTranslation } from 'react-i18next';

import { ClosingCta } from '../components/ClosingCta';
import { CheckList, FeatureCard } from '../components/FeatureCard';
import { Hero } from '../components/Hero';
import { Section } from '../components/Section';
import { StepList } from '../components/StepList';
import type { CodeReviewContent } from '../content/types';

export function CodeReviewView({ content }: { content: CodeReviewContent }) {
  const { t } = useTranslation('docs');
  return (
    <>
      <Hero hero={content.hero} />

      <section aria-labelledby="claim-title" className="px-4">
        <div className="mx-auto flex max-w-3xl flex-col items-center gap-2 rounded-box border border-success/40 bg-success/10 px-6 py-7 text-center sm:flex-row sm:gap-6 sm:text-left">
          <p className="text-5xl font-extrabold tracking-tight text-success" aria-hidden="true">
            {content.claim.value}
          </p>
          <div>
            <h2 id="claim-title" className="text-xl font-bold">
              {content.claim.label}
            </h2>
            <p className="mt-1 text-sm text-base-content/70">{content.claim.note}</p>
          </div>
        </div>
      </section>

      <Section id="analysis" heading={content.analysis}>
        <div className="grid gap-5 md:grid-cols-3">
          {content.analysis.cards.map((card) => (
            <FeatureCard key={card.key} icon={card.icon} title={card.title} description={card.description}>
              <CheckList items={card.checks} label={t('useCases.checks')} />
            </FeatureCard>
          ))}
        </div>
      </Section>

      <Section id="process" heading={content.process} tinted>
        <StepList steps={content.process.steps} columns="lg:grid-cols-4" />
      </Section>

      <Section id="benefits" heading={content.benefits}>
        <div className="grid gap-6 md:grid-cols-2">
          {content.benefits.items.map((b) => (
            <FeatureCard key={b.key} icon={b.icon} title={b.title} description={b.description}>
              <CheckList items={b.points} />
            </FeatureCard>
          ))}
        </div>
      </Section>

      <ClosingCta closing={content.closing} />
    </>
  );
}
