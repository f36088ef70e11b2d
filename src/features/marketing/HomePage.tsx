import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';

import { brand } from '../../shared/brand';

/** The landing page's opening; the full home (features, use cases, pricing, FAQ) is built on top of it. */
export default function HomePage() {
  const { t } = useTranslation(['marketing', 'common']);
  return (
    <>
      <section className="relative overflow-hidden">
        <div className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top,color-mix(in_oklab,var(--color-primary)_22%,transparent),transparent_65%)]" />
        <div className="relative mx-auto max-w-5xl px-4 pb-16 pt-16 text-center sm:pb-24 sm:pt-24">
          <span className="badge badge-outline badge-primary">{t('marketing:hero.badge')}</span>
          <h1 className="mx-auto mt-6 max-w-3xl text-4xl font-extrabold tracking-tight sm:text-6xl">{t('marketing:hero.title')}</h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg text-base-content/75 sm:text-xl">{t('marketing:hero.subtitle')}</p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Link href="/install" className="btn btn-primary btn-lg">
              {t('marketing:hero.install')}
            </Link>
            <Link href="/remote" className="btn btn-outline btn-lg">
              {t('marketing:hero.remote')}
            </Link>
          </div>
          <div className="mockup-code mx-auto mt-10 max-w-xl text-left text-sm" aria-label={t('marketing:hero.terminalLabel')}>
            <pre data-prefix="$">
              <code>npm install -g {brand.npmPackage}</code>
            </pre>
            <pre data-prefix="$">
              <code>{brand.cloudCommand}</code>
            </pre>
            <pre data-prefix=">" className="text-success">
              <code>{t('marketing:hero.terminalReady')}</code>
            </pre>
          </div>
        </div>
      </section>
      <section className="mx-auto max-w-3xl px-4 pb-16">
        <div role="note" className="alert">
          <span>{t('common:placeholder.body')}</span>
        </div>
      </section>
    </>
  );
}
