import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { authApi } from '../api';
import { internalLoginMessage, type Message } from '../errorMessages';
import { useMessageText } from '../useMessage';
import { type InternalLoginErrors, INVITATION_MAX_LENGTH, normaliseInvitationInput, validateInternalLogin } from '../validation';
import { Modal } from './Modal';

export interface InternalLoginSuccess {
  accessToken: string;
  expiresIn: number;
  expiresAt: string;
  user: { id: string; username: string; email: string | null; avatar: string | null; createdAt: string; updatedAt: string };
}

export function InternalLoginModal({
  open,
  onClose,
  initialInvitation,
  onSuccess,
}: {
  open: boolean;
  onClose: () => void;
  initialInvitation: string;
  onSuccess: (result: InternalLoginSuccess) => void;
}) {
  const { t } = useTranslation('auth');
  const text = useMessageText();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [invitation, setInvitation] = useState(initialInvitation);
  const [errors, setErrors] = useState<InternalLoginErrors>({});
  const [failure, setFailure] = useState<Message | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateInternalLogin({ email, password, invitationCode: invitation });
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const result = await authApi.cheetahLogin({ email: email.trim(), password, ...(invitation && { invitationCode: invitation }) });
      onSuccess({ accessToken: result.tokenPair.accessToken, expiresIn: result.expiresIn, expiresAt: result.expiresAt, user: result.user });
    } catch (error) {
      setFailure(internalLoginMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const field = (id: 'email' | 'password' | 'invitationCode', label: string, input: React.ReactNode) => (
    <label className="form-control block w-full" htmlFor={`internal-${id}`}>
      <span className="label-text mb-1 block text-sm font-medium">{label}</span>
      {input}
      {errors[id] && (
        <span id={`internal-${id}-error`} className="mt-1 block text-sm text-error">
          {text({ key: errors[id] })}
        </span>
      )}
    </label>
  );

  return (
    <Modal open={open} onClose={onClose} labelledBy="internal-title" testId="internal-login">
      <form noValidate onSubmit={submit} className="space-y-4">
        <h2 id="internal-title" className="text-lg font-bold">
          {t('internal.title')}
        </h2>
        {field(
          'email',
          t('internal.email'),
          <input
            id="internal-email"
            type="email"
            autoComplete="username"
            className={`input w-full ${errors.email ? 'input-error' : ''}`}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={!!errors.email}
            aria-describedby={errors.email ? 'internal-email-error' : undefined}
          />,
        )}
        {field(
          'password',
          t('internal.password'),
          <input
            id="internal-password"
            type="password"
            autoComplete="current-password"
            className={`input w-full ${errors.password ? 'input-error' : ''}`}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-invalid={!!errors.password}
            aria-describedby={errors.password ? 'internal-password-error' : undefined}
          />,
        )}
        {field(
          'invitationCode',
          t('internal.invitation'),
          <input
            id="internal-invitationCode"
            className={`input w-full font-mono uppercase ${errors.invitationCode ? 'input-error' : ''}`}
            maxLength={INVITATION_MAX_LENGTH}
            value={invitation}
            onChange={(e) => setInvitation(normaliseInvitationInput(e.target.value))}
            aria-invalid={!!errors.invitationCode}
          />,
        )}
        {failure && (
          <div role="alert" className="alert alert-error">
            <span>{text(failure)}</span>
          </div>
        )}
        <div className="modal-action">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            {t('common:cancel' as never)}
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {busy ? t('internal.submitting') : t('internal.submit')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
