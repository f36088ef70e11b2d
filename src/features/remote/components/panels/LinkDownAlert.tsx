import { useTranslation } from 'react-i18next';

import { useShownInline } from '../../../../shared/ui/Toaster';
import type { ConnectionState } from '../../model/connection';

/**
 * Whether the console itself tells the user the device is offline: the banner below says so while the link is down
 * for that reason, and it is about to while the first connection is still being tried.
 */
export function statesOffline(connection: ConnectionState): boolean {
  if (connection.status === 'reconnecting') return connection.offline;
  return connection.status === 'idle' || connection.status === 'connecting';
}

/**
 * The banner under the header while the link is down: the network is gone, or the relay cannot be reached. While it
 * says the network is gone, the site's "You are offline" toast is not shown over the console: it would say it twice,
 * and cover the console bar on a phone and the header's right end on a desktop.
 */
export function LinkDownAlert({ connection }: { connection: ConnectionState }) {
  const { t } = useTranslation('remote');
  useShownInline('errors:offline', statesOffline(connection));
  if (connection.status !== 'reconnecting') return null;
  return (
    <div role="alert" className="alert alert-warning alert-soft rounded-none py-2 text-sm" data-testid="link-down">
      <span>{connection.offline ? t('errors.networkLost') : t('errors.connection')}</span>
    </div>
  );
}
