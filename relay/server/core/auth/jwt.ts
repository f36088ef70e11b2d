import { errors, jwtVerify, SignJWT } from 'jose';

export interface JwtSettings {
  secret: Uint8Array;
  audience: string;
  issuer: string;
  ttlSeconds: number;
}

/** HS256 only: the verifier's allow-list rejects `none`, other HMAC sizes and any public-key algorithm. */
const ALGORITHMS = ['HS256'];

export async function signAccessToken(
  settings: JwtSettings,
  claims: { userId: string; jti: string; issuedAt: Date; expiresAt: Date },
): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.userId)
    .setJti(claims.jti)
    .setAudience(settings.audience)
    .setIssuer(settings.issuer)
    .setIssuedAt(Math.floor(claims.issuedAt.getTime() / 1000))
    .setExpirationTime(Math.floor(claims.expiresAt.getTime() / 1000))
    .sign(settings.secret);
}

export type JwtCheck = { ok: true; userId: string; jti: string } | { ok: false; reason: 'expired' | 'invalid' };

/** Signature, algorithm, `aud`, `iss` and `exp` (no clock tolerance); the caller then checks the `jti` record. */
export async function checkAccessTokenSignature(settings: JwtSettings, token: string, now: Date): Promise<JwtCheck> {
  try {
    const { payload } = await jwtVerify(token, settings.secret, {
      algorithms: ALGORITHMS,
      audience: settings.audience,
      issuer: settings.issuer,
      currentDate: now,
      requiredClaims: ['sub', 'jti', 'exp'],
    });
    if (typeof payload.sub !== 'string' || typeof payload.jti !== 'string') return { ok: false, reason: 'invalid' };
    return { ok: true, userId: payload.sub, jti: payload.jti };
  } catch (error) {
    if (error instanceof errors.JWTExpired) return { ok: false, reason: 'expired' };
    return { ok: false, reason: 'invalid' };
  }
}
