import { describe, expect, it } from 'vitest';

import { ackErrorSchema, cliUsageAuthorizeAckSchema, cliUsageReportAckSchema } from '../../protocol';
import { AppError } from '../core/appError';
import type { Database } from '../storage/database';
import { createUsageBridge, type UsageBillingService } from './usageBridge';

const log = { warn: () => undefined, error: () => undefined } as never;
const report = {
  requestId: '0b6c7f1e-2f4a-4b61-9a55-8f1a3c2d4e5f',
  model: 'm',
  inputTokens: 1,
  outputTokens: 2,
  cacheCreationTokens: 0,
  cacheReadTokens: 0,
};

/** A billing service stand-in: answers or throws what the test says. */
function bridgeWith(billing: Partial<UsageBillingService>) {
  const fail = () => Promise.reject(new Error('not scripted'));
  return createUsageBridge({
    db: {} as Database,
    now: () => new Date(),
    log,
    billing: { authorize: fail, record: fail, ...billing } as UsageBillingService,
  });
}

describe('usage bridge ack shape', () => {
  it('passes denials as { ok:false, error:{ code, message, retryAfterSeconds } }', async () => {
    const bridge = bridgeWith({
      authorize: async () => ({ ok: false, code: 'RATE_LIMITED', message: 'slow down', retryAfterSeconds: 12 }),
    });
    const ack = await bridge.authorize('u', { model: 'm' });
    expect(ack).toEqual({ ok: false, error: { code: 'RATE_LIMITED', message: 'slow down', retryAfterSeconds: 12 } });
    expect(cliUsageAuthorizeAckSchema.safeParse(ack).success).toBe(true);
    const quota = await bridgeWith({ authorize: async () => ({ ok: false, code: 'QUOTA_EXCEEDED', message: 'no credits' }) }).authorize(
      'u',
      { model: 'm' },
    );
    expect(quota).toEqual({ ok: false, error: { code: 'QUOTA_EXCEEDED', message: 'no credits' } });
  });

  it('turns billing faults into error acks for both events, never a flat shape', async () => {
    const unavailable = new AppError(503, 'QUOTA_CONFIG_NOT_FOUND', 'Quota configuration is being initialised');
    const bridge = bridgeWith({
      authorize: async () => Promise.reject(unavailable),
      record: async () => Promise.reject(new AppError(409, 'USAGE_REQUEST_CONFLICT', 'reported by another account')),
    });
    const a = await bridge.authorize('u', { model: 'm' });
    expect(a).toEqual({ ok: false, error: { code: 'INTERNAL', message: 'Quota configuration is being initialised' } });
    const r = await bridge.report('u', report);
    expect(r).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } });
    expect(ackErrorSchema.safeParse(r).success).toBe(true);
    const limited = await bridgeWith({ record: async () => Promise.reject(new AppError(429, 'TOO_MANY_REQUESTS', 'busy')) }).report(
      'u',
      report,
    );
    expect(limited).toEqual({ ok: false, error: { code: 'RATE_LIMITED', message: 'busy' } });
    // An unexpected fault is left to the event router (INTERNAL + log).
    await expect(bridgeWith({ record: async () => Promise.reject(new Error('db down')) }).report('u', report)).rejects.toThrow('db down');
  });

  it('answers a recorded report with its price', async () => {
    const bridge = bridgeWith({ record: async () => ({ credits: 3, cost: 0.01, duplicate: false }) });
    const ack = await bridge.report('u', report);
    expect(ack).toEqual({ ok: true, requestId: report.requestId, credits: 3, cost: 0.01, duplicate: false });
    expect(cliUsageReportAckSchema.safeParse(ack).success).toBe(true);
  });
});
