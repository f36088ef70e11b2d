import { Link } from 'wouter';

import type { ClosingCta as ClosingContent } from '../content/types';

export function ClosingCta({ closing }: { closing: ClosingContent }) {
  return (
    <section aria-labelledby="closing-title" className="px-4 py-14 sm:py-20">
      <div className="mx-auto max-w-4xl rounded-box border border-primary/30 bg-gradient-to-br from-primary/10 via-base-200 to-secondary/10 px-6 py-10 text-center sm:px-12 sm:py-14">
        <h2 id="closing-title" className="text-balance text-2xl font-bold tracking-tight sm:text-3xl">
          {closing.title}
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-pretty text-base-content/75">{closing.subtitle}</p>
        <div className="mt-7 flex flex-col justify-center gap-3 sm:flex-row">
          <Link href={closing.primary.href} className="btn btn-primary">
            {closing.primary.label}
          </Link>
          <Link href={closing.secondary.href} className="btn btn-ghost">
            {closing.secondary.label}
          </Link>
        </div>
      </div>
    </section>
  );
}
