/**
 * The floor of the benchmarks that run a relay in its own process: a bare Socket.IO server with the relay's transport
 * options (path, maxHttpBufferSize, ping timings), nothing else. Every `/cli` or `/web` socket gets one event listener
 * that acks (tests/bench/memory.ts), and with BARE_FORWARD=1 a `/web` socket's `ping:out` is forwarded to the `/cli` socket of the same
 * `auth.pair` as `ping:in`, its ack answering the browser (the round trip of tests/bench/floors.ts, for
 * relayProcesses.ts). Started with `node --expose-gc --import tsx tests/bench/bareSocketServer.ts`; it sends `{ port }`
 * over IPC once listening, answers `'cpu'` with its `process.cpuUsage()` and any other message with its memory after a
 * full GC.
 */
import { createServer } from 'node:http';

import { Server } from 'socket.io';

import { CLI_NAMESPACE, PING_INTERVAL_MS, PING_TIMEOUT_MS, SOCKET_PATH, WEB_NAMESPACE } from '../../relay/protocol';
import { forwardPings } from './bareForward';

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
// Only for relayProcesses.ts (BARE_FORWARD=1): memory.ts measures the server with one listener per socket, as before.
if (process.env.BARE_FORWARD) forwardPings(io.of(CLI_NAMESPACE), io.of(WEB_NAMESPACE));

http.listen(0, '127.0.0.1', () => {
  const address = http.address();
  process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
});
process.on('message', (message: unknown) => {
  if (message === 'cpu') {
    process.send?.(process.cpuUsage());
    return;
  }
  global.gc?.();
  const { rss, heapUsed } = process.memoryUsage();
  process.send?.({ rss, heapUsed });
});
