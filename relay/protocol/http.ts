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

/** The error envelope every relay endpoint answers with. */
export const errorBodySchema = z.object({
  success: z.literal(false),
  code: z.string(),
  message: z.string(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
