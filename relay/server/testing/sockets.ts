/**
 * Socket.IO clients of a relay as the CLI and the PWA open them, for tests and benchmarks: nothing here depends on a
 * test runner (remoteClients.ts re-exports it with the vitest helpers; the Playwright specs import it directly).
 */
import { randomUUID } from 'node:crypto';

import { io, type Socket } from 'socket.io-client';

import { CLI_NAMESPACE, REMOTE_PROTOCOL_VERSION, WEB_NAMESPACE } from '../../protocol';
import { WIRE_QUERY, wireParser } from '../../protocol/wireParser';

/** Where the sockets connect: `http://host:port` of a relay. */
type Relay = { url: string };

/** As the CLI and the PWA open them: WebSocket only, JSON packets (wireParser), bundles taken. */
const options = { transports: ['websocket'], reconnection: false, forceNew: true, timeout: 5000, parser: wireParser, query: WIRE_QUERY };

/**
 * Connects and resolves once connected, or rejects with the connect_error message. A socket already connecting (made
 * by a Manager with `autoConnect`) is not connected again: a second `connect()` would send a second CONNECT packet for
 * its namespace, and the relay closes the connection on it once it has accepted the first.
 */
export function connect(socket: Socket): Promise<Socket> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => reject(error));
    if (!socket.active) socket.connect();
  });
}

export const cliSocket = (relay: Relay, token: string, instanceId: string = randomUUID(), extra: Record<string, unknown> = {}) =>
  io(relay.url + CLI_NAMESPACE, {
    ...options,
    autoConnect: false,
    auth: { token, instanceId, protocolVersion: REMOTE_PROTOCOL_VERSION, ...extra },
  });

export const webSocket = (relay: Relay, jwt: string, windowId: string = randomUUID(), extraHeaders?: Record<string, string>) =>
  io(relay.url + WEB_NAMESPACE, {
    ...options,
    autoConnect: false,
    auth: { token: jwt, windowId, protocolVersion: REMOTE_PROTOCOL_VERSION },
    ...(extraHeaders && { extraHeaders }),
  });

export const cliEnv = (cwd = '/home/me/project') => ({
  platform: 'linux',
  hostname: 'devbox',
  cwd,
  nodeVersion: 'v22.0.0',
  cliVersion: '0.1.0',
  startedAt: new Date().toISOString(),
});
