import { describe, expect, it } from 'vitest';

import { isAllowedOrigin } from './origin';

describe('isAllowedOrigin (/web handshake)', () => {
  it('allows no Origin, the relay’s own host and PUBLIC_URL', () => {
    expect(isAllowedOrigin({ host: 'tern.example' }, undefined)).toBe(true);
    expect(isAllowedOrigin({ host: 'tern.example', origin: 'https://tern.example' }, undefined)).toBe(true);
    expect(isAllowedOrigin({ host: '10.0.0.5:8080', origin: 'https://tern.example' }, 'https://tern.example/')).toBe(true);
    // Behind a proxy TRUST_PROXY trusts, X-Forwarded-Host is the relay's public host (the nearest proxy's value).
    expect(
      isAllowedOrigin({ host: '10.0.0.5:8080', 'x-forwarded-host': 'tern.example', origin: 'https://tern.example' }, undefined, true),
    ).toBe(true);
    expect(
      isAllowedOrigin(
        { host: '10.0.0.5:8080', 'x-forwarded-host': 'evil.example, tern.example', origin: 'https://tern.example' },
        undefined,
        true,
      ),
    ).toBe(true);
  });

  it('ignores X-Forwarded-Host from a peer that is not a trusted proxy', () => {
    const headers = { host: 'tern.example', 'x-forwarded-host': 'evil.example', origin: 'https://evil.example' };
    expect(isAllowedOrigin(headers, undefined)).toBe(false);
    expect(isAllowedOrigin(headers, undefined, false)).toBe(false);
    // A client-supplied entry ahead of the trusted proxy's own one does not count either.
    expect(isAllowedOrigin({ ...headers, 'x-forwarded-host': 'evil.example, tern.example' }, undefined, true)).toBe(false);
  });

  it('allows a loopback dev page talking to a loopback relay', () => {
    expect(isAllowedOrigin({ host: '127.0.0.1:8080', origin: 'http://localhost:5173' }, undefined)).toBe(true);
    expect(isAllowedOrigin({ host: '[::1]:8080', origin: 'http://[::1]:5173' }, undefined)).toBe(true);
  });

  it('refuses other sites, look-alikes and garbage', () => {
    expect(isAllowedOrigin({ host: 'tern.example', origin: 'https://evil.example' }, undefined)).toBe(false);
    expect(isAllowedOrigin({ host: 'tern.example', origin: 'https://tern.example.evil.com' }, 'https://tern.example')).toBe(false);
    expect(isAllowedOrigin({ host: 'tern.example', origin: 'http://localhost:5173' }, undefined)).toBe(false);
    expect(isAllowedOrigin({ host: '127.0.0.1:8080', origin: 'https://evil.example' }, undefined)).toBe(false);
    expect(isAllowedOrigin({ host: 'tern.example', origin: 'null' }, undefined)).toBe(false);
  });
});
