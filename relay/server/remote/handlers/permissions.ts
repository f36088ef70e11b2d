import { answerPermission } from '../../core/remote/webCommands';
import type { WebConnection } from '../connections';
import type { HubContext } from '../hubContext';

/** `/web` `session:permission`: one answer per request, stored, shown to every window, sent to the CLI. */
export function registerWebPermissionHandlers(ctx: HubContext, conn: WebConnection): void {
  conn.router.on('session:permission', async (input) => {
    const session = await conn.ownSessionRef(input.sessionId);
    return ctx.appliedAck(await answerPermission(ctx.core, session, await conn.holdsLock(session.instanceId), input));
  });
}
