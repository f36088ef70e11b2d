import type { IncomingHttpHeaders } from 'node:http';

import { type Cidr, inAnyCidr, parseCidr, parseIp } from './ip';

/** The names proxy-addr (Fastify's trustProxy) accepts in an address list. */
const NAMED_RANGES: Record<string, string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/** Whether the direct peer (the socket's remote address) may set X-Forwarded-*. */
export type ProxyTrust = (peer: string | undefined) => boolean;

/**
 * TRUST_PROXY as a predicate on the connecting peer, with the rule Fastify applies to `request.ip`, `request.host` and
 * `request.protocol` (app.ts hands it the same setting): `true` trusts every peer, `false` none, a list of addresses or
 * CIDRs (and proxy-addr's `loopback` / `linklocal` / `uniquelocal`) trusts those peers. A hop count cannot say whether
 * the direct peer is the proxy, so — as in Fastify 5 — it trusts no peer's X-Forwarded-Host / -Proto.
 * For the places that see a raw request rather than a Fastify one: the Socket.IO handshake.
 */
export function proxyTrust(setting: boolean | number | string): ProxyTrust {
  if (setting === true) return () => true;
  if (setting === false || typeof setting === 'number') return () => false;
  const cidrs = setting
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
    .flatMap((item) => NAMED_RANGES[item.toLowerCase()] ?? [item])
    .map((item) => parseCidr(item))
    .filter((cidr): cidr is Cidr => cidr !== null);
  return (peer) => (peer ? inAnyCidr(cidrs, parseIp(peer)) : false);
}

/** The last value of a (possibly repeated) X-Forwarded-* header: the one the nearest proxy wrote. Fastify reads the same. */
export function lastForwardedValue(value: string | string[] | undefined): string | null {
  const joined = Array.isArray(value) ? value.join(',') : value;
  if (!joined) return null;
  const last = joined.slice(joined.lastIndexOf(',') + 1).trim();
  return last === '' ? null : last;
}

/** X-Forwarded-Host when the peer is a trusted proxy, else null (an untrusted client's header is ignored). */
export function trustedForwardedHost(headers: IncomingHttpHeaders, peerTrusted: boolean): string | null {
  return peerTrusted ? (lastForwardedValue(headers['x-forwarded-host'])?.toLowerCase() ?? null) : null;
}
