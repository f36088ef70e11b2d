import { and, count, eq, gt, inArray, isNull, lt } from 'drizzle-orm';

import type { Database } from '../database';
import { type AccessTokenRow, accessTokens } from '../schema';

export function createAccessTokensRepo(db: Database) {
  return {
    async create(input: {
      jti: string;
      userId: string;
      method: string;
      issuedAt: Date;
      expiresAt: Date;
      ip?: string | null;
      clientInfo?: Record<string, unknown> | null;
    }): Promise<void> {
      await db.insert(accessTokens).values({ ...input, ip: input.ip ?? null, clientInfo: input.clientInfo ?? null });
    },

    async find(jti: string): Promise<AccessTokenRow | null> {
      const [row] = await db.select().from(accessTokens).where(eq(accessTokens.jti, jti)).limit(1);
      return row ?? null;
    },

    async revoke(jti: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(accessTokens)
        .set({ revokedAt: now })
        .where(and(eq(accessTokens.jti, jti), isNull(accessTokens.revokedAt)))
        .returning({ jti: accessTokens.jti });
      return rows.length > 0;
    },

    async revokeAllForUser(userId: string, now: Date): Promise<number> {
      const rows = await db
        .update(accessTokens)
        .set({ revokedAt: now })
        .where(and(eq(accessTokens.userId, userId), isNull(accessTokens.revokedAt)))
        .returning({ jti: accessTokens.jti });
      return rows.length;
    },

    /** Of these jtis, the ones still valid (not revoked, not expired) at `now`. */
    async aliveAmong(jtis: string[], now: Date): Promise<Set<string>> {
      if (jtis.length === 0) return new Set();
      const rows = await db
        .select({ jti: accessTokens.jti })
        .from(accessTokens)
        .where(and(inArray(accessTokens.jti, jtis), isNull(accessTokens.revokedAt), gt(accessTokens.expiresAt, now)));
      return new Set(rows.map((r) => r.jti));
    },

    async countForUser(userId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(accessTokens).where(eq(accessTokens.userId, userId));
      return row?.n ?? 0;
    },

    async pruneExpired(before: Date): Promise<void> {
      await db.delete(accessTokens).where(lt(accessTokens.expiresAt, before));
    },
  };
}
export type AccessTokensRepo = ReturnType<typeof createAccessTokensRepo>;
