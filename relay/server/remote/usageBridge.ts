import type { FastifyBaseLogger } from 'fastify';

import type { UsageAuthorize, UsageReport } from '../../protocol';
import type { Database } from '../storage/database';
import { ackError, type HandlerResult } from './socketEvents';

/**
 * `usage:authorize` / `usage:report` on /cli → the billing service (relay/server/core/billing/usage.ts). The relay
 * only translates between socket acks and the service; limits, prices and the ledger are billing's.
 */
export function createUsageBridge(deps: { db: Database; now: () => Date; log: FastifyBaseLogger }) {
  return {
    async authorize(userId: string, input: UsageAuthorize): Promise<HandlerResult> {
      void userId;
      void input;
      deps.log.warn('remote: usage accounting is not available');
      return ackError('INTERNAL', 'Usage accounting is not available on this relay');
    },
    async report(userId: string, input: UsageReport): Promise<HandlerResult> {
      void userId;
      void input;
      return ackError('INTERNAL', 'Usage accounting is not available on this relay');
    },
  };
}
