// @vitest-environment jsdom
import { cleanup, render, renderHook, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { i18n, initI18n, setLanguage } from '../../../shared/i18n';
import type { DeliveryStage } from '../model/delivery';
import type { QueuedInput } from '../model/inputQueue';
import { DeliveryContext, DeliveryMark, StoredDelivery, useWaitingForCli } from './Delivery';
import { lastSeenText } from './lastSeen';
import { OfflineStart } from './OfflineStart';

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => cleanup());
afterAll(() => setLanguage('en'));

const wrap = (node: React.ReactNode) => render(<I18nextProvider i18n={i18n}>{node}</I18nextProvider>);

describe('delivery marks', () => {
  it('name each stage, in English and Chinese', async () => {
    wrap(
      <>
        <DeliveryMark stage="device" />
        <DeliveryMark stage="relay" />
        <DeliveryMark stage="cli" />
        <DeliveryMark stage="started" />
        <DeliveryMark stage="dropped" />
      </>,
    );
    const marks = screen.getAllByTestId('delivery');
    expect(marks.map((m) => [m.dataset.stage, m.textContent])).toEqual([
      ['device', 'Queued on this device'],
      ['relay', 'At the relay'],
      ['cli', 'At the CLI'],
      ['started', 'Turn started'],
      ['dropped', 'Not run: the turn was interrupted'],
    ]);
    cleanup();
    await setLanguage('zh');
    wrap(<DeliveryMark stage="device" />);
    expect(screen.getByTestId('delivery').textContent).toBe('已在本设备排队');
    await setLanguage('en');
  });

  it('a stored message shows its stage from the context, quietly once its turn started', () => {
    const stages = new Map<string, DeliveryStage>([
      ['a', 'started'],
      ['b', 'relay'],
    ]);
    wrap(
      <DeliveryContext.Provider value={stages}>
        <StoredDelivery clientMsgId="a" />
        <StoredDelivery clientMsgId="b" />
        <StoredDelivery clientMsgId="unknown" />
      </DeliveryContext.Provider>,
    );
    const marks = screen.getAllByTestId('delivery');
    expect(marks.map((m) => [m.dataset.stage, m.textContent, m.getAttribute('aria-label')])).toEqual([
      ['started', '', 'Delivery: Turn started'],
      ['relay', 'At the relay', 'Delivery: At the relay'],
    ]);
  });
});

describe('waiting for the CLI', () => {
  const queued: QueuedInput = { clientMsgId: 'q', sessionId: 's', text: 't', status: 'queued' };
  it('shows while the CLI is offline, stays after it reconnects until the message reached it, then goes', () => {
    const atRelay = new Map<string, DeliveryStage>([['m', 'relay']]);
    const { result, rerender } = renderHook(({ stages, offline }) => useWaitingForCli(stages, [], offline), {
      initialProps: { stages: atRelay, offline: true },
    });
    expect(result.current).toBe(true);
    rerender({ stages: atRelay, offline: false });
    expect(result.current).toBe(true);
    rerender({ stages: new Map([['m', 'started']]), offline: false });
    expect(result.current).toBe(false);
    // A new message while the CLI is online is not "waiting for the CLI" (it is on its way).
    rerender({ stages: new Map([['n', 'relay']]), offline: false });
    expect(result.current).toBe(false);
  });

  it('is not shown while only this browser is offline (the CLI is unknown then), nor for a failed message', () => {
    const { result } = renderHook(() => useWaitingForCli(new Map(), [{ ...queued, status: 'failed' }], true));
    expect(result.current).toBe(false);
    const offlineBrowser = renderHook(() => useWaitingForCli(new Map(), [queued], false));
    expect(offlineBrowser.result.current).toBe(false);
  });
});

describe('offline start and last seen', () => {
  it('a spinner while the cache is read and the first attempt runs; after it failed with nothing saved, offline and Retry', () => {
    const onRetry = vi.fn();
    const { rerender } = wrap(<OfflineStart connection={{ status: 'connecting' }} restored={false} onRetry={onRetry} />);
    expect(screen.queryByTestId('offline-start')).toBeNull();
    expect(screen.getByLabelText('Connecting…')).toBeTruthy();
    rerender(
      <I18nextProvider i18n={i18n}>
        <OfflineStart connection={{ status: 'reconnecting', attempt: 1, offline: true }} restored onRetry={onRetry} />
      </I18nextProvider>,
    );
    expect(screen.getByTestId('offline-start').textContent).toContain('You are offline');
    screen.getByRole('button').click();
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('says when the CLI was last seen: when the relay was last heard for one that was online, its own time otherwise', () => {
    const t = i18n.getFixedT('en', 'remote');
    const now = Date.parse('2026-11-25T12:00:00Z');
    const heard = Date.parse('2026-11-25T11:58:00Z');
    const online = lastSeenText(t, 'en-GB', { online: true, lastSeenAt: '2026-11-25T08:00:00Z' }, heard, now);
    expect(online).toBe(`Last seen ${new Date(heard).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' })}`);
    const offline = lastSeenText(t, 'en-GB', { online: false, lastSeenAt: '2026-11-23T08:00:00Z' }, heard, now);
    expect(offline).toMatch(/^Last seen 23 Nov \d\d:\d\d$/);
  });
});
