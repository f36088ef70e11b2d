import { z } from 'zod';

import { plain } from './text';

/**
 * Model usage reported by the CLI (socket events `usage:authorize` / `usage:report`, and POST /cli-api/usage).
 * The relay prices the tokens itself; the CLI never says what a request cost. Additive changes only.
 */

export const usageSourceSchema = z.enum(['cli', 'web', 'api']);
export type UsageSource = z.infer<typeof usageSourceSchema>;

const tokenCount = z.number().int().nonnegative().max(100_000_000);

/** Asks before a model request whether the user may make it (rate limits and remaining credits). */
export const usageAuthorizeRequestSchema = z.object({
  source: usageSourceSchema.default('cli'),
  model: plain(z.string().min(1).max(200)).optional(),
});
export type UsageAuthorizeRequest = z.infer<typeof usageAuthorizeRequestSchema>;

export const usageDenialCodeSchema = z.enum(['RATE_LIMITED', 'QUOTA_EXCEEDED']);
export type UsageDenialCode = z.infer<typeof usageDenialCodeSchema>;

/** Answer to an authorize request. */
export const usageAuthorizeAckSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true) }),
  z.object({
    ok: z.literal(false),
    code: usageDenialCodeSchema,
    message: z.string().optional(),
    retryAfterSeconds: z.number().int().nonnegative().optional(),
  }),
]);
export type UsageAuthorizeAck = z.infer<typeof usageAuthorizeAckSchema>;

/** One model request, reported once it finished. `requestId` makes the report idempotent. */
export const usageReportSchema = z.object({
  requestId: z.uuid(),
  model: plain(z.string().min(1).max(200)),
  inputTokens: tokenCount,
  outputTokens: tokenCount,
  cacheCreationTokens: tokenCount.default(0),
  cacheReadTokens: tokenCount.default(0),
});
export type UsageReport = z.infer<typeof usageReportSchema>;
export type UsageReportInput = z.input<typeof usageReportSchema>;

/** Answer to a usage report: what the request cost (USD, computed by the relay) and in credits. */
export const usageReportAckSchema = z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    requestId: z.string(),
    credits: z.number().nonnegative(),
    cost: z.number().nonnegative(),
    /** True when this requestId had been recorded before; nothing was charged twice. */
    duplicate: z.boolean(),
  }),
  z.object({ ok: z.literal(false), code: z.string(), message: z.string() }),
]);
export type UsageReportAck = z.infer<typeof usageReportAckSchema>;
