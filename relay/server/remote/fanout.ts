import type { FastifyBaseLogger } from 'fastify';

import { type LiveSessionEvent, type SessionEvent, type SessionJoin, type StoredNotice, WEB_PUSH } from '../../protocol';
import { MAX_BATCH } from '../core/remote/groupCommit';
import type { RemoteRepo } from '../storage/repos/remoteRepo';
import { isLagging } from './backpressure';
import type { WebServerSocket as Socket } from './namespaces';
import type { NodeBus } from './nodeBus';
import { approxSize, type Carrier, PACE_CHECK_BYTES, sendPage, sentLive, storedBatches, type Subscription } from './storedCopies';

const REPLAY_PAGE = 500;
/**
 * Stored events published out of seq order wait this long for the missing ones before the socket catches up from
 * storage. On one node the order flips often: the input's stored copy goes out after its ack, which waits for the
 * CLI's ack, while the CLI's answer from the same commit goes out at once; across nodes the adapter may reorder too.
 */
const GAP_WAIT_MS = 100;
/**
 * At most this many events wait for a gap to fill; one more makes the socket catch up from storage, and skip live
 * copies while it does. One commit's worth (groupCommit.ts MAX_BATCH): a commit's events for a session are published
 * in the same turn but not in seq order (the CLI's answers settle first, the inputs a few promise steps later), so a
 * window whose session had more rounds in one commit than a smaller bound read from storage instead, and saw the CLI's
 * next answers only with their stored copies, up to STORED_FLUSH_MS late (with a bound of 64, the one-pair
 * benchmark's rounds stalled ~50 ms a few times per thousand: half its time). What waits is the commit's own events,
 * held anyway until it is handled, and for GAP_WAIT_MS at most.
 */
export const AHEAD_MAX = MAX_BATCH;
/** One message per turn to the other nodes with what this node published in it (live copies and stored events). */
export const NODE_FANOUT = 'remote:fanout' as const;
/** The most events one `remote:fanout` message carries, and about the most text; more in one turn go in several. */
const NODE_FANOUT_MAX = 500;
const NODE_FANOUT_BYTES = 256 * 1024;
/** One event per message: what nodes of an earlier release send during a rolling deploy (still understood). */
const NODE_EVENT = 'remote:session-event' as const;
const NODE_LIVE = 'remote:session-live' as const;

/** Live copies and stored events one node published in one turn, for the other nodes' sockets (`remote:fanout`). */
export interface NodeFanout {
  live: LiveSessionEvent[];
  stored: SessionEvent[];
}

/**
 * Delivers session events to the browser sockets of THIS node that joined the session, each exactly once and in seq
 * order. Every node hears every persisted event (directly, or from other nodes on the node bus, nodeBus.ts).
 * A socket sends an event live only when it is the next seq; anything else (a gap because nodes raced, or events
 * arriving while a replay runs) makes it catch up from storage, which is the truth. So replay after `afterSeq` and
 * live events join without a gap or a duplicate.
 */
export function createSessionFanout(nodes: NodeBus, repo: () => RemoteRepo, log: FastifyBaseLogger) {
  const bySession = new Map<string, Set<Subscription>>();
  const bySocket = new Map<string, Map<string, Subscription>>();

  const { queue, flush, carry, takeForLive, inputNoticed } = storedBatches((sub) => isCurrent(sub));

  nodes.on(NODE_EVENT, (event) => deliverLocal(event));
  nodes.on(NODE_LIVE, (event) => deliverLiveLocal(event));
  nodes.on(NODE_FANOUT, (batch) => {
    for (const event of batch.live) deliverLiveLocal(event);
    for (const event of batch.stored) deliverLocal(event);
  });

  const toOthers = nodeOutbox(nodes);

  /**
   * An event before its commit, to the sockets that take events live. One catching up from storage, or not reading
   * what it was sent, skips it: it gets the stored copy in order anyway.
   */
  function deliverLiveLocal(event: LiveSessionEvent, exceptSocketId?: string): void {
    const subs = bySession.get(event.sessionId);
    if (!subs) return;
    for (const sub of subs) {
      if (sub.socket.id === exceptSocketId) continue;
      if (sub.replaying || isLagging(sub.socket)) continue;
      // Stored copies due to the window (notices mostly) ride in it, for a window that joined with `carriedLive`.
      const stored = takeForLive(sub);
      sub.socket.emit(WEB_PUSH.sessionLive, stored ? { ...event, stored } : event);
      sentLive(sub, event.eventId);
    }
  }

  function deliverLocal(event: SessionEvent): void {
    const subs = bySession.get(event.sessionId);
    if (!subs) return;
    for (const sub of subs) {
      if (sub.replaying) {
        sub.dirty = true;
      } else if (event.seq <= sub.lastSeq) {
        continue;
      } else if (isLagging(sub.socket)) {
        // A socket that has not taken what it was sent (backpressure.ts): it catches up from storage, paced.
        void catchUp(sub);
      } else if (event.seq === sub.lastSeq + 1) {
        deliverInOrder(sub, event, queue);
      } else if ((sub.ahead?.size ?? 0) < AHEAD_MAX) {
        // A gap: the missing events are usually a moment behind (see GAP_WAIT_MS); if not, storage has them.
        (sub.ahead ??= new Map()).set(event.seq, event);
        sub.gapTimer ??= setTimeout(() => void catchUp(sub), GAP_WAIT_MS);
      } else {
        void catchUp(sub);
      }
    }
  }

  const catchUp = (sub: Subscription) => catchUpFromStorage(sub, { repo, log, flush, isCurrent: (s) => isCurrent(s) });

  const isCurrent = (sub: Subscription) => bySocket.get(sub.socket.id)?.get(sub.sessionId) === sub && sub.socket.connected;

  function leave(socket: Socket, sessionId: string): void {
    const sub = bySocket.get(socket.id)?.get(sessionId);
    if (!sub) return;
    clearAhead(sub);
    // An input's ack waiting for the stored copies goes now (with them).
    if (sub.carrier) flush(sub);
    bySocket.get(socket.id)!.delete(sessionId);
    const subs = bySession.get(sessionId);
    subs?.delete(sub);
    if (subs && subs.size === 0) bySession.delete(sessionId);
  }

  return {
    /**
     * Subscribes the socket and replays everything after `afterSeq` (call after the join ack went out). `batches`:
     * stored events may go several to a `session:events`; `notices` (with batches): those the socket had live go as
     * notices (storedCopies.ts); `carried` (with batches): stored copies may ride in the ack of the socket's input
     * (`carry`); `carriedLive` (with carried and notices): in its live copies too (`takeForLive`).
     */
    async join(socket: Socket, sessionId: string, afterSeq: number, options: JoinOptions = {}): Promise<void> {
      leave(socket, sessionId);
      const sub = newSubscription(socket, sessionId, afterSeq, options);
      let mine = bySocket.get(socket.id);
      if (!mine) bySocket.set(socket.id, (mine = new Map()));
      mine.set(sessionId, sub);
      let subs = bySession.get(sessionId);
      if (!subs) bySession.set(sessionId, (subs = new Set()));
      subs.add(sub);
      await catchUp(sub);
    },
    leave,
    /**
     * Has the ack of the socket's input on the session (`send`) go out at the end of this turn with the stored copies
     * due to the socket by then (call before publishing the input's stored copy). False, and nothing done, when the
     * socket did not join the session with `carried`: the caller acks as usual. `input`: the event id of that input,
     * whose stored copy rides in the ack as a notice with its `at` for a window that joined with `ownNotices`.
     */
    carry(socket: Socket, sessionId: string, send: Carrier, input?: string): boolean {
      const sub = bySocket.get(socket.id)?.get(sessionId);
      if (!sub?.carried) return false;
      carry(sub, send, input);
      return true;
    },
    /**
     * The socket's input on the session, sent without an ack, is stored (`notice`): it hears so in its stored copies
     * (storedCopies.ts `inputNoticed`), or, not joined with `inputNotices` (any more), in a `session:events` now.
     */
    inputStored(socket: Socket, sessionId: string, notice: Required<StoredNotice>): void {
      const sub = bySocket.get(socket.id)?.get(sessionId);
      if (sub?.inputNotices) inputNoticed(sub, notice);
      else socket.emit(WEB_PUSH.sessionEvents, { sessionId, events: [], notices: [notice] });
    },
    leaveAll(socket: Socket): void {
      for (const sessionId of [...(bySocket.get(socket.id)?.keys() ?? [])]) leave(socket, sessionId);
      bySocket.delete(socket.id);
    },
    /** After an event was persisted: this node's sockets now, the other nodes on the node bus. */
    publish(event: SessionEvent): void {
      deliverLocal(event);
      if (nodes.clustered) toOthers('stored', event);
    },
    /**
     * Before an event is persisted (`session:live`, no seq): this node's sockets now, the other nodes on the node
     * bus. `exceptSocketId`: the window the event came from (it shows its own message already).
     */
    publishLive(event: LiveSessionEvent, exceptSocketId?: string): void {
      deliverLiveLocal(event, exceptSocketId);
      if (nodes.clustered) toOthers('live', event);
    },
    /** A live copy to this node's sockets only (another node sent it, or sends it, to the rest). */
    deliverLive: deliverLiveLocal,
    /** A stored event to this node's sockets only (another node publishes it to all: a repeat here is skipped by seq). */
    deliverStored: deliverLocal,
  };
}
export type SessionFanout = ReturnType<typeof createSessionFanout>;

/**
 * What goes to the other nodes is gathered for the rest of this turn and sent as one `remote:fanout` message: every
 * message is written to Redis and read by every node, so a commit of many events (many sessions' CLIs at once) costs
 * one message, not one per event.
 */
function nodeOutbox(nodes: NodeBus) {
  let outbox: NodeFanout | null = null;
  let bytes = 0;
  function send(): void {
    const batch = outbox;
    outbox = null;
    bytes = 0;
    if (batch && batch.live.length + batch.stored.length > 0) nodes.emit(NODE_FANOUT, batch);
  }
  function add(kind: 'live', event: LiveSessionEvent): void;
  function add(kind: 'stored', event: SessionEvent): void;
  function add(kind: 'live' | 'stored', event: LiveSessionEvent | SessionEvent): void {
    if (!outbox) {
      outbox = { live: [], stored: [] };
      setImmediate(send);
    }
    (outbox[kind] as Array<LiveSessionEvent | SessionEvent>).push(event);
    bytes += approxSize(event.body, NODE_FANOUT_BYTES);
    if (outbox.live.length + outbox.stored.length >= NODE_FANOUT_MAX || bytes >= NODE_FANOUT_BYTES) send();
  }
  return add;
}

/** How a window takes a session's stored copies (the `session:join` flags; see SessionFanout `join`). */
export type JoinOptions = Pick<SessionJoin, 'batches' | 'notices' | 'carried' | 'carriedLive' | 'ownNotices' | 'inputNotices'>;

/** A socket's subscription to a session, before its replay (storedCopies.ts Subscription). */
function newSubscription(socket: Socket, sessionId: string, afterSeq: number, options: JoinOptions): Subscription {
  const batches = options.batches === true;
  const notices = batches && options.notices === true;
  const carried = batches && options.carried === true;
  const ownNotices = carried && notices && options.ownNotices === true;
  const carriedLive = carried && notices && options.carriedLive === true;
  return {
    socket,
    sessionId,
    lastSeq: afterSeq,
    replaying: false,
    dirty: false,
    batches,
    liveSent: notices ? new Set() : null,
    queued: null,
    noticed: null,
    queuedBytes: 0,
    ahead: null,
    gapTimer: null,
    carried,
    carrier: null,
    carriedLive,
    ownNotices,
    ownInput: null,
    inputNotices: carriedLive && ownNotices && options.inputNotices === true,
    ownInputs: null,
  };
}

/** What a subscription's catch-up from storage needs of its fanout. */
interface CatchUpNeeds {
  repo: () => RemoteRepo;
  log: FastifyBaseLogger;
  /** Sends what the subscription has queued. */
  flush: (sub: Subscription) => void;
  isCurrent: (sub: Subscription) => boolean;
}

/**
 * Sends the subscription what storage holds after its last seq, page by page, paced to the socket, until it has all
 * (events published meanwhile only mark it `dirty`, so it reads again).
 */
async function catchUpFromStorage(sub: Subscription, { repo, log, flush, isCurrent }: CatchUpNeeds): Promise<void> {
  if (sub.replaying) {
    sub.dirty = true;
    return;
  }
  sub.replaying = true;
  // What was queued goes first: the replay continues after its last seq. Events waiting for a gap are in storage.
  clearAhead(sub);
  flush(sub);
  const pace = { sinceCheck: PACE_CHECK_BYTES };
  try {
    for (;;) {
      sub.dirty = false;
      const rows = await repo().eventsAfter(sub.sessionId, sub.lastSeq, REPLAY_PAGE);
      if (!isCurrent(sub)) return;
      const sent = await sendPage(sub, rows, pace, isCurrent);
      if (sent === 'gone') return;
      if (sent === 'gap' || (rows.length < REPLAY_PAGE && !sub.dirty)) break;
    }
  } catch (error) {
    log.error({ err: error, sessionId: sub.sessionId }, 'remote: replay failed');
  } finally {
    sub.replaying = false;
  }
}

/** Sends `event` (the socket's next seq), then whatever waited for it (`ahead`) in seq order. */
function deliverInOrder(sub: Subscription, event: SessionEvent, queue: (sub: Subscription, event: SessionEvent) => void): void {
  const deliver = (next: SessionEvent) => {
    sub.lastSeq = next.seq;
    if (sub.batches) queue(sub, next);
    else sub.socket.emit(WEB_PUSH.sessionEvent, next);
  };
  deliver(event);
  for (let next = sub.ahead?.get(sub.lastSeq + 1); next; next = sub.ahead?.get(sub.lastSeq + 1)) {
    sub.ahead!.delete(next.seq);
    deliver(next);
  }
  if (sub.ahead?.size === 0) clearAhead(sub);
}

function clearAhead(sub: Subscription): void {
  if (sub.gapTimer) clearTimeout(sub.gapTimer);
  sub.gapTimer = null;
  sub.ahead = null;
}
