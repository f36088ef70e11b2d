import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { onUpdateAvailable } from './registerSW';

/** "A new version is ready": Update now reloads onto it, Later keeps this page as it is. */
export function UpdatePrompt() {
  const { t } = useTranslation('common');
  const [apply, setApply] = useState<(() => void) | null>(null);
  useEffect(() => onUpdateAvailable((fn) => setApply(() => fn)), []);
  if (!apply) return null;
  return (
    <div className="toast toast-bottom toast-center z-[100]" role="status" data-testid="update-prompt">
      <div className="alert shadow-lg">
        <span>{t('update.available')}</span>
        <button type="button" className="btn btn-primary btn-sm" onClick={apply}>
          {t('update.reload')}
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => setApply(null)}>
          {t('update.later')}
        </button>
      </div>
    </div>
  );
}
