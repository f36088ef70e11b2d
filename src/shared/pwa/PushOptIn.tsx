import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { isLanguage } from '#protocol/languages';
import { defaultPushPrefs } from '#protocol/push';

import { enablePush, pushSupport } from './pushClient';

const ASKED_KEY = 'tern.pushAsked';

/**
 * The one-time offer to turn on notifications, shown after the first approval request this device sees (never on page
 * load): Turn on (the browser's permission prompt follows the click) or Not now; either way it does not come back.
 */
export function PushOptIn({ sawApproval }: { sawApproval: boolean }) {
  const { t, i18n } = useTranslation('common');
  const [closed, setClosed] = useState(() => typeof localStorage === 'undefined' || localStorage.getItem(ASKED_KEY) !== null);
  const eligible = sawApproval && !closed && pushSupport() === 'supported' && Notification.permission === 'default';
  if (!eligible) return null;
  const close = () => {
    localStorage.setItem(ASKED_KEY, new Date().toISOString());
    setClosed(true);
  };
  // A banner in the console's own flow (under its bar, like its other notices), not a layer over it: it never covers
  // the approval that brought it, the message box or what the user types.
  return (
    <section
      className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-base-300 bg-base-200 px-3 py-2"
      aria-label={t('pwa.optIn.title')}
      data-testid="push-opt-in"
    >
      <div className="min-w-0 flex-1 basis-64">
        <p className="text-sm font-semibold">{t('pwa.optIn.title')}</p>
        <p className="text-sm text-base-content/70">{t('pwa.optIn.body')}</p>
      </div>
      <div className="ml-auto flex gap-2">
        <button type="button" className="btn btn-ghost btn-sm" onClick={close}>
          {t('pwa.optIn.later')}
        </button>
        <button
          type="button"
          className="btn btn-primary btn-sm"
          onClick={() => {
            close();
            void enablePush(defaultPushPrefs, isLanguage(i18n.language) ? i18n.language : 'en').catch(() => undefined);
          }}
        >
          {t('pwa.optIn.enable')}
        </button>
      </div>
    </section>
  );
}
