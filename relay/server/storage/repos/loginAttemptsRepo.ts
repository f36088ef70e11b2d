import { and, asc, count, desc, eq, gte, inArray, lt, or } from 'drizzle-orm';

import type { Database } from '../database';
import { type LoginAttemptOutcome, loginAttempts } from '../schema';

/** Attempts of one scope since a time, narrowed to an address, an account and/or some outcomes. */
export interface AttemptFilter {
  scope: string;
  since: Date;
  ip?: string;
  email?: string;
  outcomes?: readonly LoginAttemptOutcome[];
}

const matching = (f: AttemptFilter) =>
  and(
    eq(loginAttempts.scope, f.scope),
    gte(loginAttempts.createdAt, f.since),
    f.ip !== undefined ? eq(loginAttempts.ip, f.ip) : undefined,
    f.email !== undefined ? eq(loginAttempts.email, f.email) : undefined,
    f.outcomes ? inArray(loginAttempts.outcome, [...f.outcomes]) : undefined,
  );

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

    async countWhere(filter: AttemptFilter): Promise<number> {
      const [row] = await db.select({ n: count() }).from(loginAttempts).where(matching(filter));
      return row?.n ?? 0;
    },

    /** When the `index`-th oldest (0-based) matching attempt was made; null when there are not that many. */
    async nthOldestAt(filter: AttemptFilter, index: number): Promise<Date | null> {
      const [row] = await db
        .select({ createdAt: loginAttempts.createdAt })
        .from(loginAttempts)
        .where(matching(filter))
        .orderBy(asc(loginAttempts.createdAt))
        .offset(Math.max(0, index))
        .limit(1);
      return row?.createdAt ?? null;
    },

    /** The newest attempt of an account with this outcome (an operator unlock, say). */
    async lastAt(scope: string, email: string, outcome: LoginAttemptOutcome): Promise<Date | null> {
      const [row] = await db
        .select({ createdAt: loginAttempts.createdAt })
        .from(loginAttempts)
        .where(and(eq(loginAttempts.scope, scope), eq(loginAttempts.email, email), eq(loginAttempts.outcome, outcome)))
        .orderBy(desc(loginAttempts.createdAt))
        .limit(1);
      return row?.createdAt ?? null;
    },

    /**
     * The latest `limit` decisive outcomes (failure, success, unlock) of an account, newest first. With `ip`: that
     * address's own outcomes, plus operator unlocks (which clear every address's streak).
     */
    async lastDecisive(scope: string, email: string, limit: number, ip?: string): Promise<{ outcome: string; createdAt: Date }[]> {
      return db
        .select({ outcome: loginAttempts.outcome, createdAt: loginAttempts.createdAt })
        .from(loginAttempts)
        .where(
          and(
            eq(loginAttempts.scope, scope),
            eq(loginAttempts.email, email),
            inArray(loginAttempts.outcome, ['failure', 'success', 'unlock']),
            ip !== undefined ? or(eq(loginAttempts.ip, ip), eq(loginAttempts.outcome, 'unlock')) : undefined,
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
