/**
 * The error catalogue of spec §8 as one pure function, so every rule is unit-tested without a network.
 * The HTTP client applies the returned decision (toast, clear auth, navigate) and throws an ApiError.
 */

export type FailureInput =
  | { kind: 'business'; path: string; message?: string | undefined; code?: string | undefined }
  | {
      kind: 'http';
      path: string;
      status: number;
      message?: string | undefined;
      code?: string | undefined;
    }
  | { kind: 'network'; path: string; offline: boolean }
  | { kind: 'noResponse'; path: string }
  | { kind: 'config'; path: string };

export type Text = { key: string } | { text: string };

export interface FailureDecision {
  /** Shown to the user as a toast; absent when the calling screen shows the error itself. */
  toast?: { level: 'error' | 'warning' | 'info'; content: Text } | undefined;
  /**
   * Shown even for a silent request: the decision leaves the calling screen at once (401 goes to /), so that screen
   * is gone before it could show the message itself.
   */
  alwaysToast?: boolean | undefined;
  /** A second toast (the browsing-only notice). */
  extraToast?: { level: 'info'; content: Text } | undefined;
  /** The message the ApiError carries for the screen. */
  message: Text;
  passToScreen: boolean;
  clearAuth: boolean;
  /** Navigate to / after this many ms. */
  goHomeAfterMs?: number | undefined;
}

const QUOTA_CONFIG_NOT_FOUND = 'QUOTA_CONFIG_NOT_FOUND';
const DATABASE_TABLE_MISSING = 'DATABASE_TABLE_MISSING';

const isExchangeCode = (p: string) => /\/code\/exchange-code(\?|$)/.test(p);
const isInvitation = (p: string) => /\/invitation(\/|\?|$)/.test(p);
const isInternalLogin = (p: string) => /\/auth\/jwt\/cheetah-login(\?|$)/.test(p);
/**
 * The sign-in calls themselves (account sign-in and sign-up, the provider logins, the Feishu code and CLI temp-code
 * exchanges): their 401 means "these credentials are refused", which the login, callback and token-login screens
 * show with a retry (spec §4), not an expired session (docs/decisions.md).
 */
const isSignInCall = (p: string) =>
  /\/auth\/(jwt\/[\w-]+-login|tern\/(signin|signup)|temp-code\/exchange)(\?|$)/.test(p) || /\/api\/auth\/feishu\/exchange(\?|$)/.test(p);
/** "Auth, user or subscription paths" of spec §8 network errors. */
const isAccountPath = (p: string) => /\/(auth|user|subscriptions)(\/|\?|$)/.test(p);

const CJK = /[\u3400-\u9fff\uf900-\ufaff\u3000-\u303f\uff00-\uffef]/;
export const containsChinese = (s: string) => CJK.test(s);
export const isPlainAscii = (s: string) => /^[\x20-\x7e\t\n\r]*$/.test(s);

/** Server text is shown only when it is plain ASCII; otherwise the generic key. */
function asciiOr(message: string | undefined, key: string): Text {
  return message && message.trim() && isPlainAscii(message) ? { text: message } : { key };
}

function matches(code: string | undefined, message: string | undefined, needle: string): boolean {
  return code === needle || (message ?? '').includes(needle);
}

export function decideFailure(input: FailureInput): FailureDecision {
  const screen = (message: Text): FailureDecision => ({ message, passToScreen: true, clearAuth: false });
  const toastOnly = (content: Text, level: 'error' | 'warning' = 'error'): FailureDecision => ({
    toast: { level, content },
    message: content,
    passToScreen: false,
    clearAuth: false,
  });

  switch (input.kind) {
    case 'business': {
      if (matches(input.code, input.message, QUOTA_CONFIG_NOT_FOUND)) return toastOnly({ key: 'errors:quotaConfigNotFound' }, 'warning');
      if (matches(input.code, input.message, DATABASE_TABLE_MISSING)) return toastOnly({ key: 'errors:databaseTableMissing' }, 'warning');
      if (isExchangeCode(input.path) || isInvitation(input.path) || isInternalLogin(input.path)) {
        return screen(input.message ? { text: input.message } : { key: 'errors:requestFailed' });
      }
      return toastOnly(asciiOr(input.message, 'errors:requestFailed'));
    }
    case 'http': {
      const { status, path } = input;
      // The relay answers a missing table with 503 and the code; the code decides, whatever the status.
      if (input.code === QUOTA_CONFIG_NOT_FOUND) return toastOnly({ key: 'errors:quotaConfigNotFound' }, 'warning');
      if (input.code === DATABASE_TABLE_MISSING) return toastOnly({ key: 'errors:databaseTableMissing' }, 'warning');
      // Internal login maps every status to its own messages on the login screen (spec §8 internal login mapping).
      if (isInternalLogin(path)) return screen(input.message ? { text: input.message } : { key: 'errors:requestFailed' });
      if (status === 400) {
        if (isExchangeCode(path) || isInvitation(path))
          return screen(input.message ? { text: input.message } : { key: 'errors:badRequest' });
        return toastOnly(asciiOr(input.message, 'errors:badRequest'));
      }
      if (status === 401) {
        if (isSignInCall(path)) return screen(asciiOr(input.message, 'errors:unauthorized'));
        // Spec §8: with or without a stored token, a 401 ends the session: toast, clear auth, go to /.
        return { ...toastOnly({ key: 'errors:sessionExpired' }), alwaysToast: true, clearAuth: true, goHomeAfterMs: 0 };
      }
      if (status === 403) return toastOnly({ key: 'errors:noPermission' });
      if (status === 404) {
        if (isInvitation(path)) return screen({ key: 'errors:apiNotReady' });
        return toastOnly({ key: 'errors:apiNotReady' });
      }
      if (status === 500) {
        if (isInvitation(path)) return screen({ key: 'errors:serverError' });
        return toastOnly({ key: 'errors:serverError' });
      }
      return toastOnly(asciiOr(input.message, 'errors:networkError'));
    }
    case 'network': {
      // A device that is simply offline is not outside the company network: keep the session (the PWA works offline).
      if (input.offline) return toastOnly({ key: 'errors:offline' }, 'warning');
      if (isAccountPath(input.path) && !isInternalLogin(input.path)) {
        return {
          toast: { level: 'error', content: { key: 'errors:companyNetwork' } },
          extraToast: { level: 'info', content: { key: 'errors:browsingOnly' } },
          message: { key: 'errors:companyNetwork' },
          passToScreen: false,
          clearAuth: true,
          goHomeAfterMs: 1500,
        };
      }
      if (isInternalLogin(input.path)) return screen({ key: 'errors:networkError' });
      return toastOnly({ key: 'errors:networkFailed' });
    }
    case 'noResponse':
      if (isInternalLogin(input.path)) return screen({ key: 'errors:networkError' });
      return toastOnly({ key: 'errors:backendConnectionFailed' });
    case 'config':
      return toastOnly({ key: 'errors:requestConfigError' });
  }
}

/** Spec §5: a message containing Chinese characters is replaced by the fallback, when one is given. */
export function withFallback(message: string | undefined | null, fallback: string | undefined): string | undefined {
  if (fallback === undefined) return message ?? undefined;
  if (!message || !message.trim() || containsChinese(message)) return fallback;
  return message;
}
