// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import enAuth from '../../locales/en/auth.json';
import zhAuth from '../../locales/zh/auth.json';
import type { Text } from '../../shared/api/errorPolicy';
import { ApiError } from '../../shared/api/http';
import { internalLoginMessage, loginMessage, type Message } from './errorMessages';

/** An ApiError as the HTTP client throws it for the login screens (the message is passed to the screen). */
const apiError = (status: number | null, code: string | null = null, message: Text = { key: 'errors:requestFailed' }) =>
  new ApiError({ message, passToScreen: true, clearAuth: false }, status, code, null);
const zodError = () => {
  const result = z.object({ accessToken: z.string() }).safeParse({});
  if (result.success) throw new Error('expected a parse failure');
  return result.error;
};
const lookup = (tree: unknown, key: string) =>
  key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], tree);
/** The English text of a message, so the spec's wording is checked, not only the key. */
const english = (m: Message) => ('text' in m ? m.text : lookup(enAuth, m.key.replace(/^auth:/, '')));

describe('spec §8 Internal login mapping', () => {
  it('no response: Network connection error', () => {
    expect(internalLoginMessage(apiError(null))).toEqual({ key: 'auth:errors.network' });
    expect(english(internalLoginMessage(apiError(null)))).toBe('Network connection error');
  });

  it.each([
    [401, 'auth:errors.invalidCredentials', 'Invalid credentials'],
    [403, 'auth:errors.accessDenied', 'Access denied'],
    [429, 'auth:errors.tooManyRequests', 'Too many requests, please try again later'],
    [500, 'auth:errors.serverError', 'Server error, please try again later'],
  ])('HTTP %i: %s', (status, key, text) => {
    const message = internalLoginMessage(apiError(status));
    expect(message).toEqual({ key });
    expect(english(message)).toBe(text);
  });

  it.each([
    ['INVALID_EMAIL', 'auth:internal.emailInvalid', 'Please enter a valid email address'],
    ['INVALID_PASSWORD', 'auth:internal.invalidPassword', 'The password is incorrect'],
    ['ACCOUNT_LOCKED', 'auth:errors.accountLocked', 'Account has been locked'],
    ['NETWORK_ERROR', 'auth:errors.network', 'Network connection error'],
  ])('code %s wins over the status', (code, key, text) => {
    // The relay answers a locked account with 423 and a wrong password with 401: the code is the more precise.
    for (const status of [400, 401, 423, 500]) expect(internalLoginMessage(apiError(status, code))).toEqual({ key });
    expect(english({ key })).toBe(text);
  });

  it('otherwise shows the server message, else Unknown error occurred', () => {
    expect(internalLoginMessage(apiError(400, 'SOMETHING', { text: 'Email domain not allowed' }))).toEqual({
      text: 'Email domain not allowed',
    });
    expect(internalLoginMessage(apiError(418, null, { text: '' }))).toEqual({ key: 'auth:errors.unknown' });
    expect(internalLoginMessage(apiError(418))).toEqual({ key: 'auth:errors.unknown' });
    expect(internalLoginMessage(new Error('boom'))).toEqual({ key: 'auth:errors.unknown' });
    expect(internalLoginMessage('nope')).toEqual({ key: 'auth:errors.unknown' });
    expect(english({ key: 'auth:errors.unknown' })).toBe('Unknown error occurred');
  });

  it('a response without accessToken: Login response data incomplete', () => {
    expect(internalLoginMessage(zodError())).toEqual({ key: 'auth:errors.incomplete' });
    expect(english({ key: 'auth:errors.incomplete' })).toBe('Login response data incomplete');
  });
});

describe('messages of the other sign-in calls', () => {
  it('map codes first, then statuses, else Login failed', () => {
    expect(loginMessage(zodError())).toEqual({ key: 'auth:errors.incomplete' });
    expect(loginMessage(new Error('boom'))).toEqual({ key: 'auth:errors.loginFailed' });
    expect(loginMessage(apiError(409, 'EMAIL_TAKEN'))).toEqual({ key: 'auth:errors.emailTaken' });
    expect(loginMessage(apiError(401, 'INVALID_CREDENTIALS'))).toEqual({ key: 'auth:errors.invalidCredentials' });
    expect(loginMessage(apiError(401, 'INVALID_PASSWORD'))).toEqual({ key: 'auth:errors.invalidCredentials' });
    expect(loginMessage(apiError(400, 'INVALID_TOKEN'))).toEqual({ key: 'auth:errors.invalidToken' });
    expect(loginMessage(apiError(400, 'INVALID_CODE'))).toEqual({ key: 'auth:errors.invalidCode' });
    expect(loginMessage(apiError(423, 'ACCOUNT_LOCKED'))).toEqual({ key: 'auth:errors.accountLocked' });
    expect(loginMessage(apiError(400, 'TOO_MANY_REQUESTS'))).toEqual({ key: 'auth:errors.tooManyRequests' });
    expect(loginMessage(apiError(null))).toEqual({ key: 'auth:errors.network' });
    expect(loginMessage(apiError(429))).toEqual({ key: 'auth:errors.tooManyRequests' });
    expect(loginMessage(apiError(502))).toEqual({ key: 'auth:errors.serverError' });
    expect(loginMessage(apiError(403))).toEqual({ key: 'auth:errors.accessDenied' });
    expect(loginMessage(apiError(400))).toEqual({ key: 'auth:errors.loginFailed' });
    expect(english({ key: 'auth:errors.loginFailed' })).toBe('Login failed');
  });
});

describe('spec §8 Login messages', () => {
  it('every one exists in English with the spec wording, and in Chinese', () => {
    const catalogue: Record<string, string | RegExp> = {
      'errors.loginFailed': 'Login failed',
      'errors.network': 'Network connection error',
      'errors.invalidCredentials': 'Invalid credentials',
      'errors.accessDenied': 'Access denied',
      'errors.tooManyRequests': 'Too many requests, please try again later',
      'errors.serverError': 'Server error, please try again later',
      'errors.accountLocked': 'Account has been locked',
      'errors.unknown': 'Unknown error occurred',
      'errors.popupBlocked': /allow pop-ups/,
      'errors.missingParams': 'Missing authorization parameters',
      'errors.invalidType': 'Invalid callback type',
      'errors.invalidLoginType': 'Invalid login type',
      'errors.incomplete': 'Login response data incomplete',
      'errors.region': /region/,
    };
    for (const [key, text] of Object.entries(catalogue)) {
      if (typeof text === 'string') expect(lookup(enAuth, key), key).toBe(text);
      else expect(lookup(enAuth, key), key).toMatch(text);
      const chinese = lookup(zhAuth, key);
      expect(typeof chinese === 'string' && /[\u4e00-\u9fff]/.test(chinese), `zh ${key}`).toBe(true);
    }
  });
});
