import { and, eq, gt, isNull, lt } from 'drizzle-orm';

import type { Database } from '../database';
import { oneTimeLoginTokens } from '../schema';

export function createLoginTokensRepo(db: Database) {
  return {
    async create(input: { tokenHash: string; userId: string; expiresAt: Date; now: Date }): Promise<void> {
      await db.insert(oneTimeLoginTokens).values({ ...input, createdAt: input.now });
    },

    /** Marks the token used, in one statement, only if it is unused, unexpired and the user's: so it works once. */
    async consume(input: { tokenHash: string; userId: string; now: Date }): Promise<boolean> {
      const rows = await db
        .update(oneTimeLoginTokens)
        .set({ usedAt: input.now })
        .where(
          and(
            eq(oneTimeLoginTokens.tokenHash, input.tokenHash),
            eq(oneTimeLoginTokens.userId, input.userId),
            isNull(oneTimeLoginTokens.usedAt),
            gt(oneTimeLoginTokens.expiresAt, input.now),
          ),
        )
        .returning({ userId: oneTimeLoginTokens.userId });
      return rows.length > 0;
    },

    async pruneExpired(before: Date): Promise<void> {
      await db.delete(oneTimeLoginTokens).where(lt(oneTimeLoginTokens.expiresAt, before));
    },
  };
}
export type LoginTokensRepo = ReturnType<typeof createLoginTokensRepo>;
