import type { CliConnection } from '../connections';
import type { HubContext } from '../hubContext';

/** `/cli` `usage:authorize` / `usage:report` → billing (relay/server/remote/usageBridge.ts). */
export function registerCliUsageHandlers(ctx: HubContext, conn: CliConnection): void {
  conn.router.on('usage:authorize', async (input) => ctx.usage.authorize(conn.data.userId, input));
  conn.router.on('usage:report', async (input) => ctx.usage.report(conn.data.userId, input));
}
