import { useTranslation } from 'react-i18next';

import type { ConnectionState } from '../../model/connection';

/** The banner under the header while the link is down: the network is gone, or the relay cannot be reached. */
export function LinkDownAlert({ connection }: { connection: ConnectionState }) {
  const { t } = useTranslation('remote');
  if (connection.status !== 'reconnecting') return null;
  return (
    <div role="alert" className="alert alert-warning alert-soft rounded-none py-2 text-sm" data-testid="link-down">
      <span>{connection.offline ? t('errors.networkLost') : t('errors.connection')}</span>
    </div>
  );
}
