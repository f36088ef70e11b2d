import { Link } from 'wouter';

import type { Hero as HeroContent } from '../content/types';
import { Icon } from '../icons';

/** Badge, title, subtitle and the two buttons every use-case page opens with. */
export function Hero({ hero }: { hero: HeroContent }) {
  return (
    <section className="relative overflow-hidden" aria-labelledby="use-case-title">
      <div className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top,color-mix(in_oklab,var(--color-primary)_20%,transparent),transparent_65%)]" />
      <div className="relative mx-auto max-w-4xl px-4 pb-14 pt-12 text-center sm:pb-20 sm:pt-20">
        <span className="badge badge-outline badge-primary">{hero.badge}</span>
        <h1 id="use-case-title" className="mx-auto mt-5 max-w-3xl text-balance text-3xl font-extrabold tracking-tight sm:text-5xl">
          {hero.title}
        </h1>
        <p className="mx-auto mt-5 max-w-2xl text-pretty text-base text-base-content/75 sm:text-lg">{hero.subtitle}</p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Link href={hero.primary.href} className="btn btn-primary sm:btn-lg">
            {hero.primary.label}
            <Icon name="arrowRight" size={18} />
          </Link>
          <Link href={hero.secondary.href} className="btn btn-outline sm:btn-lg">
            {hero.secondary.label}
          </Link>
        </div>
      </div>
    </section>
  );
}
