/**
 * One socket write per connection and turn of the event loop (issue #15, docs/performance.md, "What was built").
 *
 * engine.io (server) and engine.io-client hand each packet to the WebSocket as soon as it is queued, and `ws` writes
 * every frame with its own system call, which also wakes the reader. On loopback such a write costs ~10-15 µs of CPU
 * here, more than anything else in a round trip. A connection adopted here has its `flush()` (which engine.io calls
 * for every packet queued) wait for the end of the current turn (`setImmediate`: after the I/O callbacks of this
 * loop iteration, before the loop waits again), and then hands everything queued in the turn to the transport with
 * the TCP socket corked: all the frames go out in one `writev`. What a turn queues for one socket, such as a commit's
 * acks, or a CLI's command ack with the event it answers, costs one write instead of one each.
 *
 * Packets keep their order, nothing is held past the turn, and a connection on another transport (HTTP long-polling
 * while a browser upgrades) flushes as before. This reads two things that are not in the libraries' public types:
 * the engine connection's own `flush` method (on its prototype) and the TCP socket under the `ws` WebSocket
 * (`_socket`); without the latter the frames still go out together, only in as many writes as before.
 * relay/server/remote/writeCoalescing.int.test.ts counts the writes on real sockets.
 *
 * Packets queued inside `lazily` (bookkeeping the other side does not wait on: a browser's input ack, the stored copies
 * of events its window shows live) are held instead, up to `holdMs`, for the next write the connection gets anyway: a
 * live copy, a command. Under load that is one write per round instead of two; an idle connection gets them when the
 * hold ends. Held packets stay in engine.io's write buffer, so order is kept: a later write takes them along.
 *
 * Node only (setImmediate): the relay and the CLI use it; the PWA does not.
 */

/**
 * How long packets queued `lazily` wait at most for a write the connection gets anyway: the window stored copies are
 * gathered over (relay/server/remote/storedCopies.ts STORED_FLUSH_MS).
 */
export const HOLD_MS = 50;

/** The part of a TCP socket used here. */
export interface Corkable {
  cork(): void;
  uncork(): void;
}

/**
 * engine.io's connection on either side (server Socket, engine.io-client Socket): `flush()` hands its write buffer to
 * the transport; its packets may wait for the end of the turn while that transport is a WebSocket.
 */
export interface EngineConnection {
  flush(): void;
  transport?: { name?: string };
  /** The packets queued for the transport (both sides have it; not in their public types). */
  writeBuffer?: readonly unknown[];
}

export interface TurnFlusher<C extends EngineConnection> {
  /** From now on the connection's packets go out together at the end of each turn. */
  adopt(conn: C): void;
  /** Whether the connection has packets waiting for this turn's write, or held for a later one (`lazily`). */
  pending(conn: C): boolean;
  /**
   * Runs `send`; the packets it queues on a connection not written this turn anyway are held for the connection's next
   * write, HOLD_MS at most.
   */
  lazily<T>(send: () => T): T;
  /** Runs `task` at the end of this turn, before the connections are flushed: what it sends joins their writes. */
  beforeFlush(task: () => void): void;
  /**
   * Writes what waits for the end of the turn now: one connection's packets, or (without `conn`) everything the turn
   * holds, end-of-turn tasks included. For whoever closes a connection with packets queued (a close that discards the
   * write buffer would lose them).
   */
  flushNow(conn?: C): void;
}

/**
 * `netSocket` reaches the TCP socket under that side's WebSocket; `onError` is told of an end-of-turn task or flush
 * that threw (the rest of the turn is still written), console.error by default; `beforeWrite` runs just before a
 * connection's packets are handed to its WebSocket (the relay bundles them there: writeCoalescing.ts).
 */
export function createEngineFlusher<C extends EngineConnection>(
  netSocket: (conn: C) => Corkable | undefined,
  onError: (error: unknown) => void = (error) => console.error('turn flush failed', error),
  holdMs = HOLD_MS,
  beforeWrite?: (conn: C) => void,
): TurnFlusher<C> {
  const realFlushes = new WeakMap<object, (this: C) => void>();
  let due = new Set<C>();
  let tasks: Array<() => void> = [];
  let scheduled = false;
  /**
   * Connections with packets held (`lazily`), until their next write or their hold's end (the time here), oldest
   * first: each is held from its first held packet, so the map's order is the order of the deadlines.
   */
  const held = new Map<C, number>();
  let holdTimer: ReturnType<typeof setTimeout> | null = null;
  /** Inside `lazily`: flushes hold rather than schedule. */
  let lazy = 0;

  const realFlush = (conn: C) => realFlushes.get(Object.getPrototypeOf(conn) as object)!.call(conn);

  function write(conn: C): void {
    held.delete(conn);
    const socket = netSocket(conn);
    socket?.cork();
    try {
      beforeWrite?.(conn);
      realFlush(conn);
    } catch (error) {
      onError(error);
    } finally {
      socket?.uncork();
    }
  }

  function endOfTurn(): void {
    scheduled = false;
    const now = tasks;
    tasks = [];
    for (const task of now) {
      try {
        task();
      } catch (error) {
        onError(error);
      }
    }
    // Taken whole: a connection that queues again while this turn is written (a 'drain' listener) waits for the next.
    const conns = due;
    due = new Set();
    for (const conn of conns) write(conn);
  }

  function schedule(): void {
    if (scheduled) return;
    scheduled = true;
    setImmediate(endOfTurn);
  }

  /** Wakes up at the oldest hold's end (one timer for every held connection). */
  function timeHolds(): void {
    const first = held.values().next();
    if (first.done) return;
    holdTimer = setTimeout(endOfHolds, Math.max(0, first.value - performance.now()));
    holdTimer.unref?.();
  }

  /** Holds that ended: what they kept goes out with this turn's writes. */
  function endOfHolds(): void {
    holdTimer = null;
    const now = performance.now();
    for (const [conn, until] of held) {
      if (until > now) break;
      held.delete(conn);
      due.add(conn);
    }
    if (due.size > 0) schedule();
    timeHolds();
  }

  function hold(conn: C): void {
    if (held.has(conn)) return;
    held.set(conn, performance.now() + holdMs);
    if (!holdTimer) timeHolds();
  }

  /** Installed as each adopted connection's own `flush` (one function for all of them). */
  function deferredFlush(this: C): void {
    if (this.transport?.name !== 'websocket') return realFlush(this);
    // engine.io asks for a flush each time its transport is ready for more, after every write: with nothing queued
    // there is nothing to write (about two of these a round trip, each a write of nothing at the end of the turn).
    if (this.writeBuffer?.length === 0) return;
    if (lazy > 0 && !due.has(this)) return hold(this);
    due.add(this);
    schedule();
  }

  return {
    adopt(conn) {
      const proto = Object.getPrototypeOf(conn) as object & { flush?: (this: C) => void };
      if (typeof proto.flush !== 'function') return;
      if (!realFlushes.has(proto)) realFlushes.set(proto, proto.flush);
      conn.flush = deferredFlush;
    },
    pending: (conn) => due.has(conn) || held.has(conn),
    lazily(send) {
      lazy++;
      try {
        return send();
      } finally {
        lazy--;
      }
    },
    beforeFlush(task) {
      tasks.push(task);
      schedule();
    },
    flushNow(conn) {
      if (!conn) {
        for (const c of held.keys()) due.add(c);
        held.clear();
        return endOfTurn();
      }
      if (due.delete(conn) || held.has(conn)) write(conn);
    },
  };
}
