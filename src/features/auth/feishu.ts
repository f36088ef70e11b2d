import type { Language } from '#protocol/languages';

const STATE_KEY = 'tern.feishuState';
const STATE_TTL_MS = 10 * 60 * 1000;
export const POPUP_WIDTH = 500;
export const POPUP_HEIGHT = 600;
export const DEFAULT_FEISHU_AUTHORIZE_URL = 'https://open.feishu.cn/open-apis/authen/v1/index';

/**
 * The callback URL Feishu returns to. The relay accepts only exact, language-free URIs; the callback page returns
 * the visitor to their saved page or preferred language afterwards.
 */
export function feishuRedirectUri(origin: string): string {
  return `${origin}/callback?type=authlogin&logintype=feishu`;
}

function randomState(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The state is bound to this browser (local storage is shared with the popup) and expires after 10 minutes. */
export function createState(storage: Storage = localStorage, now = Date.now()): string {
  const state = randomState();
  storage.setItem(STATE_KEY, JSON.stringify({ state, at: now }));
  return state;
}

export function consumeState(received: string | null, storage: Storage = localStorage, now = Date.now()): boolean {
  const raw = storage.getItem(STATE_KEY);
  storage.removeItem(STATE_KEY);
  if (!raw || !received) return false;
  try {
    const saved = JSON.parse(raw) as { state?: unknown; at?: unknown };
    return saved.state === received && typeof saved.at === 'number' && now - saved.at < STATE_TTL_MS;
  } catch {
    return false;
  }
}

export function feishuAuthorizeUrl(opts: { base: string; appId: string; redirectUri: string; state: string; lang: Language }): string {
  const url = new URL(opts.base);
  url.searchParams.set('app_id', opts.appId);
  url.searchParams.set('redirect_uri', opts.redirectUri);
  url.searchParams.set('state', opts.state);
  url.searchParams.set('locale', opts.lang === 'zh' ? 'zh_cn' : 'en_us');
  return url.toString();
}

/** Opens the 500x600 popup centred on the current window; null when the browser blocked it. */
export function openCenteredPopup(url: string, name: string): Window | null {
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - POPUP_WIDTH) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - POPUP_HEIGHT) / 2));
  return window.open(url, name, `popup=yes,width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${left},top=${top}`);
}
