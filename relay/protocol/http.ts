import { z } from 'zod';

/**
 * HTTP bodies shared by the PWA and the relay. Additive changes only; a renamed field is a new field.
 */
export const healthSchema = z.object({
  status: z.literal('ok'),
  version: z.string(),
  uptimeSeconds: z.number().nonnegative(),
  time: z.string(),
});
export type Health = z.infer<typeof healthSchema>;

/**
 * GET /readyz (docs/deploy.md): 200 `ready` when this node takes traffic (storage answers, not draining), else 503
 * `draining` (SIGTERM received: take it out of the load balancer) or `unavailable` (storage does not answer).
 */
export const readinessSchema = z.object({
  status: z.enum(['ready', 'draining', 'unavailable']),
  version: z.string(),
  storage: z.enum(['pglite', 'postgres']),
  time: z.string(),
});
export type Readiness = z.infer<typeof readinessSchema>;

/** The error envelope every relay endpoint answers with. */
export const errorBodySchema = z.object({
  success: z.literal(false),
  code: z.string(),
  message: z.string(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
