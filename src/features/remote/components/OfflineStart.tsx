import { useTranslation } from 'react-i18next';

import type { ConnectionState } from '../model/connection';

/**
 * Before the first instance list: a spinner while the cache is read and the first connection is tried; once that
 * failed with nothing saved on this device, a plain "you are offline" with a retry instead of an endless spinner.
 */
export function OfflineStart({ connection, restored, onRetry }: { connection: ConnectionState; restored: boolean; onRetry: () => void }) {
  const { t } = useTranslation('remote');
  if (!restored || connection.status !== 'reconnecting') {
    return (
      <div className="flex flex-1 items-center justify-center">
        <span className="loading loading-spinner loading-lg" aria-label={t('connection.connecting')} />
      </div>
    );
  }
  return (
    <div className="flex min-w-0 flex-1 flex-col items-center justify-center gap-3 p-6 text-center" data-testid="offline-start">
      <p className="text-lg font-semibold">{t('delivery.offlineTitle')}</p>
      <p className="max-w-sm text-sm text-base-content/70">{t('delivery.offlineEmpty')}</p>
      <button type="button" className="btn btn-outline btn-sm" onClick={onRetry}>
        {t('connection.retryNow')}
      </button>
    </div>
  );
}
