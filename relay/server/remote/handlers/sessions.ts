import {
  type AckError,
  type CliSessionEvent,
  COMMANDS_TOOK,
  commandsTookSchema,
  INPUT_REFUSED,
  type InputAck,
  inputIdsSchema,
  type SeqAck,
  type SessionInputCommand,
  WEB_EVENTS,
} from '../../../protocol';
import { isoTime } from '../../../protocol/isoTime';
import { ChainBroken } from '../../core/remote/groupCommit';
import {
  appendEventThen,
  createWebSession,
  ensureCliSession,
  ownSession,
  type SessionRef,
  updateCliSessionMeta,
} from '../../core/remote/sessions';
import { toLiveEvent, toSession, toSessionEvent } from '../../core/remote/views';
import { type Applied, interruptSession, sendInputTo, updateSettings } from '../../core/remote/webCommands';
import { validateInbound } from '../../core/validation';
import { type CliRoutes, holdsLock, knownSessionRef, knownSessions, ownSessionRef, trustedLock, type WebRoutes } from '../connections';
import { admits, brokeOff, hasWindow, OUT_OF_ORDER_MESSAGE } from '../eventWindows';
import type { HubContext } from '../hubContext';
import type { WebServerSocket } from '../namespaces';
import { ackError, AckLater, AckWhen, AfterAck } from '../socketEvents';
import { HISTORY_PAGE_BYTES, latestWithin } from '../storedCopies';

/**
 * `/cli` sessions: events, metadata, and confirmation of commands taken. An event is fanned out live to the session's
 * browsers at once (`session:live`, no seq) and queued for its group commit; the CLI's ack, the stored copy with its
 * seq (`session:event`), push notifications and the session's new state follow the commit. The socket's next event is
 * taken meanwhile (AckLater), and queued in order, so a CLI's events keep their order in seqs.
 */
export function registerCliSessionHandlers(ctx: HubContext, routes: CliRoutes): void {
  routes.on('session:event', (input, socket) => {
    // The commands this event says the CLI took (receipts.ts): settled first, as their acks came first before.
    if (input.took) ctx.receipts.took(socket, input.took);
    // A CLI with an event window: its events are stored in the order sent or not at all (eventWindows.ts).
    const chain = hasWindow(socket) ? socket : undefined;
    if (chain && !admits(chain, input.resume === true)) return ackError('OUT_OF_ORDER', OUT_OF_ORDER_MESSAGE);
    // Checked once per socket and session: afterwards the event is appended at once, with no promise of the handler's
    // own (nor a turn of the microtask queue) before its append.
    const known = knownSessions(socket);
    if (known.has(input.sessionId)) return appendCliEvent(ctx, input, chain);
    return ensureCliSession(ctx.core, socket.data, input.sessionId, known).then(
      (created) => {
        if (created) ctx.broadcastSession(created);
        return appendCliEvent(ctx, input, chain);
      },
      (error: unknown) => {
        if (chain) brokeOff(chain);
        throw error;
      },
    );
  });

  // An event refused for its payload: the window's later events wait for the CLI's resume, as after a failure.
  routes.whenRefused('session:event', (socket) => brokeOff(socket));

  routes.on('session:meta', async (input, socket) => {
    const updated = await updateCliSessionMeta(ctx.core, socket.data.instanceId, input);
    return new AfterAck({ ok: true as const }, () => ctx.broadcastSession(updated));
  });

  routes.notice(COMMANDS_TOOK, commandsTookSchema, (input, socket) => ctx.receipts.took(socket, input.took));

  routes.on('commands:taken', async (input, socket) => {
    await ctx.core.repo.markDelivered(input.commandIds, ctx.core.now(), socket.data.instanceId);
    return { ok: true as const };
  });
}

/**
 * A CLI's session event (its session known): fanned out live at once and queued for the group commit; acked, and its
 * stored copy published, after the commit. The ack is made in the commit's hand-out (appendEventThen): no promise per
 * event, so what waits for the commit is the append's record and this callback. `chain`: the socket of a CLI with an
 * event window (eventWindows.ts): its events are stored in order or not at all, and its ack rides along with the
 * socket's next write (the CLI sends its next event meanwhile).
 */
function appendCliEvent(ctx: HubContext, input: CliSessionEvent, chain: object | undefined) {
  const at = ctx.core.now();
  const item = { sessionId: input.sessionId, eventId: input.eventId, body: input.body, at };
  return new AckLater<SeqAck | AckError>((answer) => {
    appendEventThen(
      ctx.core,
      item,
      false,
      (result, error) => {
        if (!result) {
          if (!chain) return answer.fail(error);
          brokeOff(chain);
          return error instanceof ChainBroken ? answer.ok(ackError('OUT_OF_ORDER', OUT_OF_ORDER_MESSAGE)) : answer.fail(error);
        }
        if (result.duplicate) return answer.ok({ ok: true as const, seq: result.event.seq });
        answer.ok(
          new AfterAck({ ok: true as const, seq: result.event.seq }, () => {
            ctx.fanout.publish(toSessionEvent(result.event));
            ctx.push?.onSessionEvent(result.session, input.body);
            if (input.body.type === 'user_message' || input.body.type === 'assistant_message') ctx.touchSession(result.session.id);
          }),
        );
      },
      chain,
    );
    // After the append is queued, as before (the router starts this at once, before the socket's next event).
    ctx.fanout.publishLive(toLiveEvent(input.sessionId, { eventId: input.eventId, at, body: input.body }));
  }, chain !== undefined);
}

/**
 * The answer to an input sent without an ack (relay/protocol/inputNotices.ts), made once it is stored (sendInputTo's
 * `then`): the window hears of it in its stored copies (its own notice, with the clientMsgId); the ack made here goes
 * nowhere unless it is a refusal (`unacked` above). The notice is set up before the follow-up publishes the stored copy.
 */
function inputWithoutAck(ctx: HubContext, socket: WebServerSocket, clientMsgId: string) {
  return (applied: Applied) => {
    const { sessionId, eventId, seq, at } = applied.event;
    ctx.fanout.inputStored(socket, sessionId, { eventId, seq, at: isoTime(at), clientMsgId });
    return ctx.appliedAck(applied);
  };
}

/**
 * A window's input, its session and lease looked up: handed to the CLI (and the session's windows, live) before its
 * commit, stored by the CLI's node; answered after the commit, in its ack or (sent without one) in the stored copies.
 */
function takeInput(
  ctx: HubContext,
  socket: WebServerSocket,
  input: SessionInputCommand,
  acked: boolean,
  session: SessionRef,
  holds: boolean,
) {
  const route = ctx.commandRoute(socket.id, session.instanceId);
  // The ack is made in the input's commit (sendInputTo's `then`), through the router's answer: no promise per input.
  if (!acked)
    return new AckLater<InputAck | AckError>((answer) =>
      sendInputTo(answer, ctx.core, session, holds, input, route, inputWithoutAck(ctx, socket, input.clientMsgId)),
    );
  // The window shows the input already: its ack (the seq) rides along with the socket's next write, and for a window
  // that joined with `carried`, it carries the stored copies its commit brought (the input's, the CLI's answer); the
  // input's own as a notice with its time for a window that joined with `ownNotices` (it sent the body).
  return new AckLater<InputAck | AckError>(
    (answer) =>
      sendInputTo(answer, ctx.core, session, holds, input, route, (applied) => {
        // A resend of an input already stored: its seq alone.
        if (applied.duplicate) return { ok: true as const, seq: applied.event.seq };
        // Stored here, the follow-up publishes it and delivers the command (AfterAck); stored by the CLI's node, that
        // node did both, and its answer brought the stored copy (commandForward.ts). Either way it rides in the ack.
        const made = ctx.appliedAck(applied);
        const { ack, after } = made instanceof AfterAck ? made : { ack: made, after: () => undefined };
        return new AckWhen<InputAck>((reply) => {
          if (!ctx.fanout.carry(socket, session.id, (stored) => reply(stored ? { ...ack, stored } : ack), applied.event.eventId))
            reply(ack);
        }, after);
      }),
    true,
  );
}

/** `/web` sessions: create, join (replay then live), leave, input, interrupt, settings. */
export function registerWebSessionHandlers(ctx: HubContext, routes: WebRoutes): void {
  routes.on('session:create', async (input, socket) => {
    const who = { userId: socket.data.userId, holdsLock: (instanceId: string) => holdsLock(ctx, socket, instanceId) };
    const { row, command } = await createWebSession(ctx.core, who, input);
    if (!command) return { ok: true as const, session: toSession(row) };
    return new AfterAck({ ok: true as const, session: toSession(row) }, async () => {
      ctx.broadcastSession(row);
      void ctx.broadcastInstance(input.instanceId);
      await ctx.deliver(command);
    });
  });

  routes.on('session:join', async (input, socket) => {
    const session = await ownSession(ctx.core, socket.data.userId, input.sessionId);
    // With a `tail`, a window far behind (a first open) gets the latest events first and asks for older ones as needed.
    const behind = Math.min(input.afterSeq, session.lastSeq);
    const afterSeq = input.tail === undefined ? behind : Math.max(behind, session.lastSeq - input.tail);
    const { batches, notices, carried, carriedLive, ownNotices } = input;
    // Inputs without an ack, answered in the stored copies (relay/protocol/inputNotices.ts): said back when taken.
    const inputNotices = input.inputNotices === true && batches && notices && carried && carriedLive && ownNotices;
    const ack = { ok: true as const, session: toSession(session), from: afterSeq, ...(inputNotices && { inputNotices: true as const }) };
    return new AfterAck(ack, () =>
      ctx.fanout.join(socket, session.id, afterSeq, { batches, notices, carried, carriedLive, ownNotices, inputNotices }),
    );
  });

  routes.on('session:history', async (input, socket) => {
    await ownSessionRef(ctx, socket, input.sessionId);
    const rows = await ctx.core.repo.eventsBefore(input.sessionId, input.beforeSeq, input.limit);
    return { ok: true as const, events: latestWithin(rows.map(toSessionEvent), HISTORY_PAGE_BYTES) };
  });

  routes.on('session:leave', async (input, socket) => {
    await ownSessionRef(ctx, socket, input.sessionId);
    ctx.fanout.leave(socket, input.sessionId);
    return { ok: true as const };
  });

  // An input sent without an ack (relay/protocol/inputNotices.ts) that is refused: `session:refused` with its ids.
  routes.unacked(WEB_EVENTS.sessionInput, (socket, payload) => {
    const raw = typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>) : {};
    // Through the compiled schema (validateInbound), as every payload: zod's own parse here was ~1.4 % of the main
    // thread in a one-pair round trip (Linux perf), once per input.
    const ids = validateInbound(inputIdsSchema, { sessionId: raw.sessionId, clientMsgId: raw.clientMsgId });
    if (!ids.ok) return undefined;
    return (answer) => {
      const refused = answer as InputAck;
      if (!refused.ok) socket.emit(INPUT_REFUSED, { ...ids.data, error: refused.error });
    };
  });

  routes.on('session:input', (input, socket, acked) => {
    // A window sending steadily has both its session and its lease known: the input is taken at once, with no promise
    // of the handler's own (nor a turn of the microtask queue).
    const known = knownSessionRef(socket, input.sessionId);
    if (known && trustedLock(ctx, socket, known.instanceId)) return takeInput(ctx, socket, input, acked, known, true);
    return (async () => {
      const session = known ?? (await ownSessionRef(ctx, socket, input.sessionId));
      const holds = trustedLock(ctx, socket, session.instanceId) || (await holdsLock(ctx, socket, session.instanceId));
      return takeInput(ctx, socket, input, acked, session, holds);
    })();
  });

  routes.on('session:interrupt', async (input, socket) => {
    // As session:input: the cached session and lease answer at once (the interrupt reaches the CLI a turn sooner).
    const session = knownSessionRef(socket, input.sessionId) ?? (await ownSessionRef(ctx, socket, input.sessionId));
    const holds = trustedLock(ctx, socket, session.instanceId) || (await holdsLock(ctx, socket, session.instanceId));
    const command = await interruptSession(ctx.core, session, holds);
    return new AfterAck({ ok: true as const }, () => ctx.deliver(command));
  });

  routes.on('session:settings', async (input, socket) => {
    const session = knownSessionRef(socket, input.sessionId) ?? (await ownSessionRef(ctx, socket, input.sessionId));
    const holds = trustedLock(ctx, socket, session.instanceId) || (await holdsLock(ctx, socket, session.instanceId));
    const updated = await updateSettings(ctx.core, session, holds, input.autoApprove);
    return new AfterAck({ ok: true as const, session: toSession(updated.session) }, async () => {
      ctx.broadcastSession(updated.session);
      await ctx.deliver(updated.command);
    });
  });
}
