import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { loadConfig } from './config';

const CWD = path.resolve('/srv/tern');

describe('auth configuration', () => {
  it('has documented defaults', () => {
    const config = loadConfig({}, CWD);
    expect(config.JWT_SECRET).toBeUndefined();
    expect(config.FEISHU_APP_ID).toBeUndefined();
    expect(config.FEISHU_APP_SECRET).toBeUndefined();
    expect(config).toMatchObject({
      JWT_AUDIENCE: 'tern-web',
      JWT_ISSUER: 'tern-relay',
      TOKEN_TTL_SECONDS: 604800,
      FEISHU_BASE_URL: 'https://open.feishu.cn',
      FEISHU_ALLOWED: 'network',
      WHITELIST_CIDRS: [],
      CHINA_CIDRS: [],
      TRUST_PROXY: false,
    });
  });

  it('parses CIDR lists and refuses bad entries', () => {
    expect(loadConfig({ WHITELIST_CIDRS: '203.0.113.0/24, 2001:db8::/32 ,1.2.3.4' }, CWD).WHITELIST_CIDRS).toEqual([
      '203.0.113.0/24',
      '2001:db8::/32',
      '1.2.3.4',
    ]);
    expect(() => loadConfig({ CHINA_CIDRS: '1.0.0.0/8,oops' }, CWD)).toThrow(/CHINA_CIDRS: not an IP address or CIDR: oops/);
  });

  it('refuses a short JWT_SECRET and a bad FEISHU_ALLOWED', () => {
    expect(() => loadConfig({ JWT_SECRET: 'short' }, CWD)).toThrow(/JWT_SECRET must be at least 32 characters/);
    expect(() => loadConfig({ FEISHU_ALLOWED: 'sometimes' }, CWD)).toThrow(/FEISHU_ALLOWED/);
    expect(loadConfig({ JWT_SECRET: 'x'.repeat(32), TOKEN_TTL_SECONDS: '3600' }, CWD)).toMatchObject({ TOKEN_TTL_SECONDS: 3600 });
  });
});
