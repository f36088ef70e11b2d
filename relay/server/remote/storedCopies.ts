/**
 * How stored events reach a window subscribed to a session (fanout.ts): one `session:event` each, or for a window that
 * joined with `batches` several to a `session:events` message, gathered for STORED_FLUSH_MS. A window that also joined
 * with `notices` gets the stored copy of an event it had live on this connection as a notice (`{ eventId, seq }`): it
 * shows the live copy already, so the body would go twice (a long tool output or diff to a phone, twice).
 */
import { SESSION_EVENTS_MAX, type SessionEvent, type SessionEvents, type StoredNotice, WEB_PUSH } from '../../protocol';
import { toSessionEvent } from '../core/remote/views';
import type { SessionEventRow } from '../storage/schema';
import { isLagging, whenDrained } from './backpressure';
import type { WebServerSocket as Socket } from './namespaces';
import { atEndOfTurn, lazily, writeComing } from './writeCoalescing';

/** A replay checks whether the browser keeps up (backpressure.ts) after about this many bytes of events. */
export const PACE_CHECK_BYTES = 64 * 1024;
/**
 * Stored copies for windows that take batches are gathered this long, then sent as one `session:events` per window and
 * session. The windows have the events already (live, before their commit), so the stored copy only brings the seq;
 * gathering them saves a socket write (the dearest part of a round trip here) per commit and window.
 */
export const STORED_FLUSH_MS = 50;
/**
 * The most live copies a window is remembered to hold, awaiting their stored copy; past that the stored copy comes
 * whole. Well under what the console keeps live per session (MAX_LIVE_EVENTS, 500), so a notice always finds its copy.
 */
export const LIVE_REMEMBERED_MAX = 256;
/** What a notice weighs in a batch's size (approxSize), for the flush threshold. */
const NOTICE_BYTES = 64;
/**
 * How long notices alone wait for a window that joined with `carriedLive` to be sent a live copy or an input's ack to
 * ride in, before they go in a message of their own. A notice only turns a live copy the window shows into its stored
 * copy (the seq), so it can wait: a streaming CLI's next event, or the user's next input, usually comes sooner.
 */
export const NOTICE_HOLD_MS = 200;

export interface Subscription {
  socket: Socket;
  sessionId: string;
  /** Highest seq this socket has been sent. */
  lastSeq: number;
  /** A catch-up from storage is running; live events only flag `dirty`. */
  replaying: boolean;
  dirty: boolean;
  /** The window takes `session:events` (joined with `batches`): stored events go out several to a message. */
  batches: boolean;
  /** Event ids sent live on this subscription whose stored copy is still to come (joined with `notices`); else null. */
  liveSent: Set<string> | null;
  /** Stored events waiting for this turn's `session:events` (batches only). */
  queued: SessionEvent[] | null;
  /** Notices waiting for this turn's `session:events` (notices only). */
  noticed: StoredNotice[] | null;
  /** About how much text `queued` holds (approxSize). */
  queuedBytes: number;
  /** Stored events published ahead of an earlier seq, by seq, waiting (GAP_WAIT_MS) for the gap to fill. */
  ahead: Map<number, SessionEvent> | null;
  gapTimer: ReturnType<typeof setTimeout> | null;
  /** The window takes stored copies in the ack of its input (joined with `carried`, and `batches`). */
  carried: boolean;
  /** The ack of this window's input that takes the stored copies due at the end of this turn (see `carry`); else null. */
  carrier: Carrier | null;
  /** The window takes stored copies in its live copies too (joined with `carriedLive`, `carried` and `notices`). */
  carriedLive: boolean;
  /**
   * The window takes its own input's stored copy, in that input's ack, as a notice with its `at` (joined with
   * `ownNotices`, `carried` and `notices`): the window sent the body, so only the seq, event id and time are news to it.
   */
  ownNotices: boolean;
  /** The event id of the input whose ack is the `carrier` (ownNotices only): its stored copy goes as such a notice. */
  ownInput: string | null;
  /**
   * The window sends its input without an ack and has it answered in its stored copies (joined with `inputNotices`,
   * `carriedLive` and `ownNotices`; relay/protocol/inputNotices.ts).
   */
  inputNotices: boolean;
  /**
   * Inputs sent without an ack whose stored copy is still to come to this window, by event id, with their clientMsgId:
   * that stored copy goes as the input's own notice (`inputNoticed`); else null.
   */
  ownInputs: Map<string, string> | null;
}

/** Sends an input's ack with the stored copies it carries (none: an ack without `stored`). */
export type Carrier = (stored: SessionEvents | undefined) => void;

/** Remembers that `eventId` went live to the subscription, if it takes notices (up to LIVE_REMEMBERED_MAX). */
export function sentLive(sub: Subscription, eventId: string): void {
  if (sub.liveSent && sub.liveSent.size < LIVE_REMEMBERED_MAX) sub.liveSent.add(eventId);
}

/**
 * Stored events for windows that take batches: queued as they are delivered and sent STORED_FLUSH_MS later (or once
 * SESSION_EVENTS_MAX, or about PACE_CHECK_BYTES of text, are queued), one `session:events` per window and session. A
 * socket that is written at the end of this turn anyway (the input's ack that came with the same commit, a live copy)
 * gets them in that write (writeCoalescing.ts), rather than in one more write later.
 */
export function storedBatches(isCurrent: (sub: Subscription) => boolean) {
  function flush(sub: Subscription): void {
    held.delete(sub);
    const { queued, noticed, carrier } = sub;
    sub.queued = null;
    sub.noticed = null;
    sub.queuedBytes = 0;
    sub.carrier = null;
    // Only in its own ack: a stored copy coming later (it cannot, within one turn) would go whole.
    sub.ownInput = null;
    const due = (queued || noticed) && isCurrent(sub);
    if (carrier) return carrier(due ? eventsPayload(sub, queued ?? [], noticed) : undefined);
    if (due) send(sub, queued ?? [], noticed ?? []);
  }

  /**
   * A flush come due (STORED_FLUSH_MS, the end of a turn): notices alone of a window that takes them in live copies
   * keep waiting for one (`held`) instead, as if they had come alone.
   */
  function flushDue(sub: Subscription): void {
    if (sub.carriedLive && !sub.carrier && !sub.queued && sub.noticed) held.add(sub);
    else flush(sub);
  }

  const thisTurn = new Set<Subscription>();
  function flushAtEndOfTurn(sub: Subscription): void {
    if (thisTurn.size === 0)
      atEndOfTurn(() => {
        // Joining the socket's write: this turn's, or a held one (an input's ack) with it.
        lazily(() => {
          for (const queued of thisTurn) flushDue(queued);
        });
        thisTurn.clear();
      });
    thisTurn.add(sub);
  }

  function queue(sub: Subscription, event: SessionEvent): void {
    // A notice: for a live copy this window holds, or (with its time) for its own input whose ack is the carrier, or
    // (with its time and clientMsgId) for its own input sent without an ack.
    const own = sub.ownInput === event.eventId;
    if (own) sub.ownInput = null;
    const clientMsgId = sub.ownInputs?.get(event.eventId);
    if (clientMsgId !== undefined) sub.ownInputs!.delete(event.eventId);
    const { eventId, seq, at } = event;
    if (clientMsgId !== undefined) return notice(sub, { eventId, seq, at, clientMsgId });
    if (own || sub.liveSent?.delete(eventId)) return notice(sub, own ? { eventId, seq, at } : { eventId, seq });
    (sub.queued ??= []).push(event);
    sub.queuedBytes += approxSize(event.body, PACE_CHECK_BYTES);
    due(sub);
  }

  /** A notice for the window: queued and sent as any stored copy is (`due`). */
  function notice(sub: Subscription, stored: StoredNotice): void {
    (sub.noticed ??= []).push(stored);
    sub.queuedBytes += NOTICE_BYTES;
    due(sub);
  }

  /** Where the window's queued stored copies go now: sent, with a write coming, held, or after STORED_FLUSH_MS. */
  function due(sub: Subscription): void {
    const count = (sub.queued?.length ?? 0) + (sub.noticed?.length ?? 0);
    if (count >= SESSION_EVENTS_MAX || sub.queuedBytes >= PACE_CHECK_BYTES) return flush(sub);
    // An input's ack goes out at the end of this turn: the stored copies ride in it (`carry`).
    if (sub.carrier) return flushAtEndOfTurn(sub);
    // Notices alone wait for the window's next live copy or input's ack to ride in (`takeForLive`, `carry`).
    if (sub.carriedLive && !sub.queued) return held.add(sub);
    // The socket is written at the end of this turn anyway (a live copy), or has a write held for later: the stored
    // copies join that write.
    if (writeComing(sub.socket)) return flushAtEndOfTurn(sub);
    soon.add(sub);
  }

  /**
   * The window's input sent without an ack (joined with `inputNotices`) is stored (`notice`: its seq, event id, time and
   * clientMsgId): its stored copy, when it comes to this window in order, goes as that notice; one sent already (a
   * duplicate's, one that came first from another node) or skipped past goes now as the notice.
   */
  function inputNoticed(sub: Subscription, stored: Required<StoredNotice>): void {
    if (stored.seq > sub.lastSeq) (sub.ownInputs ??= new Map()).set(stored.eventId, stored.clientMsgId);
    else notice(sub, stored);
  }

  const soon = flushAfter(STORED_FLUSH_MS, flushDue);
  const held = holdNotices(flush);

  /**
   * The stored copies due to a window that joined with `carriedLive`, taken to ride in the live copy it is being sent
   * (`session:live` `stored`); undefined when there are none, or an input's ack takes them at the end of this turn.
   */
  function takeForLive(sub: Subscription): SessionEvents | undefined {
    if (!sub.carriedLive || sub.carrier || !(sub.queued || sub.noticed)) return undefined;
    const payload = eventsPayload(sub, sub.queued ?? [], sub.noticed);
    held.delete(sub);
    sub.queued = null;
    sub.noticed = null;
    sub.queuedBytes = 0;
    return payload;
  }

  /**
   * The ack of the window's input (`send`) goes out at the end of this turn with the stored copies due to the window
   * by then (its input's, and what the same commit stored, published in this turn), in place of their own
   * `session:events`: one packet for the window to read instead of two. An earlier carrier still waiting goes first.
   * `input` (the input's event id): its stored copy goes as a notice with its `at` to a window that takes ownNotices.
   */
  function carry(sub: Subscription, send: Carrier, input?: string): void {
    if (sub.carrier) flush(sub);
    sub.carrier = send;
    if (input && sub.ownNotices) sub.ownInput = input;
    flushAtEndOfTurn(sub);
  }

  return { queue, flush, carry, takeForLive, inputNoticed };
}

/** Subscriptions whose queue is flushed (`flushDue`) after `ms`, all at once (one timer for all of them). */
function flushAfter(ms: number, flushDue: (sub: Subscription) => void) {
  const subs = new Set<Subscription>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  return {
    add(sub: Subscription): void {
      subs.add(sub);
      timer ??= setTimeout(() => {
        timer = null;
        for (const queued of subs) flushDue(queued);
        subs.clear();
      }, ms);
    },
  };
}

/**
 * Windows whose notices wait for a live copy or an input's ack to ride in, each until NOTICE_HOLD_MS after its first
 * held notice (one timer for all, set for the oldest deadline; deadlines come in order, as a Map keeps them).
 */
function holdNotices(flush: (sub: Subscription) => void) {
  const deadlines = new Map<Subscription, number>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  function expire(): void {
    timer = null;
    const now = Date.now();
    for (const [sub, deadline] of deadlines) {
      if (deadline > now) {
        timer = setTimeout(expire, deadline - now);
        return;
      }
      flush(sub);
    }
  }
  return {
    add(sub: Subscription): void {
      if (deadlines.has(sub)) return;
      deadlines.set(sub, Date.now() + NOTICE_HOLD_MS);
      timer ??= setTimeout(expire, NOTICE_HOLD_MS);
    },
    /** The window's notices went (in a live copy, an ack, or a message of their own). */
    delete: (sub: Subscription) => deadlines.delete(sub),
  };
}

/**
 * One replay page to the socket: one `session:event` each, or for a batching window messages of up to
 * PACE_CHECK_BYTES / SESSION_EVENTS_MAX events. `gap`: storage skipped a seq (stopped there rather than skip an event);
 * `gone`: the subscription ended while it waited for the socket to drain. A replay sends events whole.
 */
export async function sendPage(
  sub: Subscription,
  rows: SessionEventRow[],
  pace: { sinceCheck: number },
  isCurrent: (sub: Subscription) => boolean,
): Promise<'ok' | 'gap' | 'gone'> {
  let chunk: SessionEvent[] = [];
  for (const row of rows) {
    // A browser reading slowly gets the next event once it took the last ones, not a page queued at once. Measuring
    // what the socket holds walks its whole write buffer, so it is done once per PACE_CHECK_BYTES sent, not per event
    // (per event, a 10,000-event replay spent most of its time there).
    if (pace.sinceCheck >= PACE_CHECK_BYTES) {
      send(sub, chunk);
      chunk = [];
      pace.sinceCheck = 0;
      if (isLagging(sub.socket)) {
        await whenDrained(sub.socket);
        if (!isCurrent(sub)) return 'gone';
      }
    }
    pace.sinceCheck += JSON.stringify(row.body).length;
    if (row.seq !== sub.lastSeq + 1) {
      send(sub, chunk);
      return 'gap';
    }
    sub.lastSeq = row.seq;
    sub.liveSent?.delete(row.eventId);
    // Whole: it answers the window's input (its body has the clientMsgId) as the notice would.
    sub.ownInputs?.delete(row.eventId);
    if (!sub.batches) sub.socket.emit(WEB_PUSH.sessionEvent, toSessionEvent(row));
    else if (chunk.push(toSessionEvent(row)) >= SESSION_EVENTS_MAX) {
      send(sub, chunk);
      chunk = [];
    }
  }
  send(sub, chunk);
  return 'ok';
}

/** The `session:events` payload of a subscription's stored copies: sent on its own (`send`) or in an input's ack (`carry`). */
function eventsPayload(sub: Subscription, events: SessionEvent[], notices: StoredNotice[] | null) {
  return notices && notices.length > 0 ? { sessionId: sub.sessionId, events, notices } : { sessionId: sub.sessionId, events };
}

/** One stored event as `session:event`, several (or any notice) as one `session:events`. */
function send(sub: Subscription, events: SessionEvent[], notices: StoredNotice[] = []): void {
  if (notices.length === 0 && events.length === 1) sub.socket.emit(WEB_PUSH.sessionEvent, events[0]!);
  else if (notices.length > 0 || events.length > 1) sub.socket.emit(WEB_PUSH.sessionEvents, eventsPayload(sub, events, notices));
}

/**
 * About the most text one `session:history` answer carries (older events a window asks for, handlers/sessions.ts), at
 * least one event: a page of big tool outputs is cut.
 */
export const HISTORY_PAGE_BYTES = 1024 * 1024;

/** The latest of `events` (in seq order) that fit in about `bytes`, always at least the last one. */
export function latestWithin<T extends { body: unknown }>(events: T[], bytes: number): T[] {
  let size = 0;
  for (let i = events.length - 1; i >= 0; i--) {
    size += approxSize(events[i]!.body, bytes);
    if (size > bytes && i < events.length - 1) return events.slice(i + 1);
  }
  return events;
}

/** About how many bytes `value` takes as JSON (its strings' lengths and a few per value), counted up to `limit`. */
export function approxSize(value: unknown, limit: number): number {
  let size = 0;
  const walk = (v: unknown): void => {
    if (size >= limit) return;
    if (typeof v === 'string') size += v.length + 2;
    else if (Array.isArray(v)) for (const item of v) walk(item);
    else if (v !== null && typeof v === 'object') {
      for (const [key, item] of Object.entries(v)) {
        size += key.length + 3;
        walk(item);
      }
    } else size += 8;
  };
  walk(value);
  return size;
}
