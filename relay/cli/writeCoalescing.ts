import type { Socket } from 'socket.io-client';

import { type Corkable, createEngineFlusher, type EngineConnection } from '../protocol/turnFlush';

/** The parts of engine.io-client's connection read here (not in its public types). */
interface ClientEngine extends EngineConnection {
  transport?: { name?: string; ws?: { _socket?: Corkable } };
}

const flusher = createEngineFlusher<ClientEngine>((engine) => engine.transport?.ws?._socket);

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
