// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { i18n, initI18n, setLanguage } from '../../../../shared/i18n';
import { dismissToast, showToast } from '../../../../shared/ui/toast';
import { Toaster } from '../../../../shared/ui/Toaster';
import type { ConnectionState } from '../../model/connection';
import { LinkDownAlert, statesOffline } from './LinkDownAlert';

beforeAll(async () => {
  await initI18n('en');
});
const shown: number[] = [];
afterEach(() => {
  act(() => shown.splice(0).forEach(dismissToast));
  cleanup();
});
afterAll(() => setLanguage('en'));

const offline: ConnectionState = { status: 'reconnecting', attempt: 2, offline: true };
const consoleView = (connection: ConnectionState) => (
  <I18nextProvider i18n={i18n}>
    <Toaster />
    <LinkDownAlert connection={connection} />
  </I18nextProvider>
);
const offlineToast = () => act(() => void shown.push(showToast('warning', { key: 'errors:offline' }, 0)));

describe('the console offline: told once, by its banner', () => {
  it('states the offline state while the link is down for it, or before the first connection is made', () => {
    expect(statesOffline(offline)).toBe(true);
    expect(statesOffline({ status: 'idle' })).toBe(true);
    expect(statesOffline({ status: 'connecting' })).toBe(true);
    expect(statesOffline({ status: 'reconnecting', attempt: 1, offline: false })).toBe(false);
    expect(statesOffline({ status: 'connected' })).toBe(false);
    expect(statesOffline({ status: 'disconnected', reason: 'stopped' })).toBe(false);
  });

  it('shows the banner instead of the "You are offline" toast, in English and Chinese', async () => {
    render(consoleView(offline));
    offlineToast();
    expect(screen.getByTestId('link-down').textContent).toBe('Network connection lost. Messages you type now are sent when it returns.');
    expect(screen.queryAllByTestId('toast')).toEqual([]);
    await act(() => setLanguage('zh'));
    offlineToast();
    expect(screen.getByTestId('link-down').textContent).toBe('网络连接已断开。现在输入的消息会在网络恢复后发送。');
    expect(screen.queryAllByTestId('toast')).toEqual([]);
    await act(() => setLanguage('en'));
  });

  it('leaves the toast to tell it when the console does not (its link stopped)', () => {
    render(consoleView({ status: 'disconnected', reason: 'stopped' }));
    offlineToast();
    expect(screen.queryByTestId('link-down')).toBeNull();
    expect(screen.getByTestId('toast').textContent).toContain('You are offline.');
  });

  it('a toast raised while offline does not appear once the connection is back', () => {
    const view = render(consoleView(offline));
    offlineToast();
    view.rerender(consoleView({ status: 'connected' }));
    expect(screen.queryByTestId('link-down')).toBeNull();
    expect(screen.queryAllByTestId('toast')).toEqual([]);
  });
});
