import type { HeadToHeadContent } from '../../content/types';
import { Section, SectionHeader } from '../Section';
import { toolNames } from './toolNames';

/** Both tools' prices per tier (individual, team, enterprise). */
export function PricingTiersSection({ pricing }: { pricing: HeadToHeadContent['pricing'] }) {
  return (
    <Section tinted labelledBy="h2h-pricing-title">
      <SectionHeader id="h2h-pricing-title" title={pricing.title} subtitle={pricing.subtitle} />
      <ul className="grid gap-5 md:grid-cols-3" data-testid="h2h-pricing">
        {pricing.tiers.map((tier) => (
          <li key={tier.key} className="card border border-base-300 bg-base-100" data-tier={tier.key}>
            <div className="card-body">
              <h3 className="card-title">{tier.title}</h3>
              <dl className="mt-2 space-y-3">
                <div className="flex items-baseline justify-between gap-3 border-b border-base-300 pb-2">
                  <dt className="text-sm text-base-content/70">{toolNames.claude}</dt>
                  <dd className="text-lg font-bold text-primary">{tier.claudeCode}</dd>
                </div>
                <div className="flex items-baseline justify-between gap-3">
                  <dt className="text-sm text-base-content/70">{toolNames.gemini}</dt>
                  <dd className="text-lg font-bold text-secondary">{tier.geminiCLI}</dd>
                </div>
              </dl>
              <p className="mt-3 grow-0 text-xs text-base-content/70">{tier.note}</p>
            </div>
          </li>
        ))}
      </ul>
    </Section>
  );
}
