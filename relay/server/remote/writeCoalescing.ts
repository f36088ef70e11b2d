import type { FastifyBaseLogger } from 'fastify';
import type { Server, Socket } from 'socket.io';

import { bundleMessages, type EnginePacket } from '../../protocol/bundles';
import { type Corkable, createEngineFlusher, type EngineConnection, HOLD_MS } from '../../protocol/turnFlush';
import { WIRE_QUERY } from '../../protocol/wireParser';

/** The parts of engine.io's server connection read here (not in its public types). */
interface ServerConnection extends EngineConnection {
  transport?: { name?: string; socket?: { _socket?: Corkable } };
  /** What `flush()` hands to the transport, whole, and empties. */
  writeBuffer?: EnginePacket[];
  /** The connection's first request; engine.io parses its query into `_query`. */
  request?: { _query?: Record<string, unknown> };
}

/** Connections whose client asked for bundles (WIRE_QUERY): its decoder splits them. */
const bundled = new WeakSet<ServerConnection>();

/**
 * Bundles the turn's packets for a client that takes them. WebSocket only: engine.io's long-polling payloads separate
 * their packets with the same character, so a bundle sent that way would be read as several engine.io packets.
 */
function bundleTurn(conn: ServerConnection): void {
  const buffer = conn.writeBuffer;
  if (!buffer || buffer.length < 2 || !bundled.has(conn) || conn.transport?.name !== 'websocket') return;
  conn.writeBuffer = bundleMessages(buffer);
}

/**
 * One socket write per connection and turn (relay/protocol/turnFlush.ts): shared by every relay hub in the process,
 * so a turn ends with one flush of everything queued in it, in bundles for a client that takes them.
 */
const flusher = createEngineFlusher<ServerConnection>(
  (conn) => conn.transport?.socket?._socket,
  (error) => errorLog?.error({ err: error }, 'remote: writing a turn’s packets failed'),
  HOLD_MS,
  bundleTurn,
);
let errorLog: Pick<FastifyBaseLogger, 'error'> | null = null;

/** Every connection the server accepts from now on writes once per turn, in bundles if its client asked for them. */
export function coalesceWrites(io: Server, log: Pick<FastifyBaseLogger, 'error'>): void {
  errorLog = log;
  io.engine.on('connection', (conn: ServerConnection) => {
    flusher.adopt(conn);
    if (conn.request?._query?.wire === WIRE_QUERY.wire) bundled.add(conn);
  });
}

/**
 * Writes what this turn holds for the socket now (or for every socket, without one): before closing a connection in
 * a way that drops its write buffer (engine.io's close of the whole server, a raw WebSocket close).
 */
export function writeNow(socket?: Pick<Socket, 'conn'>): void {
  flusher.flushNow(socket && (socket.conn as unknown as ServerConnection));
}

/** Whether the socket's connection has a write coming: packets going out at the end of this turn, or held for its next write. */
export const writeComing = (socket: Pick<Socket, 'conn'>): boolean => flusher.pending(socket.conn as unknown as ServerConnection);

/** Runs `task` at the end of this turn, just before the turn's packets are written (what it emits joins them). */
export const atEndOfTurn = (task: () => void): void => flusher.beforeFlush(task);

/**
 * Runs `send`, holding what it queues for a socket not written this turn anyway until that socket's next write (HOLD_MS
 * at most): for what the other side does not wait on to show anything (a browser's input ack, stored copies of events
 * its window shows live). Under load they ride along with the next live copy instead of costing a write of their own.
 */
export const lazily = <T>(send: () => T): T => flusher.lazily(send);
