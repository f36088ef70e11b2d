import { and, asc, eq, isNull } from 'drizzle-orm';

import type { Database } from '../database';
import { type UserRow, users } from '../schema';

export interface NewUser {
  username: string;
  email: string | null;
  avatar?: string | null;
  passwordHash?: string | null;
  provider: string;
  invitationCodeUsed?: string | null;
  now: Date;
}

/** Postgres unique violation: the caller turns it into EMAIL_TAKEN. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

export function createUsersRepo(db: Database) {
  return {
    async create(input: NewUser): Promise<UserRow> {
      const [row] = await db
        .insert(users)
        .values({
          username: input.username,
          email: input.email,
          avatar: input.avatar ?? null,
          passwordHash: input.passwordHash ?? null,
          provider: input.provider,
          invitationCodeUsed: input.invitationCodeUsed ?? null,
          createdAt: input.now,
          updatedAt: input.now,
        })
        .returning();
      return row!;
    },

    async findById(id: string): Promise<UserRow | null> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row ?? null;
    },

    /** `email` must already be lower-cased. */
    async findByEmail(email: string): Promise<UserRow | null> {
      const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
      return row ?? null;
    },

    async list(limit = 1000): Promise<UserRow[]> {
      return db.select().from(users).orderBy(asc(users.createdAt)).limit(limit);
    },

    /** Records the invitation code of a first sign-in; a code already stored is never replaced. */
    async setInvitationCodeIfUnset(id: string, code: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ invitationCodeUsed: code, updatedAt: now })
        .where(and(eq(users.id, id), isNull(users.invitationCodeUsed)))
        .returning({ id: users.id });
      return rows.length > 0;
    },

    async updateProfile(id: string, patch: { username?: string; avatar?: string | null }, now: Date): Promise<UserRow | null> {
      const [row] = await db
        .update(users)
        .set({ ...patch, updatedAt: now })
        .where(eq(users.id, id))
        .returning();
      return row ?? null;
    },

    async setPasswordHash(id: string, passwordHash: string, now: Date): Promise<void> {
      await db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, id));
    },
  };
}
export type UsersRepo = ReturnType<typeof createUsersRepo>;
