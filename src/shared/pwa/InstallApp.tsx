import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { isIos, isStandalone } from './pushClient';

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let deferred: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();
if (typeof window !== 'undefined') {
  // Kept from the first moment: the browser fires it once, possibly before the console is on screen.
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    for (const l of listeners) l();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    for (const l of listeners) l();
  });
}

/**
 * Install the app: a button when the browser offers installation (`beforeinstallprompt`), an "Add to Home Screen"
 * hint on iOS Safari, which never offers it; nothing once installed.
 */
export function InstallApp() {
  const { t } = useTranslation('common');
  const [, rerender] = useState(0);
  useEffect(() => {
    const l = () => rerender((n) => n + 1);
    listeners.add(l);
    return () => void listeners.delete(l);
  }, []);
  if (typeof window === 'undefined' || isStandalone()) return null;
  if (deferred) {
    const prompt = deferred;
    return (
      <section className="mb-6" data-testid="install-app">
        <h2 className="text-lg font-bold">{t('pwa.install.title')}</h2>
        <p className="mt-1 text-sm text-base-content/70">{t('pwa.install.intro')}</p>
        <button
          type="button"
          className="btn btn-primary btn-sm mt-3"
          onClick={() => {
            void prompt
              .prompt()
              .then(() => prompt.userChoice)
              .then(() => {
                deferred = null;
                rerender((n) => n + 1);
              });
          }}
        >
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
