import type { CliRoutes } from '../connections';
import type { HubContext } from '../hubContext';

/** `/cli` `usage:authorize` / `usage:report` → billing (relay/server/remote/usageBridge.ts). */
export function registerCliUsageHandlers(ctx: HubContext, routes: CliRoutes): void {
  routes.on('usage:authorize', async (input, socket) => ctx.usage.authorize(socket.data.userId, input));
  routes.on('usage:report', async (input, socket) => ctx.usage.report(socket.data.userId, input));
}
