import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { Instance } from '#protocol/remote';

import type { ConnectionState } from '../model/connection';
import { lastSeenText } from './lastSeen';

const browserTone: Record<ConnectionState['status'], string> = {
  idle: 'bg-base-content/40',
  connecting: 'bg-info animate-pulse',
  connected: 'bg-success',
  reconnecting: 'bg-warning animate-pulse',
  disconnected: 'bg-error',
};

/** Seconds until `at`, re-rendered every second while there is one. */
function useSecondsUntil(at: number | undefined): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (at === undefined) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [at]);
  return at === undefined ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

function Leg({
  testId,
  state,
  tone,
  name,
  short,
  detail,
  compact,
  keep = false,
}: {
  testId: string;
  state: string;
  tone: string;
  name: string;
  short: string;
  detail: string;
  /** A shorter detail for phones, where the full one would be cut. */
  compact?: string;
  /** This leg keeps its width on a narrow line; the other one is cut first. */
  keep?: boolean;
}) {
  return (
    <span className={`flex items-center gap-1.5 ${keep ? 'shrink-0' : 'min-w-0'}`} data-testid={testId} data-state={state}>
      <span className={`inline-block size-2 shrink-0 rounded-full ${tone}`} aria-hidden />
      <span className="shrink-0 text-base-content/60 max-sm:hidden">{name}</span>
      <span className="shrink-0 text-base-content/60 sm:hidden">{short}</span>
      <span className={`truncate font-medium ${compact ? 'max-sm:hidden' : ''}`}>{detail}</span>
      {compact && <span className="truncate font-medium sm:hidden">{compact}</span>}
    </span>
  );
}

/**
 * Both legs of the session's link, each with its own state: this browser ↔ the relay (attempt and next retry while
 * reconnecting) and the relay ↔ the CLI (online, or offline since when it was last seen).
 */
export function LinkStatus({
  connection,
  instance,
  stale = false,
  heardAt = null,
  children,
}: {
  connection: ConnectionState;
  instance: Instance | undefined;
  /** No answer from the relay since the page opened or the link dropped: the CLI's state is unknown ("last seen"). */
  stale?: boolean;
  heardAt?: number | null;
  /** Shown at the end of the line (the session's auto-approve switch). */
  children?: React.ReactNode;
}) {
  const { t, i18n } = useTranslation('remote');
  const retryIn = useSecondsUntil(connection.status === 'reconnecting' ? connection.retryAt : undefined);
  const browserDetail =
    connection.status === 'reconnecting'
      ? [
          ...(connection.slow ? [t('link.slowConsumer')] : []),
          t('connection.reconnecting', { attempt: Math.max(1, connection.attempt) }),
          ...(retryIn !== null ? [t('link.nextRetry', { seconds: retryIn })] : []),
        ].join(' · ')
      : t(`connection.${connection.status}`);
  const browserCompact =
    connection.status === 'reconnecting' ? (retryIn !== null ? t('link.retryIn', { seconds: retryIn }) : t('link.retrying')) : undefined;
  const time = (iso: string) => new Date(iso).toLocaleTimeString(i18n.language, { timeStyle: 'short' });
  const cliOnline = instance?.online === true && !stale;
  const cliUnknown = stale && instance !== undefined;
  const cliDetail = cliUnknown
    ? lastSeenText(t, i18n.language, instance, heardAt)
    : cliOnline
      ? t('link.online')
      : instance
        ? t('link.offlineSince', { time: time(instance.lastSeenAt) })
        : t('link.offline');
  return (
    // One line at every width: on phones the legs' names shorten and long details are cut, never wrapped.
    <div className="flex h-7 shrink-0 items-center gap-3 border-b border-base-300 bg-base-200/40 px-3 text-xs sm:gap-4">
      <div className="flex min-w-0 flex-1 items-center gap-3 sm:gap-4" role="status" aria-label={t('link.title')} data-testid="link-status">
        <Leg
          testId="link-browser"
          state={connection.status}
          tone={browserTone[connection.status]}
          name={t('link.browser')}
          short={t('link.browserShort')}
          detail={browserDetail}
          compact={browserCompact}
        />
        <Leg
          testId="link-cli"
          state={cliUnknown ? 'unknown' : cliOnline ? 'online' : 'offline'}
          tone={cliUnknown ? 'bg-base-content/40' : cliOnline ? 'bg-success' : 'bg-error'}
          name={t('link.cli')}
          short={t('link.cliShort')}
          detail={cliDetail}
          keep
        />
      </div>
      {children}
    </div>
  );
}
