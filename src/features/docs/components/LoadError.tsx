import { useTranslation } from 'react-i18next';

/** An error alert with a retry button (markdown and changelog failures). */
export function LoadError({
  message,
  hint,
  onRetry,
  retrying,
}: {
  message: string;
  hint?: string;
  onRetry: () => void;
  retrying?: boolean;
}) {
  const { t } = useTranslation('common');
  return (
    <div role="alert" className="alert alert-error alert-soft mt-8 flex flex-col items-start gap-3 sm:flex-row sm:items-center">
      <svg
        width={22}
        height={22}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        aria-hidden="true"
        className="shrink-0"
      >
        <circle cx="12" cy="12" r="9" />
        <path d="M12 7v6M12 16.5v.5" />
      </svg>
      <div className="flex-1">
        <p className="font-semibold">{message}</p>
        {hint && <p className="text-sm opacity-80">{hint}</p>}
      </div>
      <button type="button" className="btn btn-sm" onClick={onRetry} disabled={retrying}>
        {retrying && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
        {t('retry')}
      </button>
    </div>
  );
}
