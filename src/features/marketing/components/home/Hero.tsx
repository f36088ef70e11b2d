import { useTranslation } from 'react-i18next';

import { useReducedMotion } from '../../../../shared/ui/useReducedMotion';
import type { HomeContent } from '../../content/types';
import { useScramble, useTypewriter } from '../../hooks/useHeroAnimation';
import { SmartLink } from '../SmartLink';
import { TerminalWindow } from '../TerminalWindow';

/** Spec §2 home hero: the title scrambles in after 500 ms; the typewriter starts 1.5 s later. */
export function Hero({ hero }: { hero: HomeContent['hero'] }) {
  const { t } = useTranslation('marketing');
  const reduced = useReducedMotion();
  const title = useScramble(hero.title, !reduced);
  const word = useTypewriter(hero.words, !reduced);
  const [before = '', after = ''] = hero.typewriterLine.split('{word}');

  return (
    <section aria-labelledby="home-hero-title" className="relative overflow-hidden">
      <div className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top,color-mix(in_oklab,var(--color-primary)_22%,transparent),transparent_65%)]" />
      <div className="pointer-events-none absolute inset-x-0 top-0 h-px bg-gradient-to-r from-transparent via-primary/40 to-transparent" />
      <div className="relative mx-auto max-w-6xl px-4 pb-16 pt-14 sm:pb-24 sm:pt-20">
        <div className="mx-auto max-w-3xl text-center">
          <span className="badge badge-outline badge-primary gap-2 px-3 py-3">
            <span className="h-1.5 w-1.5 rounded-full bg-primary" aria-hidden="true" />
            {hero.badge}
          </span>
          <h1 id="home-hero-title" className="mt-6 text-4xl font-extrabold tracking-tight text-balance sm:text-6xl">
            {/* The real title stays in place (and in the accessibility tree); while it scrambles it turns transparent
                and an aria-hidden copy is drawn over it, so the animation never shifts the page. */}
            <span className="relative inline-block" data-testid="hero-title" data-phase={title.phase}>
              <span className={title.phase === 'scrambling' ? 'text-transparent' : ''}>{hero.title}</span>
              {title.phase === 'scrambling' && (
                <span aria-hidden="true" className="absolute inset-0">
                  {title.display}
                </span>
              )}
            </span>
          </h1>
          <p className="mt-5 font-mono text-xl text-base-content/80 sm:text-2xl">
            <span className="sr-only">{t('home.typewriterLabel')}</span>
            <span aria-hidden="true">
              {before}
              <span className="font-semibold text-primary" data-testid="hero-typewriter" data-phase={word.phase}>
                {word.text}
              </span>
              <span className={`mx-0.5 inline-block h-6 w-0.5 translate-y-1 bg-primary ${reduced ? '' : 'animate-pulse'}`} />
              {after}
            </span>
          </p>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-base-content/70">{hero.subtitle}</p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <SmartLink href={hero.primary.href} className="btn btn-primary btn-lg">
              {hero.primary.label}
            </SmartLink>
            <SmartLink href={hero.secondary.href} className="btn btn-outline btn-lg">
              {hero.secondary.label}
            </SmartLink>
          </div>
        </div>
        <TerminalWindow lines={hero.terminal} label={hero.terminalLabel} title="~/my-project" className="mx-auto mt-12 max-w-2xl" />
      </div>
    </section>
  );
}
