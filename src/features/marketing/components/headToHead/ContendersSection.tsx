import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';

import { toolFacts } from '../../content/shared/tools';
import type { HeadToHeadContent } from '../../content/types';
import { Icon } from '../icons';
import { Section, SectionHeader } from '../Section';

/** The two tools side by side ("vs" between them on wide screens), each linking to its own page. */
export function ContendersSection({ tools }: { tools: HeadToHeadContent['tools'] }) {
  const { t } = useTranslation('marketing');
  return (
    <Section labelledBy="contenders-title" className="!pt-6">
      <SectionHeader id="contenders-title" title={tools.title} subtitle={tools.subtitle} />
      <div className="relative grid gap-6 md:grid-cols-2" data-testid="h2h-tool-cards">
        {tools.cards.map((card, i) => {
          const facts = toolFacts[card.slug];
          return (
            <article key={card.slug} className={`card border-2 bg-base-200/40 ${i === 0 ? 'border-primary/40' : 'border-secondary/40'}`}>
              <div className="card-body">
                <p className="grow-0 text-xs font-semibold uppercase tracking-wide text-base-content/65">
                  {t('leaderboard.by', { vendor: facts.vendor })}
                </p>
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
        <span
          className="absolute left-1/2 top-1/2 hidden -translate-x-1/2 -translate-y-1/2 place-items-center rounded-full border border-base-300 bg-base-100 px-3 py-2 text-sm font-bold uppercase text-base-content/70 shadow md:grid"
          aria-hidden="true"
        >
          {t('ui.vs')}
        </span>
      </div>
    </Section>
  );
}
