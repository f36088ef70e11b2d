import { and, eq } from 'drizzle-orm';

import type { Database } from '../database';
import { identities } from '../schema';

export function createIdentitiesRepo(db: Database) {
  return {
    async findUserId(provider: string, subject: string): Promise<string | null> {
      const [row] = await db
        .select({ userId: identities.userId })
        .from(identities)
        .where(and(eq(identities.provider, provider), eq(identities.subject, subject)))
        .limit(1);
      return row?.userId ?? null;
    },

    async link(input: { provider: string; subject: string; userId: string; profile: Record<string, unknown>; now: Date }): Promise<void> {
      await db.insert(identities).values({
        provider: input.provider,
        subject: input.subject,
        userId: input.userId,
        profile: input.profile,
        createdAt: input.now,
        updatedAt: input.now,
      });
    },

    async updateProfile(provider: string, subject: string, profile: Record<string, unknown>, now: Date): Promise<void> {
      await db
        .update(identities)
        .set({ profile, updatedAt: now })
        .where(and(eq(identities.provider, provider), eq(identities.subject, subject)));
    },
  };
}
export type IdentitiesRepo = ReturnType<typeof createIdentitiesRepo>;
