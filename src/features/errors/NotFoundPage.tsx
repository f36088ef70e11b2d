import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';

import { useLanguageRoute } from '../../shared/routing/language';

export default function NotFoundPage() {
  const { t } = useTranslation(['pages', 'common']);
  const { lang } = useLanguageRoute();
  // Spec §2: back home goes to / for English and /zh otherwise.
  const home = lang === 'en' ? '~/' : `~/${lang}`;
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center sm:py-28" data-testid="not-found">
      <p className="font-mono text-7xl font-bold text-primary sm:text-8xl" aria-hidden="true">
        {t('pages:notFound.code')}
      </p>
      <h1 className="mt-6 text-2xl font-bold sm:text-3xl">{t('pages:notFound.title')}</h1>
      <p className="mt-3 text-base-content/70">{t('pages:notFound.subtitle')}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link href={home} className="btn btn-primary">
          {t('common:backHome')}
        </Link>
        <button type="button" className="btn btn-ghost" onClick={() => history.back()}>
          {t('common:goBack')}
        </button>
      </div>
    </section>
  );
}
