import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { installOffer, onInstallOfferChange, promptInstall } from './installPrompt';
import { isIos, isStandalone } from './pushClient';

/**
 * Install the app: a button when the browser offers installation (`beforeinstallprompt`), an "Add to Home Screen"
 * hint on iOS Safari, which never offers it; nothing once installed.
 */
export function InstallApp() {
  const { t } = useTranslation('common');
  const [, rerender] = useState(0);
  useEffect(() => onInstallOfferChange(() => rerender((n) => n + 1)), []);
  if (typeof window === 'undefined' || isStandalone()) return null;
  if (installOffer()) {
    return (
      <section className="mb-6" data-testid="install-app">
        <h2 className="text-lg font-bold">{t('pwa.install.title')}</h2>
        <p className="mt-1 text-sm text-base-content/70">{t('pwa.install.intro')}</p>
        <button type="button" className="btn btn-primary btn-sm mt-3" onClick={() => void promptInstall()}>
          {t('pwa.install.button')}
        </button>
      </section>
    );
  }
  if (isIos()) {
    return (
      <section className="mb-6" data-testid="install-ios">
        <h2 className="text-lg font-bold">{t('pwa.install.title')}</h2>
        <p className="mt-1 text-sm text-base-content/70">{t('pwa.install.ios')}</p>
      </section>
    );
  }
  return null;
}
