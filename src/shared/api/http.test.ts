// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';

import { signIn } from '../auth/session';
import { authKeys } from '../auth/storage';
import type * as ToastModule from '../ui/toast';
import { dismissToast, showToast, useToasts } from '../ui/toast';
import { API_TIMEOUT_MS } from './config';
import { ApiError, PageLeavingError, request, requestData } from './http';

// The real toast store, with every call recorded: toasts still land in the store the Toaster renders.
vi.mock('../ui/toast', async (importOriginal) => {
  const actual = await importOriginal<typeof ToastModule>();
  return { ...actual, showToast: vi.fn(actual.showToast) };
});
const showToastSpy = showToast as unknown as Mock<typeof showToast>;

/** Test stand-in for the network: records each call and answers with the queued behaviour. */
type Call = { url: string; init: RequestInit };
let calls: Call[];
let respond: (call: Call) => Promise<Response>;
const fetchStandIn = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
  const call = { url: String(input), init: init ?? {} };
  calls.push(call);
  return respond(call);
});
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const reply = (make: () => Response) => {
  respond = async () => make();
};

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
/** A JWT-shaped token whose exp is `inSeconds` from now. */
const jwt = (inSeconds: number) =>
  `${b64url({ alg: 'HS256' })}.${b64url({ sub: '42', exp: Math.floor(Date.now() / 1000) + inSeconds })}.sig`;
const user = { id: '42', username: 'ada' };
const headersOf = (call: Call) => call.init.headers as Record<string, string>;

/** Settles a promise without letting a rejection escape; returns the error or the value. */
const outcome = <T>(p: Promise<T>) =>
  p.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
async function expectApiError(p: Promise<unknown>): Promise<ApiError> {
  const result = await outcome(p);
  expect(result).toHaveProperty('error');
  const error = (result as { error: unknown }).error;
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

beforeEach(() => {
  calls = [];
  reply(() => json({ success: true, data: null }));
  vi.stubGlobal('fetch', fetchStandIn);
  localStorage.clear();
  history.replaceState(null, '', '/userinfo');
  showToastSpy.mockClear();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('request headers and body', () => {
  it('sends no Authorization header without a stored token', async () => {
    await request('/web-api/products');
    expect(headersOf(calls[0]!).Authorization).toBeUndefined();
    expect(headersOf(calls[0]!).Accept).toBe('application/json');
  });

  it('sends a Bearer header when a valid token is stored', async () => {
    const token = jwt(3600);
    signIn({ token, expiresIn: 3600, user, loginMethod: 'tern' });
    await request('/web-api/user/stats');
    expect(headersOf(calls[0]!).Authorization).toBe(`Bearer ${token}`);
  });

  it.each([
    ['a JWT whose exp has passed', () => signIn({ token: jwt(-10), expiresIn: 3600, user, loginMethod: 'tern' })],
    ['a stored expiry that has passed', () => signIn({ token: jwt(3600), expiresAt: Date.now() - 1000, user, loginMethod: 'tern' })],
    ['a token that is not a JWT', () => signIn({ token: 'opaque-token', expiresIn: 3600, user, loginMethod: 'tern' })],
  ])('sends no header and clears the stored auth for %s', async (_label, arrange) => {
    arrange();
    await request('/web-api/products');
    expect(headersOf(calls[0]!).Authorization).toBeUndefined();
    expect(localStorage.getItem(authKeys.token)).toBeNull();
    expect(localStorage.getItem(authKeys.user)).toBeNull();
  });

  it('GET has no body and no Content-Type', async () => {
    await request('/web-api/products');
    expect(calls[0]!.init.method).toBe('GET');
    expect(calls[0]!.init.body).toBeUndefined();
    expect(headersOf(calls[0]!)['Content-Type']).toBeUndefined();
  });

  it('a body makes a JSON POST', async () => {
    await request('/web-api/payment/create-order', { body: { product_sn: 'PRO-1', qty: 2 } });
    expect(calls[0]!.init.method).toBe('POST');
    expect(headersOf(calls[0]!)['Content-Type']).toBe('application/json');
    expect(JSON.parse(calls[0]!.init.body as string)).toEqual({ product_sn: 'PRO-1', qty: 2 });
  });

  it('keeps an explicit method', async () => {
    await request('/web-api/thing', { method: 'PUT', body: { a: 1 } });
    await request('/web-api/thing', { method: 'DELETE' });
    expect(calls.map((c) => c.init.method)).toEqual(['PUT', 'DELETE']);
  });

  it('encodes query parameters and drops undefined ones', async () => {
    await request('/web-api/invitation/stats', { query: { page: 2, pageSize: 20, q: 'a b&c', skip: undefined, flag: false } });
    const url = new URL(calls[0]!.url, 'http://stand-in');
    expect(url.pathname).toBe('/web-api/invitation/stats');
    expect([...url.searchParams]).toEqual([
      ['page', '2'],
      ['pageSize', '20'],
      ['q', 'a b&c'],
      ['flag', 'false'],
    ]);
  });

  it('passes an abort signal to fetch', async () => {
    await request('/web-api/products');
    expect(calls[0]!.init.signal).toBeDefined();
  });
});

describe('responses', () => {
  it('resolves with the parsed JSON body', async () => {
    reply(() => json({ success: true, data: [{ id: 1 }] }));
    await expect(request('/web-api/products')).resolves.toEqual({ success: true, data: [{ id: 1 }] });
  });

  it('resolves with null for an empty body and with text for a non-JSON body', async () => {
    reply(() => new Response(null, { status: 204 }));
    await expect(request('/web-api/thing')).resolves.toBeNull();
    reply(() => new Response('# Title', { status: 200 }));
    await expect(request('/install/en/intro.md')).resolves.toBe('# Title');
  });

  it.each([
    [{ success: true, data: { plan: 'pro' } }, { plan: 'pro' }],
    [{ success: true, data: null }, null],
    [{ success: true, data: [] }, []],
    [{ items: [1] }, { items: [1] }],
  ])('requestData(%j) unwraps data → %j', async (body, expected) => {
    reply(() => json(body));
    await expect(requestData('/web-api/x')).resolves.toEqual(expected);
  });

  it('success=false throws an ApiError carrying status, code and body, and toasts ASCII text', async () => {
    const body = { success: false, code: 'SOLD_OUT', message: 'Product is sold out' };
    reply(() => json(body));
    const error = await expectApiError(request('/web-api/payment/create-order', { body: { product_sn: 'X' } }));
    expect(error.status).toBe(200);
    expect(error.code).toBe('SOLD_OUT');
    expect(error.body).toEqual(body);
    expect(error.text).toEqual({ text: 'Product is sold out' });
    expect(showToastSpy).toHaveBeenCalledExactlyOnceWith('error', { text: 'Product is sold out' });
  });

  it('success=false with Chinese text toasts the generic requestFailed', async () => {
    reply(() => json({ success: false, msg: '商品已售罄' }));
    const error = await expectApiError(request('/web-api/payment/create-order', { body: {} }));
    expect(error.text).toEqual({ key: 'errors:requestFailed' });
    expect(showToastSpy).toHaveBeenCalledExactlyOnceWith('error', { key: 'errors:requestFailed' });
  });

  it('reads the message from message, error or msg and the code from code or errorCode', async () => {
    reply(() => json({ success: false, error: 'DATABASE_TABLE_MISSING: orders' }));
    await expectApiError(request('/web-api/user/stats'));
    expect(showToastSpy).toHaveBeenLastCalledWith('warning', { key: 'errors:databaseTableMissing' });
    reply(() => json({ success: false, errorCode: 'QUOTA_CONFIG_NOT_FOUND' }));
    const error = await expectApiError(request('/web-api/user/stats'));
    expect(error.code).toBe('QUOTA_CONFIG_NOT_FOUND');
    expect(showToastSpy).toHaveBeenLastCalledWith('warning', { key: 'errors:quotaConfigNotFound' });
  });

  it('toasts land in the toast store', async () => {
    const { result, unmount } = renderHook(() => useToasts());
    reply(() => json({ message: 'nope' }, 403));
    await act(async () => {
      await outcome(request('/web-api/user/stats'));
    });
    expect(result.current).toContainEqual(expect.objectContaining({ level: 'error', content: { key: 'errors:noPermission' } }));
    act(() => result.current.forEach((t) => dismissToast(t.id)));
    unmount();
  });

  it('silent requests still throw but show no toast', async () => {
    reply(() => json({}, 500));
    const error = await expectApiError(request('/web-api/user/stats', { silent: true }));
    expect(error.status).toBe(500);
    expect(error.text).toEqual({ key: 'errors:serverError' });
    expect(showToastSpy).not.toHaveBeenCalled();
  });
});

describe('401', () => {
  it('with a token: toast sessionExpired, clear every stored auth key, go to /', async () => {
    signIn({ token: jwt(3600), expiresIn: 3600, user, loginMethod: 'tern' });
    localStorage.setItem('tern.language', 'kept');
    reply(() => json({ message: 'jwt expired' }, 401));
    const error = await expectApiError(request('/web-api/user/stats'));
    expect(error.status).toBe(401);
    expect(showToastSpy).toHaveBeenCalledExactlyOnceWith('error', { key: 'errors:sessionExpired' });
    for (const key of [authKeys.token, authKeys.expiresAt, authKeys.user, authKeys.loginTime, authKeys.loginMethod]) {
      expect(localStorage.getItem(key), key).toBeNull();
    }
    expect(localStorage.getItem('tern.language')).toBe('kept');
    expect(location.pathname).toBe('/');
  });

  it('silent requests too: the session is over and the calling screen is left, so the toast still explains it', async () => {
    signIn({ token: jwt(3600), expiresIn: 3600, user, loginMethod: 'tern' });
    reply(() => json({}, 401));
    await expectApiError(request('/web-api/user/stats', { silent: true }));
    expect(localStorage.getItem(authKeys.token)).toBeNull();
    expect(showToastSpy).toHaveBeenCalledExactlyOnceWith('error', { key: 'errors:sessionExpired' });
    expect(location.pathname).toBe('/');
  });

  it('without a stored token: the same sessionExpired toast, auth cleared, go to / (spec §8)', async () => {
    reply(() => json({}, 401));
    const error = await expectApiError(request('/web-api/payment/create-order', { body: {} }));
    expect(error.status).toBe(401);
    expect(error.decision).toMatchObject({ passToScreen: false, clearAuth: true, message: { key: 'errors:sessionExpired' } });
    expect(showToastSpy).toHaveBeenCalledExactlyOnceWith('error', { key: 'errors:sessionExpired' });
    expect(location.pathname).toBe('/');
  });

  it('a refused sign-in is for the login screen to show: no toast, no navigation', async () => {
    reply(() => json({ success: false, code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' }, 401));
    const error = await expectApiError(request('/auth/tern/signin', { body: { email: 'a@b.c', password: 'x' }, silent: true }));
    expect(error.decision).toMatchObject({ passToScreen: true, clearAuth: false, message: { text: 'Invalid email or password' } });
    expect(showToastSpy).not.toHaveBeenCalled();
    expect(location.pathname).toBe('/userinfo');
  });

  it('internal login: the login screen handles it and a stored session is kept', async () => {
    signIn({ token: jwt(3600), expiresIn: 3600, user, loginMethod: 'tern' });
    reply(() => json({ message: 'Invalid credentials' }, 401));
    const error = await expectApiError(request('/auth/jwt/cheetah-login', { body: { email: 'a@b.c', password: 'x' } }));
    expect(error.text).toEqual({ text: 'Invalid credentials' });
    expect(localStorage.getItem(authKeys.token)).not.toBeNull();
    expect(showToastSpy).not.toHaveBeenCalled();
  });
});

describe('fallbackMessage (spec §5)', () => {
  it.each([
    ['Chinese server text is replaced', { success: false, message: '兑换码已被使用' }, 'Exchange failed, please try again later'],
    ['ASCII server text is kept', { success: false, message: 'Code already used' }, 'Code already used'],
  ])('%s', async (_label, body, expected) => {
    reply(() => json(body));
    const error = await expectApiError(
      request('/web-api/code/exchange-code', { body: { code: 'AB-12' }, fallbackMessage: 'Exchange failed, please try again later' }),
    );
    expect(error.text).toEqual({ text: expected });
    expect(error.message).toBe(expected);
    // Exchange-code errors are shown by the screen, not toasted.
    expect(showToastSpy).not.toHaveBeenCalled();
  });

  it('without a fallback the screen receives the server text as is', async () => {
    reply(() => json({ success: false, message: '兑换码已被使用' }));
    const error = await expectApiError(request('/web-api/code/exchange-code', { body: { code: 'AB-12' } }));
    expect(error.text).toEqual({ text: '兑换码已被使用' });
  });
});

describe('network failures', () => {
  it('times out after 10 s with backendConnectionFailed', async () => {
    expect(API_TIMEOUT_MS).toBe(10_000);
    vi.useFakeTimers();
    // Never answers; rejects only when aborted, as the real fetch does.
    respond = ({ init }) =>
      new Promise((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      });
    let settled = false;
    const result = outcome(request('/web-api/products')).finally(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const { error } = (await result) as { error: ApiError };
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBeNull();
    expect(error.text).toEqual({ key: 'errors:backendConnectionFailed' });
    expect(showToastSpy).toHaveBeenCalledWith('error', { key: 'errors:backendConnectionFailed' });
  });

  it('honours a custom timeout', async () => {
    vi.useFakeTimers();
    respond = ({ init }) => new Promise((_r, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
    const result = outcome(request('/web-api/products', { timeoutMs: 50 }));
    await vi.advanceTimersByTimeAsync(50);
    expect(await result).toEqual({ error: expect.any(ApiError) });
  });

  it('an abort by the caller is rethrown as is, with no toast', async () => {
    respond = ({ init }) =>
      new Promise((_r, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    const controller = new AbortController();
    const result = outcome(request('/web-api/products', { signal: controller.signal }));
    controller.abort();
    const { error } = (await result) as { error: unknown };
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as DOMException).name).toBe('AbortError');
    expect(showToastSpy).not.toHaveBeenCalled();
  });

  it('on an account path: company-network and browsing-only toasts, clear auth, go home after 1.5 s', async () => {
    vi.useFakeTimers();
    signIn({ token: jwt(3600), expiresIn: 3600, user, loginMethod: 'tern' });
    respond = () => Promise.reject(new TypeError('Failed to fetch'));
    const error = await expectApiError(request('/web-api/auth/me'));
    expect(error.text).toEqual({ key: 'errors:companyNetwork' });
    expect(showToastSpy.mock.calls).toEqual([
      ['error', { key: 'errors:companyNetwork' }],
      ['info', { key: 'errors:browsingOnly' }, 6000],
    ]);
    expect(localStorage.getItem(authKeys.token)).toBeNull();
    expect(location.pathname).toBe('/userinfo');
    await vi.advanceTimersByTimeAsync(1499);
    expect(location.pathname).toBe('/userinfo');
    await vi.advanceTimersByTimeAsync(1);
    expect(location.pathname).toBe('/');
  });

  it('a request the browser drops because the page is unloading: no toast, session kept', async () => {
    signIn({ token: jwt(3600), expiresIn: 3600, user, loginMethod: 'tern' });
    respond = () => Promise.reject(new TypeError('Failed to fetch'));
    window.dispatchEvent(new Event('pagehide'));
    try {
      const result = await outcome(request('/web-api/user/stats'));
      expect((result as { error: unknown }).error).toBeInstanceOf(PageLeavingError);
      expect(showToastSpy).not.toHaveBeenCalled();
      expect(localStorage.getItem(authKeys.token)).not.toBeNull();
    } finally {
      window.dispatchEvent(new Event('pageshow'));
    }
    // Back from the back/forward cache, a real failure is a failure again.
    await expectApiError(request('/web-api/user/stats'));
    expect(localStorage.getItem(authKeys.token)).toBeNull();
  });

  it('on a device that is offline: offline warning, session kept, no navigation', async () => {
    vi.useFakeTimers();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    signIn({ token: jwt(3600), expiresIn: 3600, user, loginMethod: 'tern' });
    respond = () => Promise.reject(new TypeError('Failed to fetch'));
    const error = await expectApiError(request('/web-api/user/stats'));
    expect(error.text).toEqual({ key: 'errors:offline' });
    expect(showToastSpy).toHaveBeenCalledExactlyOnceWith('warning', { key: 'errors:offline' });
    expect(localStorage.getItem(authKeys.token)).not.toBeNull();
    await vi.advanceTimersByTimeAsync(5000);
    expect(location.pathname).toBe('/userinfo');
  });

  it('on another path: networkFailed, session kept', async () => {
    signIn({ token: jwt(3600), expiresIn: 3600, user, loginMethod: 'tern' });
    respond = () => Promise.reject(new TypeError('Failed to fetch'));
    const error = await expectApiError(request('/web-api/products'));
    expect(error.text).toEqual({ key: 'errors:networkFailed' });
    expect(localStorage.getItem(authKeys.token)).not.toBeNull();
  });

  it('a non-JSON error page falls back to the status rule', async () => {
    reply(() => new Response('<html>Bad Gateway</html>', { status: 502 }));
    const error = await expectApiError(request('/web-api/products'));
    expect(error.status).toBe(502);
    expect(error.body).toBe('<html>Bad Gateway</html>');
    expect(error.text).toEqual({ key: 'errors:networkError' });
  });
});
