import type { z } from 'zod';

import { forwardedInputSchema, forwardedInputStoredSchema, type LiveSessionEvent, type SessionInputCommand } from '../../protocol';
import { toInstance } from '../core/remote/views';
import { type ForwardInput, type InputRoute, sendInput } from '../core/remote/webCommands';
import { toOtherNodes } from './fanout';
import type { HubContext } from './hubContext';
import { AfterAck } from './socketEvents';

const NODE_INPUT = 'remote:input' as const;
const NODE_INPUT_STORED = 'remote:input-stored' as const;
/**
 * How long a node waits for the CLI's node to store a forwarded input before storing it itself (keeping the command
 * for the CLI's next hello): covers that node's commit and the CLI's ack (50 ms at most) under load.
 */
const FORWARD_WAIT_MS = 1_000;
/** A forwarded input not answered by then has its instance's online state checked (offline: stored here at once). */
const ONLINE_CHECK_AFTER_MS = 25;

type ForwardedInput = z.infer<typeof forwardedInputSchema>;
type StoredReply = z.infer<typeof forwardedInputStoredSchema>;

/**
 * Inputs with several relay nodes: the CLI's node stores them. A browser's input reaches the node of its window; when
 * the instance's CLI is connected to another node, that node must store the input, because it also stores what the
 * CLI answers, and one node's group commit keeps the two in order (input seq first). So the window's node fans the input
 * out live at once and forwards it (`remote:input`); the CLI's node stores it (group commit), hands it to the CLI before
 * the commit and publishes the stored copy, exactly as one node does for its own windows (webCommands.ts sendInput),
 * then answers the seq (`remote:input-stored`), which the window's node acks. No answer within FORWARD_WAIT_MS, or an
 * instance that is offline: the window's node stores the input itself and keeps the command for the CLI's next hello
 * (an input the CLI took twice is taken once: it dedupes by command id and clientMsgId).
 */
export function createInputForwarding(ctx: HubContext) {
  const { web, core, log } = ctx;
  /** Forwarded inputs waiting for their node's answer, by event id (a resend meanwhile shares the wait). */
  const waiting = new Map<string, { promise: Promise<{ seq: number } | null>; settle: (reply: { seq: number } | null) => void }>();

  web.on(NODE_INPUT, (raw: unknown) => {
    const parsed = forwardedInputSchema.safeParse(raw);
    if (!parsed.success) return log.warn({ issues: parsed.error.issues.slice(0, 5) }, 'remote: malformed forwarded input dropped');
    // Every node gets the forwarded input: it is also the live copy for this node's windows on the session.
    ctx.fanout.deliverLive(parsed.data.event);
    if (ctx.cliIsHere(parsed.data.instanceId)) void storeForwarded(parsed.data);
  });
  web.on(NODE_INPUT_STORED, (raw: unknown) => {
    const parsed = forwardedInputStoredSchema.safeParse(raw);
    if (parsed.success) waiting.get(parsed.data.eventId)?.settle(parsed.data.seq === null ? null : { seq: parsed.data.seq });
  });

  /** On the CLI's node: store, hand over, fan out, and answer the forwarding node. */
  async function storeForwarded({ event, instanceId, input }: ForwardedInput): Promise<void> {
    const reply = (seq: number | null) =>
      toOtherNodes(log, () => web.serverSideEmit(NODE_INPUT_STORED, { eventId: event.eventId, seq } satisfies StoredReply));
    try {
      const route: InputRoute = { early: ctx.handOver(null), at: new Date(event.at) };
      const applied = await sendInput(core, { id: event.sessionId, instanceId }, true, input, route);
      const answer = ctx.appliedAck(applied);
      reply(applied.event.seq);
      if (answer instanceof AfterAck) await answer.after();
    } catch (error) {
      // The forwarding node stores it itself and answers the browser (the same failure, if it is one).
      log.warn({ err: error, eventId: event.eventId }, 'remote: forwarded input not stored here');
      reply(null);
    }
  }

  /** On the window's node: live copy now, then the CLI's node's answer (null: store it here). */
  const forward =
    (fromSocketId: string): ForwardInput =>
    (event: LiveSessionEvent, instanceId: string, input: SessionInputCommand) => {
      const earlier = waiting.get(event.eventId);
      if (earlier) return earlier.promise;
      // The other nodes take their live copy from the forwarded input itself.
      ctx.fanout.deliverLive(event, fromSocketId);
      let settle!: (reply: { seq: number } | null) => void;
      const promise = new Promise<{ seq: number } | null>((resolve) => {
        const timer = setTimeout(() => settle(null), FORWARD_WAIT_MS);
        settle = (reply) => {
          clearTimeout(timer);
          waiting.delete(event.eventId);
          resolve(reply);
        };
      });
      waiting.set(event.eventId, { promise, settle });
      toOtherNodes(log, () => web.serverSideEmit(NODE_INPUT, { event, instanceId, input } satisfies ForwardedInput));
      // An offline instance has no node to answer: do not wait out FORWARD_WAIT_MS for it. Asked only when the answer
      // is slow to come (usually it comes within a few ms), so a steady stream of inputs costs no query each.
      setTimeout(() => {
        if (!waiting.has(event.eventId)) return;
        core.repo.findInstance(instanceId).then(
          (row) => {
            if (!row || !toInstance(row, 0, core.now()).online) waiting.get(event.eventId)?.settle(null);
          },
          () => undefined,
        );
      }, ONLINE_CHECK_AFTER_MS).unref();
      return promise;
    };

  return {
    /** How the input of window `fromSocketId` reaches the instance's CLI (webCommands.ts InputRoute). */
    route(fromSocketId: string, instanceId: string): InputRoute {
      if (!ctx.clustered || ctx.cliIsHere(instanceId)) return { early: ctx.handOver(fromSocketId) };
      return { forward: forward(fromSocketId) };
    },
  };
}
export type InputForwarding = ReturnType<typeof createInputForwarding>;
