import { INPUT_REFUSED, inputIdsSchema } from '#protocol/inputNotices';
import {
  instanceUpdatedSchema,
  type SessionEvent,
  sessionEventSchema,
  sessionEventsSchema,
  sessionUpdatedSchema,
  type StoredNotice,
  WEB_PUSH,
  workspaceLostSchema,
} from '#protocol/remote';
import { liveSessionPushSchema } from '#protocol/remoteEvents';
import { cleanText } from '#protocol/text';

import { workspaceLost } from '../model/attach';
import { upsertInstance } from '../model/instances';
import { readableRefusal } from './acks';
import { putSession, type StoreContext } from './context';
import { inputRefused } from './sessionActions';
import { onSessionDeleted } from './sessionAdmin';
import type { SocketPort } from './socketPort';

/**
 * The relay's pushes. Each is checked against its schema before it touches the state (a relay can be older or newer
 * than this page); a malformed one is dropped. `auth:revoked` is the link's (link.ts).
 */
export function listenToPushes(
  ctx: StoreContext,
  socket: SocketPort,
  rejoin: (ctx: StoreContext, sessionId: string) => Promise<void>,
): void {
  socket.on(WEB_PUSH.instanceUpdated, (payload) => {
    const parsed = instanceUpdatedSchema.safeParse(payload);
    if (!parsed.success) return;
    ctx.set({ instances: upsertInstance(ctx.state().instances, parsed.data.instance) });
    ctx.cache.saveInstances(ctx.state().instances);
  });
  socket.on(WEB_PUSH.sessionUpdated, (payload) => {
    const parsed = sessionUpdatedSchema.safeParse(payload);
    if (parsed.success) putSession(ctx, parsed.data.session);
  });
  const stored = (sessionId: string, events: readonly SessionEvent[], notices?: readonly StoredNotice[]) =>
    receiveStored(ctx, sessionId, events, notices);
  socket.on(WEB_PUSH.sessionEvent, (payload) => {
    const parsed = sessionEventSchema.safeParse(payload);
    if (!parsed.success) return console.warn('remote: dropped a malformed session event', parsed.error.issues.slice(0, 3));
    stored(parsed.data.sessionId, [parsed.data]);
  });
  // Several stored events of one session in one message (a replay page, one commit's events), and the seqs of those
  // this window had live (notices): joins ask for both.
  socket.on(WEB_PUSH.sessionEvents, (payload) => void receiveCarried(ctx, payload));
  // The same event before the relay stored it (no seq yet); shown until its stored copy arrives (docs/protocol.md, "Live
  // events"). Stored copies due to this window (earlier seqs, notices mostly) may ride in it (joined with `carriedLive`).
  socket.on(WEB_PUSH.sessionLive, (payload) => {
    const parsed = liveSessionPushSchema.safeParse(payload);
    if (!parsed.success) return console.warn('remote: dropped a malformed live event', parsed.error.issues.slice(0, 3));
    const { stored, ...event } = parsed.data;
    // Unreadable stored copies (a newer relay's event) do not cost the live copy: a re-join brings them from storage.
    if (stored !== undefined && !receiveCarried(ctx, stored)) void rejoin(ctx, event.sessionId);
    ctx.inbox.push({ live: true, event });
  });
  socket.on(WEB_PUSH.sessionDeleted, (payload) => onSessionDeleted(ctx, payload));
  // An input sent without an ack (relay/protocol/inputNotices.ts) refused; an error this page cannot fully read (a
  // newer relay's code) is still a refusal, as in an ack (acks.ts readableRefusal).
  socket.on(INPUT_REFUSED, (payload) => {
    const ids = inputIdsSchema.safeParse(payload);
    const refusal = readableRefusal({ ok: false, error: (payload as { error?: unknown } | null)?.error });
    if (ids.success && refusal) inputRefused(ctx, { ...ids.data, error: refusal.error });
  });
  socket.on(WEB_PUSH.workspaceLost, (payload) => {
    const parsed = workspaceLostSchema.safeParse(payload);
    const attach = parsed.success ? workspaceLost(ctx.state().attach, parsed.data) : null;
    if (!attach) return;
    ctx.joined.clear();
    ctx.set({ attach });
  });
}

/** Stored events (and notices) of a session, pushed or carried in an input's ack, queued for the inbox. */
function receiveStored(ctx: StoreContext, sessionId: string, events: readonly SessionEvent[], notices: readonly StoredNotice[] = []) {
  for (const event of events) ctx.inbox.push({ live: false, event });
  for (const notice of notices) ctx.inbox.push({ live: false, notice, sessionId });
  const lastSeq = Math.max(0, ...events.map((e) => e.seq), ...notices.map((n) => n.seq));
  // The last event of a join's replay: shown now, not a burst later.
  const replayTo = ctx.replayTo.get(sessionId);
  if (lastSeq > 0 && replayTo !== undefined && lastSeq >= replayTo) {
    ctx.replayTo.delete(sessionId);
    ctx.inbox.drain();
  }
}

/** The input whose ack carries stored copies: what this window sent, and the seq the ack gave it. */
export interface OwnInput {
  sessionId: string;
  clientMsgId: string;
  text: string;
  seq: number;
}

/**
 * Several stored events of one session in one message (a replay page, one commit's events), and the seqs of those this
 * window had live (notices): a `session:events` push, or the same carried in the ack of this window's input
 * (`inputAckSchema` `stored`, with `own`: that input). False when malformed (dropped; the caller may re-join for them).
 */
export function receiveCarried(ctx: StoreContext, payload: unknown, own?: OwnInput): boolean {
  const parsed = sessionEventsSchema.safeParse(payload);
  if (!parsed.success) {
    console.warn('remote: dropped malformed session events', parsed.error.issues.slice(0, 3));
    return false;
  }
  const { sessionId, events, notices } = parsed.data;
  const { stored, rest } = ownInputStored(sessionId, notices, own);
  const answered = answeredInputs(ctx, sessionId, rest);
  receiveStored(ctx, sessionId, [...events.filter((e) => e.sessionId === sessionId), ...stored, ...answered.stored], answered.rest);
  return true;
}

/**
 * Own notices of inputs sent without an ack (with their clientMsgId, relay/protocol/inputNotices.ts): the event this
 * window sent, from its outbox entry. One whose entry is gone is left a notice (the session re-joins for it if the log
 * lacks it, resolveNotices).
 */
function answeredInputs(ctx: StoreContext, sessionId: string, notices: readonly StoredNotice[]) {
  if (!notices.some((n) => n.clientMsgId !== undefined)) return { stored: [], rest: notices };
  const { queue } = ctx.state();
  const stored: SessionEvent[] = [];
  const rest: StoredNotice[] = [];
  for (const notice of notices) {
    const entry = notice.clientMsgId !== undefined && notice.at ? queue.find((q) => q.clientMsgId === notice.clientMsgId) : undefined;
    if (!entry || entry.sessionId !== sessionId || !notice.at) {
      rest.push(notice);
      continue;
    }
    stored.push(ownEvent(sessionId, notice, notice.at, entry.clientMsgId, entry.text));
  }
  return { stored, rest };
}

/**
 * The input's own stored copy, sent as a notice with its time (joined with `ownNotices`): the event this window sent,
 * with the seq its ack gave it. Any other notice with a time is left as it is (one this window cannot place: the
 * session re-joins for it, resolveNotices).
 */
function ownInputStored(sessionId: string, notices: readonly StoredNotice[] = [], own?: OwnInput) {
  const mine = own?.sessionId === sessionId ? notices.find((n) => n.at !== undefined && n.seq === own.seq) : undefined;
  if (!own || !mine?.at) return { stored: [], rest: notices };
  return { stored: [ownEvent(sessionId, mine, mine.at, own.clientMsgId, own.text)], rest: notices.filter((n) => n !== mine) };
}

/**
 * The stored copy of this window's own input, from its notice (seq, event id, time) and what the window sent: the
 * relay stores the input's text as cleanText makes it, so the copy here does the same.
 */
function ownEvent(sessionId: string, notice: StoredNotice, at: string, clientMsgId: string, text: string): SessionEvent {
  const body = { type: 'user_message' as const, clientMsgId, text: cleanText(text) };
  return { sessionId, seq: notice.seq, eventId: notice.eventId, at, body };
}
