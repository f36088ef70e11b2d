import { WEB_PUSH } from '../../protocol';
import { revokedSockets } from '../core/remote/revocation';
import type { AccessTokensRepo } from '../storage/repos/accessTokensRepo';
import type { CliTokensRepo } from '../storage/repos/cliTokensRepo';
import type { HubContext } from './hubContext';

/**
 * Presence: an instance whose CLI socket closed is marked offline only after the grace period (a quick reconnect, to
 * any node, keeps it online); one dropped for missed heartbeats at once.
 */
export function createPresence(ctx: HubContext) {
  const offlineTimers = new Map<string, NodeJS.Timeout>();
  let closing = false;
  return {
    connected(instanceId: string): void {
      const timer = offlineTimers.get(instanceId);
      if (timer) clearTimeout(timer);
      offlineTimers.delete(instanceId);
    },
    disconnected(instanceId: string, socketId: string, reason?: string): void {
      if (closing) return;
      // Missed heartbeats: the socket has been silent for the whole ping timeout already.
      const graceMs = reason === 'ping timeout' ? 0 : ctx.core.options.presenceGraceMs;
      const previous = offlineTimers.get(instanceId);
      if (previous) clearTimeout(previous);
      const timer = setTimeout(() => {
        offlineTimers.delete(instanceId);
        void ctx.core.repo
          .markOffline(instanceId, socketId, ctx.core.now())
          .then((row) => (row ? Promise.all([ctx.broadcastInstance(row.id), ctx.push?.cliOffline(row.id)]) : undefined))
          .catch((error: unknown) => ctx.log.warn({ err: error }, 'remote: presence update failed'));
      }, graceMs);
      timer.unref();
      offlineTimers.set(instanceId, timer);
    },
    close(): void {
      closing = true;
      for (const timer of offlineTimers.values()) clearTimeout(timer);
      offlineTimers.clear();
    },
  };
}

const every = (ms: number, work: () => Promise<unknown>, onError: (error: unknown) => void) => {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    void work()
      .catch(onError)
      .finally(() => {
        running = false;
      });
  }, ms);
  timer.unref();
  return timer;
};

/**
 * The hub's periodic work on THIS node's sockets: instance heartbeats and workspace-lease renewal, pruning of
 * delivered commands and lapsed locks, and dropping sockets whose CLI token or sign-in was revoked.
 */
export function startMaintenance(ctx: HubContext, repos: { cliTokens: CliTokensRepo; accessTokens: AccessTokensRepo }): () => void {
  const { cli, web, core, log } = ctx;
  const warn = (what: string) => (error: unknown) => log.warn({ err: error }, `remote: ${what} failed`);
  const timers = [
    every(
      core.options.renewMs,
      () => {
        const t = core.now();
        ctx.leases.sweep();
        const cliIds = [...new Set([...cli.sockets.values()].map((s) => s.data.instanceId))];
        const webIds = [...web.sockets.keys()];
        return Promise.all([core.repo.touchInstances(cliIds, t), core.repo.renewLocks(webIds, t, core.options.leaseMs)]);
      },
      warn('renew'),
    ),
    every(
      60 * 60_000,
      () => {
        const t = core.now();
        return Promise.all([core.repo.pruneDeliveredCommands(new Date(t.getTime() - 24 * 3600_000)), core.repo.pruneLapsedLocks(t)]);
      },
      warn('prune'),
    ),
    every(
      core.options.revocationCheckMs,
      async () => {
        const clis = [...cli.sockets.values()];
        const webs = [...web.sockets.values()];
        const ids = await revokedSockets(
          { ...repos, now: core.now },
          { clis: clis.map((s) => ({ id: s.id, tokenId: s.data.tokenId })), webs: webs.map((s) => ({ id: s.id, jti: s.data.jti })) },
        );
        for (const id of ids) {
          const socket = cli.sockets.get(id);
          socket?.emit('auth:revoked', {});
          socket?.disconnect(true);
          const window = web.sockets.get(id);
          window?.emit(WEB_PUSH.authRevoked, {});
          window?.disconnect(true);
        }
      },
      warn('revocation check'),
    ),
  ];
  return () => timers.forEach((t) => clearInterval(t));
}
