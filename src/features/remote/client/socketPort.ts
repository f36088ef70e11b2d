import { io, type Socket, type SocketReservedEvents } from 'socket.io-client';

import { INPUT_REFUSED } from '#protocol/inputNotices';
import { WINDOW_VISIBILITY_EVENT } from '#protocol/push';
import { REMOTE_PROTOCOL_VERSION, SOCKET_PATH, WEB_EVENTS, WEB_NAMESPACE, WEB_PUSH } from '#protocol/remote';
import type { WebClientToServerEvents, WebEventName, WebServerToClientEvents } from '#protocol/remoteEvents';
import { WIRE_QUERY, wireParser } from '#protocol/wireParser';

import { API_BASE } from '../../../shared/api/config';
import type { WebAck, WebPayload } from './acks';

/** What the store listens to: the relay's pushes and Socket.IO's own connect, connect_error and disconnect. */
export type PortEvents = WebServerToClientEvents & Pick<SocketReservedEvents, 'connect' | 'connect_error' | 'disconnect'>;
export type PortEventName = keyof PortEvents;

/** What the store needs from a Socket.IO client, typed by event name (the real one is adapted below). */
export interface SocketPort {
  readonly connected: boolean;
  connect(): void;
  /** Closes the transport; `disconnect` then fires with reason 'io client disconnect'. */
  disconnect(): void;
  on<E extends PortEventName>(event: E, listener: PortEvents[E]): void;
  /**
   * Emits with an ack; rejects on timeout. The answer is typed by the contract but is what the relay sent: the store
   * still checks it (acks.ts), since a relay can be older or newer than this page.
   */
  request<E extends WebEventName>(event: E, payload: WebPayload<E>, timeoutMs: number): Promise<WebAck<E>>;
  /**
   * Emits a `session:input` without an ack, to a session joined with input notices (relay/protocol/inputNotices.ts):
   * the relay answers it in the stored copies, or with `session:refused`.
   */
  notifyInput(payload: WebPayload<'session:input'>): void;
}

export type WebSocket = Socket<WebServerToClientEvents, WebClientToServerEvents>;

type Emitters = { [E in WebEventName]: (payload: WebPayload<E>, timeoutMs: number) => Promise<WebAck<E>> };
type Subscribers = { [E in PortEventName]: (listener: PortEvents[E]) => void };

/**
 * One emitter and one subscriber per event name: Socket.IO's typed `emitWithAck`/`on` take literal names, so a generic
 * name is routed through these tables (a new event in the contract fails tsc here until it is added).
 */
function typedRoutes(socket: WebSocket): { emit: Emitters; subscribe: Subscribers } {
  const emit: Emitters = {
    [WEB_EVENTS.instancesList]: (p, ms) => socket.timeout(ms).emitWithAck(WEB_EVENTS.instancesList, p),
    [WEB_EVENTS.instanceAttach]: (p, ms) => socket.timeout(ms).emitWithAck(WEB_EVENTS.instanceAttach, p),
    [WEB_EVENTS.instanceDetach]: (p, ms) => socket.timeout(ms).emitWithAck(WEB_EVENTS.instanceDetach, p),
    [WEB_EVENTS.sessionCreate]: (p, ms) => socket.timeout(ms).emitWithAck(WEB_EVENTS.sessionCreate, p),
    [WEB_EVENTS.sessionJoin]: (p, ms) => socket.timeout(ms).emitWithAck(WEB_EVENTS.sessionJoin, p),
    [WEB_EVENTS.sessionHistory]: (p, ms) => socket.timeout(ms).emitWithAck(WEB_EVENTS.sessionHistory, p),
    [WEB_EVENTS.sessionLeave]: (p, ms) => socket.timeout(ms).emitWithAck(WEB_EVENTS.sessionLeave, p),
    [WEB_EVENTS.sessionInput]: (p, ms) => socket.timeout(ms).emitWithAck(WEB_EVENTS.sessionInput, p),
    [WEB_EVENTS.sessionPermission]: (p, ms) => socket.timeout(ms).emitWithAck(WEB_EVENTS.sessionPermission, p),
    [WEB_EVENTS.sessionInterrupt]: (p, ms) => socket.timeout(ms).emitWithAck(WEB_EVENTS.sessionInterrupt, p),
    [WEB_EVENTS.sessionSettings]: (p, ms) => socket.timeout(ms).emitWithAck(WEB_EVENTS.sessionSettings, p),
    [WEB_EVENTS.sessionRename]: (p, ms) => socket.timeout(ms).emitWithAck(WEB_EVENTS.sessionRename, p),
    [WEB_EVENTS.sessionDelete]: (p, ms) => socket.timeout(ms).emitWithAck(WEB_EVENTS.sessionDelete, p),
    [WEB_EVENTS.sessionModel]: (p, ms) => socket.timeout(ms).emitWithAck(WEB_EVENTS.sessionModel, p),
    [WEB_EVENTS.sessionsSearch]: (p, ms) => socket.timeout(ms).emitWithAck(WEB_EVENTS.sessionsSearch, p),
    [WINDOW_VISIBILITY_EVENT]: (p, ms) => socket.timeout(ms).emitWithAck(WINDOW_VISIBILITY_EVENT, p),
  };
  const subscribe: Subscribers = {
    connect: (l) => void socket.on('connect', l),
    connect_error: (l) => void socket.on('connect_error', l),
    disconnect: (l) => void socket.on('disconnect', l),
    [WEB_PUSH.instanceUpdated]: (l) => void socket.on(WEB_PUSH.instanceUpdated, l),
    [WEB_PUSH.sessionUpdated]: (l) => void socket.on(WEB_PUSH.sessionUpdated, l),
    [WEB_PUSH.sessionEvent]: (l) => void socket.on(WEB_PUSH.sessionEvent, l),
    [WEB_PUSH.sessionLive]: (l) => void socket.on(WEB_PUSH.sessionLive, l),
    [WEB_PUSH.sessionEvents]: (l) => void socket.on(WEB_PUSH.sessionEvents, l),
    [WEB_PUSH.sessionDeleted]: (l) => void socket.on(WEB_PUSH.sessionDeleted, l),
    [WEB_PUSH.workspaceLost]: (l) => void socket.on(WEB_PUSH.workspaceLost, l),
    [WEB_PUSH.authRevoked]: (l) => void socket.on(WEB_PUSH.authRevoked, l),
    [INPUT_REFUSED]: (l) => void socket.on(INPUT_REFUSED, l),
  };
  return { emit, subscribe };
}

/**
 * The real Socket.IO client for `/web`. Reconnection is the store's job (attempt counter, wake on foreground), so the
 * manager's own is off. The handshake reads the token on every attempt, so a refreshed sign-in is picked up.
 */
export function createWebSocketPort(getAuth: () => { token: string; windowId: string } | null): SocketPort {
  const origin = API_BASE.startsWith('http') ? API_BASE : location.origin;
  const socket: WebSocket = io(origin + WEB_NAMESPACE, {
    path: SOCKET_PATH,
    autoConnect: false,
    reconnection: false,
    parser: wireParser,
    // The relay may send several packets in one message: wireParser's decoder splits them.
    query: WIRE_QUERY,
    auth: (cb) => {
      const auth = getAuth();
      cb(auth ? { ...auth, protocolVersion: REMOTE_PROTOCOL_VERSION } : {});
    },
  });
  const { emit, subscribe } = typedRoutes(socket);
  reportVisibility(socket);
  return {
    get connected() {
      return socket.connected;
    },
    connect: () => void socket.connect(),
    disconnect: () => void socket.disconnect(),
    on: (event, listener) => subscribe[event](listener),
    request: (event, payload, timeoutMs) => emit[event](payload, timeoutMs),
    // The contract types every event with its ack; this one goes without (the relay answers it another way).
    notifyInput: (payload) => void (socket.emit as (event: string, payload: unknown) => void)(WEB_EVENTS.sessionInput, payload),
  };
}

/**
 * Push notifications (docs/push.md): the window tells the relay whether it is visible, on every (re)connect and each
 * time that changes. Only a visible window counts as someone watching; a hidden or backgrounded one gets pushes.
 */
function reportVisibility(socket: WebSocket): void {
  if (typeof document === 'undefined') return;
  const report = () => {
    if (socket.connected) socket.emit(WINDOW_VISIBILITY_EVENT, { visible: document.visibilityState === 'visible' }, () => undefined);
  };
  socket.on('connect', report);
  document.addEventListener('visibilitychange', report);
}
