import type { FastifyInstance } from 'fastify';

import {
  exchangeCodeRequestSchema,
  exchangeCodeResultSchema,
  invitationStatsSchema,
  myInvitationCodeSchema,
  pageQuerySchema,
  userStatsSchema,
} from '../../protocol';
import { AppError } from '../core/appError';
import { isAppErrorCode, limitGuesses } from '../core/auth/guessLimit';
import { type BillingDeps, exchangePromoCode, getInvitationStats, getMyInvitationCode, userStats } from '../core/billing';
import { issuesToDetails } from '../core/validation';

/** Dashboard stats, invitations and promo codes; all need a signed-in user. */
export function registerAccountRoutes(app: FastifyInstance, deps: BillingDeps): void {
  app.get('/web-api/user/stats', { preHandler: app.authenticate }, async (request) => ({
    success: true,
    data: userStatsSchema.parse(await userStats(deps, request.user!.id)),
  }));

  app.get('/web-api/invitation/my-code', { preHandler: app.authenticate }, async (request) => ({
    success: true,
    data: myInvitationCodeSchema.parse(await getMyInvitationCode(deps, request.user!.id)),
  }));

  app.get('/web-api/invitation/stats', { preHandler: app.authenticate }, async (request) => {
    const parsed = pageQuerySchema.safeParse(request.query ?? {});
    if (!parsed.success) {
      const details = issuesToDetails(parsed.error.issues);
      throw new AppError(400, 'VALIDATION_ERROR', `${details[0]?.path}: ${details[0]?.message}`, details);
    }
    return { success: true, data: invitationStatsSchema.parse(await getInvitationStats(deps, request.user!.id, parsed.data)) };
  });

  app.post('/web-api/code/exchange-code', { preHandler: app.authenticate }, async (request) => {
    const parsed = exchangeCodeRequestSchema.safeParse(request.body ?? {});
    // An empty or missing code is a format problem the screen shows (400), like any other invalid code.
    if (!parsed.success) throw new AppError(400, 'PROMO_INVALID_FORMAT', 'Please enter promo code', issuesToDetails(parsed.error.issues));
    // Unknown codes count against the address: promo codes are short enough to be worth guessing.
    const exchange = () => exchangePromoCode(deps, request.user!.id, parsed.data.code);
    const result = await limitGuesses(deps, 'promo-code', request.ip, exchange, isAppErrorCode('PROMO_NOT_FOUND'));
    return { success: true, data: exchangeCodeResultSchema.parse(result) };
  });
}
