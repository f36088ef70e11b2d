import * as z from 'zod/mini';

import { authKeys } from './keys';

/** Local-storage keys of spec §3 "Stored auth" (keys.ts, readable without zod). */
export { authKeys };

export const DEFAULT_TOKEN_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

// zod/mini keeps the first-load bundle small; the full protocol schemas load with the features that use them.
export const userSchema = z.object({
  id: z.pipe(z.union([z.string(), z.number()]), z.transform(String)),
  username: z.string(),
  email: z.optional(z.nullable(z.string())),
  avatar: z.optional(z.nullable(z.string())),
  createdAt: z.optional(z.string()),
  updatedAt: z.optional(z.string()),
});
export type User = z.infer<typeof userSchema>;

export interface StoredAuth {
  token: string;
  expiresAt: number;
  user: User | null;
  loginTime: number | null;
  loginMethod: string | null;
}

/** Reads the `exp` claim (seconds) of a JWT; null when the token is not a parsable JWT. */
export function jwtExpiry(token: string): number | null | 'none' {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  try {
    const json = atob(parts[1]!.replace(/-/g, '+').replace(/_/g, '/'));
    const payload: unknown = JSON.parse(json);
    if (!payload || typeof payload !== 'object') return null;
    const exp = (payload as { exp?: unknown }).exp;
    if (exp === undefined) return 'none';
    return typeof exp === 'number' ? exp * 1000 : null;
  } catch {
    return null;
  }
}

/** Spec §5: expired if the stored expiry has passed, or the token's own exp is earlier than now, or it can't be parsed. */
export function isTokenExpired(token: string, storedExpiresAt: number | null, now = Date.now()): boolean {
  if (!token) return true;
  if (storedExpiresAt === null || !Number.isFinite(storedExpiresAt) || storedExpiresAt <= now) return true;
  const exp = jwtExpiry(token);
  if (exp === null) return true;
  if (exp !== 'none' && exp <= now) return true;
  return false;
}

/** Stored expiry: expiresAt if given, else now + expiresIn seconds, else 7 days from now. */
export function computeExpiresAt(input: { expiresAt?: number | string | null; expiresIn?: number | null }, now = Date.now()): number {
  if (input.expiresAt !== undefined && input.expiresAt !== null) {
    if (typeof input.expiresAt === 'number') {
      // Accept seconds or milliseconds since the epoch.
      if (Number.isFinite(input.expiresAt)) return input.expiresAt < 1e12 ? input.expiresAt * 1000 : input.expiresAt;
    } else {
      // A date string is unambiguous: Date.parse gives milliseconds, whatever the year.
      const parsed = Date.parse(input.expiresAt);
      if (Number.isFinite(parsed)) return parsed;
    }
  }
  if (typeof input.expiresIn === 'number' && input.expiresIn > 0) return now + input.expiresIn * 1000;
  return now + DEFAULT_TOKEN_LIFETIME_MS;
}

export function readStoredAuth(storage: Storage, now = Date.now()): StoredAuth | null {
  const token = storage.getItem(authKeys.token);
  if (!token) return null;
  const expiresAt = Number(storage.getItem(authKeys.expiresAt));
  if (isTokenExpired(token, Number.isFinite(expiresAt) && expiresAt > 0 ? expiresAt : null, now)) {
    clearStoredAuth(storage);
    return null;
  }
  let user: User | null;
  try {
    const parsed = userSchema.safeParse(JSON.parse(storage.getItem(authKeys.user) ?? 'null'));
    user = parsed.success ? parsed.data : null;
  } catch {
    user = null;
  }
  const loginTime = Number(storage.getItem(authKeys.loginTime));
  return {
    token,
    expiresAt,
    user,
    loginTime: Number.isFinite(loginTime) && loginTime > 0 ? loginTime : null,
    loginMethod: storage.getItem(authKeys.loginMethod),
  };
}

export function writeStoredAuth(
  storage: Storage,
  input: { token: string; expiresAt?: number | string | null; expiresIn?: number | null; user: User | null; loginMethod: string },
  now = Date.now(),
): StoredAuth {
  const expiresAt = computeExpiresAt(input, now);
  storage.setItem(authKeys.token, input.token);
  storage.setItem(authKeys.expiresAt, String(expiresAt));
  storage.setItem(authKeys.user, JSON.stringify(input.user));
  storage.setItem(authKeys.loginTime, String(now));
  storage.setItem(authKeys.loginMethod, input.loginMethod);
  return { token: input.token, expiresAt, user: input.user, loginTime: now, loginMethod: input.loginMethod };
}

export function clearStoredAuth(storage: Storage): void {
  for (const key of [authKeys.token, authKeys.expiresAt, authKeys.user, authKeys.loginTime, authKeys.loginMethod]) {
    storage.removeItem(key);
  }
}
