import { useTranslation } from 'react-i18next';

import { ClosingCta } from '../components/ClosingCta';
import { DemoTerminal } from '../components/DemoTerminal';
import { CheckList, FeatureCard } from '../components/FeatureCard';
import { Hero } from '../components/Hero';
import { Section } from '../components/Section';
import { StepList } from '../components/StepList';
import type { FullStackContent } from '../content/types';

export function FullStackView({ content }: { content: FullStackContent }) {
  const { t } = useTranslation('docs');
  return (
    <>
      <Hero hero={content.hero} />

      <Section id="stack" heading={content.stack}>
        <div className="grid gap-5 md:grid-cols-3">
          {content.stack.cards.map((card) => (
            <FeatureCard key={card.key} icon={card.icon} title={card.title} description={card.description}>
              <CheckList items={card.items} />
            </FeatureCard>
          ))}
        </div>
      </Section>

      <Section id="demo" heading={content.demo} tinted>
        <DemoTerminal lines={content.demo.lines} disclaimer={content.demo.disclaimer} />
      </Section>

      <Section id="apps" heading={content.apps}>
        <div className="grid gap-6 md:grid-cols-2">
          {content.apps.items.map((app) => (
            <article key={app.key} className="card border border-base-300 bg-base-100">
              <div className="card-body gap-4 p-6 sm:p-8">
                <h3 className="card-title text-xl">{app.title}</h3>
                <p className="text-base-content/70">{app.description}</p>
                <div>
                  <h4 className="mb-2 text-xs font-semibold uppercase tracking-wider text-base-content/60">{t('useCases.features')}</h4>
                  <CheckList items={app.features} />
                </div>
                <div>
                  <h4 className="mb-2 text-xs font-semibold uppercase tracking-wider text-base-content/60">{t('useCases.stack')}</h4>
                  <ul className="flex flex-wrap gap-2">
                    {app.stack.map((tech) => (
                      <li key={tech} className="badge badge-soft badge-primary">
                        {tech}
                      </li>
                    ))}
                  </ul>
                </div>
              </div>
            </article>
          ))}
        </div>
      </Section>

      <Section id="workflow" heading={content.workflow} tinted>
        <StepList steps={content.workflow.steps} columns="lg:grid-cols-3" />
      </Section>

      <ClosingCta closing={content.closing} />
    </>
  );
}
