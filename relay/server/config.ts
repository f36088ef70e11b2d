import path from 'node:path';

import { z } from 'zod';

const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  STATIC_DIR: z.string().default('./dist'),
  DATABASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
  PUBLIC_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Trust X-Forwarded-For from a proxy in front of the relay. Off by default: clients could spoof their IP. */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v) => (v === undefined || v === '' || v === 'false' ? false : v === 'true' ? true : v)),
});

export type RelayConfig = Omit<z.infer<typeof configSchema>, 'DATA_DIR' | 'STATIC_DIR'> & {
  DATA_DIR: string;
  STATIC_DIR: string;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): RelayConfig {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid relay configuration:\n${problems}`);
  }
  return {
    ...parsed.data,
    DATA_DIR: path.resolve(cwd, parsed.data.DATA_DIR),
    STATIC_DIR: path.resolve(cwd, parsed.data.STATIC_DIR),
  };
}
