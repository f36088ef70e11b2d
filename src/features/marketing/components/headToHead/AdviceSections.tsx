import { useTranslation } from 'react-i18next';

import type { HeadToHeadContent } from '../../content/types';
import { CommandBox } from '../CommandBox';
import { Icon } from '../icons';
import { Section, SectionHeader } from '../Section';

/** When to pick which: one list per tool. */
export function RecommendationsSection({ recommendations }: { recommendations: HeadToHeadContent['recommendations'] }) {
  return (
    <Section labelledBy="reco-title">
      <SectionHeader id="reco-title" title={recommendations.title} subtitle={recommendations.subtitle} />
      <div className="grid gap-6 md:grid-cols-2">
        {(['claude', 'gemini'] as const).map((key) => {
          const block = recommendations[key];
          return (
            <article
              key={key}
              className={`rounded-box border-l-4 bg-base-200/50 p-6 ${key === 'claude' ? 'border-primary' : 'border-secondary'}`}
            >
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
  );
}

/** Using both: numbered steps, each with its command. */
export function HybridSection({ hybrid }: { hybrid: HeadToHeadContent['hybrid'] }) {
  const { t } = useTranslation('marketing');
  return (
    <Section tinted labelledBy="hybrid-title">
      <SectionHeader id="hybrid-title" title={hybrid.title} subtitle={hybrid.subtitle} />
      <ol className="grid grid-cols-1 gap-6 md:grid-cols-2" data-testid="hybrid-steps">
        {hybrid.steps.map((step, i) => (
          <li key={step.title} className="min-w-0 rounded-box border border-base-300 bg-base-100 p-6">
            <p className="text-xs font-semibold uppercase tracking-wider text-primary">{t('headToHead.step', { n: i + 1 })}</p>
            <h3 className="mt-1 text-lg font-semibold">{step.title}</h3>
            <p className="mt-1 text-sm text-base-content/70">{step.description}</p>
            <CommandBox commands={[step.command]} className="mt-4" />
          </li>
        ))}
      </ol>
    </Section>
  );
}
