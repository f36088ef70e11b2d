import type { ToolContent } from '../../content/types';
import { Icon } from '../icons';
import { Section, SectionHeader } from '../Section';
import { SmartLink } from '../SmartLink';

/** Where to get help: link cards (external ones marked as such). `tinted` alternates with the section before it. */
export function HelpSection({ help, tinted }: { help: ToolContent['help']; tinted: boolean }) {
  return (
    <Section tinted={tinted} labelledBy="help-title">
      <SectionHeader id="help-title" title={help.title} subtitle={help.subtitle} />
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="help-links">
        {help.links.map((l) => (
          <li key={l.href}>
            <SmartLink
              href={l.href}
              className="flex h-full flex-col gap-1 rounded-box border border-base-300 bg-base-100 p-4 transition hover:border-primary/60 hover:shadow-md"
              showExternalIcon={false}
            >
              <span className="flex items-center justify-between gap-2 font-semibold">
                {l.label}
                <Icon name={/^https?:/.test(l.href) ? 'external' : 'arrowRight'} size={16} className="shrink-0 text-primary" />
              </span>
              {l.description && <span className="text-sm text-base-content/65">{l.description}</span>}
            </SmartLink>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** The closing call to action: a primary and a secondary link. */
export function ToolCta({ cta }: { cta: ToolContent['cta'] }) {
  return (
    <section aria-labelledby="tool-cta-title" className="px-4 pb-20">
      <div className="mx-auto max-w-5xl rounded-box border border-primary/30 bg-gradient-to-br from-primary/15 via-base-200 to-secondary/10 px-6 py-10 text-center sm:px-12">
        <h2 id="tool-cta-title" className="text-2xl font-bold sm:text-3xl">
          {cta.title}
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-base-content/70">{cta.subtitle}</p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          <SmartLink href={cta.primary.href} className="btn btn-primary">
            {cta.primary.label}
          </SmartLink>
          <SmartLink href={cta.secondary.href} className="btn btn-ghost">
            {cta.secondary.label}
            <Icon name="arrowRight" size={16} />
          </SmartLink>
        </div>
      </div>
    </section>
  );
}
