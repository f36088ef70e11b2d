import type { Database } from '../../storage/database';
import type { FeishuClient } from './feishuClient';
import type { JwtSettings } from './jwt';
import type { NetworkPolicy } from './loginPermission';
import type { ScryptParams } from './password';

export interface AuthLimits {
  /** Password attempts per IP per minute, per scope (tern sign-in, cheetah, sign-up). */
  perIpPerMinute: number;
  /** A different per-IP limit for some scopes (a test suite signing many users up from one address, say). */
  perIpPerMinuteByScope?: Partial<Record<'tern' | 'cheetah' | 'signup', number>>;
  /** tern sign-in attempts per e-mail per minute. */
  perEmailPerMinute: number;
  /** Consecutive cheetah failures that lock the account… */
  lockoutThreshold: number;
  /** …for this long. */
  lockoutMs: number;
  oneTimeTokenTtlMs: number;
  tempCodeTtlMs: number;
}

export const defaultAuthLimits: AuthLimits = {
  perIpPerMinute: 10,
  perEmailPerMinute: 10,
  lockoutThreshold: 5,
  lockoutMs: 15 * 60_000,
  oneTimeTokenTtlMs: 5 * 60_000,
  tempCodeTtlMs: 5 * 60_000,
};

/** Everything the auth use cases need, passed in by the composition root (app.ts) or a test. */
export interface AuthDeps {
  db: Database;
  now: () => Date;
  jwt: JwtSettings;
  limits: AuthLimits;
  network: NetworkPolicy;
  /** Null when FEISHU_APP_ID / FEISHU_APP_SECRET are unset. */
  feishu: FeishuClient | null;
  /** Cost of new password hashes (tests use a cheap one). */
  passwordHashing: ScryptParams;
}

/** Where a request came from, for sessions and rate limits. */
export interface RequestContext {
  ip: string;
  clientInfo?: Record<string, unknown> | undefined;
}
