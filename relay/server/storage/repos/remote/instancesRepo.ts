import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';

import { type Database } from '../../database';
import { type InstanceRow, instances, remoteSessions } from '../../schema';

export interface InstanceEnvInput {
  platform: string;
  hostname: string;
  cwd: string;
  nodeVersion: string;
  cliVersion: string;
  startedAt: Date;
  /** What the CLI announced (null: an older CLI that says nothing). */
  models?: string[] | null;
  commands?: Array<{ name: string; description: string; args?: string }> | null;
}

/** Instances: the CLIs of a user, their environment and presence. */
export function createInstancesRepo(db: Database) {
  return {
    async findInstance(id: string): Promise<InstanceRow | null> {
      const [row] = await db.select().from(instances).where(eq(instances.id, id)).limit(1);
      return row ?? null;
    },

    /** The presence columns of these instances (the unknown ones left out), in one statement. */
    async instancePresence(ids: readonly string[]): Promise<Array<Pick<InstanceRow, 'id' | 'online' | 'lastSeenAt'>>> {
      if (ids.length === 0) return [];
      return db
        .select({ id: instances.id, online: instances.online, lastSeenAt: instances.lastSeenAt })
        .from(instances)
        .where(inArray(instances.id, [...ids]));
    },

    /** The instance only when it belongs to `userId` (others' ids look unknown). */
    async findOwnInstance(userId: string, id: string): Promise<InstanceRow | null> {
      const [row] = await db
        .select()
        .from(instances)
        .where(and(eq(instances.id, id), eq(instances.userId, userId)))
        .limit(1);
      return row ?? null;
    },

    async listInstances(userId: string): Promise<Array<InstanceRow & { sessionCount: number }>> {
      const rows = await db.select().from(instances).where(eq(instances.userId, userId)).orderBy(asc(instances.createdAt));
      const counts = await this.sessionCounts(rows.map((r) => r.id));
      return rows.map((r) => ({ ...r, sessionCount: counts.get(r.id) ?? 0 }));
    },

    async sessionCounts(instanceIds: string[]): Promise<Map<string, number>> {
      if (instanceIds.length === 0) return new Map();
      const rows = await db
        .select({ instanceId: remoteSessions.instanceId, n: count() })
        .from(remoteSessions)
        .where(and(inArray(remoteSessions.instanceId, instanceIds), isNull(remoteSessions.deletedAt)))
        .groupBy(remoteSessions.instanceId);
      return new Map(rows.map((r) => [r.instanceId, r.n]));
    },

    /**
     * Claims the instance for a connecting CLI socket: creates it for `userId`, or takes it over when it is already
     * theirs. Returns null when the id belongs to another user.
     */
    async claimInstance(input: {
      id: string;
      userId: string;
      cliTokenId: string;
      socketId: string;
      now: Date;
    }): Promise<InstanceRow | null> {
      await db
        .insert(instances)
        .values({
          id: input.id,
          userId: input.userId,
          cliTokenId: input.cliTokenId,
          startedAt: input.now,
          lastSeenAt: input.now,
          online: true,
          socketId: input.socketId,
          createdAt: input.now,
        })
        .onConflictDoNothing({ target: instances.id });
      const [row] = await db
        .update(instances)
        .set({ online: true, socketId: input.socketId, lastSeenAt: input.now, cliTokenId: input.cliTokenId })
        .where(and(eq(instances.id, input.id), eq(instances.userId, input.userId)))
        .returning();
      return row ?? null;
    },

    async updateInstanceEnv(id: string, socketId: string, env: InstanceEnvInput, now: Date): Promise<InstanceRow | null> {
      const [row] = await db
        .update(instances)
        .set({ ...env, online: true, lastSeenAt: now })
        .where(and(eq(instances.id, id), eq(instances.socketId, socketId)))
        .returning();
      return row ?? null;
    },

    /** Heartbeat of the sockets this node serves. */
    async touchInstances(ids: string[], now: Date): Promise<void> {
      if (ids.length === 0) return;
      await db
        .update(instances)
        .set({ lastSeenAt: now })
        .where(and(inArray(instances.id, ids), eq(instances.online, true)));
    },

    /** Marks offline only if `socketId` is still the instance's socket (a reconnect in the grace period wins). */
    async markOffline(id: string, socketId: string, now: Date): Promise<InstanceRow | null> {
      const [row] = await db
        .update(instances)
        .set({ online: false, socketId: null, lastSeenAt: now })
        .where(and(eq(instances.id, id), eq(instances.socketId, socketId)))
        .returning();
      return row ?? null;
    },
  };
}
