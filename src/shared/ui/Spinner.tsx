import { useTranslation } from 'react-i18next';

/**
 * The page's loading state. Shorter than the viewport, so the layout's footer already sits at the bottom of the screen
 * and stays there when a short page (sign-in) replaces it: no layout shift.
 */
export function PageSpinner() {
  const { t } = useTranslation('pages');
  return (
    <div className="flex min-h-[60dvh] items-center justify-center" role="status" aria-live="polite">
      <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
      <span className="sr-only">{t('loadingPage')}</span>
    </div>
  );
}
