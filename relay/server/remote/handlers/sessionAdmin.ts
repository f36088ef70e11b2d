import { WEB_PUSH } from '../../../protocol';
import { chooseModel, deleteSession, type Managed, renameSession, searchSessions } from '../../core/remote/sessionAdmin';
import { toSession } from '../../core/remote/views';
import { holdsLock, ownSessionRef, type WebRoutes } from '../connections';
import type { HubContext } from '../hubContext';
import { userRoom } from '../namespaces';
import { AfterAck } from '../socketEvents';

/**
 * `/web` session management: rename, model, delete, search (issue #13, item 8). After the ack every window of the user
 * sees the change (`session:updated`, or `session:deleted`), and the CLI gets the command (or finds it pending in its
 * next `cli:hello` ack when it is offline).
 */
export function registerWebSessionAdminHandlers(ctx: HubContext, routes: WebRoutes): void {
  const changed = (managed: Managed) =>
    new AfterAck({ ok: true as const, session: toSession(managed.session) }, async () => {
      ctx.broadcastSession(managed.session);
      await ctx.deliver(managed.command);
    });

  routes.on('session:rename', async (input, socket) => {
    const session = await ownSessionRef(ctx, socket, input.sessionId);
    return changed(await renameSession(ctx.core, session, await holdsLock(ctx, socket, session.instanceId), input));
  });

  routes.on('session:model', async (input, socket) => {
    const session = await ownSessionRef(ctx, socket, input.sessionId);
    return changed(await chooseModel(ctx.core, session, await holdsLock(ctx, socket, session.instanceId), input));
  });

  routes.on('session:delete', async (input, socket) => {
    const session = await ownSessionRef(ctx, socket, input.sessionId);
    const managed = await deleteSession(ctx.core, session, await holdsLock(ctx, socket, session.instanceId));
    return new AfterAck({ ok: true as const }, async () => {
      ctx.web.to(userRoom(socket.data.userId)).emit(WEB_PUSH.sessionDeleted, { instanceId: session.instanceId, sessionId: session.id });
      void ctx.broadcastInstance(session.instanceId);
      await ctx.deliver(managed.command);
    });
  });

  routes.on('sessions:search', async (input, socket) => ({
    ok: true as const,
    sessionIds: await searchSessions(ctx.core, socket.data.userId, input),
  }));
}
