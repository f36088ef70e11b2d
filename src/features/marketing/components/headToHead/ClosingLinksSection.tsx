import type { HeadToHeadContent } from '../../content/types';
import { Icon } from '../icons';
import { Section, SectionHeader } from '../Section';
import { SmartLink } from '../SmartLink';

/** Where to go next: link cards. */
export function ClosingLinksSection({ closing }: { closing: HeadToHeadContent['closing'] }) {
  return (
    <Section tinted labelledBy="closing-title">
      <SectionHeader id="closing-title" title={closing.title} subtitle={closing.subtitle} />
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="closing-links">
        {closing.links.map((l) => (
          <li key={l.href}>
            <SmartLink
              href={l.href}
              className="flex h-full flex-col gap-1 rounded-box border border-base-300 bg-base-100 p-4 transition hover:border-primary/60 hover:shadow-md"
            >
              <span className="flex items-center justify-between gap-2 font-semibold">
                {l.label}
                <Icon name="arrowRight" size={16} className="shrink-0 text-primary" />
              </span>
              {l.description && <span className="text-sm text-base-content/65">{l.description}</span>}
            </SmartLink>
          </li>
        ))}
      </ul>
    </Section>
  );
}
