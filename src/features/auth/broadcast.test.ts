// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';

import { initI18n, setLanguage } from '../../shared/i18n';
import type * as ToastModule from '../../shared/ui/toast';
import { toast } from '../../shared/ui/toast';
import { BROADCAST_RELOAD_DELAY_MS, installLoginBroadcast, LOGIN_TRIGGER_KEY } from './broadcast';

// The real toast store, with every success toast recorded.
vi.mock('../../shared/ui/toast', async (importOriginal) => {
  const actual = await importOriginal<typeof ToastModule>();
  return { ...actual, toast: { ...actual.toast, success: vi.fn(actual.toast.success) } };
});
const successSpy = toast.success as unknown as Mock<typeof toast.success>;

let reload: Mock<() => void>;
let dispose: () => void;

const post = (data: unknown, origin = window.location.origin) => window.dispatchEvent(new MessageEvent('message', { data, origin }));
const store = (newValue: string | null, key = LOGIN_TRIGGER_KEY) => window.dispatchEvent(new StorageEvent('storage', { key, newValue }));
const notice = (type: string, provider: string) => ({ type, provider, timestamp: Date.now() });

beforeAll(async () => {
  await initI18n('en');
});

beforeEach(async () => {
  await setLanguage('en');
  vi.useFakeTimers();
  successSpy.mockClear();
  localStorage.clear();
  reload = vi.fn();
  dispose = installLoginBroadcast(window, reload);
});

afterEach(() => {
  dispose();
  vi.useRealTimers();
});

describe('spec §4 login broadcast', () => {
  it('a same-origin success message names the provider, then reloads after 1 s', () => {
    post(notice('FEISHU_LOGIN_SUCCESS', 'feishu'));
    expect(successSpy).toHaveBeenCalledTimes(1);
    expect(successSpy).toHaveBeenCalledWith({ key: 'auth:broadcast.success', values: { provider: 'Feishu' } });
    expect(BROADCAST_RELOAD_DELAY_MS).toBe(1000);
    vi.advanceTimersByTime(999);
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('is handled once, however many notices arrive', () => {
    post(notice('TERN_LOGIN_SUCCESS', 'tern'));
    post(notice('TERN_LOGIN_SUCCESS', 'tern'));
    store(JSON.stringify(notice('FEISHU_LOGIN_SUCCESS', 'feishu')));
    vi.advanceTimersByTime(5000);
    expect(successSpy).toHaveBeenCalledTimes(1);
    expect(successSpy).toHaveBeenCalledWith({ key: 'auth:broadcast.success', values: { provider: 'Tern' } });
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('ignores messages from other origins', () => {
    post(notice('TERN_LOGIN_SUCCESS', 'tern'), 'https://evil.example');
    post(notice('FEISHU_LOGIN_SUCCESS', 'feishu'), 'null');
    vi.advanceTimersByTime(5000);
    expect(successSpy).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
    // Still listening: a genuine notice afterwards is handled.
    post(notice('TERN_LOGIN_SUCCESS', 'tern'));
    expect(successSpy).toHaveBeenCalledTimes(1);
  });

  it('handles only the product and Feishu success types', () => {
    for (const data of [
      notice('CHEETAH_LOGIN_SUCCESS', 'cheetah'),
      notice('TERN_LOGIN_ERROR', 'tern'),
      { provider: 'tern' },
      null,
      'TERN_LOGIN_SUCCESS',
      42,
    ])
      post(data);
    vi.advanceTimersByTime(5000);
    expect(successSpy).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  });

  it('a storage entry on the login trigger key is handled and cleared', () => {
    localStorage.setItem(LOGIN_TRIGGER_KEY, JSON.stringify(notice('FEISHU_LOGIN_SUCCESS', 'feishu')));
    store(localStorage.getItem(LOGIN_TRIGGER_KEY));
    expect(successSpy).toHaveBeenCalledWith({ key: 'auth:broadcast.success', values: { provider: 'Feishu' } });
    expect(localStorage.getItem(LOGIN_TRIGGER_KEY)).toBeNull();
    vi.advanceTimersByTime(BROADCAST_RELOAD_DELAY_MS);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('ignores other keys, removals, foreign types and malformed entries', () => {
    store(JSON.stringify(notice('TERN_LOGIN_SUCCESS', 'tern')), 'tern.somethingElse');
    store(null);
    store('{not json');
    store(JSON.stringify(notice('SOMEONE_ELSE', 'tern')));
    vi.advanceTimersByTime(5000);
    expect(successSpy).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  });

  it('names the provider in Chinese on a Chinese page', async () => {
    await setLanguage('zh');
    post(notice('FEISHU_LOGIN_SUCCESS', 'feishu'));
    expect(successSpy).toHaveBeenCalledWith({ key: 'auth:broadcast.success', values: { provider: '飞书' } });
  });

  it('stops listening once disposed', () => {
    dispose();
    post(notice('TERN_LOGIN_SUCCESS', 'tern'));
    store(JSON.stringify(notice('TERN_LOGIN_SUCCESS', 'tern')));
    vi.advanceTimersByTime(5000);
    expect(successSpy).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  });
});
