import type { Socket } from 'socket.io-client';

import { bundleMessages, type EnginePacket } from '../protocol/bundles';
import { type Corkable, createEngineFlusher, type EngineConnection, HOLD_MS } from '../protocol/turnFlush';

/** The parts of engine.io-client's connection read here (not in its public types). */
interface ClientEngine extends EngineConnection {
  transport?: { name?: string; writable?: boolean; ws?: { _socket?: Corkable } };
  /** Packets queued, the first `prevBufferLen` of them handed to the transport and not yet drained. */
  writeBuffer?: EnginePacket[];
  prevBufferLen?: number;
  upgrading?: boolean;
}

/** Connections to a relay that takes bundles (its `cli:hello` ack said so). */
const bundled = new WeakSet<ClientEngine>();

/**
 * Bundles what the turn queued, when the relay takes them and engine.io-client is about to hand its whole buffer over:
 * while a write is in flight the buffer's head is packets already sent (taken off when the transport drains), which
 * must stay as they are, so then the turn's packets go as they are too.
 */
function bundleTurn(engine: ClientEngine): void {
  const buffer = engine.writeBuffer;
  if (!buffer || buffer.length < 2 || !bundled.has(engine)) return;
  if (engine.transport?.name !== 'websocket' || !engine.transport.writable || engine.upgrading || engine.prevBufferLen) return;
  engine.writeBuffer = bundleMessages(buffer);
}

const flusher = createEngineFlusher<ClientEngine>((engine) => engine.transport?.ws?._socket, undefined, HOLD_MS, bundleTurn);

/**
 * The CLI's socket writes once per turn (relay/protocol/turnFlush.ts): the ack of a command and the event that
 * answers it, or a burst of streamed events, go to the relay in one write. Every (re)connection opens a new engine.io
 * connection, adopted as it opens.
 */
export function coalesceWrites(socket: Socket): void {
  const adopt = () => flusher.adopt(socket.io.engine as unknown as ClientEngine);
  socket.io.on('open', adopt);
  if (socket.io.engine) adopt();
}

/** Runs `task` at the end of this turn, before the turn's packets are written: what it sends joins that write. */
export function beforeWrite(task: () => void): void {
  flusher.beforeFlush(task);
}

/**
 * The relay this connection reaches takes bundles (its `cli:hello` ack said so): from now on what a turn queues goes
 * in one message as well as one write. Called after each hello, as each reconnection opens a new connection.
 */
export function sendBundles(socket: Socket): void {
  if (socket.io.engine) bundled.add(socket.io.engine as unknown as ClientEngine);
}
