import type { WindowDevice } from '../../../protocol';

// Order matters: Edge, Opera and Samsung Internet also say "Chrome/", Chrome says "Safari/", every iOS browser is WebKit.
const BROWSERS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\b(?:Headless)?Chrome\/|\bCriOS\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/**
 * The browser and system a window runs in, from its User-Agent header: a few well-known names only, so what another
 * window is shown ("Chrome on Android") is never text the client wrote. Unknown parts are left out.
 */
export function windowDeviceFrom(userAgent: string | undefined): WindowDevice {
  if (!userAgent) return {};
  const ua = userAgent.slice(0, 1000);
  const browser = BROWSERS.find(([pattern]) => pattern.test(ua))?.[1];
  const os = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1];
  return { ...(browser && { browser }), ...(os && { os }) };
}
