/**
 * Form rules of spec §5, returning translation keys. The relay enforces the same rules with the shared schemas
 * (relay/protocol/auth.ts); validation.test.ts checks the two agree.
 */
export const INVITATION_MAX_LENGTH = 10;
const INVITATION_RE = /^[A-Z0-9]{6,10}$/;
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const PASSWORD_MIN = 8;

/** Forced upper case, letters and digits only as typed, at most 10 characters. */
export function normaliseInvitationInput(value: string): string {
  return value.toUpperCase().replace(/\s+/g, '').slice(0, INVITATION_MAX_LENGTH);
}

export function validateInvitationCode(value: string): 'auth:login.invitationInvalid' | null {
  if (value === '') return null;
  return INVITATION_RE.test(value) ? null : 'auth:login.invitationInvalid';
}

export type InternalLoginErrors = Partial<Record<'email' | 'password' | 'invitationCode', string>>;

export function validateInternalLogin(input: { email: string; password: string; invitationCode: string }): InternalLoginErrors {
  const errors: InternalLoginErrors = {};
  const email = input.email.trim();
  if (!email) errors.email = 'auth:internal.emailRequired';
  else if (!EMAIL_RE.test(email)) errors.email = 'auth:internal.emailInvalid';
  if (!input.password) errors.password = 'auth:internal.passwordRequired';
  const invitation = validateInvitationCode(input.invitationCode);
  if (invitation) errors.invitationCode = invitation;
  return errors;
}

export type AccountFormErrors = Partial<Record<'email' | 'password' | 'confirm' | 'username', string>>;

export function validateAccountForm(
  mode: 'signin' | 'signup',
  input: { email: string; password: string; confirm: string; username: string },
): AccountFormErrors {
  const errors: AccountFormErrors = {};
  const email = input.email.trim();
  if (!email) errors.email = 'auth:internal.emailRequired';
  else if (!EMAIL_RE.test(email)) errors.email = 'auth:internal.emailInvalid';
  if (!input.password) errors.password = 'auth:internal.passwordRequired';
  if (mode === 'signup') {
    if (input.password && input.password.length < PASSWORD_MIN) errors.password = 'auth:account.passwordTooShort';
    if (input.confirm !== input.password) errors.confirm = 'auth:account.passwordMismatch';
    if (!input.username.trim()) errors.username = 'auth:account.usernameRequired';
  }
  return errors;
}
