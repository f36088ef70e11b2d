import { useTranslation } from 'react-i18next';

import type { ConnectionState } from '../../model/connection';

const connectionTone: Record<ConnectionState['status'], string> = {
  idle: 'bg-base-content/40',
  connecting: 'bg-info animate-pulse',
  connected: 'bg-success',
  reconnecting: 'bg-warning animate-pulse',
  disconnected: 'bg-error',
};

/** The connection pill, and below it a banner whenever the link is not up (spec §4, §8). */
export function ConnectionBanner({ connection, onRetry }: { connection: ConnectionState; onRetry: () => void }) {
  const { t } = useTranslation('remote');
  const label =
    connection.status === 'reconnecting'
      ? t('connection.reconnecting', { attempt: Math.max(1, connection.attempt) })
      : t(`connection.${connection.status}`);
  return (
    <span className="flex items-center gap-2 text-xs" role="status" data-testid="connection-status" data-state={connection.status}>
      <span className={`inline-block size-2.5 rounded-full ${connectionTone[connection.status]}`} aria-hidden />
      <span className="font-medium max-lg:sr-only">{label}</span>
      {connection.status === 'reconnecting' && (
        <button type="button" className="btn btn-ghost btn-xs" onClick={onRetry}>
          {t('connection.retryNow')}
        </button>
      )}
    </span>
  );
}
