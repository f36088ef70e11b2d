import { describe, expect, it } from 'vitest';

import { cidrContains, inAnyCidr, isPrivateIp, normalizeIp, parseCidr, parseCidrList, parseIp } from './ip';

describe('normalizeIp', () => {
  it.each([
    ['10.0.0.1', '10.0.0.1'],
    ['::ffff:10.0.0.1', '10.0.0.1'],
    ['::FFFF:192.168.1.1', '192.168.1.1'],
    ['::ffff:0a00:0001', '10.0.0.1'],
    ['0:0:0:0:0:ffff:7f00:1', '127.0.0.1'],
    ['[::1]', '::1'],
    ['fe80::1%eth0', 'fe80::1'],
    ['2001:0DB8:0000:0000:0000:0000:0000:0001', '2001:db8::1'],
    ['2001:db8:0:0:1:0:0:1', '2001:db8::1:0:0:1'],
    ['::', '::'],
    [' 8.8.8.8 ', '8.8.8.8'],
    ['not-an-ip', 'not-an-ip'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeIp(input)).toBe(expected);
  });

  it('rejects malformed addresses', () => {
    for (const bad of ['256.1.1.1', '1.2.3', '1.2.3.4.5', '01.2.3.4x', '1::2::3', 'gggg::1', '']) expect(parseIp(bad)).toBeNull();
  });
});

describe('isPrivateIp', () => {
  it.each([
    ['10.1.2.3', true],
    ['172.16.0.1', true],
    ['172.31.255.255', true],
    ['172.32.0.1', false],
    ['192.168.0.10', true],
    ['127.0.0.1', true],
    ['169.254.10.10', true],
    ['::1', true],
    ['fd12:3456::1', true],
    ['fc00::1', true],
    ['fe80::abcd', true],
    ['::ffff:10.0.0.1', true],
    ['::ffff:8.8.8.8', false],
    ['8.8.8.8', false],
    ['100.64.0.1', false],
    ['2001:db8::1', false],
    ['garbage', false],
  ])('%s → %s', (ip, expected) => {
    expect(isPrivateIp(parseIp(ip))).toBe(expected);
  });
});

describe('CIDR matching', () => {
  it('matches IPv4 prefixes on any bit boundary', () => {
    const cidr = parseCidr('203.0.113.0/25')!;
    expect(cidrContains(cidr, parseIp('203.0.113.127')!)).toBe(true);
    expect(cidrContains(cidr, parseIp('203.0.113.128')!)).toBe(false);
    expect(cidrContains(parseCidr('0.0.0.0/0')!, parseIp('1.2.3.4')!)).toBe(true);
  });

  it('matches IPv6 prefixes and never mixes families', () => {
    const cidr = parseCidr('2001:db8:cafe::/48')!;
    expect(cidrContains(cidr, parseIp('2001:db8:cafe:ffff::1')!)).toBe(true);
    expect(cidrContains(cidr, parseIp('2001:db8:caff::1')!)).toBe(false);
    expect(cidrContains(parseCidr('::/0')!, parseIp('10.0.0.1')!)).toBe(false);
  });

  it('treats a bare address as a single host and a mapped range as IPv4', () => {
    expect(parseCidr('1.2.3.4')).toMatchObject({ version: 4, prefix: 32 });
    expect(parseCidr('2001:db8::1')).toMatchObject({ version: 6, prefix: 128 });
    expect(parseCidr('::ffff:10.0.0.0/104')).toMatchObject({ version: 4, prefix: 8 });
    expect(inAnyCidr([parseCidr('::ffff:10.0.0.0/104')!], parseIp('10.9.9.9'))).toBe(true);
  });

  it('matches IPv4-mapped clients against IPv4 ranges', () => {
    expect(inAnyCidr([parseCidr('203.0.113.0/24')!], parseIp('::ffff:203.0.113.9'))).toBe(true);
  });

  it('parses comma lists and reports bad entries', () => {
    const { cidrs, invalid } = parseCidrList(' 10.0.0.0/8, ,fd00::/8,1.2.3.4/33,nope ');
    expect(cidrs.map((c) => c.source)).toEqual(['10.0.0.0/8', 'fd00::/8']);
    expect(invalid).toEqual(['1.2.3.4/33', 'nope']);
    expect(parseCidrList(undefined)).toEqual({ cidrs: [], invalid: [] });
  });
});
