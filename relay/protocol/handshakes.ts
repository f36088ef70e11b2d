import { z } from 'zod';

import { uuid } from './fields';
import { plain } from './text';

/** The remote protocol's version: a client speaking another one is refused at the handshake (`PROTOCOL_VERSION`). */
export const REMOTE_PROTOCOL_VERSION = 1;

/** Socket.IO handshakes of `/cli` and `/web` (remote.ts re-exports these; docs/protocol.md). */
export const cliHandshakeAuthSchema = z.object({
  token: plain(z.string().min(1).max(500)),
  instanceId: uuid,
  protocolVersion: z.literal(REMOTE_PROTOCOL_VERSION),
});
export type CliHandshakeAuth = z.infer<typeof cliHandshakeAuthSchema>;

export const webHandshakeAuthSchema = z.object({
  token: plain(z.string().min(1).max(5000)),
  windowId: uuid,
  protocolVersion: z.literal(REMOTE_PROTOCOL_VERSION),
});
export type WebHandshakeAuth = z.infer<typeof webHandshakeAuthSchema>;

/**
 * A refused handshake (`connect_error`) on `/cli` or `/web` carries `err.data = { code }`; `err.message` keeps a
 * readable text (`"<CODE>: …"`).
 * - `UNAUTHORIZED`: bad, expired or revoked token (or an instance id that belongs to someone else) — sign in / pair again.
 * - `ORIGIN_NOT_ALLOWED`: `/web` from a page on another site.
 * - `BAD_HANDSHAKE`: the handshake `auth` failed its schema.
 * - `PROTOCOL_VERSION`: the client speaks another `protocolVersion` — update the CLI, or reload the page (`/web`).
 * - `INTERNAL`: a server fault during the handshake — retry later; the credentials are fine.
 */
export const handshakeErrorCodes = ['UNAUTHORIZED', 'ORIGIN_NOT_ALLOWED', 'BAD_HANDSHAKE', 'PROTOCOL_VERSION', 'INTERNAL'] as const;
export const handshakeErrorCodeSchema = z.enum(handshakeErrorCodes);
export type HandshakeErrorCode = z.infer<typeof handshakeErrorCodeSchema>;
/** `err.data` of a refused handshake. */
export const handshakeErrorDataSchema = z.object({ code: handshakeErrorCodeSchema });
export type HandshakeErrorData = z.infer<typeof handshakeErrorDataSchema>;
