import { describe, expect, it } from 'vitest';

import { lastForwardedValue, proxyTrust, trustedForwardedHost } from './proxyTrust';

describe('proxyTrust (TRUST_PROXY as a predicate on the connecting peer)', () => {
  it('off, or a hop count, trusts no peer', () => {
    expect(proxyTrust(false)('127.0.0.1')).toBe(false);
    expect(proxyTrust(1)('127.0.0.1')).toBe(false);
  });

  it('true trusts every peer', () => {
    expect(proxyTrust(true)('203.0.113.9')).toBe(true);
  });

  it('a list trusts those addresses and ranges, IPv4-mapped IPv6 included', () => {
    const trusts = proxyTrust('10.0.0.0/8, 2001:db8::1');
    expect(trusts('10.1.2.3')).toBe(true);
    expect(trusts('::ffff:10.1.2.3')).toBe(true);
    expect(trusts('2001:db8::1')).toBe(true);
    expect(trusts('11.0.0.1')).toBe(false);
    expect(trusts('2001:db8::2')).toBe(false);
    expect(trusts(undefined)).toBe(false);
  });

  it('knows proxy-addr’s names', () => {
    const trusts = proxyTrust('loopback,uniquelocal');
    expect(trusts('127.0.0.1')).toBe(true);
    expect(trusts('::1')).toBe(true);
    expect(trusts('192.168.1.1')).toBe(true);
    expect(trusts('169.254.1.1')).toBe(false);
    expect(proxyTrust('linklocal')('fe80::1')).toBe(true);
  });
});

describe('forwarded values', () => {
  it('take the last entry, the nearest proxy’s', () => {
    expect(lastForwardedValue('a.example, b.example')).toBe('b.example');
    expect(lastForwardedValue(['a.example', 'b.example'])).toBe('b.example');
    expect(lastForwardedValue('')).toBeNull();
    expect(lastForwardedValue(undefined)).toBeNull();
  });

  it('X-Forwarded-Host counts from a trusted peer only', () => {
    expect(trustedForwardedHost({ 'x-forwarded-host': 'Tern.Example' }, true)).toBe('tern.example');
    expect(trustedForwardedHost({ 'x-forwarded-host': 'tern.example' }, false)).toBeNull();
  });
});
