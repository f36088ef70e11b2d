import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';

import { TernLogo } from '../../layout/icons';
import { MobileDrawer } from '../../layout/MobileDrawer';
import type { ConnectionState } from '../model/connection';
import { ConnectionBanner } from './panels/ConnectionBanner';
import { useMediaQuery } from './useMediaQuery';

/** The site header is hidden on /remote on phones and inside the installed app (Layout); the bar then carries its menu. */
export function useSiteHeaderHidden(): boolean {
  const standalone = useMediaQuery('(display-mode: standalone)');
  const wide = useMediaQuery('(min-width: 1024px)');
  return standalone || !wide;
}

function GearIcon() {
  return (
    <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
      <path d="M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6Z" />
      <path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1Z" />
    </svg>
  );
}

/**
 * The console's one bar: on phones and in the installed app the site's home link and menu, the environment and session
 * picker (its label is the open session), the session's own controls (`children`: tasks, Interrupt), the connection
 * and the settings gear. Nothing in it wraps, so it keeps one line at 375 px.
 */
export function ConsoleBar({
  connection,
  onRetry,
  pickerLabel,
  pickerDetail,
  title,
  onOpenPicker,
  onOpenSettings,
  children,
}: {
  connection: ConnectionState;
  onRetry: () => void;
  pickerLabel: string;
  /** The environment, shown under the session title on phones. */
  pickerDetail?: string;
  /** The open session's title, shown after the console's name on wide screens (phones show it in the picker). */
  title?: string;
  onOpenPicker: () => void;
  onOpenSettings: () => void;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation(['remote', 'common']);
  const headerHidden = useSiteHeaderHidden();
  return (
    <div
      className="flex h-12 shrink-0 items-center gap-1 border-b border-base-300 bg-base-100 px-2 sm:gap-2 sm:px-3"
      data-testid="console-bar"
    >
      {headerHidden && (
        <Link href="/" className="btn btn-ghost btn-sm btn-square shrink-0" aria-label={t('common:brand')} data-testid="console-home">
          <TernLogo size={22} />
        </Link>
      )}
      <button
        type="button"
        className="btn btn-ghost btn-sm h-10 min-w-0 flex-1 flex-col items-start justify-center gap-0 px-2 text-left lg:hidden"
        onClick={onOpenPicker}
        data-testid="open-picker"
      >
        <span className="flex w-full min-w-0 items-center gap-1 text-sm leading-tight">
          <span className="truncate" data-testid="picker-label">
            {pickerLabel}
          </span>
          <span aria-hidden className="shrink-0 text-xs">
            ▾
          </span>
        </span>
        {pickerDetail && <span className="w-full truncate text-[11px] font-normal leading-tight text-base-content/60">{pickerDetail}</span>}
      </button>
      <h1 className="hidden shrink-0 text-sm font-semibold lg:block">{t('title')}</h1>
      {title && (
        <h2
          className="hidden min-w-0 truncate border-l border-base-300 pl-3 text-sm text-base-content/80 lg:block"
          data-testid="session-title"
        >
          {title}
        </h2>
      )}
      <div className="flex shrink-0 items-center gap-1 sm:gap-2 lg:ml-auto">
        {children}
        <ConnectionBanner connection={connection} onRetry={onRetry} />
        <button
          type="button"
          className="btn btn-ghost btn-sm btn-square shrink-0"
          aria-label={t('settings.open')}
          onClick={onOpenSettings}
          data-testid="open-settings"
        >
          <GearIcon />
        </button>
        {headerHidden && (
          <div className="-mr-1 shrink-0 [&_.btn]:btn-sm">
            <MobileDrawer />
          </div>
        )}
      </div>
    </div>
  );
}
