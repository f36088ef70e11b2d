import { useEffect } from 'react';

import type { Language } from '#protocol/languages';

import { useLanguageRoute } from '../../shared/routing/language';
import { SECTION_SCROLL_DELAY_MS } from '../../shared/routing/useScrollOnNavigate';
import { PlanCards } from '../billing/PlanCards';
import { CommandBox } from './components/CommandBox';
import { Hero } from './components/home/Hero';
import { UseCaseShowcase } from './components/home/UseCaseShowcase';
import { Icon } from './components/icons';
import { LazyFaq } from './components/LazyFaq';
import { Section, SectionHeader } from './components/Section';
import { SmartLink } from './components/SmartLink';
// The landing page's words ship with the page (both languages, a few kB) rather than in a chunk of their own: one
// request fewer before the hero can paint.
import enHome from './content/en/home';
import type { HomeContent } from './content/types';
import zhHome from './content/zh/home';

/**
 * Spec §2: a hash (/#pricing) or a navigation-state section scrolls to that section after 100 ms. The layout does this
 * on navigation too, but on a first visit this page (and its words) may still be loading then; the sections exist
 * once this component renders, so it repeats the scroll itself.
 */
function useSectionScroll() {
  useEffect(() => {
    const smooth = () => !(typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches);
    const scrollTo = (id: string) =>
      document.getElementById(id)?.scrollIntoView({ behavior: smooth() ? 'smooth' : 'auto', block: 'start' });
    const state: unknown = history.state;
    const fromState =
      state && typeof state === 'object' && typeof (state as { section?: unknown }).section === 'string'
        ? (state as { section: string }).section
        : '';
    const target = decodeURIComponent(location.hash.slice(1)) || fromState;
    const timer = target ? setTimeout(() => scrollTo(target), SECTION_SCROLL_DELAY_MS) : undefined;
    // Same-page links (/#features while already on home) change only the hash.
    const onHash = () => {
      const id = decodeURIComponent(location.hash.slice(1));
      if (id) setTimeout(() => scrollTo(id), SECTION_SCROLL_DELAY_MS);
    };
    window.addEventListener('hashchange', onHash);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('hashchange', onHash);
    };
  }, []);
}

const homeByLanguage: Record<Language, HomeContent> = { en: enHome, zh: zhHome };

/** The landing page: hero, features (#features), use cases, pricing (#pricing), FAQ and the install call to action. */
export default function HomePage() {
  const { lang } = useLanguageRoute();
  const content = homeByLanguage[lang];
  const { features, useCases, pricing, faq, cta } = content;
  useSectionScroll();

  return (
    <>
      <Hero hero={content.hero} />

      <Section id="features" tinted labelledBy="features-title">
        <SectionHeader id="features-title" title={features.title} subtitle={features.subtitle} />
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3" data-testid="feature-cards">
          {features.items.map((f) => (
            <li
              key={f.title}
              className="card border border-base-300 bg-base-100 transition hover:-translate-y-0.5 hover:border-primary/50 hover:shadow-lg"
            >
              <div className="card-body gap-3">
                <span className="grid h-11 w-11 place-items-center rounded-box bg-primary/10 text-primary">
                  <Icon name={f.icon} size={22} />
                </span>
                <h3 className="card-title text-lg">{f.title}</h3>
                <p className="grow-0 text-sm leading-relaxed text-base-content/70">{f.description}</p>
              </div>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="use-cases" labelledBy="use-cases-title">
        <SectionHeader id="use-cases-title" title={useCases.title} subtitle={useCases.subtitle} />
        <UseCaseShowcase useCases={useCases} />
      </Section>

      <Section id="pricing" tinted labelledBy="pricing-title">
        <SectionHeader id="pricing-title" title={pricing.title} subtitle={pricing.subtitle} />
        <PlanCards />
      </Section>

      <Section id="faq" labelledBy="home-faq-title">
        <LazyFaq faq={faq} idPrefix="home" />
      </Section>

      <section aria-labelledby="home-cta-title" className="px-4 pb-20">
        <div className="relative mx-auto max-w-5xl overflow-hidden rounded-box border border-primary/30 bg-gradient-to-br from-primary/15 via-base-200 to-secondary/10 px-6 py-12 text-center sm:px-12">
          <h2 id="home-cta-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
            {cta.title}
          </h2>
          <p className="mx-auto mt-3 max-w-xl text-base-content/70">{cta.subtitle}</p>
          <CommandBox commands={[cta.command]} className="mx-auto mt-8 max-w-xl text-left" />
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
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
    </>
  );
}
