import { describe, expect, it } from 'vitest';

import {
  cheetahLoginRequestSchema,
  emailSchema,
  invitationCodeSchema,
  loginResultResponseSchema,
  ternLoginRequestSchema,
  ternSignupRequestSchema,
} from './auth';

describe('auth request schemas', () => {
  it('lower-cases and trims e-mails', () => {
    expect(emailSchema.parse('  Ada@Example.COM ')).toBe('ada@example.com');
    expect(emailSchema.safeParse('ada@').success).toBe(false);
    expect(emailSchema.safeParse(`${'a'.repeat(250)}@x.io`).success).toBe(false);
  });

  it('upper-cases invitation codes and treats empty as absent', () => {
    expect(invitationCodeSchema.parse('abc123')).toBe('ABC123');
    expect(invitationCodeSchema.parse(' abcdefghij ')).toBe('ABCDEFGHIJ');
    expect(invitationCodeSchema.parse('')).toBeUndefined();
    expect(invitationCodeSchema.parse(undefined)).toBeUndefined();
    for (const bad of ['abc12', 'abcdefghijk', 'abc-123', '中文中文中文']) {
      expect(invitationCodeSchema.safeParse(bad).error?.issues[0]?.message).toBe('Invalid invitation code format');
    }
  });

  it('validates signup with the spec messages', () => {
    const ok = ternSignupRequestSchema.parse({ email: 'A@b.co', password: '12345678', username: ' Ada ', invitationCode: 'abcdef' });
    expect(ok).toEqual({ email: 'a@b.co', password: '12345678', username: 'Ada', invitationCode: 'ABCDEF' });
    const bad = ternSignupRequestSchema.safeParse({ email: 'x', password: '1234567', username: '' });
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['email', 'Please enter a valid email address'],
      ['password', 'Password must be at least 8 characters'],
      ['username', 'Please enter a username'],
    ]);
    // Passwords are never trimmed or altered.
    expect(ternSignupRequestSchema.parse({ email: 'a@b.co', password: ' spaced  ', username: 'A' }).password).toBe(' spaced  ');
  });

  it('accepts a numeric user_id and defaults plat', () => {
    expect(ternLoginRequestSchema.parse({ token: 't', user_id: 42 })).toMatchObject({ user_id: '42', plat: 'web' });
    expect(ternLoginRequestSchema.safeParse({ token: '', user_id: 'x' }).success).toBe(false);
  });

  it('keeps client info optional and bounded', () => {
    expect(
      cheetahLoginRequestSchema.parse({ email: 'a@b.co', password: 'p', clientInfo: { platform: 'web', timestamp: 1 } }).clientInfo,
    ).toEqual({
      platform: 'web',
      timestamp: 1,
    });
    expect(
      cheetahLoginRequestSchema.safeParse({ email: 'a@b.co', password: 'p', clientInfo: { userAgent: 'x'.repeat(1001) } }).success,
    ).toBe(false);
  });

  it('describes the login result with its data mirror', () => {
    const data = {
      accessToken: 'jwt',
      expiresIn: 604800,
      expiresAt: '2030-01-01T00:00:00.000Z',
      user: { id: 'u', username: 'A', email: null, avatar: null, createdAt: 'c', updatedAt: 'u' },
      loginMethod: 'tern',
    };
    expect(loginResultResponseSchema.parse({ success: true, ...data, data })).toMatchObject({ accessToken: 'jwt', data });
    expect(loginResultResponseSchema.safeParse({ success: true, ...data }).success).toBe(false);
  });
});
