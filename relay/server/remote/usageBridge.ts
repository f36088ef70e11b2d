import type { FastifyBaseLogger } from 'fastify';

import type { UsageAuthorize, UsageReport } from '../../protocol';
import { AppError } from '../core/appError';
import { authorizeUsage, recordUsage } from '../core/billing/usage';
import type { Database } from '../storage/database';
import { ackError, type HandlerResult } from './socketEvents';

/**
 * `usage:authorize` / `usage:report` on /cli → the billing service (relay/server/core/billing/usage.ts). The relay
 * only translates between socket acks and the service; limits, prices and the ledger are billing's.
 */
export function createUsageBridge(deps: { db: Database; now: () => Date; log: FastifyBaseLogger }) {
  const billing = { db: deps.db, now: deps.now };
  return {
    async authorize(userId: string, input: UsageAuthorize): Promise<HandlerResult> {
      void input.model; // Limits are per user across models; the model is informational.
      const result = await authorizeUsage(billing, userId, 'cli');
      if (result.ok) return { ok: true };
      return ackError(result.code, result.message, result.retryAfterSeconds !== undefined ? { retryAfterSeconds: result.retryAfterSeconds } : {});
    },
    async report(userId: string, input: UsageReport): Promise<HandlerResult> {
      try {
        const { credits, cost, duplicate } = await recordUsage(billing, userId, input, 'cli');
        return { ok: true, requestId: input.requestId, credits, cost, duplicate };
      } catch (error) {
        if (error instanceof AppError && error.status < 500) return ackError('BAD_REQUEST', error.message);
        throw error;
      }
    },
  };
}
