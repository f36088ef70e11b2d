import { answerPermission } from '../../core/remote/webCommands';
import { holdsLock, ownSessionRef, type WebRoutes } from '../connections';
import type { HubContext } from '../hubContext';

/** `/web` `session:permission`: one answer per request, stored, shown to every window, sent to the CLI. */
export function registerWebPermissionHandlers(ctx: HubContext, routes: WebRoutes): void {
  routes.on('session:permission', async (input, socket) => {
    const session = await ownSessionRef(ctx, socket, input.sessionId);
    return ctx.appliedAck(await answerPermission(ctx.core, session, await holdsLock(ctx, socket, session.instanceId), input));
  });
}
