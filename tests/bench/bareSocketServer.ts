/**
 * The memory floor of tests/bench/memory.ts: a bare Socket.IO server with the relay's transport options (path,
 * maxHttpBufferSize, ping timings), nothing else, in its own process. Every `/cli` or `/web` socket gets one event
 * listener that acks. Started with `node --expose-gc --import tsx tests/bench/bareSocketServer.ts`; it sends
 * `{ port }` over IPC once listening and answers each IPC message with its memory after a full GC.
 */
import { createServer } from 'node:http';

import { Server } from 'socket.io';

import { CLI_NAMESPACE, PING_INTERVAL_MS, PING_TIMEOUT_MS, SOCKET_PATH, WEB_NAMESPACE } from '../../relay/protocol';

const http = createServer();
const io = new Server(http, {
  path: SOCKET_PATH,
  serveClient: false,
  maxHttpBufferSize: 2 * 1024 * 1024,
  pingInterval: PING_INTERVAL_MS,
  pingTimeout: PING_TIMEOUT_MS,
});
for (const nsp of [io.of(CLI_NAMESPACE), io.of(WEB_NAMESPACE)])
  nsp.on('connection', (socket) => socket.on('ping:bench', (_payload: unknown, ack: (answer: unknown) => void) => ack({ ok: true })));

http.listen(0, '127.0.0.1', () => {
  const address = http.address();
  process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
});
process.on('message', () => {
  global.gc?.();
  const { rss, heapUsed } = process.memoryUsage();
  process.send?.({ rss, heapUsed });
});
