import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The confirm before a session is deleted: a modal alert dialog (native <dialog>, so focus is trapped and Escape
 * cancels); the focus starts on Cancel, the safe choice.
 */
export function ConfirmDelete({
  title,
  cliOnline,
  busy,
  onConfirm,
  onCancel,
}: {
  title: string;
  cliOnline: boolean;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('remote');
  const ref = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const headingId = useId();
  const bodyId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    cancel.current?.focus();
  }, []);
  return (
    <dialog
      ref={ref}
      className="modal modal-bottom sm:modal-middle"
      role="alertdialog"
      aria-labelledby={headingId}
      aria-describedby={bodyId}
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
      data-testid="confirm-delete"
    >
      <div className="modal-box">
        <h3 id={headingId} className="text-lg font-semibold">
          {t('manage.delete.title')}
        </h3>
        <div id={bodyId} className="mt-2 space-y-2 text-sm text-base-content/80">
          <p className="break-words">{t('manage.delete.body', { title })}</p>
          {!cliOnline && <p className="text-warning">{t('manage.delete.offline')}</p>}
        </div>
        <div className="modal-action">
          <button ref={cancel} type="button" className="btn btn-ghost" onClick={onCancel} disabled={busy}>
            {t('manage.cancel')}
          </button>
          <button type="button" className="btn btn-error" onClick={onConfirm} disabled={busy} data-testid="confirm-delete-yes">
            {busy && <span className="loading loading-spinner loading-xs" aria-hidden />}
            {t('manage.delete.confirm')}
          </button>
        </div>
      </div>
    </dialog>
  );
}
