// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { i18n, initI18n, setLanguage } from '../../../../shared/i18n';
import { WorkspaceHeld } from './WorkspaceHeld';

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => cleanup());
afterAll(() => setLanguage('en'));

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();
const show = (held: Parameters<typeof WorkspaceHeld>[0]['held'], onTakeOver = vi.fn(() => Promise.resolve())) => {
  render(
    <I18nextProvider i18n={i18n}>
      <WorkspaceHeld held={held} connected banner={false} onTakeOver={onTakeOver} />
    </I18nextProvider>,
  );
  return onTakeOver;
};

describe('WorkspaceHeld', () => {
  it('busy names the other window’s device and when it was last active, and offers Take over', () => {
    const onTakeOver = show({
      status: 'busy',
      instanceId: 'i1',
      holder: { since: minutesAgo(30), device: { browser: 'Chrome', os: 'Android' }, lastActiveAt: minutesAgo(2) },
    });
    expect(screen.getByTestId('workspace-holder').textContent).toBe('Open in Chrome on Android, last active 2 minutes ago.');
    fireEvent.click(screen.getByRole('button', { name: 'Take over' }));
    expect(onTakeOver).toHaveBeenCalledOnce();
  });

  it('says as much as the relay told: an older relay’s holder, an unknown browser', () => {
    show({ status: 'busy', instanceId: 'i1', holder: { since: minutesAgo(1) } });
    expect(screen.getByTestId('workspace-holder').textContent).toBe('Open in another browser window.');
    cleanup();
    show({ status: 'busy', instanceId: 'i1', holder: null });
    expect(screen.queryByTestId('workspace-holder')).toBeNull();
    expect(screen.getByTestId('workspace-busy').textContent).toContain('This workspace is busy');
  });

  it('taken over: by which device, read-only, Take it back', () => {
    show({
      status: 'lost',
      instanceId: 'i1',
      reason: 'taken_over',
      by: { since: minutesAgo(0), device: { browser: 'Safari', os: 'iPhone' } },
    });
    expect(screen.getByTestId('workspace-holder').textContent).toBe('Taken over by Safari on iPhone, just now.');
    expect(screen.getByTestId('workspace-busy').textContent).toContain('This window is read-only now.');
    expect(screen.getByRole('button', { name: 'Take it back' })).toBeTruthy();
  });

  it('in Chinese', async () => {
    await setLanguage('zh');
    show({
      status: 'busy',
      instanceId: 'i1',
      holder: { since: minutesAgo(90), device: { browser: 'Chrome', os: 'Android' }, lastActiveAt: minutesAgo(61) },
    });
    expect(screen.getByTestId('workspace-holder').textContent).toBe('正在 Android 上的 Chrome 中使用，最近活动：1小时前。');
    expect(screen.getByRole('button', { name: '接管' })).toBeTruthy();
  });
});
