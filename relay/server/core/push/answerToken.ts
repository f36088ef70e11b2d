import { createHash } from 'node:crypto';

import { errors, jwtVerify, SignJWT } from 'jose';

/** How long the Allow / Deny of one notification stays usable. */
export const ANSWER_TOKEN_TTL_SECONDS = 15 * 60;
const AUDIENCE = 'tern-push-answer';

export interface AnswerClaims {
  userId: string;
  sessionId: string;
  requestId: string;
}

/** The HMAC key of answer tokens, derived from the VAPID private key every node shares (never sent anywhere). */
export function answerKey(vapidPrivateKey: string): Uint8Array {
  return createHash('sha256').update(`tern push answer\0${vapidPrivateKey}`).digest();
}

/**
 * A token bound to one approval request of one user's session, carried in the (encrypted) push so the service
 * worker can answer without a session cookie. Single use comes from the answer itself: the relay stores one answer
 * per request, so a second use finds it answered.
 */
export async function signAnswerToken(key: Uint8Array, claims: AnswerClaims, now: Date): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ sid: claims.sessionId, rid: claims.requestId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.userId)
    .setAudience(AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ANSWER_TOKEN_TTL_SECONDS)
    .sign(key);
}

/** The request a token answers, or null when it is forged, for another purpose, or expired. */
export async function verifyAnswerToken(key: Uint8Array, token: string, now: Date): Promise<AnswerClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key, { audience: AUDIENCE, algorithms: ['HS256'], currentDate: now });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || typeof payload.rid !== 'string') return null;
    return { userId: payload.sub, sessionId: payload.sid, requestId: payload.rid };
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
}
