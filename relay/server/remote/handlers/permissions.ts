import { toSessionEvent } from '../../core/remote/views';
import { answerPermission } from '../../core/remote/webCommands';
import type { WebConnection } from '../connections';
import type { HubContext } from '../hubContext';
import { AfterAck } from '../socketEvents';

/** `/web` `session:permission`: one answer per request, stored, shown to every window, sent to the CLI. */
export function registerWebPermissionHandlers(ctx: HubContext, conn: WebConnection): void {
  conn.router.on('session:permission', async (input) => {
    const session = await conn.ownSessionRef(input.sessionId);
    const applied = await answerPermission(ctx.core, session, await conn.holdsLock(session.instanceId), input);
    if (!applied.command) return { ok: true as const, seq: applied.event.seq };
    return new AfterAck({ ok: true as const, seq: applied.event.seq }, async () => {
      ctx.fanout.publish(toSessionEvent(applied.event));
      await ctx.deliver(applied.command);
    });
  });
}
