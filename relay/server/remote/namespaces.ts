import type { Namespace, Socket } from 'socket.io';

import type {
  CliClientToServerEvents,
  CliServerToClientEvents,
  CliSocketData,
  InterServerEvents,
  WebClientToServerEvents,
  WebServerToClientEvents,
  WebSocketData,
} from '../../protocol';

/** `/cli` and `/web`, typed by the protocol's event maps (relay/protocol/remoteEvents.ts). */
export type CliNamespace = Namespace<CliClientToServerEvents, CliServerToClientEvents, InterServerEvents, CliSocketData>;
export type WebNamespace = Namespace<WebClientToServerEvents, WebServerToClientEvents, InterServerEvents, WebSocketData>;
export type CliServerSocket = Socket<CliClientToServerEvents, CliServerToClientEvents, InterServerEvents, CliSocketData>;
export type WebServerSocket = Socket<WebClientToServerEvents, WebServerToClientEvents, InterServerEvents, WebSocketData>;

export const userRoom = (userId: string) => `user:${userId}`;
export const instanceRoom = (instanceId: string) => `instance:${instanceId}`;
export const tokenRoom = (tokenId: string) => `cli-token:${tokenId}`;
