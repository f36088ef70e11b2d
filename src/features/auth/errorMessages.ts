import { ZodError } from 'zod';

import { ApiError } from '../../shared/api/http';

export type Message = { key: string } | { text: string };

/** Spec §8 internal login mapping: known codes first (they are more precise), then statuses. */
export function internalLoginMessage(error: unknown): Message {
  if (error instanceof ZodError) return { key: 'auth:errors.incomplete' };
  if (!(error instanceof ApiError)) return { key: 'auth:errors.unknown' };
  switch (error.code) {
    case 'INVALID_EMAIL':
      return { key: 'auth:internal.emailInvalid' };
    case 'INVALID_PASSWORD':
      return { key: 'auth:internal.invalidPassword' };
    case 'ACCOUNT_LOCKED':
      return { key: 'auth:errors.accountLocked' };
    case 'NETWORK_ERROR':
      return { key: 'auth:errors.network' };
  }
  switch (error.status) {
    case null:
      return { key: 'auth:errors.network' };
    case 401:
      return { key: 'auth:errors.invalidCredentials' };
    case 403:
      return { key: 'auth:errors.accessDenied' };
    case 429:
      return { key: 'auth:errors.tooManyRequests' };
    case 500:
      return { key: 'auth:errors.serverError' };
  }
  const text = 'text' in error.text ? error.text.text : '';
  return text ? { text } : { key: 'auth:errors.unknown' };
}

/** Messages for the other sign-in calls (tern account, callback, token login). */
export function loginMessage(error: unknown): Message {
  if (error instanceof ZodError) return { key: 'auth:errors.incomplete' };
  if (!(error instanceof ApiError)) return { key: 'auth:errors.loginFailed' };
  switch (error.code) {
    case 'EMAIL_TAKEN':
      return { key: 'auth:errors.emailTaken' };
    case 'INVALID_CREDENTIALS':
    case 'INVALID_PASSWORD':
      return { key: 'auth:errors.invalidCredentials' };
    case 'INVALID_TOKEN':
      return { key: 'auth:errors.invalidToken' };
    case 'INVALID_CODE':
      return { key: 'auth:errors.invalidCode' };
    case 'ACCOUNT_LOCKED':
      return { key: 'auth:errors.accountLocked' };
    case 'TOO_MANY_REQUESTS':
      return { key: 'auth:errors.tooManyRequests' };
  }
  if (error.status === null) return { key: 'auth:errors.network' };
  if (error.status === 429) return { key: 'auth:errors.tooManyRequests' };
  if (error.status >= 500) return { key: 'auth:errors.serverError' };
  if (error.status === 403) return { key: 'auth:errors.accessDenied' };
  return { key: 'auth:errors.loginFailed' };
}
