import { useTranslation } from 'react-i18next';

import { PlanCards } from '../billing/PlanCards';
import { Icon } from './components/icons';
import { LazyFaq } from './components/LazyFaq';
import { Section } from './components/Section';
import { pricingContent } from './content/loaders';
import type { PricingContent } from './content/types';
import { useContent } from './content/useContent';

/** The older pricing text, beside the live plans and marked as the earlier list: muted, with no buy buttons. */
function EarlierPlans({ content }: { content: PricingContent['earlierPlans'] }) {
  return (
    <section aria-labelledby="earlier-plans-title" className="mx-auto max-w-6xl px-4 pb-8" data-testid="earlier-plans">
      <div className="rounded-box border border-dashed border-base-300 bg-base-200/40 p-5 sm:p-6">
        <h2 id="earlier-plans-title" className="flex items-center gap-2 text-lg font-semibold">
          <span className="text-base-content/60">
            <Icon name="history" size={18} />
          </span>
          {content.title}
        </h2>
        <p className="mt-1 text-sm text-base-content/70">{content.note}</p>
        <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {content.plans.map((plan) => (
            <li key={plan.key} data-plan={plan.key} className="rounded-field border border-base-300 bg-base-100 px-4 py-3">
              <span className="block text-sm text-base-content/70">{plan.name}</span>
              <span className="block text-lg font-semibold tabular-nums">{plan.price}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** /pricing: hero, shared-limits note, the live plan cards, credit and model notices, and four FAQ items. */
export default function PricingPage() {
  const { t } = useTranslation('marketing');
  const { hero, sharedLimitsNote, creditNotice, modelNotice, earlierPlans, faq } = useContent('pricing', pricingContent);

  return (
    <>
      <section aria-labelledby="pricing-hero-title" className="relative overflow-hidden">
        <div className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top,color-mix(in_oklab,var(--color-primary)_18%,transparent),transparent_60%)]" />
        <div className="relative mx-auto max-w-3xl px-4 pb-10 pt-12 text-center sm:pt-16">
          <span className="badge badge-outline badge-primary">{hero.badge}</span>
          <h1 id="pricing-hero-title" className="mt-5 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">
            {hero.title}
          </h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-base-content/70">{hero.subtitle}</p>
          <p
            role="note"
            className="mx-auto mt-6 inline-flex max-w-2xl items-start gap-2 rounded-box border border-info/30 bg-info/10 px-4 py-3 text-left text-sm"
            data-testid="shared-limits-note"
          >
            <span className="mt-0.5 text-info">
              <Icon name="info" size={18} />
            </span>
            <span>{sharedLimitsNote}</span>
          </p>
        </div>
      </section>

      <section aria-labelledby="pricing-plans-title" className="mx-auto max-w-6xl px-4 pb-8">
        {/* The plan cards' titles are h3s, as in the home page's pricing section: this h2 keeps the outline in order. */}
        <h2 id="pricing-plans-title" className="sr-only">
          {t('pricing.plansTitle')}
        </h2>
        <PlanCards />
      </section>

      <EarlierPlans content={earlierPlans} />

      <Section className="grid gap-5 md:grid-cols-2">
        <article className="card border border-base-300 bg-base-200/50" data-testid="credit-notice">
          <div className="card-body">
            <h2 className="card-title">
              <span className="text-primary">
                <Icon name="gauge" />
              </span>
              {creditNotice.title}
            </h2>
            <p className="grow-0 text-base-content/75">{creditNotice.body}</p>
          </div>
        </article>
        <article className="card border border-base-300 bg-base-200/50" data-testid="model-notice">
          <div className="card-body">
            <h2 className="card-title">
              <span className="text-primary">
                <Icon name="layers" />
              </span>
              {modelNotice.title}
            </h2>
            <p className="grow-0 text-base-content/75">{modelNotice.body}</p>
            <ul className="mt-2 flex flex-wrap gap-2" aria-label={t('pricing.modelsLabel')}>
              {modelNotice.models.map((m) => (
                <li key={m} className="badge badge-outline">
                  {m}
                </li>
              ))}
            </ul>
          </div>
        </article>
      </Section>

      <Section tinted labelledBy="pricing-faq-title">
        <LazyFaq faq={faq} idPrefix="pricing" />
      </Section>
    </>
  );
}
