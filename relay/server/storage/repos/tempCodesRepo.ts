import { and, eq, gt, isNull, lt } from 'drizzle-orm';

import type { Database } from '../database';
import { tempCodes } from '../schema';

export function createTempCodesRepo(db: Database) {
  return {
    async create(input: { codeHash: string; userId: string; method: string; expiresAt: Date; now: Date }): Promise<void> {
      await db.insert(tempCodes).values({
        codeHash: input.codeHash,
        userId: input.userId,
        method: input.method,
        expiresAt: input.expiresAt,
        createdAt: input.now,
      });
    },

    /** Single use in one statement: returns the owner only the first time, and only before expiry. */
    async consume(codeHash: string, now: Date): Promise<{ userId: string; method: string } | null> {
      const [row] = await db
        .update(tempCodes)
        .set({ usedAt: now })
        .where(and(eq(tempCodes.codeHash, codeHash), isNull(tempCodes.usedAt), gt(tempCodes.expiresAt, now)))
        .returning({ userId: tempCodes.userId, method: tempCodes.method });
      return row ?? null;
    },

    async pruneExpired(before: Date): Promise<void> {
      await db.delete(tempCodes).where(lt(tempCodes.expiresAt, before));
    },
  };
}
export type TempCodesRepo = ReturnType<typeof createTempCodesRepo>;
