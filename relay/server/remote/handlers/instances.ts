import { WEB_PUSH } from '../../../protocol';
import { attachInstance, detachInstance, helloInstance, listInstances } from '../../core/remote/instances';
import type { CliRoutes, WebRoutes } from '../connections';
import { acceptWindow } from '../eventWindows';
import type { HubContext } from '../hubContext';
import { userRoom } from '../namespaces';
import { ackError, AfterAck } from '../socketEvents';

/** `/cli` `cli:hello`: environment, announced sessions, commands kept while the CLI was away. */
export function registerCliInstanceHandlers(ctx: HubContext, routes: CliRoutes): void {
  routes.on('cli:hello', async (hello, socket) => {
    const { data } = socket;
    const result = await helloInstance(ctx.core, { instanceId: data.instanceId, userId: data.userId, socketId: socket.id }, hello);
    if (!result) return ackError('NOT_FOUND', 'This connection no longer serves the instance');
    if (hello.receipts) ctx.receipts.accept(socket);
    if (hello.eventWindow) acceptWindow(socket);
    const ack = { ok: true as const, ...result, bundles: true as const, ...(hello.eventWindow && { eventWindow: true as const }) };
    return new AfterAck(ack, () => {
      ctx.web.to(userRoom(data.userId)).emit(WEB_PUSH.instanceUpdated, { instance: result.instance });
    });
  });
}

/** `/web` instances: list, attach (the workspace lock, with take-over), detach. */
export function registerWebInstanceHandlers(ctx: HubContext, routes: WebRoutes): void {
  routes.on('instances:list', async (_input, socket) => ({
    ok: true as const,
    instances: await listInstances(ctx.core, socket.data.userId),
  }));

  routes.on('instance:attach', async (input, socket) => {
    const { data } = socket;
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

  routes.on('instance:detach', async (input, socket) => {
    await detachInstance(ctx.core, socket.data, input.instanceId);
    ctx.leaseChanged(input.instanceId);
    return { ok: true as const };
  });
}
