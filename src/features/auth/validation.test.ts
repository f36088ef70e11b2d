import { describe, expect, it } from 'vitest';

import { cheetahLoginRequestSchema, invitationCodeSchema } from '#protocol/auth';

import enAuth from '../../locales/en/auth.json';
import zhAuth from '../../locales/zh/auth.json';
import {
  INVITATION_MAX_LENGTH,
  normaliseInvitationInput,
  PASSWORD_MIN,
  validateAccountForm,
  validateInternalLogin,
  validateInvitationCode,
} from './validation';

const valid = { email: 'ops@corp.example', password: 'x', invitationCode: '' };
/** The English text of an `auth:` key, so the spec's wording is checked, not only the key. */
const en = (key: string | undefined) =>
  key
    ?.replace(/^auth:/, '')
    .split('.')
    .reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], enAuth);
const zh = (key: string | undefined) =>
  key
    ?.replace(/^auth:/, '')
    .split('.')
    .reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], zhAuth);

describe('spec §5 Internal-company login', () => {
  it('accepts a complete form', () => {
    expect(validateInternalLogin(valid)).toEqual({});
    expect(validateInternalLogin({ ...valid, email: '  ops@corp.example  ' })).toEqual({});
  });

  it('email required: Please enter email address (blank counts as empty)', () => {
    for (const email of ['', '   ']) {
      const errors = validateInternalLogin({ ...valid, email });
      expect(errors.email).toBe('auth:internal.emailRequired');
      expect(en(errors.email)).toBe('Please enter email address');
    }
  });

  it('valid email: Please enter a valid email address', () => {
    for (const email of ['nope', 'a@b', '@corp.example', 'ops@', 'o ps@corp.example', 'ops@corp .example']) {
      const errors = validateInternalLogin({ ...valid, email });
      expect(errors.email, email).toBe('auth:internal.emailInvalid');
    }
    expect(en('auth:internal.emailInvalid')).toBe('Please enter a valid email address');
  });

  it('password required: Please enter password (any non-empty password is sent; the relay judges it)', () => {
    const errors = validateInternalLogin({ ...valid, password: '' });
    expect(errors).toEqual({ password: 'auth:internal.passwordRequired' });
    expect(en(errors.password)).toBe('Please enter password');
    expect(validateInternalLogin({ ...valid, password: ' ' })).toEqual({});
  });

  it('reports every problem at once', () => {
    expect(validateInternalLogin({ email: '', password: '', invitationCode: 'AB' })).toEqual({
      email: 'auth:internal.emailRequired',
      password: 'auth:internal.passwordRequired',
      invitationCode: 'auth:login.invitationInvalid',
    });
  });

  it('has an invalid-password message in both languages', () => {
    expect(en('auth:internal.invalidPassword')).toBeTruthy();
    expect(zh('auth:internal.invalidPassword')).toBeTruthy();
  });

  it('agrees with the relay schema on the e-mail and password rules', () => {
    const samples = [
      valid,
      { ...valid, email: '' },
      { ...valid, email: 'nope' },
      { ...valid, email: 'ops@' },
      { ...valid, password: '' },
      { ...valid, email: 'First.Last+tag@Corp.Example' },
    ];
    for (const sample of samples) {
      const client = validateInternalLogin(sample);
      const server = cheetahLoginRequestSchema.safeParse({ ...sample, invitationCode: sample.invitationCode || undefined });
      expect(Object.keys(client).length === 0, JSON.stringify(sample)).toBe(server.success);
    }
  });
});

describe('spec §5 Invitation code', () => {
  it('is optional', () => {
    expect(validateInvitationCode('')).toBeNull();
  });

  it('takes 6 to 10 letters or digits', () => {
    for (const code of ['ABC123', '123456', 'ABCDEF', 'ABCDE12345']) expect(validateInvitationCode(code), code).toBeNull();
  });

  it('rejects other lengths and characters: Invalid invitation code format', () => {
    for (const code of ['ABC12', 'A', 'ABCDE123456', 'ABC-123', 'ABC 123', 'ABC_123', 'ÄBC123', '邀请码邀请码']) {
      expect(validateInvitationCode(code), code).toBe('auth:login.invitationInvalid');
    }
    expect(en('auth:login.invitationInvalid')).toBe('Invalid invitation code format');
    expect(zh('auth:login.invitationInvalid')).toBe('邀请码格式不正确');
  });

  it('is forced to upper case as typed, with spaces dropped, and at most 10 characters', () => {
    expect(INVITATION_MAX_LENGTH).toBe(10);
    expect(normaliseInvitationInput('abc123')).toBe('ABC123');
    expect(normaliseInvitationInput(' ab c1 23 ')).toBe('ABC123');
    expect(normaliseInvitationInput('abcdefghijklmnop')).toBe('ABCDEFGHIJ');
    // Other characters stay visible so the format message can explain them.
    expect(normaliseInvitationInput('ab-1')).toBe('AB-1');
    expect(validateInvitationCode(normaliseInvitationInput('ab-1'))).toBe('auth:login.invitationInvalid');
    // Lower case is only valid once normalised.
    expect(validateInvitationCode('abc123')).toBe('auth:login.invitationInvalid');
    expect(validateInvitationCode(normaliseInvitationInput('abc123'))).toBeNull();
  });

  it('agrees with the relay schema on every normalised input', () => {
    for (const raw of ['', 'abc123', 'ABCDE12345', 'abc12', 'ab-123', 'abcdefghijkl', '12345678', 'x y z 1 2 3']) {
      const typed = normaliseInvitationInput(raw);
      const client = validateInvitationCode(typed) === null;
      const server = invitationCodeSchema.safeParse(typed).success;
      expect(client, `${raw} → ${typed}`).toBe(server);
    }
  });
});

describe('account form (general form messages)', () => {
  const signup = { email: 'ada@example.com', password: 'analytical', confirm: 'analytical', username: 'Ada' };

  it('signs in with e-mail and password only', () => {
    expect(validateAccountForm('signin', { email: 'ada@example.com', password: 'x', confirm: '', username: '' })).toEqual({});
    expect(validateAccountForm('signin', { email: '', password: '', confirm: '', username: '' })).toEqual({
      email: 'auth:internal.emailRequired',
      password: 'auth:internal.passwordRequired',
    });
  });

  it('signs up with a name, a password of at least 8 characters, confirmed', () => {
    expect(PASSWORD_MIN).toBe(8);
    expect(validateAccountForm('signup', signup)).toEqual({});
    expect(validateAccountForm('signup', { ...signup, password: '1234567', confirm: '1234567' })).toEqual({
      password: 'auth:account.passwordTooShort',
    });
    expect(validateAccountForm('signup', { ...signup, password: '12345678', confirm: '12345678' })).toEqual({});
    expect(validateAccountForm('signup', { ...signup, confirm: 'analyticaL' })).toEqual({ confirm: 'auth:account.passwordMismatch' });
    expect(validateAccountForm('signup', { ...signup, username: '  ' })).toEqual({ username: 'auth:account.usernameRequired' });
    expect(en('auth:account.passwordTooShort')).toBe('Password must be at least 8 characters');
    expect(en('auth:account.passwordMismatch')).toBe('Passwords do not match');
  });
});
