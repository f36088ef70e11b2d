import { beforeEach, describe, expect, it } from 'vitest';

import {
  authKeys,
  clearStoredAuth,
  computeExpiresAt,
  DEFAULT_TOKEN_LIFETIME_MS,
  isTokenExpired,
  jwtExpiry,
  readStoredAuth,
  type User,
  writeStoredAuth,
} from './storage';

class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.has(key) ? this.items.get(key)! : null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
  keys() {
    return [...this.items.keys()].sort();
  }
}

const SECOND = 1000;
const HOUR = 60 * 60 * SECOND;
const DAY = 24 * HOUR;
const NOW = Date.UTC(2025, 5, 1, 12, 0, 0);
const NOW_S = NOW / SECOND;

/** A JWT-shaped token (header.payload.signature, base64url) carrying `payload`. */
const b64url = (s: string) => Buffer.from(s, 'utf8').toString('base64url');
const jwt = (payload: unknown) => `${b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${b64url(JSON.stringify(payload))}.c2lnbmF0dXJl`;

const user: User = { id: '42', username: 'ada', email: 'ada@example.com', avatar: null };

describe('jwtExpiry', () => {
  it.each<[string, string, number | null | 'none']>([
    ['exp in seconds → ms', jwt({ sub: '1', exp: 2_000_000_000 }), 2_000_000_000_000],
    ['no exp claim', jwt({ sub: '1' }), 'none'],
    ['string exp', jwt({ exp: '2000000000' }), null],
    ['payload is not an object', `a.${b64url('"str"')}.c`, null],
    ['payload is JSON null', `a.${b64url('null')}.c`, null],
    ['payload is not JSON', `a.${b64url('not json')}.c`, null],
    ['payload is not base64', 'a.!!!.c', null],
    ['two parts', 'a.b', null],
    ['four parts', 'a.b.c.d', null],
    ['opaque token', 'opaque-session-token', null],
  ])('%s', (_label, token, expected) => {
    expect(jwtExpiry(token)).toBe(expected);
  });

  it('decodes base64url payloads (- and _ instead of + and /, no padding)', () => {
    const payload = b64url(JSON.stringify({ sub: '??>>~~', name: 'ÿ', exp: 2_000_000_000 }));
    // Guard: the payload really uses the url-safe alphabet and no padding.
    expect(payload).toMatch(/[-_]/);
    expect(payload).not.toContain('=');
    expect(jwtExpiry(`h.${payload}.s`)).toBe(2_000_000_000_000);
  });

  it('reads exp from a payload with non-ASCII (UTF-8) claims', () => {
    expect(jwtExpiry(jwt({ name: '张三', exp: 2_000_000_000 }))).toBe(2_000_000_000_000);
  });
});

describe('isTokenExpired (spec §5 token expiry)', () => {
  const future = NOW + DAY;
  it.each<[string, string, number | null, boolean]>([
    ['no token', '', future, true],
    ['no stored expiry', jwt({ exp: NOW_S + 3600 }), null, true],
    ['stored expiry NaN', jwt({ exp: NOW_S + 3600 }), Number.NaN, true],
    ['stored expiry passed', jwt({ exp: NOW_S + 3600 }), NOW - 1, true],
    ['stored expiry is now', jwt({ exp: NOW_S + 3600 }), NOW, true],
    ['stored expiry 1 ms ahead, JWT valid', jwt({ exp: NOW_S + 3600 }), NOW + 1, false],
    ['JWT exp earlier than now although stored expiry is ahead', jwt({ exp: NOW_S - 1 }), future, true],
    ['JWT exp equal to now', jwt({ exp: NOW_S }), future, true],
    ['JWT exp one second ahead', jwt({ exp: NOW_S + 1 }), future, false],
    ['JWT without exp: the stored expiry decides', jwt({ sub: '1' }), future, false],
    ['JWT without exp, stored expiry passed', jwt({ sub: '1' }), NOW - 1, true],
    ['JWT with a non-numeric exp cannot be parsed', jwt({ exp: 'soon' }), future, true],
    ['opaque (non-JWT) token cannot be parsed', 'opaque-session-token', future, true],
    ['garbage payload', 'x.%%%.y', future, true],
  ])('%s → expired %s', (_label, token, stored, expected) => {
    expect(isTokenExpired(token, stored, NOW)).toBe(expected);
  });

  it('accepts a base64url-encoded payload', () => {
    const token = `h.${b64url(JSON.stringify({ sub: '??>>~~', exp: NOW_S + 60 }))}.s`;
    expect(token.split('.')[1]).toMatch(/[-_]/);
    expect(isTokenExpired(token, NOW + DAY, NOW)).toBe(false);
  });
});

describe('computeExpiresAt', () => {
  it('defaults to 7 days from now (spec §5, §9)', () => {
    expect(DEFAULT_TOKEN_LIFETIME_MS).toBe(7 * DAY);
    expect(computeExpiresAt({}, NOW)).toBe(NOW + 7 * DAY);
    expect(computeExpiresAt({ expiresAt: null, expiresIn: null }, NOW)).toBe(NOW + 7 * DAY);
  });

  it.each<[string, { expiresAt?: number | string | null; expiresIn?: number | null }, number]>([
    ['expiresAt in seconds', { expiresAt: NOW_S + 3600 }, NOW + HOUR],
    ['expiresAt in milliseconds', { expiresAt: NOW + HOUR }, NOW + HOUR],
    ['expiresAt as ISO string', { expiresAt: new Date(NOW + HOUR).toISOString() }, NOW + HOUR],
    ['expiresAt as ISO string with offset', { expiresAt: '2025-06-01T21:00:00+08:00' }, NOW + HOUR],
    // An ISO date is unambiguous: it must not go through the seconds-or-ms guess.
    ['expiresAt as an old ISO string', { expiresAt: '1999-12-31T00:00:00Z' }, Date.UTC(1999, 11, 31)],
    ['expiresIn seconds', { expiresIn: 3600 }, NOW + HOUR],
    ['expiresAt wins over expiresIn', { expiresAt: NOW + 2 * HOUR, expiresIn: 3600 }, NOW + 2 * HOUR],
    ['unparsable expiresAt falls back to expiresIn', { expiresAt: 'tomorrow-ish', expiresIn: 60 }, NOW + 60 * SECOND],
    ['unparsable expiresAt, no expiresIn: 7 days', { expiresAt: 'tomorrow-ish' }, NOW + 7 * DAY],
    ['expiresIn 0: 7 days', { expiresIn: 0 }, NOW + 7 * DAY],
    ['negative expiresIn: 7 days', { expiresIn: -5 }, NOW + 7 * DAY],
  ])('%s', (_label, input, expected) => {
    expect(computeExpiresAt(input, NOW)).toBe(expected);
  });
});

describe('stored auth round trip', () => {
  let storage: MemoryStorage;
  const token = jwt({ sub: '42', exp: NOW_S + (2 * DAY) / SECOND });

  beforeEach(() => {
    storage = new MemoryStorage();
  });

  it('uses the documented keys', () => {
    expect(authKeys).toMatchObject({
      token: 'tern.accessToken',
      expiresAt: 'tern.expiresAt',
      user: 'tern.user',
      loginTime: 'tern.loginTime',
      loginMethod: 'tern.loginMethod',
    });
  });

  it('writes then reads the same auth', () => {
    const written = writeStoredAuth(storage, { token, expiresIn: 3600, user, loginMethod: 'feishu' }, NOW);
    expect(written).toEqual({ token, expiresAt: NOW + HOUR, user, loginTime: NOW, loginMethod: 'feishu' });
    expect(storage.getItem(authKeys.token)).toBe(token);
    expect(storage.getItem(authKeys.expiresAt)).toBe(String(NOW + HOUR));
    expect(JSON.parse(storage.getItem(authKeys.user)!)).toEqual(user);
    expect(readStoredAuth(storage, NOW + 1)).toEqual(written);
  });

  it.each(['feishu', 'tern', 'cheetah', 'cli'])('keeps login method %s', (method) => {
    writeStoredAuth(storage, { token, user, loginMethod: method }, NOW);
    expect(readStoredAuth(storage, NOW)?.loginMethod).toBe(method);
  });

  it('without expiresAt/expiresIn the session lasts 7 days (bounded by the JWT exp)', () => {
    const longToken = jwt({ exp: NOW_S + (30 * DAY) / SECOND });
    writeStoredAuth(storage, { token: longToken, user, loginMethod: 'tern' }, NOW);
    expect(readStoredAuth(storage, NOW + 7 * DAY - 1)).not.toBeNull();
    expect(readStoredAuth(storage, NOW + 7 * DAY)).toBeNull();
  });

  it('reads nothing when no token is stored', () => {
    expect(readStoredAuth(storage, NOW)).toBeNull();
  });

  describe('an expired token clears ALL stored auth keys (spec §4)', () => {
    const cases: [string, () => void][] = [
      ['stored expiry passed', () => writeStoredAuth(storage, { token, expiresIn: 60, user, loginMethod: 'tern' }, NOW - HOUR)],
      [
        'JWT exp passed',
        () => writeStoredAuth(storage, { token: jwt({ exp: NOW_S - 1 }), expiresIn: 3600, user, loginMethod: 'tern' }, NOW),
      ],
      ['token cannot be parsed', () => writeStoredAuth(storage, { token: 'opaque', expiresIn: 3600, user, loginMethod: 'tern' }, NOW)],
      [
        'stored expiry missing',
        () => {
          writeStoredAuth(storage, { token, expiresIn: 3600, user, loginMethod: 'tern' }, NOW);
          storage.removeItem(authKeys.expiresAt);
        },
      ],
      [
        'stored expiry not a number',
        () => {
          writeStoredAuth(storage, { token, expiresIn: 3600, user, loginMethod: 'tern' }, NOW);
          storage.setItem(authKeys.expiresAt, 'later');
        },
      ],
    ];
    it.each(cases)('%s', (_label, arrange) => {
      arrange();
      storage.setItem('tern.language', '{"language":"zh"}');
      storage.setItem(authKeys.pendingInvitation, 'ABC123');
      expect(readStoredAuth(storage, NOW)).toBeNull();
      for (const key of [authKeys.token, authKeys.expiresAt, authKeys.user, authKeys.loginTime, authKeys.loginMethod]) {
        expect(storage.getItem(key), key).toBeNull();
      }
      // Unrelated data survives: the language choice and the invitation code the next login needs.
      expect(storage.keys()).toEqual([authKeys.pendingInvitation, 'tern.language'].sort());
    });
  });

  it('clearStoredAuth removes the five auth keys and nothing else', () => {
    writeStoredAuth(storage, { token, user, loginMethod: 'tern' }, NOW);
    storage.setItem('unrelated', 'x');
    clearStoredAuth(storage);
    expect(storage.keys()).toEqual(['unrelated']);
  });

  describe('user JSON validation', () => {
    it.each<[string, string | null, User | null]>([
      ['valid user', JSON.stringify(user), user],
      ['numeric id becomes a string', JSON.stringify({ id: 7, username: 'bo' }), { id: '7', username: 'bo' }],
      [
        'optional fields kept',
        JSON.stringify({ id: '1', username: 'c', email: null, createdAt: '2025-01-01', updatedAt: '2025-01-02' }),
        { id: '1', username: 'c', email: null, createdAt: '2025-01-01', updatedAt: '2025-01-02' },
      ],
      ['missing username', JSON.stringify({ id: '1' }), null],
      ['missing id', JSON.stringify({ username: 'x' }), null],
      ['username not a string', JSON.stringify({ id: '1', username: 5 }), null],
      ['id is an object', JSON.stringify({ id: {}, username: 'x' }), null],
      ['JSON null', 'null', null],
      ['an array', '[]', null],
      ['malformed JSON', '{"id":', null],
      ['missing entry', null, null],
    ])('%s', (_label, raw, expected) => {
      writeStoredAuth(storage, { token, expiresIn: 3600, user: null, loginMethod: 'tern' }, NOW);
      if (raw === null) storage.removeItem(authKeys.user);
      else storage.setItem(authKeys.user, raw);
      const auth = readStoredAuth(storage, NOW);
      // A bad user record does not end the session; the token still authenticates.
      expect(auth?.token).toBe(token);
      expect(auth?.user).toEqual(expected);
    });
  });

  it.each([
    ['missing', null, null],
    ['not a number', 'yesterday', null],
    ['zero', '0', null],
    ['valid', String(NOW - 5), NOW - 5],
  ])('login time %s reads as %s', (_label, raw, expected) => {
    writeStoredAuth(storage, { token, expiresIn: 3600, user, loginMethod: 'tern' }, NOW);
    if (raw === null) storage.removeItem(authKeys.loginTime);
    else storage.setItem(authKeys.loginTime, raw);
    expect(readStoredAuth(storage, NOW)?.loginTime).toBe(expected);
  });
});
