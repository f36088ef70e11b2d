import type { ReactNode } from 'react';

import type { SectionHeading } from '../content/types';

/** A page section with its heading; `id` doubles as an anchor and as the label of the region. */
export function Section({
  id,
  heading,
  children,
  tinted = false,
}: {
  id: string;
  heading: SectionHeading;
  children: ReactNode;
  tinted?: boolean;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={tinted ? 'bg-base-200/50' : undefined}>
      <div className="mx-auto max-w-6xl px-4 py-14 sm:py-20">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id={`${id}-title`} className="text-balance text-2xl font-bold tracking-tight sm:text-3xl">
            {heading.title}
          </h2>
          <p className="mt-3 text-pretty text-base-content/70">{heading.subtitle}</p>
        </div>
        <div className="mt-10 sm:mt-12">{children}</div>
      </div>
    </section>
  );
}
