import { useTranslation } from 'react-i18next';

import type { FaqSection } from '../content/types';
import { visibleFaqItems } from '../lib/faq';
import { RichHtml } from './RichHtml';
import { SectionHeader } from './Section';

interface FaqProps {
  faq: FaqSection;
  /** Prefix of element ids, unique per page. */
  idPrefix: string;
  /** The first item starts open. */
  openFirst?: boolean;
}

/**
 * The one FAQ block of the marketing pages: collapsible items (native details/summary, so keyboard and screen
 * readers work without script), empty or untranslated items dropped, answers sanitised.
 */
export function Faq({ faq, idPrefix, openFirst = false }: FaqProps) {
  const { t } = useTranslation('marketing');
  const items = visibleFaqItems(faq.items);
  if (items.length === 0) return null;
  return (
    <div className="mx-auto max-w-3xl">
      <SectionHeader id={`${idPrefix}-faq-title`} title={faq.title || t('faq.title')} subtitle={faq.subtitle} />
      <div className="space-y-3" data-testid="faq">
        {items.map((item, index) => (
          <details
            key={item.id}
            id={`${idPrefix}-faq-${item.id}`}
            data-testid="faq-item"
            data-faq-id={item.id}
            open={openFirst && index === 0}
            className="collapse collapse-arrow rounded-box border border-base-300 bg-base-200/50 open:border-primary/40"
          >
            <summary className="collapse-title min-h-0 cursor-pointer py-4 pr-12 font-semibold focus-visible:outline-2 focus-visible:outline-primary">
              {item.question}
            </summary>
            <div className="collapse-content text-base-content/80">
              <RichHtml html={item.answer} className="pb-1 leading-relaxed" />
            </div>
          </details>
        ))}
      </div>
    </div>
  );
}
