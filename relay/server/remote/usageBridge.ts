import type { FastifyBaseLogger } from 'fastify';

import type { AckError, AckOf, cliEventContracts, UsageAuthorize, UsageReport } from '../../protocol';
import { AppError } from '../core/appError';
import { authorizeUsage, recordUsage } from '../core/billing/usage';
import { ackError } from '../core/remote/failures';
import type { Database } from '../storage/database';

type Contracts = typeof cliEventContracts;

type BillingDeps = { db: Database; now: () => Date };

export interface UsageBillingService {
  authorize: typeof authorizeUsage;
  record: typeof recordUsage;
}

const realBilling: UsageBillingService = { authorize: authorizeUsage, record: recordUsage };

/**
 * A billing failure as a socket ack, always `{ ok: false, error: { code, message, retryAfterSeconds? } }`:
 * the service's 429 → RATE_LIMITED, other 4xx → BAD_REQUEST, 5xx → INTERNAL (its message says why; safe to retry).
 * Anything else is rethrown (the event router answers INTERNAL and logs it).
 */
export function usageFailureAck(error: unknown): AckError {
  if (!(error instanceof AppError)) throw error;
  if (error.status === 429) return ackError('RATE_LIMITED', error.message);
  if (error.status < 500) return ackError('BAD_REQUEST', `${error.message} (${error.code})`);
  return ackError('INTERNAL', error.message);
}

/**
 * `usage:authorize` / `usage:report` on /cli → the billing service (relay/server/core/billing/usage.ts). The relay
 * only translates between socket acks and the service; limits, prices and the ledger are billing's. Every failure
 * reaches the CLI in the standard ack shape (docs/protocol.md §4).
 */
export function createUsageBridge(deps: BillingDeps & { log: FastifyBaseLogger; billing?: UsageBillingService }) {
  const billingDeps = { db: deps.db, now: deps.now };
  const billing = deps.billing ?? realBilling;
  return {
    async authorize(userId: string, input: UsageAuthorize): Promise<AckOf<Contracts, 'usage:authorize'>> {
      void input.model; // Limits are per user across models; the model is informational.
      let result;
      try {
        result = await billing.authorize(billingDeps, userId, 'cli');
      } catch (error) {
        return usageFailureAck(error);
      }
      if (result.ok) return { ok: true as const };
      return ackError(
        result.code,
        result.message,
        result.retryAfterSeconds !== undefined ? { retryAfterSeconds: result.retryAfterSeconds } : {},
      );
    },
    async report(userId: string, input: UsageReport): Promise<AckOf<Contracts, 'usage:report'>> {
      try {
        const { credits, cost, duplicate } = await billing.record(billingDeps, userId, input, 'cli');
        return { ok: true as const, requestId: input.requestId, credits, cost, duplicate };
      } catch (error) {
        return usageFailureAck(error);
      }
    },
  };
}
