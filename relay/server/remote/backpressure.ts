import type { FastifyBaseLogger } from 'fastify';
import type { Socket } from 'socket.io';

import { SLOW_CONSUMER_CLOSE_CODE, SLOW_CONSUMER_REASON } from '../../protocol/transport';
import type { WebNamespace } from './namespaces';
import { writeNow } from './writeCoalescing';

/**
 * Slow consumers (issue #15): a browser that stops reading must not grow the relay's memory without bound or hold
 * anyone else up. Socket.IO never blocks on a socket (emits queue per connection), so the risk is memory: what one
 * connection has not sent yet — engine.io's write buffer plus the WebSocket's own buffer. Two bounds:
 * - Pacing (fanout.ts): past half the cap a socket is "lagging"; session events for it are not queued but read from
 *   storage once it drained, so a slow but reading browser (a phone replaying a long session) is never dropped.
 * - The cap: a socket past it, or lagging without progress for `stallMs`, is a slow consumer. It leaves every room and
 *   session at once (nothing more is queued for it) and its WebSocket is closed with code 4008 and the reason below,
 *   sent after what is already queued (`ws` destroys the connection if the close is not answered within 30 s).
 * The browser reconnects and re-joins after the last seq it holds: it misses nothing (fanout.ts replays from storage).
 */
export { SLOW_CONSUMER_CLOSE_CODE, SLOW_CONSUMER_REASON };

/** The parts of engine.io's connection this reads (not in its public types). */
interface EngineConnection {
  writeBuffer?: Array<{ data?: unknown }>;
  transport?: {
    name?: string;
    socket?: { bufferedAmount?: number; close?(code: number, reason: string): void };
    on?(event: 'drain', listener: () => void): void;
    off?(event: 'drain', listener: () => void): void;
  };
  on(event: 'packetCreate', listener: (this: EngineConnection, packet: { data?: unknown }) => void): void;
  on(event: 'drain', listener: (this: EngineConnection) => void): void;
}

interface LimitOptions {
  limitBytes: number;
  stallMs: number;
  log: FastifyBaseLogger;
}
/** Per watched connection: the options (shared by all), its `/web` socket, and what it has queued. */
interface Limits {
  options: LimitOptions;
  socket: Socket;
  dropped: boolean;
  /** Bytes in engine.io's write buffer, kept as packets are queued and flushed (so reading it is O(1)). */
  queued: number;
}
/** Keyed by the engine.io connection, so the two listeners below are shared by every connection (found by `this`). */
const limitsOf = new WeakMap<object, Limits>();

const sizeOf = (data: unknown): number =>
  typeof data === 'string' ? Buffer.byteLength(data) : data instanceof ArrayBuffer || ArrayBuffer.isView(data) ? data.byteLength : 0;
const engineOf = (socket: Pick<Socket, 'conn'>) => socket.conn as unknown as EngineConnection;

/** engine.io empties its write buffer into the transport on every flush, then emits 'drain'. */
function onDrain(this: EngineConnection): void {
  const limits = limitsOf.get(this);
  if (limits) limits.queued = 0;
}

function onPacketCreate(this: EngineConnection, packet: { data?: unknown }): void {
  const limits = limitsOf.get(this);
  if (!limits) return;
  limits.queued += sizeOf(packet.data);
  if (!limits.dropped && limits.queued + (this.transport?.socket?.bufferedAmount ?? 0) > limits.options.limitBytes)
    dropSlowConsumer(limits.socket);
}

/** Bytes this socket's connection holds that the peer has not taken yet (O(1) on a socket limitOutgoing watches). */
export function pendingBytes(socket: Pick<Socket, 'conn'>): number {
  const conn = engineOf(socket);
  let queued = limitsOf.get(conn)?.queued;
  if (queued === undefined) {
    queued = 0;
    for (const packet of conn.writeBuffer ?? []) queued += sizeOf(packet.data);
  }
  return queued + (conn.transport?.socket?.bufferedAmount ?? 0);
}

/** Past half the cap: the fan-out stops queuing session events for it until it drained (false without a cap). */
export function isLagging(socket: Pick<Socket, 'conn'>): boolean {
  const limits = limitsOf.get(socket.conn);
  return limits !== undefined && pendingBytes(socket) > limits.options.limitBytes / 2;
}

/** Resolves once the socket is no longer lagging or is gone; a socket stuck for `stallMs` is dropped as slow. */
export function whenDrained(socket: Socket): Promise<void> {
  const limits = limitsOf.get(socket.conn);
  const transport = engineOf(socket).transport;
  if (!limits || !transport?.on || !isLagging(socket)) return Promise.resolve();
  const { stallMs } = limits.options;
  return new Promise((resolve) => {
    let timer = setTimeout(stalled, stallMs);
    function done(): void {
      clearTimeout(timer);
      transport!.off?.('drain', progress);
      socket.off('disconnect', done);
      resolve();
    }
    function progress(): void {
      if (!socket.connected || !isLagging(socket)) return done();
      clearTimeout(timer);
      timer = setTimeout(stalled, stallMs);
    }
    function stalled(): void {
      dropSlowConsumer(socket);
      done();
    }
    transport.on!('drain', progress);
    socket.once('disconnect', done);
  });
}

function dropSlowConsumer(socket: Socket): void {
  const limits = limitsOf.get(socket.conn);
  if (!limits || limits.dropped) return;
  limits.dropped = true;
  limits.options.log.warn(
    { socket: socket.id, user: socket.data.userId, pendingBytes: pendingBytes(socket) },
    'remote: slow consumer disconnected',
  );
  const transport = engineOf(socket).transport;
  const ws = transport?.name === 'websocket' ? transport.socket : undefined;
  // Leave rooms and sessions now (the hub's disconnect listeners run); the close frame follows the queued data.
  socket.disconnect(false);
  // What waits for the end of the turn (writeCoalescing.ts) goes to the WebSocket before its close frame.
  writeNow(socket);
  if (ws?.close) ws.close(SLOW_CONSUMER_CLOSE_CODE, SLOW_CONSUMER_REASON);
  else socket.conn.close();
}

/** Caps what each browser socket may hold unsent (SOCKET_BUFFER_LIMIT_BYTES). */
export function limitOutgoing(web: WebNamespace, options: LimitOptions): void {
  const shared: LimitOptions = { limitBytes: options.limitBytes, stallMs: options.stallMs, log: options.log };
  web.on('connection', (socket) => {
    const conn = engineOf(socket);
    // What is already queued (the connect packet) before this listener saw anything.
    const limits: Limits = { options: shared, socket, dropped: false, queued: 0 };
    for (const packet of conn.writeBuffer ?? []) limits.queued += sizeOf(packet.data);
    limitsOf.set(conn, limits);
    conn.on('drain', onDrain);
    conn.on('packetCreate', onPacketCreate);
  });
}
