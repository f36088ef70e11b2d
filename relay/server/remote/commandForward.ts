import type { z } from 'zod';

import {
  forwardedCommandSchema,
  forwardedCommandStoredSchema,
  forwardedInputSchema,
  type LiveSessionEvent,
  type SessionEvent,
} from '../../protocol';
import { instanceOnline, toSessionEvent } from '../core/remote/views';
import { answerPermission, type CommandRoute, type ForwardCommand, sendInput, type StoredCommand } from '../core/remote/webCommands';
import { validateInbound } from '../core/validation';
import { NODE_FANOUT } from './fanout';
import type { HubContext } from './hubContext';
import { AfterAck } from './socketEvents';

const NODE_INPUT = 'remote:input' as const;
const NODE_INPUT_STORED = 'remote:input-stored' as const;
/**
 * How long a node waits for the CLI's node to store a forwarded command before storing it itself (keeping the command
 * for the CLI's next hello): covers that node's commit and the CLI's ack (50 ms at most) under load.
 */
const FORWARD_WAIT_MS = 1_000;
/** A forwarded command not answered by then has its instance's online state checked (offline: stored here at once). */
const ONLINE_CHECK_AFTER_MS = 25;
/**
 * How long one answer to that check serves the later slow commands of the same instance. Under load most forwarded
 * commands take longer than ONLINE_CHECK_AFTER_MS, and a query each (measured: 0.84 per round trip at 100 pairs on
 * 2 nodes) added to the load that made them slow; now it is one query per instance per second at most.
 */
const ONLINE_CHECK_TTL_MS = 1_000;

/**
 * Whether an instance is online, asked of `findOnline` at most once per `ttlMs` per instance (concurrent askers share
 * the query), and for all the instances asked in one turn of the event loop in one query: when many forwarded commands
 * are slow at once (100 windows sending after a pause, the first answers behind their nodes' queues), that is one
 * statement rather than one each. A CLI that went offline within the last `ttlMs` may still count as online: its
 * forwarded command then waits FORWARD_WAIT_MS, as before the check existed, and is stored here.
 */
export function onlineChecker(
  findOnline: (instanceIds: readonly string[]) => Promise<Set<string>>,
  ttlMs = ONLINE_CHECK_TTL_MS,
  clock = Date.now,
) {
  const answers = new Map<string, { at: number; online: Promise<boolean> }>();
  /** The instances asked in this turn, each with how its answer is given. */
  let asking: Map<string, (online: boolean) => void> | null = null;

  function ask(): void {
    const batch = asking!;
    asking = null;
    const ids = [...batch.keys()];
    findOnline(ids).then(
      (online) => {
        for (const [id, answer] of batch) answer(online.has(id));
      },
      // Unknown: keep waiting for the CLI's node, as if online.
      () => {
        for (const answer of batch.values()) answer(true);
      },
    );
  }

  return (instanceId: string): Promise<boolean> => {
    const now = clock();
    const known = answers.get(instanceId);
    if (known && now - known.at < ttlMs) return known.online;
    // Answers older than the TTL are dropped as new ones are made, so the map holds the instances of the last second.
    for (const [id, answer] of answers) if (now - answer.at >= ttlMs) answers.delete(id);
    if (!asking) {
      asking = new Map();
      setImmediate(ask);
    }
    const batch = asking;
    const online = new Promise<boolean>((resolve) => batch.set(instanceId, resolve));
    answers.set(instanceId, { at: now, online });
    return online;
  };
}

type Forwarded = z.infer<typeof forwardedCommandSchema>;
type StoredReply = z.infer<typeof forwardedCommandStoredSchema>;

/** The wire form of a forwarded command (`input` or `permission` beside the live copy). */
const toWire = (event: LiveSessionEvent, instanceId: string, command: StoredCommand): Forwarded =>
  command.type === 'session:input'
    ? { event, instanceId, fanoutAnswers: true, input: command.payload }
    : { event, instanceId, fanoutAnswers: true, permission: command.payload };

/**
 * Inputs and permission answers with several relay nodes: the CLI's node stores them. A browser's command reaches the
 * node of its window; when the instance's CLI is connected to another node, that node must store it, because it also
 * stores what the CLI answers, and one node's group commit keeps the two in order (the command's seq first). So the
 * window's node fans the command's event out live at once and forwards it (`remote:input`); the CLI's node stores it
 * (group commit), hands it to the CLI before the commit and publishes the stored copy, exactly as one node does for its
 * own windows (webCommands.ts). That stored copy, in the CLI's node's `remote:fanout`, is the window's node's answer
 * (the seq), which it acks: a command forwarded with `fanoutAnswers` costs the node bus no message of its own on the
 * way back. Only a command not stored and published there (a failure, a resend already stored) is answered by a
 * `remote:input-stored`, as is every command from a node of an earlier release (without `fanoutAnswers`). No answer
 * within FORWARD_WAIT_MS, or an instance that is offline: the window's node stores the command itself and keeps it for
 * the CLI's next hello (a command the CLI got twice is applied once: it dedupes by command id, clientMsgId and requestId).
 */
export function createCommandForwarding(ctx: HubContext) {
  const { nodes, web, core, log } = ctx;
  /** Forwarded commands waiting for their node's answer, by event id (a resend meanwhile shares the wait). */
  const waiting = new Map<string, { promise: Promise<{ seq: number } | null>; settle: (reply: { seq: number } | null) => void }>();
  const isOnline = onlineChecker(async (instanceIds) => {
    const now = core.now();
    const rows = await core.repo.instancePresence(instanceIds);
    // PostgreSQL prints uuids in lower case; the answer is by the ids as asked.
    const online = new Set(rows.filter((row) => instanceOnline(row, now)).map((row) => row.id.toLowerCase()));
    return new Set(instanceIds.filter((id) => online.has(id.toLowerCase())));
  });

  nodes.on(NODE_INPUT, (raw: unknown) => {
    // An input (the usual command) through the compiled validator (validation.ts), else the union by zod.
    const input = validateInbound(forwardedInputSchema, raw);
    const parsed = input.ok ? input : validateInbound(forwardedCommandSchema, raw);
    if (!parsed.ok) return log.warn({ issues: parsed.details.slice(0, 5) }, 'remote: malformed forwarded command dropped');
    // Every node gets the forwarded command: it is also the live copy for this node's windows on the session.
    ctx.fanout.deliverLive(parsed.data.event);
    if (ctx.cliIsHere(parsed.data.instanceId)) void storeForwarded(parsed.data);
  });
  nodes.on(NODE_INPUT_STORED, (raw: unknown) => {
    const parsed = forwardedCommandStoredSchema.safeParse(raw);
    if (!parsed.success) return;
    const { eventId, seq, event } = parsed.data;
    // The stored copy, to this node's windows now (its copy through the fan-out, usually a moment later, is then a
    // repeat they skip): queued before the ack goes out, it rides in the ack of a window that joined with `carried`.
    if (event && seq !== null && waiting.has(eventId)) ctx.fanout.deliverStored(event);
    waiting.get(eventId)?.settle(seq === null ? null : { seq });
  });
  // The stored copies the other nodes published, each delivered to this node's windows by the fan-out (its own
  // listener, registered first): a forwarded command's is its answer. Settled here, its ack goes out a step later in
  // this turn, after the copy, so a window that joined with `carried` has the copy in the ack.
  nodes.on(NODE_FANOUT, (batch) => {
    if (waiting.size === 0) return;
    for (const event of batch.stored) waiting.get(event.eventId)?.settle({ seq: event.seq });
  });

  /** On the CLI's node: store, hand over, fan out, and answer the forwarding node. */
  async function storeForwarded(forwarded: Forwarded): Promise<void> {
    const { event, instanceId } = forwarded;
    const reply = (seq: number | null, stored?: SessionEvent) => {
      const answer = { eventId: event.eventId, seq, ...(stored && { event: stored }) } satisfies StoredReply;
      if (forwarded.fanoutAnswers) return nodes.emit(NODE_INPUT_STORED, answer);
      // A node of an earlier release (it forwards without `fanoutAnswers`) hears only the adapter.
      try {
        web.serverSideEmit(NODE_INPUT_STORED, answer);
      } catch (error) {
        log.warn({ err: error }, 'remote: serverSideEmit failed');
      }
    };
    try {
      const route: CommandRoute = { early: ctx.handOver(null), at: new Date(event.at) };
      const session = { id: event.sessionId, instanceId };
      const applied =
        'input' in forwarded
          ? await sendInput(core, session, true, forwarded.input, route)
          : await answerPermission(core, session, true, forwarded.permission, route);
      const answer = ctx.appliedAck(applied);
      // Stored here now: its follow-up publishes the stored copy (fanout.ts `publish`), in this turn's `remote:fanout`,
      // which answers a forwarding node that takes it so. Otherwise (a resend already stored: nothing is published)
      // a reply of its own.
      const published = answer instanceof AfterAck;
      if (!(published && forwarded.fanoutAnswers)) reply(applied.event.seq, toSessionEvent(applied.event));
      if (published) await answer.after();
    } catch (error) {
      // The forwarding node stores it itself and answers the browser (the same failure, if it is one).
      log.warn({ err: error, eventId: event.eventId }, 'remote: forwarded command not stored here');
      reply(null);
    }
  }

  /** On the window's node: live copy now, then the CLI's node's answer (null: store it here). */
  const forward =
    (fromSocketId: string): ForwardCommand =>
    (event, instanceId, command) => {
      const earlier = waiting.get(event.eventId);
      if (earlier) return earlier.promise;
      // The other nodes take their live copy from the forwarded input itself.
      ctx.fanout.deliverLive(event, fromSocketId);
      // One timer: at ONLINE_CHECK_AFTER_MS the instance's online state is asked (an offline instance has no node to
      // answer: do not wait out FORWARD_WAIT_MS for it), and the timer is re-armed for the rest of FORWARD_WAIT_MS.
      // Usually the answer comes within a few ms and clears it first; the check is asked once a second per instance at
      // most (onlineChecker).
      let timer: NodeJS.Timeout;
      let settle!: (reply: { seq: number } | null) => void;
      const promise = new Promise<{ seq: number } | null>((resolve) => {
        settle = (reply) => {
          clearTimeout(timer);
          waiting.delete(event.eventId);
          resolve(reply);
        };
      });
      const entry = { promise, settle };
      timer = setTimeout(() => {
        timer = setTimeout(() => settle(null), FORWARD_WAIT_MS - ONLINE_CHECK_AFTER_MS);
        void isOnline(instanceId).then((online) => {
          if (!online && waiting.get(event.eventId) === entry) settle(null);
        });
      }, ONLINE_CHECK_AFTER_MS);
      waiting.set(event.eventId, entry);
      nodes.emit(NODE_INPUT, toWire(event, instanceId, command));
      return promise;
    };

  return {
    /** How an input or permission answer of window `fromSocketId` reaches the instance's CLI (webCommands.ts CommandRoute). */
    route(fromSocketId: string, instanceId: string): CommandRoute {
      if (!ctx.nodes.clustered || ctx.cliIsHere(instanceId)) return { early: ctx.handOver(fromSocketId) };
      return { forward: forward(fromSocketId) };
    },
  };
}
export type CommandForwarding = ReturnType<typeof createCommandForwarding>;
