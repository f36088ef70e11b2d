import { and, asc, eq, inArray, isNotNull, isNull, lt } from 'drizzle-orm';

import { type Database } from '../../database';
import { type CliCommandRow, cliCommands } from '../../schema';

/** Commands kept for a CLI until it confirms them. */
export function createCommandsRepo(db: Database) {
  return {
    async addCommand(input: {
      id: string;
      instanceId: string;
      type: string;
      payload: Record<string, unknown>;
      now: Date;
    }): Promise<CliCommandRow> {
      const [row] = await db
        .insert(cliCommands)
        .values({ id: input.id, instanceId: input.instanceId, type: input.type, payload: input.payload, createdAt: input.now })
        .onConflictDoNothing()
        .returning();
      if (row) return row;
      const [existing] = await db.select().from(cliCommands).where(eq(cliCommands.id, input.id)).limit(1);
      return existing!;
    },

    async pendingCommands(instanceId: string): Promise<CliCommandRow[]> {
      return db
        .select()
        .from(cliCommands)
        .where(and(eq(cliCommands.instanceId, instanceId), isNull(cliCommands.deliveredAt)))
        .orderBy(asc(cliCommands.ord));
    },

    /** Marks commands delivered (only those of `instanceId` when given); already-delivered ones keep their time. */
    async markDelivered(ids: string[], now: Date, instanceId?: string): Promise<void> {
      if (ids.length === 0) return;
      await db
        .update(cliCommands)
        .set({ deliveredAt: now })
        .where(
          and(
            inArray(cliCommands.id, ids),
            isNull(cliCommands.deliveredAt),
            instanceId === undefined ? undefined : eq(cliCommands.instanceId, instanceId),
          ),
        );
    },

    /** Drops commands the CLI took before `before` (pending ones stay until delivered). */
    async pruneDeliveredCommands(before: Date): Promise<void> {
      await db.delete(cliCommands).where(and(isNotNull(cliCommands.deliveredAt), lt(cliCommands.deliveredAt, before)));
    },
  };
}
