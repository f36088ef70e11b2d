/** Spec §2 browser-unsupported notice: embedded browsers are blocked; Chrome below 100 gets a warning. */
export type EmbeddedKind = 'wechat' | 'workchat' | 'webview' | 'fakeWebview';

export interface BrowserCheck {
  embedded: EmbeddedKind | null;
  chromeMajor: number | null;
  outdatedChrome: boolean;
}

export const MIN_CHROME_VERSION = 100;

export function checkBrowser(userAgent: string): BrowserCheck {
  const ua = userAgent;
  let embedded: EmbeddedKind | null = null;
  if (/MicroMessenger/i.test(ua) && !/wxwork/i.test(ua)) embedded = 'wechat';
  else if (/wxwork|DingTalk|Lark|Feishu|WeCom/i.test(ua)) embedded = 'workchat';
  // Android WebView marks itself with "; wv)"; iOS in-app browsers omit "Safari/".
  else if (/; wv\)/.test(ua) || (/(iPhone|iPad|iPod).*AppleWebKit/i.test(ua) && !/Safari\//i.test(ua))) embedded = 'webview';
  // Old-style Android WebView ("Version/4.0 Chrome/…") without the wv marker: a webview dressed as a browser.
  else if (/Android/i.test(ua) && /Version\/\d+\.\d+ Chrome\//.test(ua)) embedded = 'fakeWebview';

  const chrome = /(?:Chrome|Chromium|CriOS)\/(\d+)/.exec(ua);
  const chromeMajor = chrome ? Number(chrome[1]) : null;
  const isEdgeOrOpera = /Edg\/|OPR\//.test(ua);
  const outdatedChrome = chromeMajor !== null && !isEdgeOrOpera && chromeMajor < MIN_CHROME_VERSION;
  return { embedded, chromeMajor, outdatedChrome };
}
