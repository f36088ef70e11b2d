import { and, desc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';

import { type Database } from '../../database';
import { cliCommands, type RemoteSessionRow, remoteSessions, sessionEvents } from '../../schema';

/** `%`, `_` and `\` in a search text match themselves (ILIKE's default escape is the backslash). */
const likePattern = (query: string) => `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Session management (issue #13, item 8): rename, model, delete (a tombstone), search by title and content. */
export function createSessionAdminRepo(db: Database) {
  return {
    /** Sets the title and/or model of a live session (not its activity time: a rename is not activity). */
    async patchSession(id: string, patch: { title?: string; model?: string | null }): Promise<RemoteSessionRow | null> {
      const [row] = await db
        .update(remoteSessions)
        .set(patch)
        .where(and(eq(remoteSessions.id, id), isNull(remoteSessions.deletedAt)))
        .returning();
      return row ?? null;
    },

    /**
     * Deletes a session: its events go, its texts are cleared, and the row stays as a tombstone (deleted_at) so a CLI
     * that still announces it or sends its events does not bring it back. Commands still pending for it (input typed
     * earlier, answers, settings) are dropped: the CLI is only told to forget it. Null when it was already deleted.
     */
    async deleteSession(id: string, now: Date): Promise<RemoteSessionRow | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(remoteSessions)
          .set({ deletedAt: now, title: '', firstMessage: null, lastMessage: null })
          .where(and(eq(remoteSessions.id, id), isNull(remoteSessions.deletedAt)))
          .returning();
        if (!row) return null;
        await tx.delete(sessionEvents).where(eq(sessionEvents.sessionId, id));
        await tx
          .update(cliCommands)
          .set({ deliveredAt: now })
          .where(
            and(
              eq(cliCommands.instanceId, row.instanceId),
              isNull(cliCommands.deliveredAt),
              sql`${cliCommands.payload}->>'sessionId' = ${id}`,
            ),
          );
        return row;
      });
    },

    /**
     * The instance's live sessions whose title, first or last message, or any user or assistant message contains
     * `query` (case-insensitive), most recently active first.
     */
    async searchSessions(instanceId: string, query: string, limit: number): Promise<string[]> {
      const pattern = likePattern(query);
      const inEvents = db
        .select({ id: sessionEvents.sessionId })
        .from(sessionEvents)
        .innerJoin(remoteSessions, eq(remoteSessions.id, sessionEvents.sessionId))
        .where(
          and(
            eq(remoteSessions.instanceId, instanceId),
            isNull(remoteSessions.deletedAt),
            inArray(sql`${sessionEvents.body}->>'type'`, ['user_message', 'assistant_message']),
            ilike(sql`${sessionEvents.body}->>'text'`, pattern),
          ),
        );
      const rows = await db
        .select({ id: remoteSessions.id })
        .from(remoteSessions)
        .where(
          and(
            eq(remoteSessions.instanceId, instanceId),
            isNull(remoteSessions.deletedAt),
            or(
              ilike(remoteSessions.title, pattern),
              ilike(remoteSessions.firstMessage, pattern),
              ilike(remoteSessions.lastMessage, pattern),
              inArray(remoteSessions.id, inEvents),
            ),
          ),
        )
        .orderBy(desc(remoteSessions.lastActiveAt))
        .limit(limit);
      return rows.map((r) => r.id);
    },
  };
}
