import { describe, expect, it } from 'vitest';

import {
  exchangeCodeRequestSchema,
  invitationStatsSchema,
  myInvitationCodeSchema,
  orderPageSchema,
  orderSchema,
  ordersQuerySchema,
  pageQuerySchema,
  promoCodeSchema,
  userStatsSchema,
} from './account';
import { createOrderBodySchema } from './billing';
import { usageAuthorizeAckSchema, usageReportSchema } from './usage';

const summary = {
  orderId: 'b3d4c6a0-1111-4222-8333-444455556666',
  productName: 'Basic',
  productSn: 'BASIC-30',
  amount: 29,
  currency: 'CNY',
  orderStatus: 'paid',
  paymentStatus: 'paid',
  paymentMethod: 'sandbox',
  createdAt: '2026-01-01T00:00:00.000Z',
  expiresAt: '2026-01-01T00:30:00.000Z',
  paidAt: '2026-01-01T00:05:00.000Z',
};

const zeroDay = { requests: 0, tokens: 0, credits: 0 };

describe('account protocol', () => {
  it('defaults paging to 1/20 and orders to 1/10, coercing query strings', () => {
    expect(pageQuerySchema.parse({})).toEqual({ page: 1, pageSize: 20 });
    expect(ordersQuerySchema.parse({ page: '3', pageSize: '50' })).toEqual({ page: 3, pageSize: 50 });
    expect(ordersQuerySchema.parse({})).toEqual({ page: 1, pageSize: 10 });
    expect(pageQuerySchema.safeParse({ page: '0' }).success).toBe(false);
    expect(pageQuerySchema.safeParse({ pageSize: '1000' }).success).toBe(false);
  });

  it('parses an order page and a full order, rejecting unknown statuses', () => {
    expect(orderPageSchema.parse({ items: [summary], total: 1, page: 1, pageSize: 10 }).items[0]?.orderStatus).toBe('paid');
    const full = {
      ...summary,
      description: '2,000 credits',
      type: 'purchase',
      totalAmount: 29,
      originalAmount: 29,
      discountAmount: 0,
      paymentId: 'sandbox_1',
      transactionId: 'sandbox_tx_1',
      updatedAt: summary.createdAt,
      validityDays: 30,
      credits: 2000,
      quotaCode: 'Q-1',
      paymentUrl: null,
      refundedAt: null,
    };
    expect(orderSchema.parse(full).validityDays).toBe(30);
    expect(orderSchema.safeParse({ ...full, orderStatus: 'shipped' }).success).toBe(false);
    expect(orderSchema.safeParse({ ...full, paymentMethod: 'paypal' }).success).toBe(false);
  });

  it('parses user stats with series', () => {
    const stats = {
      userId: 'u1',
      planType: 'basic',
      accountStatus: 'active',
      quotas: { requests: 100, tokens: 1000, cost: 1 },
      creditsUsed: 10,
      creditLimit: 2000,
      usageRate: 0.005,
      totals: {
        requests: 1,
        tokens: 10,
        cost: 0.01,
        cacheHitTokens: 0,
        inputTokens: 5,
        outputTokens: 5,
        cacheCreationTokens: 0,
        cacheReadTokens: 0,
      },
      activeQuotas: [{ id: 'g1', source: 'order', credits: 2000, used: 10, effectiveFrom: summary.createdAt, expiresAt: null }],
      limits: { perMinute: 60, perDay: 1000, usedThisMinute: 1, usedToday: 1 },
      daily: Array.from({ length: 30 }, (_, i) => ({ date: `2026-01-${String(i + 1).padStart(2, '0')}`, ...zeroDay })),
      hourly: Array.from({ length: 24 }, (_, i) => ({ hour: new Date(Date.UTC(2026, 0, 1, i)).toISOString(), ...zeroDay })),
    };
    expect(userStatsSchema.parse(stats).daily).toHaveLength(30);
    expect(userStatsSchema.safeParse({ ...stats, usageRate: 2 }).success).toBe(false);
    expect(userStatsSchema.safeParse({ ...stats, planType: 'gold' }).success).toBe(false);
    expect(userStatsSchema.safeParse({ ...stats, activeQuotas: [{ ...stats.activeQuotas[0], source: 'gift' }] }).success).toBe(false);
  });

  it('parses invitation code and stats', () => {
    const code = {
      code: 'ABCD2345',
      totalInvitations: 1,
      rewardedTimes: 0,
      remainingRewards: 10,
      createdAt: summary.createdAt,
      active: true,
    };
    expect(myInvitationCodeSchema.parse(code).code).toBe('ABCD2345');
    expect(myInvitationCodeSchema.safeParse({ ...code, code: 'abc' }).success).toBe(false);
    const stats = {
      items: [
        {
          name: 'Bob',
          email: 'b***@example.com',
          registeredAt: summary.createdAt,
          orderStatus: 'none',
          rewardStatus: 'pending',
          rewardGrantedAt: null,
        },
      ],
      total: 1,
      page: 1,
      pageSize: 20,
      summary: { totalInvitations: 1, rewardedTimes: 0, remainingRewards: 10, rewardCredits: 500 },
    };
    expect(invitationStatsSchema.parse(stats).items[0]?.orderStatus).toBe('none');
    expect(invitationStatsSchema.safeParse({ ...stats, items: [{ ...stats.items[0], rewardStatus: 'done' }] }).success).toBe(false);
  });

  it('checks promo code format: uppercase letters, digits and hyphens', () => {
    expect(promoCodeSchema.safeParse('WELCOME-2026').success).toBe(true);
    expect(promoCodeSchema.safeParse('welcome-2026').success).toBe(false);
    expect(promoCodeSchema.safeParse('BAD CODE').success).toBe(false);
    expect(exchangeCodeRequestSchema.parse({ code: '  ABC-123 ' }).code).toBe('ABC-123');
    expect(exchangeCodeRequestSchema.safeParse({ code: '   ' }).success).toBe(false);
  });

  it('accepts an optional language on create-order', () => {
    expect(createOrderBodySchema.parse({ product_sn: 'BASIC-30', lang: 'zh' }).lang).toBe('zh');
    expect(createOrderBodySchema.safeParse({ product_sn: 'BASIC-30', lang: 'fr' }).success).toBe(false);
  });

  it('validates usage reports and authorize acks', () => {
    const report = usageReportSchema.parse({
      requestId: '0b6f3f5e-8a8e-4d57-9f59-9a3e0c3d2a11',
      model: 'claude-sonnet-4',
      inputTokens: 100,
      outputTokens: 20,
    });
    expect(report).toMatchObject({ cacheCreationTokens: 0, cacheReadTokens: 0 });
    expect(usageReportSchema.safeParse({ ...report, requestId: 'nope' }).success).toBe(false);
    expect(usageReportSchema.safeParse({ ...report, inputTokens: -1 }).success).toBe(false);
    expect(usageAuthorizeAckSchema.parse({ ok: false, code: 'RATE_LIMITED', retryAfterSeconds: 30 }).ok).toBe(false);
    expect(usageAuthorizeAckSchema.safeParse({ ok: false, code: 'NOPE' }).success).toBe(false);
  });
});
