import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { WindowDevice, WorkspaceHolder } from '#protocol/remote';

import type { AttachState } from '../../model/remoteState';
import { useNow } from '../useNow';

type Held = Extract<AttachState, { status: 'busy' | 'lost' }>;
type T = ReturnType<typeof useTranslation<'remote'>>['t'];

/** "Chrome on Android", in the reader's language (the relay sends the proper names only). */
function deviceText(t: T, device: WindowDevice | undefined): string {
  const { browser, os } = device ?? {};
  if (browser && os) return t('busy.device.both', { browser, os });
  if (browser) return t('busy.device.browser', { browser });
  if (os) return t('busy.device.os', { os });
  return t('busy.device.unknown');
}

/** "2 minutes ago"; under a minute (or a relay clock slightly ahead) "just now". */
function agoText(t: T, language: string, iso: string, now: number): string {
  const seconds = Math.round((now - Date.parse(iso)) / 1000);
  if (!Number.isFinite(seconds) || seconds < 45) return t('busy.justNow');
  const rtf = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  if (seconds < 3600) return rtf.format(-Math.round(seconds / 60), 'minute');
  if (seconds < 86_400) return rtf.format(-Math.round(seconds / 3600), 'hour');
  return rtf.format(-Math.round(seconds / 86_400), 'day');
}

/** Who holds the workspace, or who took it from this window, and when. */
function holderLine(t: T, language: string, held: Held, now: number): string | null {
  if (held.status === 'busy') {
    const holder: WorkspaceHolder | null = held.holder;
    if (!holder) return null;
    const device = deviceText(t, holder.device);
    return holder.lastActiveAt
      ? t('busy.holder', { device, ago: agoText(t, language, holder.lastActiveAt, now) })
      : t('busy.holderOnly', { device });
  }
  if (held.reason !== 'taken_over') return t('busy.lostExpired');
  return held.by ? t('busy.lostBy', { device: deviceText(t, held.by.device), ago: agoText(t, language, held.by.since, now) }) : null;
}

/**
 * The workspace is driven from another window: busy (another live window holds it: which device, when last active;
 * Take over) or lost (this window was taken over: by which device; read-only, Take it back). `banner` sits above the
 * read-only session; otherwise it fills the main area.
 */
export function WorkspaceHeld({
  held,
  connected,
  banner,
  onTakeOver,
}: {
  held: Held;
  connected: boolean;
  banner: boolean;
  onTakeOver: () => Promise<void>;
}) {
  const { t, i18n } = useTranslation('remote');
  const [taking, setTaking] = useState(false);
  const line = holderLine(t, i18n.language, held, useNow(30_000));
  const title = held.status === 'busy' ? t('errors.workspaceBusy') : t('busy.lost');
  const body = held.status === 'busy' ? t('busy.body') : t('busy.lostBody');
  const button = (
    <button
      type="button"
      className={`btn btn-warning ${banner ? 'btn-sm' : ''}`}
      disabled={!connected || taking}
      onClick={() => {
        setTaking(true);
        void onTakeOver().finally(() => setTaking(false));
      }}
    >
      {taking && <span className="loading loading-spinner loading-xs" aria-hidden />}
      {held.status === 'busy' ? t('busy.takeOver') : t('busy.takeBack')}
    </button>
  );
  const testIds = {
    'data-testid': 'workspace-busy',
    'data-status': held.status,
    ...(held.status === 'lost' && { 'data-reason': held.reason }),
  };

  if (banner) {
    // On a phone only who holds it and that this window is read-only, next to the button: the session stays in view.
    return (
      <div
        role="status"
        className="alert alert-warning alert-soft flex items-center gap-3 rounded-none border-x-0 border-t-0 px-3 py-2 text-sm"
        {...testIds}
      >
        <div className="min-w-0 flex-1">
          <p className={`font-semibold ${line ? 'max-sm:hidden' : ''}`}>{title}</p>
          {line && (
            <p className="text-xs opacity-80 max-sm:text-sm max-sm:font-semibold max-sm:opacity-100" data-testid="workspace-holder">
              {line}
            </p>
          )}
          <p className="text-xs opacity-80 max-sm:hidden">{body}</p>
          <p className="text-xs opacity-80 sm:hidden">{t('busy.readOnly')}</p>
        </div>
        <div className="shrink-0">{button}</div>
      </div>
    );
  }
  return (
    <div className="flex min-w-0 flex-1 flex-col items-center justify-center gap-3 overflow-y-auto p-6 text-center" {...testIds}>
      <p className="text-lg font-semibold">{title}</p>
      {line && (
        <p className="max-w-sm text-sm font-medium" data-testid="workspace-holder">
          {line}
        </p>
      )}
      <p className="max-w-sm text-sm text-base-content/70">{body}</p>
      {button}
    </div>
  );
}
