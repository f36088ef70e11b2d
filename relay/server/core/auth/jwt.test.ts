import { randomUUID } from 'node:crypto';

import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';

import { checkAccessTokenSignature, type JwtSettings, signAccessToken } from './jwt';

const settings: JwtSettings = {
  secret: new TextEncoder().encode('a-test-secret-that-is-long-enough-123456'),
  audience: 'tern-web',
  issuer: 'tern-relay',
  ttlSeconds: 3600,
};
const t0 = new Date('2030-01-01T00:00:00Z');
const later = (s: number) => new Date(t0.getTime() + s * 1000);

async function issue(overrides: Partial<JwtSettings> = {}) {
  const jti = randomUUID();
  const token = await signAccessToken({ ...settings, ...overrides }, { userId: 'user-1', jti, issuedAt: t0, expiresAt: later(3600) });
  return { token, jti };
}

describe('access token JWTs', () => {
  it('issues HS256 tokens with sub, jti, aud, iss, iat, exp', async () => {
    const { token, jti } = await issue();
    const [header, payload] = token
      .split('.')
      .slice(0, 2)
      .map((p) => JSON.parse(Buffer.from(p, 'base64url').toString()));
    expect(header).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(payload).toEqual({
      sub: 'user-1',
      jti,
      aud: 'tern-web',
      iss: 'tern-relay',
      iat: t0.getTime() / 1000,
      exp: later(3600).getTime() / 1000,
    });
    expect(await checkAccessTokenSignature(settings, token, later(10))).toEqual({ ok: true, userId: 'user-1', jti });
  });

  it('rejects an expired token, with no clock tolerance', async () => {
    const { token } = await issue();
    expect(await checkAccessTokenSignature(settings, token, later(3599))).toMatchObject({ ok: true });
    expect(await checkAccessTokenSignature(settings, token, later(3600))).toEqual({ ok: false, reason: 'expired' });
  });

  it('rejects another audience or issuer', async () => {
    expect(await checkAccessTokenSignature(settings, (await issue({ audience: 'tern-cli' })).token, later(1))).toEqual({
      ok: false,
      reason: 'invalid',
    });
    expect(await checkAccessTokenSignature(settings, (await issue({ issuer: 'someone-else' })).token, later(1))).toEqual({
      ok: false,
      reason: 'invalid',
    });
  });

  it('rejects another key', async () => {
    const { token } = await issue({ secret: new TextEncoder().encode('another-secret-that-is-long-enough-xxxxx') });
    expect(await checkAccessTokenSignature(settings, token, later(1))).toEqual({ ok: false, reason: 'invalid' });
  });

  it('rejects other algorithms, even with the right key: HS512 and none', async () => {
    const claims = { sub: 'user-1', jti: randomUUID() };
    const hs512 = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS512' })
      .setAudience('tern-web')
      .setIssuer('tern-relay')
      .setIssuedAt(t0)
      .setExpirationTime(later(3600))
      .sign(settings.secret);
    expect(await checkAccessTokenSignature(settings, hs512, later(1))).toEqual({ ok: false, reason: 'invalid' });

    const none = new UnsecuredJWT(claims).setAudience('tern-web').setIssuer('tern-relay').setExpirationTime(later(3600)).encode();
    expect(await checkAccessTokenSignature(settings, none, later(1))).toEqual({ ok: false, reason: 'invalid' });
  });

  it('rejects tokens without sub or jti, and garbage', async () => {
    const noJti = await new SignJWT({ sub: 'user-1' })
      .setProtectedHeader({ alg: 'HS256' })
      .setAudience('tern-web')
      .setIssuer('tern-relay')
      .setExpirationTime(later(3600))
      .sign(settings.secret);
    expect(await checkAccessTokenSignature(settings, noJti, later(1))).toEqual({ ok: false, reason: 'invalid' });
    for (const garbage of ['', 'a.b.c', 'not-a-jwt']) {
      expect(await checkAccessTokenSignature(settings, garbage, later(1))).toEqual({ ok: false, reason: 'invalid' });
    }
  });
});
