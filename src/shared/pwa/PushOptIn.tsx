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
  return (
    <div
      // Above the console's message box (about 5 rem with its hint line, more on a phone where the hint wraps): never
      // over it or what the user types.
      className="toast toast-bottom toast-center z-[90] mb-24 max-sm:w-full sm:mb-20"
      role="dialog"
      aria-label={t('pwa.optIn.title')}
      data-testid="push-opt-in"
    >
      <div className="alert flex flex-col items-stretch gap-2 shadow-lg sm:max-w-md">
        <p className="font-semibold">{t('pwa.optIn.title')}</p>
        <p className="text-sm text-base-content/70">{t('pwa.optIn.body')}</p>
        <div className="flex justify-end gap-2">
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
      </div>
    </div>
  );
}
