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
  /** tern sign-in attempts per (IP, e-mail) per minute. Never per e-mail alone: others must not lock the owner out. */
  perEmailPerMinute: number;
  /** Consecutive cheetah failures from one address that lock the account for that address… */
  lockoutThreshold: number;
  /** …for this long. */
  lockoutMs: number;
  /**
   * Failed sign-ins on one account, from all addresses within `accountWindowMs`, past which an address that already
   * failed on it is refused (tern 429, cheetah 423); an address with no failures may still sign in.
   */
  accountFailureCeiling: number;
  accountWindowMs: number;
  /** From this many account failures in the window on, each attempt on the account waits `accountDelayStepMs` more… */
  accountDelayAfter: number;
  accountDelayStepMs: number;
  /** …up to this long. */
  accountDelayMaxMs: number;
  oneTimeTokenTtlMs: number;
  tempCodeTtlMs: number;
}

export const defaultAuthLimits: AuthLimits = {
  perIpPerMinute: 10,
  perEmailPerMinute: 10,
  lockoutThreshold: 5,
  lockoutMs: 15 * 60_000,
  accountFailureCeiling: 100,
  accountWindowMs: 60 * 60_000,
  accountDelayAfter: 10,
  accountDelayStepMs: 250,
  accountDelayMaxMs: 3_000,
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
