import { WEB_PUSH } from '../../../protocol';
import { attachInstance, detachInstance, helloInstance, listInstances } from '../../core/remote/instances';
import type { CliConnection, WebConnection } from '../connections';
import type { HubContext } from '../hubContext';
import { userRoom } from '../namespaces';
import { ackError, AfterAck } from '../socketEvents';

/** `/cli` `cli:hello`: environment, announced sessions, commands kept while the CLI was away. */
export function registerCliInstanceHandlers(ctx: HubContext, conn: CliConnection): void {
  const { data } = conn;
  conn.router.on('cli:hello', async (hello) => {
    const result = await helloInstance(ctx.core, { instanceId: data.instanceId, userId: data.userId, socketId: conn.socket.id }, hello);
    if (!result) return ackError('NOT_FOUND', 'This connection no longer serves the instance');
    return new AfterAck({ ok: true as const, ...result }, () => {
      ctx.web.to(userRoom(data.userId)).emit(WEB_PUSH.instanceUpdated, { instance: result.instance });
    });
  });
}

/** `/web` instances: list, attach (the workspace lock, with take-over), detach. */
export function registerWebInstanceHandlers(ctx: HubContext, conn: WebConnection): void {
  const { data, socket } = conn;
  conn.router.on('instances:list', async () => ({ ok: true as const, instances: await listInstances(ctx.core, data.userId) }));

  conn.router.on('instance:attach', async (input) => {
    const outcome = await attachInstance(
      ctx.core,
      { userId: data.userId, windowId: data.windowId, socketId: socket.id, device: data.device },
      input,
    );
    if (!outcome.held) return outcome.error;
    ctx.leaseChanged(input.instanceId);
    return new AfterAck({ ok: true as const, instance: outcome.instance, sessions: outcome.sessions }, () => {
      if (outcome.lost) ctx.web.to(outcome.lost.socketId).emit(WEB_PUSH.workspaceLost, outcome.lost.lost);
    });
  });

  conn.router.on('instance:detach', async (input) => {
    await detachInstance(ctx.core, data, input.instanceId);
    ctx.leaseChanged(input.instanceId);
    return { ok: true as const };
  });
}
