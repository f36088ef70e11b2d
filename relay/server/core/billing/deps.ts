import type { Database } from '../../storage/database';
import type { PaymentProvider } from './payment';

/** Tunables of billing; tests shorten or lengthen them. */
export interface BillingSettings {
  /** A pending order can be paid for this long. */
  orderTtlMs: number;
  /** An operator may refund a paid order this long after payment (spec §9: 7 days). */
  refundWindowMs: number;
  /** Credits the inviter gets when an invitee's first order is paid. */
  invitationRewardCredits: number;
  /** Validity of an invitation reward grant. */
  invitationRewardDays: number;
  /** Rewards one inviter can earn in total. */
  maxInvitationRewards: number;
}

export const defaultBillingSettings: BillingSettings = {
  orderTtlMs: 30 * 60_000,
  refundWindowMs: 7 * 24 * 3600_000,
  invitationRewardCredits: 500,
  invitationRewardDays: 30,
  maxInvitationRewards: 10,
};

/** Everything the billing use cases need, passed in by the composition root (app.ts) or a test. */
export interface BillingDeps {
  db: Database;
  now: () => Date;
  provider: PaymentProvider;
  settings: BillingSettings;
}

export const DAY_MS = 24 * 3600_000;
