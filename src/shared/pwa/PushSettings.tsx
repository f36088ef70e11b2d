import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { isLanguage, type Language } from '#protocol/languages';
import { defaultPushPrefs, type PushKind, type PushPrefs } from '#protocol/push';

import { disablePush, enablePush, fetchDeviceState, pushSupport, updatePrefs } from './pushClient';

const KINDS: PushKind[] = ['approval', 'turnDone', 'turnFailed', 'cliOffline'];
type Status = 'loading' | 'off' | 'on' | 'denied' | 'failed' | 'unsupported' | 'needsInstall';

const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** Console settings: this device's push notifications — on or off, which kinds, and quiet hours. */
export function PushSettings() {
  const { t, i18n } = useTranslation('common');
  const lang: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  const support = pushSupport();
  const [status, setStatus] = useState<Status>(support === 'supported' ? 'loading' : support);
  const [prefs, setPrefs] = useState<PushPrefs>(defaultPushPrefs);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (support !== 'supported') return;
    if (Notification.permission === 'denied') {
      setStatus('denied');
      return;
    }
    fetchDeviceState().then(
      (state) => {
        setPrefs(state.prefs);
        setStatus(state.subscribed ? 'on' : 'off');
      },
      () => setStatus('off'),
    );
  }, [support]);

  const run = async (work: () => Promise<Status>) => {
    setBusy(true);
    try {
      setStatus(await work());
    } catch {
      setStatus('failed');
    } finally {
      setBusy(false);
    }
  };
  const change = (next: PushPrefs) => {
    setPrefs(next);
    if (status === 'on') void run(async () => (await updatePrefs(next, lang), 'on'));
  };

  return (
    <section className="mb-6" data-testid="push-settings" data-status={status}>
      <h2 className="text-lg font-bold">{t('pwa.push.title')}</h2>
      <p className="mt-1 text-sm text-base-content/70">{t('pwa.push.intro')}</p>
      {(status === 'unsupported' || status === 'needsInstall' || status === 'denied' || status === 'failed') && (
        <p className="mt-3 text-sm text-warning" role="status">
          {t(`pwa.push.${status}`)}
        </p>
      )}
      {(status === 'off' || status === 'failed') && (
        <button
          type="button"
          className="btn btn-primary btn-sm mt-3"
          disabled={busy}
          onClick={() => void run(async () => ((await enablePush(prefs, lang)) === 'enabled' ? 'on' : 'denied'))}
        >
          {t('pwa.push.enable')}
        </button>
      )}
      {status === 'on' && (
        <div className="mt-3 space-y-2">
          {KINDS.map((kind) => (
            <label key={kind} className="flex cursor-pointer items-center justify-between gap-3 text-sm">
              <span>{t(`pwa.push.kind.${kind}`)}</span>
              <input
                type="checkbox"
                className="toggle toggle-sm toggle-primary"
                checked={prefs[kind]}
                disabled={busy}
                onChange={(e) => change({ ...prefs, [kind]: e.target.checked })}
              />
            </label>
          ))}
          <label className="flex cursor-pointer items-center justify-between gap-3 text-sm">
            <span>{t('pwa.push.quiet')}</span>
            <input
              type="checkbox"
              className="toggle toggle-sm"
              checked={prefs.quietHours !== null}
              disabled={busy}
              onChange={(e) =>
                change({ ...prefs, quietHours: e.target.checked ? { start: '22:00', end: '07:00', timeZone: timeZone() } : null })
              }
            />
          </label>
          {prefs.quietHours && (
            <div className="flex items-center gap-2 text-sm" data-testid="quiet-hours">
              <input
                type="time"
                className="input input-sm w-28"
                aria-label={t('pwa.push.quietFrom')}
                value={prefs.quietHours.start}
                onChange={(e) => e.target.value && change({ ...prefs, quietHours: { ...prefs.quietHours!, start: e.target.value } })}
              />
              <span>–</span>
              <input
                type="time"
                className="input input-sm w-28"
                aria-label={t('pwa.push.quietTo')}
                value={prefs.quietHours.end}
                onChange={(e) => e.target.value && change({ ...prefs, quietHours: { ...prefs.quietHours!, end: e.target.value } })}
              />
            </div>
          )}
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            disabled={busy}
            onClick={() => void run(async () => (await disablePush(), 'off'))}
          >
            {t('pwa.push.disable')}
          </button>
        </div>
      )}
    </section>
  );
}
