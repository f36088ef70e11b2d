import type { IncomingHttpHeaders } from 'node:http';

import { trustedForwardedHost } from '../core/network/proxyTrust';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

const hostOf = (value: string): string | null => {
  try {
    return new URL(value).host.toLowerCase();
  } catch {
    return null;
  }
};
const hostname = (host: string) => (host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.split(':')[0]!);

/**
 * The `/web` handshake's Origin check. Allowed: no Origin header (non-browser clients, and browsers' same-origin
 * polling requests, which need not send one; the JWT travels in the handshake body, never in a cookie, so there is
 * nothing for a foreign page to ride on), the relay's own origin (the Host the request was sent to, or PUBLIC_URL),
 * and a loopback page talking to a loopback relay (the Vite dev server proxying to the relay). Everything else — a
 * page on another site — is refused.
 * X-Forwarded-Host names the relay's own host only when `peerIsTrustedProxy` (TRUST_PROXY trusts the connecting
 * peer): from anyone else it is a header the foreign page's client chose.
 */
export function isAllowedOrigin(headers: IncomingHttpHeaders, publicUrl: string | undefined, peerIsTrustedProxy = false): boolean {
  const origin = headers.origin;
  if (origin === undefined || origin === '') return true;
  const originHost = hostOf(origin);
  if (!originHost) return false;
  if (publicUrl && hostOf(publicUrl) === originHost) return true;
  const forwarded = trustedForwardedHost(headers, peerIsTrustedProxy);
  const host = headers.host?.toLowerCase() ?? null;
  if (originHost === host || (forwarded && originHost === forwarded)) return true;
  return host !== null && LOOPBACK.has(hostname(host)) && LOOPBACK.has(hostname(originHost));
}
