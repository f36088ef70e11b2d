import path from 'node:path';

import { z } from 'zod';

import { parseCidrList } from './core/network/ip';

const cidrList = (name: string) =>
  z
    .string()
    .optional()
    .superRefine((value, ctx) => {
      const { invalid } = parseCidrList(value);
      if (invalid.length) ctx.addIssue({ code: 'custom', message: `${name}: not an IP address or CIDR: ${invalid.join(', ')}` });
    })
    .transform((value) => parseCidrList(value).cidrs.map((c) => c.source));

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

/**
 * The nice value of the relay's database threads (PGlite's worker, the PostgreSQL statement worker): below the thread
 * that serves the sockets, so that where the two share a core the round trips go first and the commits (whose acks can
 * wait) take what is left. Linux only (storage/threadPriority.mjs); 0 leaves them at the process's priority.
 */
export const DB_WORKER_NICE_DEFAULT = 15;

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
    // "true"/"false" in any case, a hop count ("1"), or a list of proxy addresses/CIDRs.
    .transform((v): boolean | number | string => {
      const value = v?.trim() ?? '';
      if (value === '' || value.toLowerCase() === 'false') return false;
      if (value.toLowerCase() === 'true') return true;
      if (/^\d+$/.test(value)) return Number(value);
      return value;
    }),

  // ---- operations (docs/deploy.md) ----
  /** SIGTERM: how long in-flight writes may take before the sockets are closed anyway. */
  DRAIN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  /** A browser socket whose unsent data passes this many bytes is a slow consumer: it is disconnected with a reason. */
  SOCKET_BUFFER_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(64 * 1024)
    .max(256 * 1024 * 1024)
    .default(4 * 1024 * 1024),
  /** A browser socket holding more than half that, without taking any of it for this long, is disconnected too. */
  SLOW_CONSUMER_STALL_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  /** The database threads' nice value, 0-19 (DB_WORKER_NICE_DEFAULT): 0 keeps them at the relay's own priority. */
  DB_WORKER_NICE: z.coerce.number().int().min(0).max(19).default(DB_WORKER_NICE_DEFAULT),

  // ---- push notifications (docs/push.md) ----
  /** VAPID key pair (base64url, `npx web-push generate-vapid-keys`); both or neither. Default: generated once and kept in storage. */
  VAPID_PUBLIC_KEY: optionalString,
  VAPID_PRIVATE_KEY: optionalString,
  /** Contact the push services may use: `mailto:ops@example.com` or an https URL. Default: PUBLIC_URL. */
  VAPID_SUBJECT: optionalString,
  /** Tests only: also accept http push endpoints on loopback (where a push-service stand-in listens). */
  PUSH_ALLOW_LOOPBACK_HTTP: z
    .string()
    .optional()
    .transform((v) => v === '1' || v?.toLowerCase() === 'true'),

  // ---- auth (docs/auth.md) ----
  /** HS256 key for access tokens. Default: generated once into DATA_DIR/jwt-secret (0600). Set it when nodes share a database. */
  JWT_SECRET: optionalString.refine((v) => v === undefined || v.length >= 32, 'JWT_SECRET must be at least 32 characters'),
  /** `aud` of access tokens. */
  JWT_AUDIENCE: z.string().min(1).default('tern-web'),
  /** `iss` of access tokens. */
  JWT_ISSUER: z.string().min(1).default('tern-relay'),
  /** Access-token lifetime; the spec's default is 7 days. */
  TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(365 * 24 * 3600)
    .default(7 * 24 * 3600),
  /** Feishu self-built app; Feishu login is off unless both are set. The secret never leaves the relay. */
  FEISHU_APP_ID: optionalString,
  FEISHU_APP_SECRET: optionalString,
  FEISHU_BASE_URL: z.string().url().default('https://open.feishu.cn'),
  /** Who may use Feishu login: `network` = private or whitelisted networks (default), `always`, `never`. */
  FEISHU_ALLOWED: z.enum(['network', 'always', 'never']).default('network'),
  /** Extra company networks (comma list of CIDRs or addresses) allowed the Feishu and internal logins. */
  WHITELIST_CIDRS: cidrList('WHITELIST_CIDRS'),
  /** Networks reported as `isChina` (the region-restricted login page). Empty by default. */
  CHINA_CIDRS: cidrList('CHINA_CIDRS'),

  // ---- billing (docs/billing.md) ----
  /** `sandbox` (default): the relay's own checkout page; `stripe`: Stripe Checkout (needs both STRIPE_* keys). */
  PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe']).default('sandbox'),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  /** Another Stripe API origin (stripe-mock, a test stand-in). Default: Stripe's own. */
  STRIPE_API_BASE: z.string().url().optional(),
});

export type RelayConfig = Omit<z.infer<typeof configSchema>, 'DATA_DIR' | 'STATIC_DIR'> & {
  DATA_DIR: string;
  STATIC_DIR: string;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): RelayConfig {
  // An empty variable (`PORT=` in an env file) means "not set": without this, PORT= would listen on a random port.
  const set = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''));
  const parsed = configSchema.safeParse(set);
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
