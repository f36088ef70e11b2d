import { useTranslation } from 'react-i18next';

export function PageSpinner() {
  const { t } = useTranslation('pages');
  return (
    <div className="flex min-h-dvh items-center justify-center" role="status" aria-live="polite">
      <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
      <span className="sr-only">{t('loadingPage')}</span>
    </div>
  );
}
