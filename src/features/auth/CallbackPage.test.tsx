// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { clearAuth } from '../../shared/auth/session';
import { authKeys } from '../../shared/auth/storage';
import { renderPage } from '../docs/testUtils';
import CallbackPage from './CallbackPage';

const user = {
  id: '7',
  username: 'Ada',
  email: 'ada@example.com',
  avatar: null,
  createdAt: '2025-01-01T00:00:00Z',
  updatedAt: '2025-01-01T00:00:00Z',
};
const loginResult = {
  accessToken: 'access-token',
  expiresIn: 3600,
  expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
  user,
  loginMethod: 'tern',
};

/** Test stand-in for the relay's tern-login answer, released by the test. */
let answer: (response: Response) => void = () => {};
const fetchStandIn = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));

beforeEach(() => {
  vi.stubGlobal('fetch', fetchStandIn);
  sessionStorage.clear();
  history.replaceState(null, '', '/callback?type=authlogin&logintype=tern&token=one-time&user_id=7');
});
afterEach(() => {
  cleanup();
  clearAuth();
  Object.defineProperty(window, 'opener', { value: null, configurable: true, writable: true });
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const phase = () => screen.getByTestId('callback').getAttribute('data-phase');
const closeButton = () => screen.getByTestId('callback-close');

describe('spec §2 callback page: a close button in every state', () => {
  it('processing: close leaves the callback for the home page of its language', async () => {
    await renderPage(<CallbackPage />, { lang: 'zh' });
    expect(phase()).toBe('processing');
    expect(closeButton()).toHaveTextContent('关闭');
    fireEvent.click(closeButton());
    expect(location.pathname).toBe('/zh');
  });

  it('success: close goes where the sign-in was heading', async () => {
    sessionStorage.setItem(authKeys.loginRedirect, '/pricing');
    await renderPage(<CallbackPage />);
    await act(async () => answer(new Response(JSON.stringify({ success: true, ...loginResult, data: loginResult }), { status: 200 })));
    expect(await screen.findByText('Signed in successfully')).toBeVisible();
    expect(phase()).toBe('success');
    expect(closeButton()).toHaveTextContent('Close');
    fireEvent.click(closeButton());
    expect(location.pathname).toBe('/pricing');
    expect(localStorage.getItem(authKeys.token)).toBe('access-token');
  });

  it('error: close sits beside retry', async () => {
    history.replaceState(null, '', '/callback?type=other&logintype=tern&token=x');
    await renderPage(<CallbackPage />);
    expect(phase()).toBe('error');
    expect(screen.getByRole('link', { name: 'Try again' })).toBeVisible();
    fireEvent.click(closeButton());
    expect(location.pathname).toBe('/');
  });

  it('in a popup, every state closes the window itself', async () => {
    const opener = { location: { origin: location.origin }, postMessage: vi.fn() };
    Object.defineProperty(window, 'opener', { value: opener, configurable: true, writable: true });
    const close = vi.spyOn(window, 'close').mockImplementation(() => {});
    await renderPage(<CallbackPage />);
    expect(phase()).toBe('processing');
    expect(closeButton()).toHaveTextContent('Close window');
    fireEvent.click(closeButton());
    expect(close).toHaveBeenCalledTimes(1);
    await act(async () => answer(new Response(JSON.stringify({ success: true, ...loginResult, data: loginResult }), { status: 200 })));
    expect(await screen.findByText('Signed in successfully')).toBeVisible();
    fireEvent.click(closeButton());
    expect(close).toHaveBeenCalledTimes(2);
    expect(location.pathname).toBe('/callback');
    expect(opener.postMessage).toHaveBeenCalledWith(expect.objectContaining({ type: 'TERN_LOGIN_SUCCESS' }), location.origin);
  });
});
