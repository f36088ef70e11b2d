import { randomBytes, randomInt } from 'node:crypto';

import { and, eq, gt, isNull, or } from 'drizzle-orm';

import { type ExchangeCodeResult, promoCodePattern } from '../../../protocol';
import type { Database } from '../../storage/database';
import { transaction } from '../../storage/database';
import { promoCodes } from '../../storage/schema';
import { AppError } from '../appError';
import type { BillingDeps } from './deps';
import { addDays, grantCredits } from './ledger';

/**
 * Promo codes: uppercase letters, digits and hyphens; single use. Redemption is one conditional UPDATE
 * (… WHERE redeemed_at IS NULL RETURNING) and the ledger grant in the same transaction, so of any number of
 * concurrent exchanges of one code exactly one succeeds. Validation failures answer 400 (the screen shows them).
 */

export async function exchangePromoCode(deps: BillingDeps, userId: string, rawCode: string): Promise<ExchangeCodeResult> {
  const code = rawCode.trim();
  if (!promoCodePattern.test(code)) {
    throw new AppError(400, 'PROMO_INVALID_FORMAT', 'Invalid promo code format: use uppercase letters, digits and hyphens');
  }
  const now = deps.now();
  return transaction(deps.db, async (tx) => {
    const [redeemed] = await tx
      .update(promoCodes)
      .set({ redeemedBy: userId, redeemedAt: now })
      .where(and(eq(promoCodes.code, code), isNull(promoCodes.redeemedAt), or(isNull(promoCodes.expiresAt), gt(promoCodes.expiresAt, now))))
      .returning();
    if (!redeemed) {
      const [row] = await tx.select().from(promoCodes).where(eq(promoCodes.code, code)).limit(1);
      if (!row) throw new AppError(400, 'PROMO_NOT_FOUND', 'Promo code not found');
      if (row.redeemedAt) throw new AppError(400, 'PROMO_ALREADY_USED', 'This promo code has already been used');
      throw new AppError(400, 'PROMO_EXPIRED', 'This promo code has expired');
    }
    const expiresAt = addDays(now, redeemed.validityDays);
    const grant = await grantCredits(tx, {
      userId,
      sourceType: 'promo',
      sourceId: redeemed.id,
      credits: redeemed.credits,
      effectiveFrom: now,
      expiresAt,
      note: redeemed.code,
    });
    if (!grant) throw new AppError(400, 'PROMO_ALREADY_USED', 'This promo code has already been used');
    return { code: redeemed.code, credits: redeemed.credits, expiresAt: expiresAt.toISOString() };
  });
}

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const block = () => Array.from({ length: 4 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

export interface PromoBatchInput {
  credits: number;
  count: number;
  /** Validity of the granted credits, days. */
  days: number;
  /** Upper-cased; letters, digits and hyphens. */
  prefix?: string | undefined;
  /** Last day the codes can be redeemed (default: never). */
  codeExpiresAt?: Date | null | undefined;
  now: Date;
}

/** Creates a batch of codes like `PREFIX-ABCD-EF23`; returns them. */
export async function createPromoCodes(db: Database, input: PromoBatchInput): Promise<string[]> {
  if (!Number.isInteger(input.credits) || input.credits <= 0)
    throw new AppError(400, 'VALIDATION_ERROR', '--credits must be a positive integer');
  if (!Number.isInteger(input.count) || input.count <= 0 || input.count > 10_000)
    throw new AppError(400, 'VALIDATION_ERROR', '--count must be 1..10000');
  if (!Number.isInteger(input.days) || input.days <= 0) throw new AppError(400, 'VALIDATION_ERROR', '--days must be a positive integer');
  const prefix = (input.prefix ?? 'TERN').trim().toUpperCase();
  if (!/^[A-Z0-9-]{1,20}$/.test(prefix))
    throw new AppError(400, 'VALIDATION_ERROR', '--prefix: uppercase letters, digits and hyphens only (max 20)');
  const batchId = `batch-${input.now.toISOString().slice(0, 10)}-${randomBytes(3).toString('hex')}`;
  const codes = new Set<string>();
  while (codes.size < input.count) codes.add(`${prefix.replace(/-+$/, '')}-${block()}-${block()}`);
  const values = [...codes].map((code) => ({
    code,
    credits: input.credits,
    validityDays: input.days,
    expiresAt: input.codeExpiresAt ?? null,
    batchId,
    createdAt: input.now,
  }));
  const inserted: string[] = [];
  for (let i = 0; i < values.length; i += 500) {
    const rows = await db
      .insert(promoCodes)
      .values(values.slice(i, i + 500))
      .onConflictDoNothing()
      .returning({ code: promoCodes.code });
    inserted.push(...rows.map((r) => r.code));
  }
  return inserted;
}
