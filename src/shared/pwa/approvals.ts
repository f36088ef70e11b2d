import type { SessionEvent } from '#protocol/remote';

/**
 * Approval requests still waiting in these sessions' events: asked, not answered, and their turn not over (a turn
 * that ended took its open requests with it). Same rule as the relay's badge count (pushRepo.pendingApprovals).
 */
export function pendingApprovals(logs: Iterable<{ events: readonly SessionEvent[] }>): { count: number; any: boolean } {
  let count = 0;
  let any = false;
  for (const log of logs) {
    const open = new Set<string>();
    for (const { body } of log.events) {
      if (body.type === 'permission_request') {
        any = true;
        open.add(body.requestId);
      } else if (body.type === 'permission_response') open.delete(body.requestId);
      else if (body.type === 'turn_end') open.clear();
    }
    count += open.size;
  }
  return { count, any };
}
