import { check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import { loginMethods } from '../../protocol/auth';
import { oneOf } from './columns';

/**
 * Accounts and sign-in tables (part of the one schema, relay/server/storage/schema.ts).
 * Secrets (one-time tokens, temp codes) are stored as SHA-256 hashes; passwords as scrypt hashes.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    /** Lower-cased by the application; unique when present (NULLs do not collide). */
    email: text('email'),
    avatar: text('avatar'),
    passwordHash: text('password_hash'),
    provider: text('provider').notNull(),
    invitationCodeUsed: text('invitation_code_used'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_unique').on(t.email), check('users_provider_check', oneOf(t.provider, loginMethods))],
);

/** External identities (Feishu open_id) → user. */
export const identities = pgTable(
  'identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    profile: jsonb('profile').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('identities_provider_subject_unique').on(t.provider, t.subject), index('identities_user_idx').on(t.userId)],
);

export const oneTimeLoginTokens = pgTable(
  'one_time_login_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('one_time_login_tokens_expires_idx').on(t.expiresAt)],
);

/** One row per issued access token (JWT `jti`): logout and revocation really end a session. */
export const accessTokens = pgTable(
  'access_tokens',
  {
    jti: uuid('jti').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    method: text('method').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    ip: text('ip'),
    clientInfo: jsonb('client_info').$type<Record<string, unknown>>(),
  },
  (t) => [index('access_tokens_user_idx').on(t.userId), index('access_tokens_expires_idx').on(t.expiresAt)],
);

export const tempCodes = pgTable(
  'temp_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Login method of the session that created the code; the exchanged session reports it. */
    method: text('method').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('temp_codes_expires_idx').on(t.expiresAt)],
);

/**
 * Every password attempt, for per-IP rate limits and per-account lockout. Lockout is derived from the rows: the last
 * N decisive outcomes (failure / success / unlock) of an e-mail; `locked` and `rate_limited` rows are not decisive, so
 * hammering a locked account does not extend the lock.
 */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** 'tern' | 'cheetah' | 'signup' */
    scope: text('scope').notNull(),
    email: text('email'),
    ip: text('ip').notNull(),
    /** 'success' | 'failure' | 'unlock' | 'locked' | 'rate_limited' */
    outcome: text('outcome').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('login_attempts_ip_idx').on(t.scope, t.ip, t.createdAt),
    index('login_attempts_email_idx').on(t.scope, t.email, t.createdAt),
  ],
);

export const schema = { users, identities, oneTimeLoginTokens, accessTokens, tempCodes, loginAttempts };
export type Schema = typeof schema;
export type UserRow = typeof users.$inferSelect;
export type AccessTokenRow = typeof accessTokens.$inferSelect;
export type LoginAttemptOutcome = 'success' | 'failure' | 'unlock' | 'locked' | 'rate_limited';
