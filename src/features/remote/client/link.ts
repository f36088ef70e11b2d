import { handshakeErrorDataSchema, WEB_PUSH } from '#protocol/remote';
import { isSlowConsumerClose } from '#protocol/transport';

import { backoffMs, type ConnectionEvent, type ConnectionState } from '../model/connection';
import type { RefusedHandshakeCode } from '../model/remoteState';
import type { SocketPort } from './socketPort';

export type HandshakeFailure = { kind: 'unauthorized' } | { kind: 'refused'; code: RefusedHandshakeCode } | { kind: 'transient' };

/** How a refused Socket.IO handshake is handled, by the relay's `err.data.code` (docs/protocol.md), never its message. */
export function handshakeFailure(error: unknown): HandshakeFailure {
  const parsed = handshakeErrorDataSchema.safeParse((error as { data?: unknown } | null)?.data);
  if (!parsed.success) return { kind: 'transient' };
  const { code } = parsed.data;
  if (code === 'UNAUTHORIZED') return { kind: 'unauthorized' };
  // INTERNAL (a relay fault) is worth retrying; these three never fix themselves.
  if (code === 'ORIGIN_NOT_ALLOWED' || code === 'BAD_HANDSHAKE' || code === 'PROTOCOL_VERSION') return { kind: 'refused', code };
  return { kind: 'transient' };
}

export interface LinkOptions {
  createSocket: () => SocketPort;
  schedule: (fn: () => void, ms: number) => unknown;
  cancel: (handle: unknown) => void;
  random?: () => number;
  isOnline: () => boolean;
  connection: () => ConnectionState;
  dispatch: (event: ConnectionEvent) => void;
  /** Adds the store's push listeners to a new socket. */
  listen: (socket: SocketPort) => void;
  /** The link is up (again). */
  up: () => void;
  /** The link dropped or a connect attempt failed; a retry is scheduled right after. */
  down: () => void;
  /** The relay refused the handshake for good (the socket is closed after this). */
  refused: (code: RefusedHandshakeCode) => void;
  /** The sign-in is no longer valid (handshake 401 or `auth:revoked`). */
  unauthorized: () => void;
}

/**
 * The socket's lifecycle (spec §4, §8): connect, retry with backoff after a drop, retry at once on a wake-up, and stop
 * for good when the relay refuses the handshake or the sign-in. The manager's own reconnection is off.
 */
export function createLink(options: LinkOptions) {
  let socket: SocketPort | null = null;
  let retryTimer: unknown = null;
  let stopped = false;
  /**
   * A connect attempt is under way: `connect()` was called and neither `connect`, `connect_error` nor `disconnect` has
   * answered it yet. A second `connect()` then would send the relay a second CONNECT packet for `/web` on the same
   * connection (Socket.IO's client sends one per call once its connection is open), which the relay answers by closing
   * the whole connection when it has already accepted the first, or by a second server-side socket when it has not.
   */
  let attempting = false;

  function attempt(s: SocketPort): void {
    attempting = true;
    s.connect();
  }

  function cancelRetry(): void {
    if (retryTimer !== null) options.cancel(retryTimer);
    retryTimer = null;
  }

  function scheduleRetry(): void {
    if (stopped || retryTimer !== null) return;
    const connection = options.connection();
    const attempt = connection.status === 'reconnecting' ? connection.attempt + 1 : 1;
    const delay = backoffMs(attempt, options.random);
    retryTimer = options.schedule(() => {
      retryTimer = null;
      reconnectNow();
    }, delay);
    options.dispatch({ type: 'scheduled', at: Date.now() + delay });
  }

  /** Retries now, unless an attempt is already under way (a wake-up then waits for it). */
  function reconnectNow(): void {
    if (stopped || !socket || socket.connected || attempting) return;
    cancelRetry();
    options.dispatch({ type: 'retry' });
    attempt(socket);
  }

  function lost(slow = false): void {
    options.dispatch({ type: 'lost', offline: !options.isOnline(), ...(slow && { slow: true as const }) });
    options.down();
    scheduleRetry();
  }

  function end(event: ConnectionEvent): void {
    stopped = true;
    cancelRetry();
    options.dispatch(event);
  }

  function unauthorized(revoked: boolean): void {
    end({ type: revoked ? 'revoked' : 'unauthorized' });
    socket?.disconnect();
    options.unauthorized();
  }

  /** The user stays signed in; retrying cannot help, so the console stops and offers a reload. */
  function refused(code: RefusedHandshakeCode): void {
    end({ type: 'refused' });
    options.refused(code);
    socket?.disconnect();
  }

  function wire(s: SocketPort): void {
    s.on('connect', () => {
      attempting = false;
      options.dispatch({ type: 'connected' });
      options.up();
    });
    s.on('connect_error', (error) => {
      attempting = false;
      const failure = handshakeFailure(error);
      if (failure.kind === 'unauthorized') unauthorized(false);
      else if (failure.kind === 'refused') refused(failure.code);
      else lost();
    });
    s.on('disconnect', (_reason, details) => {
      attempting = false;
      if (!stopped) lost(isSlowConsumerClose(details));
    });
    s.on(WEB_PUSH.authRevoked, () => unauthorized(true));
    options.listen(s);
  }

  return {
    /** The socket while the console runs (null before start and after stop). */
    socket: (): SocketPort | null => socket,
    start(): void {
      stopped = false;
      socket = options.createSocket();
      wire(socket);
      options.dispatch({ type: 'start' });
      attempt(socket);
    },
    stop(): void {
      end({ type: 'stop' });
      socket?.disconnect();
      socket = null;
      attempting = false;
    },
    /** Retries at once instead of waiting for the backoff (page back in the foreground, network back). */
    wake(): void {
      if (options.connection().status === 'reconnecting') reconnectNow();
    },
    /**
     * The browser says the network is gone: drop the link now rather than wait for a ping timeout, and an attempt under
     * way with it (a disconnect before the handshake's answer ends it without a `disconnect` event), so the retry that
     * follows starts afresh.
     */
    networkLost(): void {
      if (!socket || stopped) return;
      if (socket.connected || attempting) socket.disconnect();
      attempting = false;
      lost();
    },
  };
}

export type Link = ReturnType<typeof createLink>;
