import type { FastifyBaseLogger } from 'fastify';

import { type OkAck, type PendingInput, WEB_PUSH } from '../../protocol';
import type { RemoteCoreDeps } from '../core/remote/deps';
import { Handover } from '../core/remote/handover';
import { instanceView } from '../core/remote/instances';
import { toPending, toSession, toSessionEvent } from '../core/remote/views';
import type { Applied, CommandRoute, EarlyDelivery } from '../core/remote/webCommands';
import type { CliCommandRow, RemoteSessionRow } from '../storage/schema';
import { createCommandForwarding } from './commandForward';
import type { SessionFanout } from './fanout';
import type { LeaseChecks } from './leaseChecks';
import type { LeaseTrust } from './leaseTrust';
import { type CliNamespace, type CliServerSocket, instanceRoom, userRoom, type WebNamespace } from './namespaces';
import type { NodeBus } from './nodeBus';
import type { PushHooks } from './pushBridge';
import { CommandReceipts } from './receipts';
import { createSessionTouches } from './sessionTouches';
import { AfterAck } from './socketEvents';
import type { createUsageBridge } from './usageBridge';
import { lazily } from './writeCoalescing';

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
  /** Background lease checks, gathered into one statement (leaseChecks.ts). */
  leaseChecks: LeaseChecks;
  /** Tern's messages to and from the other nodes (nodeBus.ts); a bus that sends nothing on a single node. */
  nodes: NodeBus;
  usage: ReturnType<typeof createUsageBridge>;
  /** Commands to CLIs that take receipts instead of acks (receipts.ts). */
  receipts: CommandReceipts;
  /** Push notifications (remote/pushBridge.ts), set once the hub has made them. */
  push?: PushHooks;
  /** Tells the owner's windows the instance's current state. */
  broadcastInstance(instanceId: string): Promise<void>;
  /** Tells the owner's windows the session's current state. */
  broadcastSession(row: RemoteSessionRow): void;
  /**
   * The same, for a new message (last activity, preview): coalesced per session over SESSION_TOUCH_MS, so a stream of
   * messages costs each window one `session:updated` per interval, not one per message (sessionTouches.ts).
   */
  touchSession(sessionId: string): void;
  /** Hands a stored command to the instance's CLI now; without its ack in time it stays pending for the next hello. */
  deliver(command: CliCommandRow | null): Promise<void>;
  /**
   * An input before its commit: fanned out live to the session's other windows (not `fromSocketId`, which shows it
   * already; none when null: the node that forwarded it did), and handed to this node's CLI (webCommands.ts
   * EarlyDelivery).
   */
  handOver(fromSocketId: string | null): EarlyDelivery;
  /** Whether the instance's CLI is connected to this node. */
  cliIsHere(instanceId: string): boolean;
  /**
   * How an input or permission answer of window `fromSocketId` reaches the CLI: handed over by this node when it holds
   * the CLI (or is the only node), else forwarded to the CLI's node (commandForward.ts).
   */
  commandRoute(fromSocketId: string, instanceId: string): CommandRoute;
  /**
   * The answer to a browser command that stored an event: its seq, then (unless it was a resend) the event fanned out
   * to every window, the session's new state broadcast, and the command delivered to the CLI.
   */
  appliedAck(applied: Applied): { ok: true; seq: number } | AfterAck<{ ok: true; seq: number }>;
  /** An instance was attached (maybe taken over) or detached: no window's lease for it is trusted any more, on any node. */
  leaseChanged(instanceId: string): void;
}

export function createHubContext(
  base: Omit<
    HubContext,
    | 'broadcastInstance'
    | 'broadcastSession'
    | 'touchSession'
    | 'deliver'
    | 'handOver'
    | 'cliIsHere'
    | 'commandRoute'
    | 'appliedAck'
    | 'leaseChanged'
    | 'receipts'
  >,
): HubContext {
  const { cli, web, core } = base;
  base.nodes.on(LEASE_LOST, (instanceId) => base.leases.forgetInstance(instanceId));
  const touches = createSessionTouches({
    read: (ids) => core.repo.findLiveSessions(ids),
    // A preview and a time: they ride along with each window's next write (a live copy, while the session streams).
    send: (rows) => lazily(() => rows.forEach((row) => ctx.broadcastSession(row))),
    onError: (error) => base.log.warn({ err: error }, 'remote: sending touched sessions failed'),
  });
  /**
   * Inputs handed over before their commit, by event id: what their CLI answered. Two generations of half
   * HANDED_OVER_KEPT each: once the newer is full it becomes the older, and the older is dropped whole. At most
   * HANDED_OVER_KEPT are kept, the last half of them at least, and no round pays a delete from the front of a large map
   * (~0.5 % of the main thread in a one-pair round trip).
   */
  let handedOver = new Map<string, Handover>();
  let handedOverBefore = new Map<string, Handover>();
  const receipts = new CommandReceipts();
  /**
   * Emits a command to the instance's CLI; whether one took it in time (else it waits for the CLI's next cli:hello).
   * `here`: only to CLI sockets of this node, each emitted to directly (an acked broadcast limited to this node would
   * still wait for every node's answer through the adapter).
   */
  function toCli(instanceId: string, command: PendingInput, here = false): Handover {
    const ms = core.options.commandAckTimeoutMs;
    const ok = (acks: OkAck | OkAck[]) => (Array.isArray(acks) ? acks : [acks]).some((r) => r.ok);
    const acked = (target: CommandTarget) => Handover.of(emitCommand(target, command).then(ok, () => false));
    if (!here) return acked(cli.to(instanceRoom(instanceId)).timeout(ms));
    const takes: Handover[] = [];
    for (const id of cli.adapter.rooms.get(instanceRoom(instanceId)) ?? []) {
      const socket = cli.sockets.get(id);
      if (!socket) continue;
      // A CLI that takes receipts tells it took the command on the event that answers it: no ack packet of its own,
      // and no promise (the usual case: one such socket, its hand-over as it is).
      if (receipts.takes(socket)) takes.push(receipts.send(socket, command, ms));
      else takes.push(acked(socket.timeout(ms)));
    }
    return Handover.any(takes);
  }
  const ctx: HubContext = {
    ...base,
    receipts,
    leaseChanged(instanceId) {
      base.leases.forgetInstance(instanceId);
      base.nodes.emit(LEASE_LOST, instanceId);
    },
    async broadcastInstance(instanceId) {
      const view = await instanceView(core, instanceId);
      if (view) web.to(userRoom(view.row.userId)).emit(WEB_PUSH.instanceUpdated, { instance: view.instance });
    },
    broadcastSession(row) {
      touches.sent(row.id);
      web.to(userRoom(row.userId)).emit(WEB_PUSH.sessionUpdated, { session: toSession(row) });
    },
    touchSession: (sessionId) => touches.touch(sessionId),
    async deliver(command) {
      if (!command || command.deliveredAt) return;
      // To this node's CLI sockets when it holds the CLI (receipts need a socket of this node), else through the adapter.
      const here = !ctx.nodes.clustered || ctx.cliIsHere(command.instanceId);
      if (await toCli(command.instanceId, toPending(command), here)) await core.repo.markDelivered([command.id], core.now());
    },
    commandRoute: (fromSocketId, instanceId) => forwarding.route(fromSocketId, instanceId),
    cliIsHere: (instanceId) => (cli.adapter.rooms.get(instanceRoom(instanceId))?.size ?? 0) > 0,
    handOver: (fromSocketId) => (event, instanceId, command) => {
      // A browser resending an input it got no ack for (its outbox) is not handed over twice by this node.
      const earlier = handedOver.get(event.eventId) ?? handedOverBefore.get(event.eventId);
      if (earlier) return earlier;
      if (fromSocketId !== null) base.fanout.publishLive(event, fromSocketId);
      const taken = toCli(instanceId, command, true);
      if (handedOver.size >= HANDED_OVER_KEPT / 2) {
        handedOverBefore = handedOver;
        handedOver = new Map();
      }
      handedOver.set(event.eventId, taken);
      return taken;
    },
    appliedAck(applied) {
      const ack = { ok: true as const, seq: applied.event.seq };
      const { command, handedOver } = applied;
      if (applied.duplicate || applied.elsewhere) return ack;
      // Not async: an input the CLI took at once (the usual case) has nothing to wait for.
      return new AfterAck(ack, () => {
        base.fanout.publish(toSessionEvent(applied.event));
        if (applied.session) ctx.touchSession(applied.session.id);
        if (!command) return;
        if (!handedOver) return ctx.deliver(command);
        // Handed over before it was stored, the CLI's ack came after the command was kept: it is delivered.
        return handedOver.then(async (taken) => {
          if (taken) await core.repo.markDelivered([command.id], core.now());
        });
      });
    },
  };
  const forwarding = createCommandForwarding(ctx);
  return ctx;
}

const LEASE_LOST = 'remote:lease-lost' as const;
/** How many early hand-overs a node remembers at most to recognise a resend (a few seconds of inputs at full speed). */
const HANDED_OVER_KEPT = 2_000;

type CommandTarget = ReturnType<ReturnType<CliNamespace['to']>['timeout']> | ReturnType<CliServerSocket['timeout']>;

/** Emits a stored command with its typed payload; resolves with the receiving CLI's ack (every one's, for a room). */
function emitCommand(target: CommandTarget, command: PendingInput): Promise<OkAck[] | OkAck> {
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
