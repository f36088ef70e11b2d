import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';

import {
  cliTempCodeResponseSchema,
  cliTokenListResponseSchema,
  cliTokenRevokeResponseSchema,
  pairingCodeSchema,
  pairingCreateRequestSchema,
  pairingCreateResponseSchema,
  pairingDecisionRequestSchema,
  pairingDecisionResponseSchema,
  pairingInfoResponseSchema,
  pairingPollRequestSchema,
  pairingPollResponseSchema,
  usageReportSchema,
} from '../../protocol';
import { AppError } from '../core/appError';
import { type AuthDeps, createTempCode } from '../core/auth';
import { enforceWindow } from '../core/auth/attempts';
import { toAuthUser } from '../core/auth/authUser';
import { isAppErrorCode, limitGuesses } from '../core/auth/guessLimit';
import { recordUsage } from '../core/billing/usage';
import { createPairing, decidePairing, getPairing, pollPairing, toCliTokenSummary, verifyCliToken } from '../core/remote/cliAuth';
import { createAuthRepos } from '../storage/repos';
import { createCliTokensRepo } from '../storage/repos/cliTokensRepo';
import { acceptEmptyJsonBodies, noStoreByDefault, parseBody, registerApiErrorHandler } from './apiErrors';
import { bearerToken } from './authenticate';

export interface PairingRouteOptions {
  auth: AuthDeps;
  publicUrl: string | undefined;
  /** Disconnects the live /cli sockets of a revoked token. */
  onCliTokenRevoked: (tokenId: string) => void;
}

/** The relay's public origin for links: PUBLIC_URL, else the origin this request was sent to. */
export const publicOrigin = (request: FastifyRequest, publicUrl: string | undefined): string =>
  publicUrl ? new URL(publicUrl).origin : `${request.protocol}://${request.host}`;

/** Unauthenticated pairing requests per IP per minute. */
const PAIRING_CREATES = { max: 10, windowMs: 60_000 };

const uuidParam = z.object({ id: z.uuid() });
const codeParam = z.object({ code: pairingCodeSchema });

/**
 * CLI pairing (device-code style), CLI tokens and the CLI's sign-in link (docs/protocol.md "Pairing").
 * `/cli-api/*` is for the CLI (no auth, or Bearer CLI token); `/web-api/*` for the signed-in PWA (Bearer user JWT).
 */
export async function registerPairingRoutes(app: FastifyInstance, options: PairingRouteOptions): Promise<void> {
  const deps = { db: options.auth.db, now: options.auth.now };
  await app.register(async (api) => {
    registerApiErrorHandler(api);
    acceptEmptyJsonBodies(api);
    noStoreByDefault(api);

    // ---- CLI side --------------------------------------------------------------------------------------------------

    const attempts = () => createAuthRepos(deps.db).loginAttempts;
    const notFound = isAppErrorCode('NOT_FOUND');
    /** Runs a code lookup; unknown codes count against the caller's IP (codes are short: no guessing someone else's). */
    const lookup = <T>(request: FastifyRequest, fn: () => Promise<T>): Promise<T> =>
      limitGuesses(deps, 'pairing-code', request.ip, fn, notFound);

    api.post('/cli-api/pairing', async (request) => {
      const body = parseBody(pairingCreateRequestSchema, request.body);
      const t = deps.now();
      await enforceWindow(attempts(), { scope: 'pairing-create', ip: request.ip }, PAIRING_CREATES, t);
      await attempts().record({ scope: 'pairing-create', email: null, ip: request.ip, outcome: 'success', now: t });
      const data = await createPairing(deps, { ...body, origin: publicOrigin(request, options.publicUrl) });
      return pairingCreateResponseSchema.parse({ success: true, data });
    });

    api.post('/cli-api/pairing/poll', async (request) => {
      const body = parseBody(pairingPollRequestSchema, request.body);
      // Unknown device codes count against the address (the CLI itself stops at the first 404).
      const data = await limitGuesses(deps, 'pairing-poll', request.ip, () => pollPairing(deps, body.deviceCode), notFound);
      return pairingPollResponseSchema.parse({ success: true, data });
    });

    api.post('/cli-api/temp-code', async (request) => {
      const token = bearerToken(request);
      const verified = token ? await verifyCliToken(deps, token) : null;
      if (!verified) throw new AppError(401, 'UNAUTHORIZED', 'Invalid or revoked CLI token');
      const user = await createAuthRepos(deps.db).users.findById(verified.user.id);
      if (!user) throw new AppError(401, 'UNAUTHORIZED', 'Invalid or revoked CLI token');
      // The browser session it opens reports the account's own login method.
      const { code, expiresAt } = await createTempCode(options.auth, {
        user: toAuthUser(user),
        userId: user.id,
        jti: verified.row.id,
        method: user.provider,
        expiresAt: options.auth.now(),
      });
      const url = `${publicOrigin(request, options.publicUrl)}/token-login?code=${encodeURIComponent(code)}`;
      return cliTempCodeResponseSchema.parse({ success: true, data: { code, url, expiresAt } });
    });

    /** Usage report for CLIs not connected by socket (same body and semantics as `usage:report`). */
    api.post('/cli-api/usage', async (request) => {
      const token = bearerToken(request);
      const verified = token ? await verifyCliToken(deps, token) : null;
      if (!verified) throw new AppError(401, 'UNAUTHORIZED', 'Invalid or revoked CLI token');
      const body = parseBody(usageReportSchema, request.body);
      const result = await recordUsage(deps, verified.user.id, body, 'cli');
      return { success: true, data: { requestId: body.requestId, ...result } };
    });

    // ---- browser side ----------------------------------------------------------------------------------------------

    api.get('/web-api/pairing/:code', { preHandler: api.authenticate }, async (request) => {
      const params = codeParam.safeParse(request.params);
      if (!params.success) throw new AppError(404, 'NOT_FOUND', 'Unknown pairing code');
      const data = await lookup(request, () => getPairing(deps, params.data.code));
      return pairingInfoResponseSchema.parse({ success: true, data });
    });

    for (const [path, decision] of [
      ['/web-api/pairing/approve', 'approved'],
      ['/web-api/pairing/deny', 'denied'],
    ] as const) {
      api.post(path, { preHandler: api.authenticate }, async (request) => {
        const body = parseBody(pairingDecisionRequestSchema, request.body);
        const data = await lookup(request, () =>
          decidePairing(deps, { userId: request.user!.id, pairingCode: body.pairingCode, decision }),
        );
        return pairingDecisionResponseSchema.parse({ success: true, data });
      });
    }

    api.get('/web-api/cli-tokens', { preHandler: api.authenticate }, async (request) => {
      const rows = await createCliTokensRepo(deps.db).listForUser(request.user!.id);
      return cliTokenListResponseSchema.parse({ success: true, data: rows.map(toCliTokenSummary) });
    });

    api.delete('/web-api/cli-tokens/:id', { preHandler: api.authenticate }, async (request) => {
      const params = uuidParam.safeParse(request.params);
      if (!params.success) throw new AppError(404, 'NOT_FOUND', 'CLI token not found');
      const row = await createCliTokensRepo(deps.db).revoke(request.user!.id, params.data.id, deps.now());
      if (!row) throw new AppError(404, 'NOT_FOUND', 'CLI token not found');
      options.onCliTokenRevoked(row.id);
      return cliTokenRevokeResponseSchema.parse({ success: true, data: toCliTokenSummary(row) });
    });
  });
}
