import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';

/** Shown instead of every login option when the relay says the visitor is in a restricted region. */
export function RegionRestricted() {
  const { t } = useTranslation('auth');
  return (
    <section className="mx-auto max-w-lg px-4 py-16 text-center" data-testid="region-restricted">
      <h1 className="text-3xl font-bold">{t('region.title')}</h1>
      <p className="mt-4 text-lg font-medium text-warning">{t('region.unsupported')}</p>
      <p className="mt-3 text-base-content/75">{t('region.body')}</p>
      <Link href="/install" className="btn btn-outline mt-8">
        {t('region.browse')}
      </Link>
    </section>
  );
}
