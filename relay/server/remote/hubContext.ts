import type { FastifyBaseLogger } from 'fastify';

import { type OkAck, type PendingInput, WEB_PUSH } from '../../protocol';
import type { RemoteCoreDeps } from '../core/remote/deps';
import { instanceView } from '../core/remote/instances';
import { toPending, toSession, toSessionEvent } from '../core/remote/views';
import type { Applied } from '../core/remote/webCommands';
import type { CliCommandRow, RemoteSessionRow } from '../storage/schema';
import type { SessionFanout } from './fanout';
import type { LeaseTrust } from './leaseTrust';
import { type CliNamespace, instanceRoom, userRoom, type WebNamespace } from './namespaces';
import type { PushHooks } from './pushBridge';
import { AfterAck } from './socketEvents';
import type { createUsageBridge } from './usageBridge';

/**
 * What every handler of the hub shares: the namespaces, the use cases' deps, the fan-out, and the few transport
 * actions that reach other sockets (broadcasts to a user's windows, command delivery to a CLI).
 */
export interface HubContext {
  cli: CliNamespace;
  web: WebNamespace;
  core: RemoteCoreDeps;
  log: FastifyBaseLogger;
  fanout: SessionFanout;
  /** Workspace leases recently confirmed by the database (leaseTrust.ts). */
  leases: LeaseTrust;
  /** Several relay nodes share the sockets (Redis adapter): inter-node events are needed. */
  clustered: boolean;
  usage: ReturnType<typeof createUsageBridge>;
  /** Push notifications (remote/pushBridge.ts), set once the hub has made them. */
  push?: PushHooks;
  /** Tells the owner's windows the instance's current state. */
  broadcastInstance(instanceId: string): Promise<void>;
  /** Tells the owner's windows the session's current state. */
  broadcastSession(row: RemoteSessionRow): void;
  /** Hands a stored command to the instance's CLI now; without its ack in time it stays pending for the next hello. */
  deliver(command: CliCommandRow | null): Promise<void>;
  /**
   * The answer to a browser command that stored an event: its seq, then (unless it was a resend) the event fanned out
   * to every window, the session's new state broadcast, and the command delivered to the CLI.
   */
  appliedAck(applied: Applied): { ok: true; seq: number } | AfterAck<{ ok: true; seq: number }>;
  /** An instance was attached (maybe taken over) or detached: no window's lease for it is trusted any more, on any node. */
  leaseChanged(instanceId: string): void;
}

export function createHubContext(
  base: Omit<HubContext, 'broadcastInstance' | 'broadcastSession' | 'deliver' | 'appliedAck' | 'leaseChanged'>,
): HubContext {
  const { cli, web, core } = base;
  web.on(LEASE_LOST, (instanceId: string) => base.leases.forgetInstance(instanceId));
  const ctx: HubContext = {
    ...base,
    leaseChanged(instanceId) {
      base.leases.forgetInstance(instanceId);
      if (!base.clustered) return;
      try {
        web.serverSideEmit(LEASE_LOST, instanceId);
      } catch (error) {
        base.log.warn({ err: error }, 'remote: serverSideEmit failed');
      }
    },
    async broadcastInstance(instanceId) {
      const view = await instanceView(core, instanceId);
      if (view) web.to(userRoom(view.row.userId)).emit(WEB_PUSH.instanceUpdated, { instance: view.instance });
    },
    broadcastSession(row) {
      web.to(userRoom(row.userId)).emit(WEB_PUSH.sessionUpdated, { session: toSession(row) });
    },
    async deliver(command) {
      if (!command || command.deliveredAt) return;
      const pending = toPending(command);
      try {
        const responses = await emitCommand(cli.to(instanceRoom(command.instanceId)).timeout(core.options.commandAckTimeoutMs), pending);
        if (responses.some((r) => r.ok)) await core.repo.markDelivered([command.id], core.now());
      } catch {
        // No ack in time: the command stays pending and goes out with the CLI's next cli:hello.
      }
    },
    appliedAck(applied) {
      const ack = { ok: true as const, seq: applied.event.seq };
      if (!applied.command) return ack;
      return new AfterAck(ack, async () => {
        base.fanout.publish(toSessionEvent(applied.event));
        if (applied.session) ctx.broadcastSession(applied.session);
        await ctx.deliver(applied.command);
      });
    },
  };
  return ctx;
}

const LEASE_LOST = 'remote:lease-lost' as const;

type CommandTarget = ReturnType<ReturnType<CliNamespace['to']>['timeout']>;

/** Emits a stored command with its typed payload; resolves with every receiving CLI's ack. */
function emitCommand(target: CommandTarget, command: PendingInput): Promise<OkAck[]> {
  switch (command.type) {
    case 'session:create':
      return target.emitWithAck('session:create', command.payload);
    case 'session:input':
      return target.emitWithAck('session:input', command.payload);
    case 'session:permission':
      return target.emitWithAck('session:permission', command.payload);
    case 'session:interrupt':
      return target.emitWithAck('session:interrupt', command.payload);
    case 'session:settings':
      return target.emitWithAck('session:settings', command.payload);
    case 'session:rename':
      return target.emitWithAck('session:rename', command.payload);
    case 'session:delete':
      return target.emitWithAck('session:delete', command.payload);
    case 'session:model':
      return target.emitWithAck('session:model', command.payload);
  }
}
