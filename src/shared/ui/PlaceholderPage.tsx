import { useTranslation } from 'react-i18next';

import type { RouteDef } from '#protocol/routes';

/** A page whose content is still being written says so, instead of showing invented data. */
export default function PlaceholderPage({ route }: { route: RouteDef }) {
  const { t } = useTranslation(['pages', 'common']);
  return (
    <section className="mx-auto max-w-3xl px-4 py-16 sm:py-24">
      <span className="badge badge-outline badge-primary mb-4">{t('common:placeholder.badge')}</span>
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t(`pages:${route.titleKey}.title` as 'pages:home.title')}</h1>
      <p className="mt-3 text-lg text-base-content/70">{t(`pages:${route.titleKey}.description` as 'pages:home.description')}</p>
      <div role="note" className="alert mt-8">
        <span>{t('common:placeholder.body')}</span>
      </div>
    </section>
  );
}
