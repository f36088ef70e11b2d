import { Modal } from '../../auth/components/Modal';

interface Props {
  open: boolean;
  id: string;
  title: string;
  body: string;
  confirmLabel: string;
  keepLabel: string;
  busy: boolean;
  busyLabel?: string;
  onConfirm: () => void;
  onClose: () => void;
}

/** A yes/no question before a destructive action (cancel order, cancel subscription). */
export function ConfirmModal({ open, id, title, body, confirmLabel, keepLabel, busy, busyLabel, onConfirm, onClose }: Props) {
  return (
    <Modal open={open} onClose={onClose} labelledBy={`${id}-title`} testId={id}>
      <h2 id={`${id}-title`} className="text-lg font-bold">
        {title}
      </h2>
      <p className="py-4 text-base-content/80">{body}</p>
      <div className="modal-action">
        <button type="button" className="btn btn-ghost" onClick={onClose} disabled={busy}>
          {keepLabel}
        </button>
        <button type="button" className="btn btn-error" onClick={onConfirm} disabled={busy} aria-busy={busy || undefined}>
          {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {busy && busyLabel ? busyLabel : confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
