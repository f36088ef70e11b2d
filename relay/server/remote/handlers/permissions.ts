import { answerPermission } from '../../core/remote/webCommands';
import { holdsLock, ownSessionRef, type WebRoutes } from '../connections';
import type { HubContext } from '../hubContext';
import { AckLater } from '../socketEvents';

/**
 * `/web` `session:permission`: one answer per request, stored, shown to every window, sent to the CLI. Like an input,
 * it reaches a CLI on this node (and the other windows, live) before its commit; with the CLI on another node it is
 * stored first and delivered through the adapter.
 */
export function registerWebPermissionHandlers(ctx: HubContext, routes: WebRoutes): void {
  routes.on('session:permission', async (input, socket) => {
    const session = await ownSessionRef(ctx, socket, input.sessionId);
    const { early } = ctx.inputRoute(socket.id, session.instanceId);
    const holds = await holdsLock(ctx, socket, session.instanceId);
    return new AckLater(answerPermission(ctx.core, session, holds, input, early).then((applied) => ctx.appliedAck(applied)));
  });
}
