import { and, desc, eq, gt, inArray, isNotNull, isNull, lt } from 'drizzle-orm';

import type { Database } from '../database';
import { type CliTokenRow, cliTokens, type PairingRequestRow, pairingRequests } from '../schema';

/** CLI tokens (hashed) and device-code pairing requests. */
export function createCliTokensRepo(db: Database) {
  return {
    async create(input: {
      tokenHash: string;
      userId: string;
      label: string;
      origin: 'pairing' | 'admin';
      now: Date;
    }): Promise<CliTokenRow> {
      const [row] = await db
        .insert(cliTokens)
        .values({ tokenHash: input.tokenHash, userId: input.userId, label: input.label, origin: input.origin, createdAt: input.now })
        .returning();
      return row!;
    },

    /** A usable (not revoked) token by hash. */
    async findActiveByHash(tokenHash: string): Promise<CliTokenRow | null> {
      const [row] = await db
        .select()
        .from(cliTokens)
        .where(and(eq(cliTokens.tokenHash, tokenHash), isNull(cliTokens.revokedAt)))
        .limit(1);
      return row ?? null;
    },

    async touch(id: string, now: Date): Promise<void> {
      await db.update(cliTokens).set({ lastUsedAt: now }).where(eq(cliTokens.id, id));
    },

    async listForUser(userId: string): Promise<CliTokenRow[]> {
      return db.select().from(cliTokens).where(eq(cliTokens.userId, userId)).orderBy(desc(cliTokens.createdAt));
    },

    /** Revokes a token of this user; null when it is not theirs (or unknown). Revoking twice keeps the first time. */
    async revoke(userId: string, id: string, now: Date): Promise<CliTokenRow | null> {
      await db
        .update(cliTokens)
        .set({ revokedAt: now })
        .where(and(eq(cliTokens.id, id), eq(cliTokens.userId, userId), isNull(cliTokens.revokedAt)));
      const [row] = await db
        .select()
        .from(cliTokens)
        .where(and(eq(cliTokens.id, id), eq(cliTokens.userId, userId)))
        .limit(1);
      return row ?? null;
    },

    /** Of these ids, the ones revoked (or deleted). */
    async revokedAmong(ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ id: cliTokens.id })
        .from(cliTokens)
        .where(and(inArray(cliTokens.id, ids), isNull(cliTokens.revokedAt)));
      const alive = new Set(rows.map((r) => r.id));
      return new Set(ids.filter((id) => !alive.has(id)));
    },

    // ---- pairing -------------------------------------------------------------------------------------------------

    async createPairing(input: {
      pairingCode: string;
      deviceCodeHash: string;
      hostname: string;
      platform: string;
      now: Date;
      expiresAt: Date;
    }): Promise<PairingRequestRow> {
      const [row] = await db
        .insert(pairingRequests)
        .values({ ...input, createdAt: input.now, status: 'pending' })
        .returning();
      return row!;
    },

    async findPairingByCode(pairingCode: string): Promise<PairingRequestRow | null> {
      const [row] = await db.select().from(pairingRequests).where(eq(pairingRequests.pairingCode, pairingCode)).limit(1);
      return row ?? null;
    },

    async findPairingByDevice(deviceCodeHash: string): Promise<PairingRequestRow | null> {
      const [row] = await db.select().from(pairingRequests).where(eq(pairingRequests.deviceCodeHash, deviceCodeHash)).limit(1);
      return row ?? null;
    },

    /** pending → approved/denied, only before expiry; null when it was not pending any more. */
    async decidePairing(input: {
      id: string;
      userId: string;
      status: 'approved' | 'denied';
      now: Date;
    }): Promise<PairingRequestRow | null> {
      const [row] = await db
        .update(pairingRequests)
        .set({ status: input.status, userId: input.userId, decidedAt: input.now })
        .where(and(eq(pairingRequests.id, input.id), eq(pairingRequests.status, 'pending'), gt(pairingRequests.expiresAt, input.now)))
        .returning();
      return row ?? null;
    },

    /** Claims the one hand-out of the token of an approved request (single statement, so only one poll wins). */
    async claimTokenIssue(id: string, now: Date): Promise<PairingRequestRow | null> {
      const [row] = await db
        .update(pairingRequests)
        .set({ tokenIssuedAt: now })
        .where(and(eq(pairingRequests.id, id), eq(pairingRequests.status, 'approved'), isNull(pairingRequests.tokenIssuedAt)))
        .returning();
      return row ?? null;
    },

    async setPairingToken(id: string, cliTokenId: string): Promise<void> {
      await db.update(pairingRequests).set({ cliTokenId }).where(eq(pairingRequests.id, id));
    },

    /** Deletes requests that expired before `before` (a day after expiry, so a late poll still reads "expired"). */
    async pruneExpiredPairings(before: Date): Promise<void> {
      await db.delete(pairingRequests).where(and(lt(pairingRequests.expiresAt, before), isNotNull(pairingRequests.expiresAt)));
    },
  };
}
export type CliTokensRepo = ReturnType<typeof createCliTokensRepo>;
