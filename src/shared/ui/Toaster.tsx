import { useTranslation } from 'react-i18next';

import { i18n } from '../i18n';
import { dismissToast, type Toast, useToasts } from './toast';

const levelClass: Record<Toast['level'], string> = {
  info: 'alert-info',
  success: 'alert-success',
  warning: 'alert-warning',
  error: 'alert-error',
};

export function Toaster() {
  const toasts = useToasts();
  const { t } = useTranslation();
  return (
    <div className="toast toast-top toast-center z-[100] w-full max-w-md sm:toast-end" aria-live="polite" role="region">
      {toasts.map((item) => (
        <div
          key={item.id}
          role={item.level === 'error' ? 'alert' : 'status'}
          className={`alert ${levelClass[item.level]} shadow-lg`}
          data-testid="toast"
        >
          <span className="whitespace-normal">
            {'text' in item.content
              ? item.content.text
              : String(i18n.getFixedT(item.lang)(item.content.key as never, item.content.values as never))}
          </span>
          <button type="button" className="btn btn-ghost btn-xs" aria-label={t('close')} onClick={() => dismissToast(item.id)}>
            ✕
          </button>
        </div>
      ))}
    </div>
  );
}
