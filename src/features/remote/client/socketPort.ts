import { io } from 'socket.io-client';

import { REMOTE_PROTOCOL_VERSION, SOCKET_PATH, WEB_NAMESPACE } from '../../../../relay/protocol/remote';
import { API_BASE } from '../../../shared/api/config';
import type { SocketPort } from './remoteStore';

/**
 * The real Socket.IO client for `/web`. Reconnection is the store's job (attempt counter, wake on foreground), so the
 * manager's own is off. The handshake reads the token on every attempt, so a refreshed sign-in is picked up.
 */
export function createWebSocketPort(getAuth: () => { token: string; windowId: string } | null): SocketPort {
  const origin = API_BASE.startsWith('http') ? API_BASE : location.origin;
  const socket = io(origin + WEB_NAMESPACE, {
    path: SOCKET_PATH,
    autoConnect: false,
    reconnection: false,
    auth: (cb) => {
      const auth = getAuth();
      cb(auth ? { ...auth, protocolVersion: REMOTE_PROTOCOL_VERSION } : {});
    },
  });
  return {
    get connected() {
      return socket.connected;
    },
    connect: () => void socket.connect(),
    disconnect: () => void socket.disconnect(),
    on(event, listener) {
      socket.on(event, listener as (...args: unknown[]) => void);
    },
    request: (event, payload, timeoutMs) => socket.timeout(timeoutMs).emitWithAck(event, payload),
  };
}
