import type { InputRefused } from '#protocol/inputNotices';
import { type LiveSessionEvent, type SessionEvent, type StoredNotice, WEB_EVENTS } from '#protocol/remote';
import { cleanText } from '#protocol/text';

import { emptyLog, type EventLog, isCommitted, mergeEvents, prependEvents, startAt, storedInputs } from '../model/eventLog';
import {
  discard,
  enqueue,
  type InputQueue,
  markFailed,
  markSending,
  markStored,
  nextToSend,
  requeue,
  requeueInFlight,
  settle,
} from '../model/inputQueue';
import { addLive, type LiveEvents, noLiveEvents, reconcileLive } from '../model/liveEvents';
import { refusal } from '../model/remoteState';
import { findSession } from '../model/sessions';
import type { PermissionDecision, PermissionScope } from '../model/timeline';
import type { WebAck } from './acks';
import { putSession, saveSelection, setQueue, settled, type StoreContext } from './context';
import { receiveCarried } from './pushes';

/**
 * The open session: its event log (live pushes and replays on join), and the outbox of typed input sent over it.
 */

/**
 * A pushed session event, as the inbox holds it: stored (`session:event`), live before its commit (`session:live`), or
 * the notice that an event this connection had live is stored with `seq` (`session:events` `notices`).
 */
export type Incoming =
  { live: false; event: SessionEvent } | { live: true; event: LiveSessionEvent } | { live: false; notice: StoredNotice; sessionId: string };

interface SessionIncoming {
  stored: SessionEvent[];
  live: LiveSessionEvent[];
  notices: StoredNotice[];
}

function bySessionOf(batch: readonly Incoming[]): Map<string, SessionIncoming> {
  const bySession = new Map<string, SessionIncoming>();
  for (const item of batch) {
    const sessionId = 'notice' in item ? item.sessionId : item.event.sessionId;
    let lists = bySession.get(sessionId);
    if (!lists) bySession.set(sessionId, (lists = { stored: [], live: [], notices: [] }));
    if ('notice' in item) lists.notices.push(item.notice);
    else if (item.live) lists.live.push(item.event);
    else lists.stored.push(item.event);
  }
  return bySession;
}

/**
 * Turns notices into stored events: the live copy this window holds (or got in the same burst) with the notice's seq.
 * `missing`: a notice for an event neither held live nor committed (the live copy went, e.g. past MAX_LIVE_EVENTS);
 * the session then re-joins, and the relay's replay brings it whole.
 */
function resolveNotices(lists: SessionIncoming, held: LiveEvents, log: EventLog | undefined): { events: SessionEvent[]; missing: boolean } {
  if (lists.notices.length === 0) return { events: lists.stored, missing: false };
  const liveById = new Map<string, LiveSessionEvent>();
  for (const event of [...held, ...lists.live]) liveById.set(event.eventId, event);
  const events = [...lists.stored];
  let missing = false;
  for (const notice of lists.notices) {
    const copy = liveById.get(notice.eventId);
    if (copy) events.push({ ...copy, seq: notice.seq });
    else if (notice.seq > (log?.lastSeq ?? 0) && !isCommitted(log, notice.eventId)) missing = true;
  }
  return { events, missing };
}

/**
 * A burst of pushed events (client/inbox.ts), applied at once: one merge per session, one store update. A user message
 * the relay stored settles its outbox entry; events past a hole make the session re-join from its last contiguous seq
 * (what is already held past the hole is kept aside). Live events wait in the session's live list until their stored
 * copy arrives (model/liveEvents.ts).
 */
export function receive(ctx: StoreContext, batch: readonly Incoming[]): void {
  const bySession = bySessionOf(batch);
  const { logs, live, queue } = ctx.state();
  const changedLogs: Record<string, EventLog> = {};
  const changedLive: Record<string, LiveEvents> = {};
  const stored: string[] = [];
  const gaps: string[] = [];
  for (const [sessionId, lists] of bySession) {
    const before = logs[sessionId];
    const held = live[sessionId] ?? noLiveEvents;
    const resolved = resolveNotices(lists, held, before);
    const merged = resolved.events.length > 0 ? mergeEvents(before ?? emptyLog(sessionId), resolved.events) : null;
    const log = merged?.log ?? before;
    if (merged && log && log !== before) {
      changedLogs[sessionId] = log;
      stored.push(...storedInputs(before ?? emptyLog(sessionId), log));
    }
    // An input answered by its own notice for an event the log held already (a resend's): done too.
    for (const event of resolved.events)
      if (event.body.type === 'user_message' && isCommitted(log, event.eventId)) stored.push(event.body.clientMsgId);
    if ((merged && merged.held > 0) || (resolved.missing && ctx.joined.has(sessionId))) gaps.push(sessionId);
    const next = addLive(log && log !== before ? reconcileLive(held, log) : held, log, lists.live);
    if (next !== held) changedLive[sessionId] = next;
  }
  const ids = Object.keys(changedLogs);
  if (ids.length > 0 || Object.keys(changedLive).length > 0)
    ctx.set({ logs: { ...logs, ...changedLogs }, live: { ...live, ...changedLive } });
  if (stored.length > 0) inputsStored(ctx, queue, stored);
  for (const sessionId of ids) ctx.cache.saveLogSoon(sessionId);
  for (const sessionId of gaps) void join(ctx, sessionId);
}

/** Inputs whose user_message the log now holds: their outbox entries are done, and their sessions' next input goes. */
function inputsStored(ctx: StoreContext, queue: InputQueue, clientMsgIds: string[]): void {
  const settled = settle(queue, clientMsgIds);
  if (settled === queue) return;
  answeredWithoutAck(ctx, clientMsgIds);
  const sessions = new Set(queue.filter((q) => q.status === 'sending' && !settled.includes(q)).map((q) => q.sessionId));
  setQueue(ctx, settled);
  // An input sent without an ack held its session's queue until now (flush).
  for (const sessionId of sessions) if (ctx.inputNotices.has(sessionId)) void flush(ctx, sessionId);
}

/** A join brings the stored truth: the live events held for the session go (those still to be stored come again). */
function clearLive(ctx: StoreContext, sessionId: string): void {
  const { live } = ctx.state();
  if (!live[sessionId]?.length) return;
  const { [sessionId]: _cleared, ...rest } = live;
  ctx.set({ live: rest });
}

/**
 * Joins (or re-joins) a session from the last contiguous seq held; the relay replays what came after. A window whose
 * workspace is busy or lost joins too: it shows the session live, read-only (input waits in the outbox, see flush).
 */
export async function join(ctx: StoreContext, sessionId: string): Promise<void> {
  const { status } = ctx.state().attach;
  if (ctx.joining.has(sessionId) || !ctx.connected() || status === 'none' || status === 'attaching' || status === 'offline') return;
  ctx.joining.add(sessionId);
  clearLive(ctx, sessionId);
  let ack: WebAck<'session:join'> | null;
  try {
    // `batches`: stored events may come several to a message (session:events), fewer and bigger for a long replay;
    // `notices`: an event this window had live comes back as its seq only (resolveNotices); `carried`: the stored
    // copies due when an input's ack goes out ride in that ack (flush); `carriedLive`: or in a live copy (pushes.ts);
    // `ownNotices`: the input's own stored copy in its ack is a notice with its time (this window sent its body);
    // `inputNotices`: or input goes without an ack, answered in the stored copies (sendWithoutAck).
    // `tail`: a window holding none of the session's events (a first open), or far behind them (a log cached days
    // ago), gets its latest page first (loadOlder brings the rest as the reader scrolls up).
    const { logs, sessions } = ctx.state();
    const log = logs[sessionId];
    const behind = (findSession(sessions, sessionId)?.lastSeq ?? 0) - (log?.lastSeq ?? 0);
    ack = await ctx.request(WEB_EVENTS.sessionJoin, {
      sessionId,
      afterSeq: log?.lastSeq ?? 0,
      ...((!log?.events.length || behind > FAR_BEHIND) && { tail: JOIN_TAIL }),
      ...JOIN_FLAGS,
    });
  } catch {
    return;
  } finally {
    ctx.joining.delete(sessionId);
  }
  if (ack?.ok === false) return ctx.set({ problem: refusal(ack.error) });
  // `inputNotices`: input to the session goes without an ack (flush); a relay that does not say so gets it with one.
  if (ack?.inputNotices) ctx.inputNotices.add(sessionId);
  else ctx.inputNotices.delete(sessionId);
  if (ack) {
    putSession(ctx, ack.session);
    if (ack.from) startLog(ctx, sessionId, ack.from);
    if ((ctx.state().logs[sessionId]?.lastSeq ?? 0) < ack.session.lastSeq) ctx.replayTo.set(sessionId, ack.session.lastSeq);
  }
  ctx.joined.add(sessionId);
  void flush(ctx, sessionId);
}

/** How this console takes a session's events (see `join`; docs/protocol.md §6): every flag the relay offers. */
export const JOIN_FLAGS = { batches: true, notices: true, carried: true, carriedLive: true, ownNotices: true, inputNotices: true } as const;

/** Events a first open replays: about a screen's worth many times over, and one `session:events` message. */
export const JOIN_TAIL = 500;
/** Events an older page asks for. */
export const HISTORY_PAGE = 500;
/**
 * A log this far behind the session's last seq (as the session list says) is not caught up event by event: the join
 * asks for the latest page, and the log starts over there (what it held is older history, loaded again on the way up).
 */
export const FAR_BEHIND = 4 * JOIN_TAIL;

/** The join's replay starts after `from` (its `tail`): a log that holds nothing, or ends before `from`, starts there. */
function startLog(ctx: StoreContext, sessionId: string, from: number): void {
  const { logs } = ctx.state();
  const log = startAt(logs[sessionId], sessionId, from);
  if (log && log !== logs[sessionId]) ctx.set({ logs: { ...logs, [sessionId]: log } });
}

/**
 * The page of events before the first one the session's log holds (`session:history`), put in front of it: the reader
 * scrolled up to the start of what a tail join brought. `older` says a page is on its way, or that the last one failed
 * (the chat offers to try again).
 */
export async function loadOlder(ctx: StoreContext, sessionId: string): Promise<void> {
  const log = ctx.state().logs[sessionId];
  if (!log || log.base === 0 || ctx.state().older[sessionId] === 'loading' || !ctx.connected()) return;
  const mark = (status: 'loading' | 'failed' | null) => {
    const { [sessionId]: _was, ...older } = ctx.state().older;
    ctx.set({ older: status ? { ...older, [sessionId]: status } : older });
  };
  mark('loading');
  let ack: WebAck<'session:history'> | null;
  try {
    ack = await ctx.request(WEB_EVENTS.sessionHistory, { sessionId, beforeSeq: log.base + 1, limit: HISTORY_PAGE });
  } catch {
    return mark('failed');
  }
  if (!ack?.ok) return mark('failed');
  const now = ctx.state().logs[sessionId];
  const next = now && prependEvents(now, ack.events);
  if (next) ctx.set({ logs: { ...ctx.state().logs, [sessionId]: next } });
  // A page that does not end where the log starts is not applied; asking again would only bring it again.
  mark(!next && now?.base === log.base ? 'failed' : null);
}

/**
 * A session's queued input can go out: the link is up, this window holds the workspace, and the session is joined —
 * or, for one other than the open session, it belongs to the attached instance (typed there before switching away).
 */
function canSend(ctx: StoreContext, sessionId: string): boolean {
  const { attach, currentSessionId, sessions } = ctx.state();
  if (!ctx.connected() || attach.status !== 'attached') return false;
  if (ctx.joined.has(sessionId)) return true;
  return sessionId !== currentSessionId && (sessions[attach.instanceId] ?? []).some((s) => s.id === sessionId);
}

/**
 * The outbox after the relay's answer to one input: refused, it fails; stored, it is done — or, in a joined session whose
 * log does not hold its user_message yet, it shows "at the relay" until that event arrives (no gap in between).
 */
function answered(ctx: StoreContext, sessionId: string, clientMsgId: string, ack: WebAck<'session:input'> | null) {
  const { queue, logs } = ctx.state();
  if (ack?.ok === false) return markFailed(queue, clientMsgId, ack.error.message || ack.error.code);
  const arrived = logs[sessionId]?.events.some((e) => e.body.type === 'user_message' && e.body.clientMsgId === clientMsgId);
  return ctx.joined.has(sessionId) && !arrived ? markStored(queue, clientMsgId) : settle(queue, [clientMsgId]);
}

/** Sends the session's queued input one at a time, oldest first (the relay keeps the order), while it can. */
export async function flush(ctx: StoreContext, sessionId: string): Promise<void> {
  if (ctx.flushing.has(sessionId)) return;
  ctx.flushing.add(sessionId);
  const sendable = () => (canSend(ctx, sessionId) ? nextToSend(ctx.state().queue, sessionId) : null);
  try {
    for (let next = sendable(); next; next = sendable()) {
      ctx.set({ queue: markSending(ctx.state().queue, next.clientMsgId) });
      // As the relay stores it (NUL and lone surrogates replaced): the input's stored copy may come back as a notice.
      const input = { sessionId, clientMsgId: next.clientMsgId, text: cleanText(next.text) };
      if (ctx.joined.has(sessionId) && ctx.inputNotices.has(sessionId)) return sendWithoutAck(ctx, input);
      let ack: WebAck<'session:input'> | null;
      try {
        ack = await ctx.request(WEB_EVENTS.sessionInput, input);
      } catch {
        return ctx.set({ queue: requeueInFlight(ctx.state().queue) });
      }
      // The stored copies the ack carries (its input's, the answer's) are applied as a session:events push would be;
      // unreadable, they come again from a re-join.
      if (ack?.ok && ack.stored !== undefined && !receiveCarried(ctx, ack.stored, { ...input, seq: ack.seq })) void join(ctx, sessionId);
      setQueue(ctx, answered(ctx, sessionId, next.clientMsgId, ack));
    }
  } finally {
    ctx.flushing.delete(sessionId);
  }
}

/**
 * An input to a session joined with input notices (relay/protocol/inputNotices.ts) goes without an ack: its stored
 * copy answers it (its own notice, pushes.ts receiveCarried, or the whole event), or `session:refused` does
 * (`inputRefused`); either way `receive` or that settles its outbox entry and flushes the next. Unanswered after
 * REQUEST_TIMEOUT_MS (or the link down), it goes back to the queue and out again: the relay dedupes by clientMsgId.
 */
function sendWithoutAck(ctx: StoreContext, input: { sessionId: string; clientMsgId: string; text: string }): void {
  const { clientMsgId, sessionId } = input;
  answeredWithoutAck(ctx, [clientMsgId]);
  if (!ctx.notifyInput(input)) return ctx.set({ queue: requeueInFlight(ctx.state().queue) });
  const timer = ctx.schedule(() => {
    ctx.unanswered.delete(clientMsgId);
    if (ctx.state().queue.find((q) => q.clientMsgId === clientMsgId)?.status !== 'sending') return;
    ctx.set({ queue: requeue(ctx.state().queue, clientMsgId) });
    void flush(ctx, sessionId);
  }, INPUT_ANSWER_TIMEOUT_MS);
  ctx.unanswered.set(clientMsgId, timer);
}

/** How long an input sent without an ack waits for its answer before it is sent again (as a request times out). */
export const INPUT_ANSWER_TIMEOUT_MS = 10_000;

/** Inputs sent without an ack that have their answer: their resend timers stop. */
function answeredWithoutAck(ctx: StoreContext, clientMsgIds: Iterable<string>): void {
  for (const id of clientMsgIds) {
    const timer = ctx.unanswered.get(id);
    if (timer === undefined) continue;
    ctx.cancel(timer);
    ctx.unanswered.delete(id);
  }
}

/** `session:refused`: an input sent without an ack was refused; it fails as a refused ack makes it fail. */
export function inputRefused(ctx: StoreContext, refused: InputRefused): void {
  const { queue } = ctx.state();
  if (!queue.some((q) => q.clientMsgId === refused.clientMsgId && q.status === 'sending')) return;
  answeredWithoutAck(ctx, [refused.clientMsgId]);
  setQueue(ctx, markFailed(queue, refused.clientMsgId, refused.error.message || refused.error.code));
  void flush(ctx, refused.sessionId);
}

/** After attaching: the outbox's input for the instance's other sessions goes out too (the open one's follows its join). */
export function flushOthers(ctx: StoreContext): void {
  const { queue, currentSessionId } = ctx.state();
  for (const sessionId of new Set(queue.map((q) => q.sessionId))) if (sessionId !== currentSessionId) void flush(ctx, sessionId);
}

/** Opens a session (leaving the previous one): its cached events show at once, then the relay's replay follows. */
export async function selectSession(ctx: StoreContext, sessionId: string | null): Promise<void> {
  const previous = ctx.state().currentSessionId;
  if (previous && previous !== sessionId) {
    ctx.request(WEB_EVENTS.sessionLeave, { sessionId: previous }).catch(() => undefined);
    ctx.joined.delete(previous);
    // Its stored input no longer comes back live: done (a later join replays it).
    const { queue } = ctx.state();
    setQueue(
      ctx,
      settle(
        queue,
        queue.filter((q) => q.sessionId === previous && q.status === 'stored').map((q) => q.clientMsgId),
      ),
    );
  }
  ctx.set({ currentSessionId: sessionId });
  saveSelection(ctx);
  if (!sessionId) return;
  if (!ctx.state().logs[sessionId]) await ctx.cache.loadLog(ctx, sessionId);
  await join(ctx, sessionId);
}

/** Queues the text (with its clientMsgId) and sends it now if the link is up. */
export function send(ctx: StoreContext, text: string): string | null {
  const sessionId = ctx.state().currentSessionId;
  if (!sessionId || !text.trim()) return null;
  const clientMsgId = ctx.uuid();
  setQueue(ctx, enqueue(ctx.state().queue, { clientMsgId, sessionId, text }));
  void flush(ctx, sessionId);
  return clientMsgId;
}

export function discardInput(ctx: StoreContext, clientMsgId: string): void {
  setQueue(ctx, discard(ctx.state().queue, clientMsgId));
}

export function respond(ctx: StoreContext, requestId: string, decision: PermissionDecision, scope: PermissionScope): Promise<boolean> {
  const sessionId = ctx.state().currentSessionId;
  return sessionId
    ? settled(ctx, ctx.request(WEB_EVENTS.sessionPermission, { sessionId, requestId, decision, scope }))
    : Promise.resolve(false);
}

export function interrupt(ctx: StoreContext): Promise<boolean> {
  const sessionId = ctx.state().currentSessionId;
  return sessionId ? settled(ctx, ctx.request(WEB_EVENTS.sessionInterrupt, { sessionId })) : Promise.resolve(false);
}

export async function setAutoApprove(ctx: StoreContext, autoApprove: boolean): Promise<boolean> {
  const sessionId = ctx.state().currentSessionId;
  if (!sessionId) return false;
  const session = findSession(ctx.state().sessions, sessionId);
  const ok = await settled(ctx, ctx.request(WEB_EVENTS.sessionSettings, { sessionId, autoApprove }));
  if (ok && session) putSession(ctx, { ...session, autoApprove });
  return ok;
}
