import { describe, expect, it } from 'vitest';

import { type BrowserCheck, checkBrowser, MIN_CHROME_VERSION } from './browserCheck';

/** Real-world user-agent strings, grouped by what the notice must do with them. */
const UA = {
  wechatAndroid:
    'Mozilla/5.0 (Linux; Android 10; V1938T Build/QP1A.190711.020; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/78.0.3904.62 XWEB/2691 MMWEBSDK/200801 Mobile Safari/537.36 MMWEBID/9633 MicroMessenger/7.0.19.1760(0x27001335) Process/toolsmp WeChat/arm64 NetType/WIFI Language/zh_CN ABI/arm64',
  wechatIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.40(0x1800282a) NetType/WIFI Language/zh_CN',
  wechatWindows:
    'Mozilla/5.0 (Windows NT 10.0; WOW64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/81.0.4044.138 Safari/537.36 NetType/WIFI MicroMessenger/7.0.20.1781(0x6700143B) WindowsWechat(0x6309001c) XWEB/6500',
  wecomAndroid:
    'Mozilla/5.0 (Linux; Android 11; M2012K11AC Build/RKQ1.200826.002; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/86.0.4240.99 XWEB/3195 MMWEBSDK/20210601 Mobile Safari/537.36 MMWEBID/6170 wxwork/3.1.16 MicroMessenger/7.0.1 NetType/WIFI Language/zh ABI/arm64',
  wecomIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 wxwork/4.1.13 MicroMessenger/7.0.1 Language/zh ColorScheme/Light',
  dingtalkAndroid:
    'Mozilla/5.0 (Linux; U; Android 9; zh-CN; MI 8 Build/PKQ1.180729.001) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/69.0.3497.100 UWS/3.22.1.28 Mobile Safari/537.36 AliApp(DingTalk/5.1.5) com.alibaba.android.rimet/13534898 Channel/212200 language/zh-CN',
  dingtalkIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 AliApp(DingTalk/7.0.10) com.laiwang.DingTalk/27814466 Channel/201200 language/zh-Hans-CN UT4Aplus/0.0.6 WK',
  feishuIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 15_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Lark/5.10.0 LarkLocale/zh_CN ChannelName/Feishu',
  larkDesktop:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/100.0.4896.127 Safari/537.36 Lark/5.18.5 LarkLocale/en_US ChannelName/Feishu TTWebView/1001001001',
  androidWebView:
    'Mozilla/5.0 (Linux; Android 13; Pixel 7 Build/TQ3A.230805.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36',
  iosInApp: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
  iosFacebook:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBDV/iPhone14,5;FBMD/iPhone;FBSN/iOS;FBSV/16.5;FBSS/3;FBCR/;FBID/phone;FBLC/en_US;FBOP/5]',
  ipadInApp: 'Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
  oldAndroidVersion4:
    'Mozilla/5.0 (Linux; Android 5.1.1; Nexus 5 Build/LMY48B) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/43.0.2357.65 Mobile Safari/537.36',
  chromeDesktop99: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/99.0.4844.84 Safari/537.36',
  chromeDesktop100: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/100.0.4896.60 Safari/537.36',
  chromeMac124: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  chromeAndroid: 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
  chromeIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/117.0.5938.108 Mobile/15E148 Safari/604.1',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.91',
  opera: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Safari/537.36 OPR/105.0.0.0',
  samsungInternet:
    'Mozilla/5.0 (Linux; Android 13; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36',
  firefox: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0',
  firefoxAndroid: 'Mozilla/5.0 (Android 14; Mobile; rv:121.0) Gecko/121.0 Firefox/121.0',
  safariMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15',
  safariIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
};

describe('checkBrowser: embedded browsers are detected (spec §2 browser-unsupported notice)', () => {
  it.each<[keyof typeof UA, BrowserCheck['embedded']]>([
    ['wechatAndroid', 'wechat'],
    ['wechatIos', 'wechat'],
    ['wechatWindows', 'wechat'],
    // WeCom also says MicroMessenger; it must be reported as workplace chat, not WeChat.
    ['wecomAndroid', 'workchat'],
    ['wecomIos', 'workchat'],
    ['dingtalkAndroid', 'workchat'],
    ['dingtalkIos', 'workchat'],
    ['feishuIos', 'workchat'],
    ['larkDesktop', 'workchat'],
    ['androidWebView', 'webview'],
    ['iosInApp', 'webview'],
    ['iosFacebook', 'webview'],
    ['ipadInApp', 'webview'],
    ['oldAndroidVersion4', 'fakeWebview'],
  ])('%s → %s', (name, expected) => {
    expect(checkBrowser(UA[name]).embedded).toBe(expected);
  });
});

describe('checkBrowser: full browsers are not embedded', () => {
  it.each<keyof typeof UA>([
    'chromeDesktop99',
    'chromeDesktop100',
    'chromeMac124',
    'chromeAndroid',
    'chromeIos',
    'edge',
    'opera',
    'samsungInternet',
    'firefox',
    'firefoxAndroid',
    'safariMac',
    'safariIos',
  ])('%s', (name) => {
    expect(checkBrowser(UA[name]).embedded).toBeNull();
  });
});

describe('checkBrowser: Chrome version check (>= 100)', () => {
  it('uses 100 as the minimum', () => {
    expect(MIN_CHROME_VERSION).toBe(100);
  });

  it.each<[keyof typeof UA, number | null, boolean]>([
    ['chromeDesktop99', 99, true],
    ['chromeDesktop100', 100, false],
    ['chromeMac124', 124, false],
    ['chromeAndroid', 120, false],
    ['chromeIos', 117, false],
    ['oldAndroidVersion4', 43, true],
    ['edge', 120, false],
    ['opera', 119, false],
    ['samsungInternet', 115, false],
    ['firefox', null, false],
    ['firefoxAndroid', null, false],
    ['safariMac', null, false],
    ['safariIos', null, false],
  ])('%s → Chrome %s, outdated %s', (name, major, outdated) => {
    expect(checkBrowser(UA[name])).toMatchObject({ chromeMajor: major, outdatedChrome: outdated });
  });

  it.each([
    ['Chrome/9.0.597', 9, true],
    ['Chrome/99.0.0.0', 99, true],
    ['Chrome/100.0.0.0', 100, false],
    ['Chrome/1000.0.0.0', 1000, false],
  ])('version boundary %s', (token, major, outdated) => {
    const ua = `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) ${token} Safari/537.36`;
    expect(checkBrowser(ua)).toEqual({ embedded: null, chromeMajor: major, outdatedChrome: outdated });
  });

  it('an empty user agent is neither embedded nor outdated', () => {
    expect(checkBrowser('')).toEqual({ embedded: null, chromeMajor: null, outdatedChrome: false });
  });
});
