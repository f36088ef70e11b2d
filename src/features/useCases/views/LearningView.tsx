import { useTranslation } from 'react-i18next';

import { ClosingCta } from '../components/ClosingCta';
import { CheckList, FeatureCard } from '../components/FeatureCard';
import { Hero } from '../components/Hero';
import { Section } from '../components/Section';
import { TypewriterTerminal } from '../components/TypewriterTerminal';
import type { LearningContent } from '../content/types';
import { Icon } from '../icons';

export function LearningView({ content }: { content: LearningContent }) {
  const { t } = useTranslation('docs');
  return (
    <>
      <Hero hero={content.hero} />
      <section aria-labelledby="demo-title" className="px-4 pb-6">
        <h2 id="demo-title" className="sr-only">
          {content.demo.title}
        </h2>
        <TypewriterTerminal prompt={content.demo.prompt} texts={content.demo.texts} />
        <p className="mx-auto mt-3 max-w-3xl text-center text-sm text-base-content/60">{content.demo.subtitle}</p>
      </section>

      <Section id="features" heading={content.features}>
        <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {content.features.items.map((f) => (
            <FeatureCard key={f.title} icon={f.icon} title={f.title} description={f.description} />
          ))}
        </div>
      </Section>

      <Section id="paths" heading={content.paths} tinted>
        <ol className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {content.paths.items.map((path) => (
            <li key={path.level} className="card border border-base-300 bg-base-100">
              <div className="card-body gap-3 p-6">
                <div className="flex items-center gap-3">
                  <span
                    className="flex size-10 items-center justify-center rounded-full bg-primary text-lg font-bold text-primary-content"
                    aria-hidden="true"
                  >
                    {path.level}
                  </span>
                  <span className="text-xs font-semibold uppercase tracking-wider text-base-content/60">
                    {t('useCases.level', { level: path.level })}
                  </span>
                </div>
                <h3 className="card-title text-lg">{path.title}</h3>
                <p className="text-sm text-base-content/70">{path.description}</p>
                <CheckList items={path.topics} label={t('useCases.topics')} />
              </div>
            </li>
          ))}
        </ol>
      </Section>

      <Section id="stories" heading={content.stories}>
        <div className="grid gap-6 md:grid-cols-2">
          {content.stories.items.map((story) => (
            <article key={story.audience} className="card border border-base-300 bg-base-100">
              <div className="card-body gap-4 p-6 sm:p-8">
                <div className="flex items-center gap-3">
                  <span className="flex size-11 items-center justify-center rounded-field bg-secondary/15 text-secondary">
                    <Icon name={story.audience === 'students' ? 'graduation' : 'code'} />
                  </span>
                  <h3 className="card-title text-lg">{story.title}</h3>
                </div>
                <blockquote className="border-l-4 border-primary/60 pl-4 text-base-content/85">
                  <p className="leading-relaxed">{story.quote}</p>
                  <footer className="mt-3 text-sm text-base-content/60">{story.author}</footer>
                </blockquote>
                <CheckList items={story.highlights} />
              </div>
            </article>
          ))}
        </div>
      </Section>

      <ClosingCta closing={content.closing} />
    </>
  );
}
