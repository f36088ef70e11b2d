import type { FastifyBaseLogger } from 'fastify';
import type { Server, Socket } from 'socket.io';

import { type Corkable, createEngineFlusher, type EngineConnection } from '../../protocol/turnFlush';

/** The parts of engine.io's server connection read here (not in its public types). */
interface ServerConnection extends EngineConnection {
  transport?: { name?: string; socket?: { _socket?: Corkable } };
}

/**
 * One socket write per connection and turn (relay/protocol/turnFlush.ts): shared by every relay hub in the process,
 * so a turn ends with one flush of everything queued in it.
 */
const flusher = createEngineFlusher<ServerConnection>(
  (conn) => conn.transport?.socket?._socket,
  (error) => errorLog?.error({ err: error }, 'remote: writing a turn’s packets failed'),
);
let errorLog: Pick<FastifyBaseLogger, 'error'> | null = null;

/** Every connection the server accepts from now on writes once per turn. */
export function coalesceWrites(io: Server, log: Pick<FastifyBaseLogger, 'error'>): void {
  errorLog = log;
  io.engine.on('connection', (conn: ServerConnection) => flusher.adopt(conn));
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
