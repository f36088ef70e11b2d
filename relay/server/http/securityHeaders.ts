import type { FastifyInstance } from 'fastify';

/**
 * The session token lives in local storage (spec §3), so a strict CSP is what stands between an XSS and the token:
 * no inline or foreign script, no plugins, no framing, no <base> tricks.
 */
export const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  // 'unsafe-inline': the diff viewer's runtime <style> tags and prerendered style attributes (docs/decisions.md).
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self' ws: wss:",
  "worker-src 'self' blob:",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

/** Browsers keep to HTTPS for a year, subdomains included, once they have seen this over HTTPS. */
export const strictTransportSecurity = 'max-age=31536000; includeSubDomains';

/**
 * `request.protocol` is the TLS socket's, or X-Forwarded-Proto only when TRUST_PROXY trusts the connecting peer
 * (Fastify's trustProxy, set in app.ts): HSTS goes out over HTTPS only, and a client that merely claims
 * `X-Forwarded-Proto: https` over plain HTTP does not get it.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol?.toLowerCase() === 'https') reply.header('Strict-Transport-Security', strictTransportSecurity);
    reply.header('Content-Security-Policy', contentSecurityPolicy);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
  });
}
