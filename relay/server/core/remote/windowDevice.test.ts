import { describe, expect, it } from 'vitest';

import { windowDeviceSchema } from '../../../protocol';
import { windowDeviceFrom } from './windowDevice';

describe('windowDeviceFrom', () => {
  it.each([
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
      { browser: 'Chrome', os: 'Android' },
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      { browser: 'Safari', os: 'iPhone' },
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0 Mobile/15E148 Safari/604.1',
      { browser: 'Chrome', os: 'iPhone' },
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
      { browser: 'Edge', os: 'Windows' },
    ],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0', { browser: 'Firefox', os: 'macOS' }],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36',
      { browser: 'Chrome', os: 'Linux' },
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
      { browser: 'Samsung Internet', os: 'Android' },
    ],
    ['node-XMLHttpRequest', {}],
    [undefined, {}],
  ])('%s', (ua, device) => {
    expect(windowDeviceFrom(ua)).toEqual(device);
    expect(windowDeviceSchema.parse(windowDeviceFrom(ua))).toEqual(device);
  });
});
