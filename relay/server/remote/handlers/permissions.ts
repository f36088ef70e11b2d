import { answerPermission } from '../../core/remote/webCommands';
import { holdsLock, knownSessionRef, ownSessionRef, trustedLock, type WebRoutes } from '../connections';
import type { HubContext } from '../hubContext';
import { AckLater } from '../socketEvents';

/**
 * `/web` `session:permission`: one answer per request, stored, shown to every window, sent to the CLI. Like an input,
 * it reaches the CLI (and the other windows, live) before its commit, stored by the CLI's node (commandForward.ts).
 */
export function registerWebPermissionHandlers(ctx: HubContext, routes: WebRoutes): void {
  routes.on('session:permission', async (input, socket) => {
    // As session:input: the cached session and lease answer at once, without a turn of the microtask queue each.
    const session = knownSessionRef(socket, input.sessionId) ?? (await ownSessionRef(ctx, socket, input.sessionId));
    const holds = trustedLock(ctx, socket, session.instanceId) || (await holdsLock(ctx, socket, session.instanceId));
    const route = ctx.commandRoute(socket.id, session.instanceId);
    return new AckLater(answerPermission(ctx.core, session, holds, input, route).then((applied) => ctx.appliedAck(applied)));
  });
}
