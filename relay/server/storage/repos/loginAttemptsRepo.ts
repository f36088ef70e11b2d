import { and, count, desc, eq, gte, inArray, lt } from 'drizzle-orm';

import type { Database } from '../database';
import { type LoginAttemptOutcome, loginAttempts } from '../schema';

export function createLoginAttemptsRepo(db: Database) {
  return {
    async record(input: { scope: string; email: string | null; ip: string; outcome: LoginAttemptOutcome; now: Date }): Promise<void> {
      await db.insert(loginAttempts).values({
        scope: input.scope,
        email: input.email,
        ip: input.ip,
        outcome: input.outcome,
        createdAt: input.now,
      });
    },

    /** Attempts of any outcome from one IP since `since`. */
    async countByIpSince(scope: string, ip: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(loginAttempts)
        .where(and(eq(loginAttempts.scope, scope), eq(loginAttempts.ip, ip), gte(loginAttempts.createdAt, since)));
      return row?.n ?? 0;
    },

    async countByEmailSince(scope: string, email: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(loginAttempts)
        .where(and(eq(loginAttempts.scope, scope), eq(loginAttempts.email, email), gte(loginAttempts.createdAt, since)));
      return row?.n ?? 0;
    },

    /** The latest `limit` decisive outcomes (failure, success, unlock) of an account, newest first. */
    async lastDecisive(scope: string, email: string, limit: number): Promise<{ outcome: string; createdAt: Date }[]> {
      return db
        .select({ outcome: loginAttempts.outcome, createdAt: loginAttempts.createdAt })
        .from(loginAttempts)
        .where(
          and(
            eq(loginAttempts.scope, scope),
            eq(loginAttempts.email, email),
            inArray(loginAttempts.outcome, ['failure', 'success', 'unlock']),
          ),
        )
        .orderBy(desc(loginAttempts.createdAt))
        .limit(limit);
    },

    async pruneBefore(before: Date): Promise<void> {
      await db.delete(loginAttempts).where(lt(loginAttempts.createdAt, before));
    },
  };
}
export type LoginAttemptsRepo = ReturnType<typeof createLoginAttemptsRepo>;
