import { type IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';

import type { FastifyInstance } from 'fastify';

import { cliHandshakeAuthSchema, type HandshakeErrorCode, REMOTE_PROTOCOL_VERSION, webHandshakeAuthSchema } from '../../protocol';
import type { RelayConfig } from '../config';
import { proxyTrust } from '../core/network/proxyTrust';
import { verifyCliToken } from '../core/remote/cliAuth';
import type { RemoteCoreDeps } from '../core/remote/deps';
import { windowDeviceFrom } from '../core/remote/windowDevice';
import type { Database } from '../storage/database';
import type { CliNamespace, WebNamespace } from './namespaces';
import { isAllowedOrigin } from './origin';

/** A handshake refusal: `connect_error` with `err.data = { code }` and the message `"<code>: <text>"`. */
export function handshakeError(code: HandshakeErrorCode, text: string): Error & { data: { code: HandshakeErrorCode } } {
  return Object.assign(new Error(`${code}: ${text}`), { data: { code } });
}

/** A handshake speaking another protocol version is refused before anything else, on both namespaces. */
function versionMismatch(raw: unknown, client: string): Error | null {
  const version = typeof raw === 'object' && raw !== null ? (raw as { protocolVersion?: unknown }).protocolVersion : undefined;
  if (version === undefined || version === REMOTE_PROTOCOL_VERSION) return null;
  // Only numbers and strings are shown: String() of an object with a `toString` key throws (was INTERNAL).
  const shown = typeof version === 'number' || typeof version === 'string' ? String(version).slice(0, 20) : typeof version;
  return handshakeError('PROTOCOL_VERSION', `this relay speaks protocol version ${REMOTE_PROTOCOL_VERSION}, not ${shown}; ${client}`);
}

/** The fields of the connection's first HTTP request that Socket.IO reads to build a namespace's handshake. */
interface HandshakeRequest {
  headers: IncomingHttpHeaders;
  url?: string | undefined;
  _query?: unknown;
  connection: { encrypted: boolean };
}

/**
 * What a socket keeps once its handshake is accepted (memory per connection, issue #15):
 * - not its token: what the token proved is in `socket.data` (a JWT is ~300 bytes, and no credential lies around);
 * - not the connection's first HTTP request: engine.io keeps it for the connection's whole life only so Socket.IO can
 *   build the handshake of a namespace joined later on the same connection. For a browser that is its first
 *   long-polling GET, with that request's own TCP socket (~3.3 KB per connection, measured on bare Socket.IO). A
 *   stand-in with what a later handshake reads (the same headers object, url, query, TLS) takes its place.
 */
function afterAccepted(socket: { handshake: { auth: Record<string, unknown> }; conn: object }): void {
  socket.handshake.auth = {};
  const conn = socket.conn as { request?: HandshakeRequest | IncomingMessage | null };
  const request = conn.request;
  if (request instanceof IncomingMessage) {
    conn.request = {
      headers: request.headers,
      url: request.url,
      _query: (request as { _query?: unknown })._query,
      connection: { encrypted: Boolean((request.socket as { encrypted?: boolean } | null)?.encrypted) },
    };
  }
}

/** The part of engine.io's server that answers WebSocket upgrades (`io.engine`). */
interface UpgradingEngine {
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
}

/**
 * What a WebSocket keeps once upgraded (memory per connection, issue #15): not its upgrade request. engine.io answers
 * each upgrade with a response object (its WebSocketResponse, for engine middlewares that wait for a response to end)
 * that listens once for its TCP socket's `close`, and so keeps that request (the IncomingMessage, its raw headers, its
 * query) for the connection's whole life: ~1.1 KB per WebSocket, the CLI's and the browser's (measured with
 * scripts/heap-diff.mjs). The relay gives engine.io no middleware, so nothing listens to that response: the `close`
 * listener it added is removed once the upgrade has been handed to engine.io. With a middleware, nothing is removed.
 */
export function forgetUpgradeRequests(engine: UpgradingEngine): void {
  const handleUpgrade = engine.handleUpgrade;
  engine.handleUpgrade = function (req, socket, head) {
    const before = new Set(socket.rawListeners('close'));
    handleUpgrade.call(this, req, socket, head);
    if ((this as { middlewares?: unknown[] }).middlewares?.length) return;
    // The response's is the one-time listener added during the call (ws's own, added with `on`, stay).
    for (const listener of socket.rawListeners('close'))
      if (!before.has(listener) && typeof (listener as { listener?: unknown }).listener === 'function')
        socket.removeListener('close', listener as () => void);
  };
}

type Next = (error?: Error) => void;
const guarded = (log: FastifyInstance['log'], what: string, next: Next, work: () => Promise<void>) =>
  void work().catch((error: unknown) => {
    log.error({ err: error }, `remote: ${what} handshake failed`);
    next(handshakeError('INTERNAL', 'server error'));
  });

/** `/cli`: a CLI token, an instance id it may use (claimed for this socket), the protocol version. */
export function useCliHandshake(cli: CliNamespace, deps: { core: RemoteCoreDeps; db: Database; log: FastifyInstance['log'] }): void {
  cli.use((socket, next) =>
    guarded(deps.log, 'cli', next, async () => {
      const raw: unknown = socket.handshake.auth;
      const mismatch = versionMismatch(raw, 'update tern');
      if (mismatch) return next(mismatch);
      const auth = cliHandshakeAuthSchema.safeParse(raw);
      if (!auth.success)
        return next(
          handshakeError('BAD_HANDSHAKE', `missing or malformed handshake (token, instanceId, protocolVersion ${REMOTE_PROTOCOL_VERSION})`),
        );
      const verified = await verifyCliToken({ db: deps.db, now: deps.core.now }, auth.data.token);
      if (!verified) return next(handshakeError('UNAUTHORIZED', 'invalid or revoked CLI token'));
      const claimed = await deps.core.repo.claimInstance({
        id: auth.data.instanceId,
        userId: verified.user.id,
        cliTokenId: verified.row.id,
        socketId: socket.id,
        now: deps.core.now(),
      });
      // Someone else's instance id: refused like a bad token, so existence is not revealed.
      if (!claimed) return next(handshakeError('UNAUTHORIZED', 'this instance id cannot be used'));
      socket.data = { kind: 'cli', userId: verified.user.id, tokenId: verified.row.id, instanceId: claimed.id };
      afterAccepted(socket);
      next();
    }),
  );
}

/** `/web`: same-site Origin, a live user JWT, a window id, the protocol version. */
export function useWebHandshake(web: WebNamespace, deps: { app: FastifyInstance; config: RelayConfig }): void {
  const trustsPeer = proxyTrust(deps.config.TRUST_PROXY);
  web.use((socket, next) =>
    guarded(deps.app.log, 'web', next, async () => {
      const { headers, address } = socket.handshake;
      if (!isAllowedOrigin(headers, deps.config.PUBLIC_URL, trustsPeer(address)))
        return next(handshakeError('ORIGIN_NOT_ALLOWED', 'origin not allowed'));
      const mismatch = versionMismatch(socket.handshake.auth, 'reload the page');
      if (mismatch) return next(mismatch);
      const auth = webHandshakeAuthSchema.safeParse(socket.handshake.auth);
      if (!auth.success)
        return next(
          handshakeError('BAD_HANDSHAKE', `missing or malformed handshake (token, windowId, protocolVersion ${REMOTE_PROTOCOL_VERSION})`),
        );
      let access;
      try {
        access = await deps.app.verifyAccessToken(auth.data.token);
      } catch {
        return next(handshakeError('UNAUTHORIZED', 'sign in again'));
      }
      socket.data = {
        kind: 'web',
        userId: access.userId,
        jti: access.jti,
        windowId: auth.data.windowId,
        device: windowDeviceFrom(headers['user-agent']),
      };
      afterAccepted(socket);
      next();
    }),
  );
}
