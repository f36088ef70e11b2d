import { useTranslation } from 'react-i18next';

import type { ToolFacts } from '../../content/shared/tools';
import type { ToolContent } from '../../content/types';
import { Icon } from '../icons';
import { SmartLink } from '../SmartLink';

/** The tool page's opening: badge, title, description, and links to the tool's repository and docs. */
export function ToolHero({ hero, facts }: { hero: ToolContent['hero']; facts: ToolFacts }) {
  const { t } = useTranslation('marketing');
  return (
    <section aria-labelledby="tool-title" className="relative overflow-hidden">
      <div className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top_left,color-mix(in_oklab,var(--color-primary)_18%,transparent),transparent_60%)]" />
      <div className="relative mx-auto max-w-6xl px-4 pb-12 pt-10 sm:pt-14">
        <span className="badge badge-outline badge-primary">{hero.badge}</span>
        <h1 id="tool-title" className="mt-4 max-w-3xl text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">
          {hero.title}
        </h1>
        <p className="mt-4 max-w-3xl text-lg text-base-content/70">{hero.description}</p>
        <div className="mt-7 flex flex-wrap gap-3" data-testid="tool-links">
          <SmartLink href={facts.repository} className="btn btn-primary gap-2">
            <Icon name="gitBranch" size={18} />
            {t('ui.repository')}
          </SmartLink>
          <SmartLink href={facts.docs} className="btn btn-outline gap-2">
            <Icon name="book" size={18} />
            {t('ui.docs')}
          </SmartLink>
        </div>
      </div>
    </section>
  );
}
