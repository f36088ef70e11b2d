import { useTranslation } from 'react-i18next';

import { Modal } from './Modal';

export function AgreeModal({ open, onAgree, onDisagree }: { open: boolean; onAgree: () => void; onDisagree: () => void }) {
  const { t } = useTranslation('auth');
  return (
    <Modal open={open} onClose={onDisagree} labelledBy="agree-title" testId="agree-modal">
      <h2 id="agree-title" className="text-lg font-bold">
        {t('agree.title')}
      </h2>
      <p className="py-4 text-base-content/80">{t('agree.body')}</p>
      <div className="modal-action">
        <button type="button" className="btn btn-ghost" onClick={onDisagree}>
          {t('agree.decline')}
        </button>
        <button type="button" className="btn btn-primary" onClick={onAgree}>
          {t('agree.accept')}
        </button>
      </div>
    </Modal>
  );
}
