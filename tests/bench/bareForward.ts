import type { Namespace, Socket } from 'socket.io';

/**
 * The bare relay of the Socket.IO floors: a `/web` socket's `ping:out` goes to the `/cli` socket of the same
 * `auth.pair` as `ping:in`, and that socket's ack answers the browser. Nothing stored, nothing checked. Used in this
 * process (floors.ts) and in a child of its own (bareSocketServer.ts, which imports nothing else of the bench).
 */
export function forwardPings(cli: Namespace, web: Namespace): void {
  const clis = new Map<string, Socket>();
  cli.on('connection', (socket) => {
    const pair = String(socket.handshake.auth.pair);
    clis.set(pair, socket);
    socket.on('disconnect', () => clis.get(pair) === socket && clis.delete(pair));
  });
  web.on('connection', (socket) => {
    const pair = String(socket.handshake.auth.pair);
    socket.on('ping:out', (payload: unknown, ack: (answer: unknown) => void) => {
      clis.get(pair)?.emit('ping:in', payload, (answer: unknown) => ack(answer));
    });
  });
}
