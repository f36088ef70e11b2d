import { useTranslation } from 'react-i18next';

import { ClosingCta } from '../components/ClosingCta';
import { CheckList, FeatureCard } from '../components/FeatureCard';
import { Hero } from '../components/Hero';
import { Section } from '../components/Section';
import type { EnterpriseContent } from '../content/types';
import { Icon } from '../icons';

export function EnterpriseView({ content }: { content: EnterpriseContent }) {
  const { t } = useTranslation('docs');
  return (
    <>
      <Hero hero={content.hero} />

      <Section id="metrics" heading={content.metrics}>
        <ul className="grid grid-cols-2 gap-4 lg:grid-cols-4">
          {content.metrics.items.map((m) => (
            <li key={m.title} className="rounded-box border border-base-300 bg-base-100 p-5 text-center sm:p-6">
              <p className="text-sm font-medium text-base-content/70">{m.title}</p>
              <p className="mt-2 text-3xl font-extrabold tracking-tight text-primary sm:text-4xl">
                {m.value}
                <span className="text-2xl sm:text-3xl">{m.suffix}</span>
              </p>
              <p className="mt-2 text-xs leading-relaxed text-base-content/65 sm:text-sm">{m.description}</p>
            </li>
          ))}
        </ul>
        <p className="mt-4 text-center text-xs text-base-content/55">{content.metrics.note}</p>
      </Section>

      <Section id="features" heading={content.features} tinted>
        <div className="grid gap-5 md:grid-cols-3">
          {content.features.groups.map((g) => (
            <FeatureCard key={g.key} icon={g.icon} title={g.title} description={g.description}>
              <CheckList items={g.items} />
            </FeatureCard>
          ))}
        </div>
      </Section>

      <Section id="deployment" heading={content.deployment}>
        <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {content.deployment.modes.map((mode) => (
            <article key={mode.key} className="card border border-base-300 bg-base-100">
              <div className="card-body gap-3 p-6">
                <span className="flex size-11 items-center justify-center rounded-field bg-secondary/15 text-secondary">
                  <Icon name={mode.icon} />
                </span>
                <h3 className="card-title text-lg">{mode.title}</h3>
                <p className="text-sm leading-relaxed text-base-content/70">{mode.description}</p>
                <p className="mt-auto text-sm">
                  <span className="font-semibold">{t('useCases.bestFor')}</span>
                  <span className="text-base-content/70">
                    {' · '}
                    {mode.bestFor}
                  </span>
                </p>
              </div>
            </article>
          ))}
        </div>
      </Section>

      <ClosingCta closing={content.closing} />
    </>
  );
}
