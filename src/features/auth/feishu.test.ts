// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import {
  consumeState,
  createState,
  DEFAULT_FEISHU_AUTHORIZE_URL,
  feishuAuthorizeUrl,
  feishuRedirectUri,
  openCenteredPopup,
  POPUP_HEIGHT,
  POPUP_WIDTH,
} from './feishu';

const MINUTE = 60_000;

beforeEach(() => localStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('feishuRedirectUri', () => {
  it('is the language-free callback for the feishu login type', () => {
    expect(feishuRedirectUri('https://tern.example')).toBe('https://tern.example/callback?type=authlogin&logintype=feishu');
  });
});

describe('state (bound to this browser, single use, 10 minutes)', () => {
  it('creates a fresh random 128-bit state each time', () => {
    const a = createState(localStorage, 0);
    const b = createState(localStorage, 0);
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(b).not.toBe(a);
  });

  it('accepts the state it created once, and only once', () => {
    const state = createState(localStorage, 1_000);
    expect(consumeState(state, localStorage, 1_000 + MINUTE)).toBe(true);
    expect(consumeState(state, localStorage, 1_000 + MINUTE)).toBe(false);
  });

  it('refuses another state, a missing one, and spends the saved one anyway', () => {
    const state = createState(localStorage, 0);
    expect(consumeState('0'.repeat(32), localStorage, 0)).toBe(false);
    expect(consumeState(state, localStorage, 0)).toBe(false);
    createState(localStorage, 0);
    expect(consumeState(null, localStorage, 0)).toBe(false);
    expect(consumeState('anything', localStorage, 0)).toBe(false);
  });

  it('expires after 10 minutes', () => {
    const state = createState(localStorage, 0);
    expect(consumeState(state, localStorage, 10 * MINUTE - 1)).toBe(true);
    const late = createState(localStorage, 0);
    expect(consumeState(late, localStorage, 10 * MINUTE)).toBe(false);
  });

  it('survives a corrupted entry', () => {
    const state = createState(localStorage, 0);
    const key = Object.keys(localStorage).find((k) => localStorage.getItem(k)?.includes(state))!;
    localStorage.setItem(key, '{broken');
    expect(consumeState(state, localStorage, 0)).toBe(false);
    localStorage.setItem(key, JSON.stringify({ state, at: 'yesterday' }));
    expect(consumeState(state, localStorage, 0)).toBe(false);
  });
});

describe('feishuAuthorizeUrl', () => {
  it('carries the app id, redirect URI, state and the page language', () => {
    const redirectUri = feishuRedirectUri('https://tern.example');
    for (const [lang, locale] of [
      ['en', 'en_us'],
      ['zh', 'zh_cn'],
    ] as const) {
      const url = new URL(feishuAuthorizeUrl({ base: DEFAULT_FEISHU_AUTHORIZE_URL, appId: 'cli_app', redirectUri, state: 's1', lang }));
      expect(url.origin + url.pathname).toBe(DEFAULT_FEISHU_AUTHORIZE_URL);
      expect(Object.fromEntries(url.searchParams)).toEqual({ app_id: 'cli_app', redirect_uri: redirectUri, state: 's1', locale });
    }
  });
});

describe('openCenteredPopup', () => {
  it('opens a 500x600 popup centred on the window, and reports a blocked one as null', () => {
    expect([POPUP_WIDTH, POPUP_HEIGHT]).toEqual([500, 600]);
    Object.assign(window, { screenX: 100, screenY: 50, outerWidth: 1500, outerHeight: 1000 });
    const popup = {} as Window;
    const open = vi.spyOn(window, 'open').mockReturnValue(popup);
    expect(openCenteredPopup('https://feishu.example/auth', 'feishu-login')).toBe(popup);
    expect(open).toHaveBeenCalledWith('https://feishu.example/auth', 'feishu-login', 'popup=yes,width=500,height=600,left=600,top=250');
    open.mockReturnValue(null);
    expect(openCenteredPopup('https://feishu.example/auth', 'feishu-login')).toBeNull();
  });
});
