import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openStorage, type Storage } from '../../storage/database';
import { createAuthRepos } from '../../storage/repos';
import { creditLedger, orders, products } from '../../storage/schema';
import { createTestPostgres } from '../../testing/postgres';
import {
  activeGrants,
  addDays,
  availableCredits,
  type BillingDeps,
  createPromoCodes,
  createSandboxProvider,
  defaultBillingSettings,
  exchangePromoCode,
  grantBalances,
  grantCredits,
  recordUsage,
  seedCatalog,
  spendCredits,
  userStats,
  voidGrant,
} from './index';

/** The ledger and promo-code contract on both targets: PGlite (embedded default) and a real PostgreSQL. */
function ledgerContract(open: () => Promise<Storage>, cleanup: () => Promise<void>) {
  let storage: Storage;
  const t0 = new Date('2030-01-10T12:00:00Z');
  const deps = (now = t0): BillingDeps => ({
    db: storage.db,
    now: () => now,
    provider: createSandboxProvider(),
    settings: defaultBillingSettings,
  });
  const newUser = async () =>
    (await createAuthRepos(storage.db).users.create({ username: 'L', email: `${randomUUID()}@example.com`, provider: 'tern', now: t0 })).id;

  beforeAll(async () => {
    storage = await open();
    await seedCatalog(storage.db);
    await seedCatalog(storage.db);
  }, 120_000);
  afterAll(async () => {
    await storage?.close();
    await cleanup();
  }, 120_000);

  it('grants once per source, derives balances, spends the earliest expiry first, drops expired grants', async () => {
    const userId = await newUser();
    const long = await grantCredits(storage.db, {
      userId,
      sourceType: 'order',
      sourceId: `o-${userId}`,
      credits: 100,
      effectiveFrom: t0,
      expiresAt: addDays(t0, 30),
    });
    const short = await grantCredits(storage.db, {
      userId,
      sourceType: 'promo',
      sourceId: `p-${userId}`,
      credits: 10,
      effectiveFrom: t0,
      expiresAt: addDays(t0, 2),
    });
    expect(long && short).toBeTruthy();
    // The same source again: nothing.
    expect(
      await grantCredits(storage.db, {
        userId,
        sourceType: 'order',
        sourceId: `o-${userId}`,
        credits: 100,
        effectiveFrom: t0,
        expiresAt: null,
      }),
    ).toBeNull();
    // Not yet effective: not counted.
    await grantCredits(storage.db, {
      userId,
      sourceType: 'operator',
      sourceId: `f-${userId}`,
      credits: 7,
      effectiveFrom: addDays(t0, 1),
      expiresAt: addDays(t0, 40),
    });
    expect(await availableCredits(storage.db, userId, t0)).toBe(110);

    await storage.db.transaction((tx) => spendCredits(tx, userId, 15, randomUUID(), t0));
    const balances = await grantBalances(storage.db, userId);
    expect(balances.find((b) => b.grant.id === short!.id)).toMatchObject({ spent: 10, remaining: 0 });
    expect(balances.find((b) => b.grant.id === long!.id)).toMatchObject({ spent: 5, remaining: 95 });
    expect(await availableCredits(storage.db, userId, t0)).toBe(95);
    // After 3 days the short grant is gone, the future one counts.
    expect(await availableCredits(storage.db, userId, addDays(t0, 3))).toBe(95 + 7);
    expect((await activeGrants(storage.db, userId, addDays(t0, 3))).map((g) => g.grant.sourceType)).toEqual(['order', 'operator']);
    // After 41 days nothing is left.
    expect(await availableCredits(storage.db, userId, addDays(t0, 41))).toBe(0);

    // Overspending records the rest without a grant; the balance never goes below zero.
    await storage.db.transaction((tx) => spendCredits(tx, userId, 500, randomUUID(), t0));
    expect(await availableCredits(storage.db, userId, t0)).toBe(0);
    const spends = await storage.db.select().from(creditLedger).where(eq(creditLedger.userId, userId));
    expect(spends.filter((r) => r.kind === 'spend').reduce((s, r) => s + r.credits, 0)).toBe(-515);

    // Voiding (refund) takes what is left, once.
    const other = await grantCredits(storage.db, {
      userId,
      sourceType: 'order',
      sourceId: `o2-${userId}`,
      credits: 50,
      effectiveFrom: t0,
      expiresAt: addDays(t0, 30),
    });
    expect(await availableCredits(storage.db, userId, t0)).toBe(50);
    expect((await voidGrant(storage.db, other!, `o2-${userId}`, t0, 'refund'))?.credits).toBe(-50);
    expect(await voidGrant(storage.db, other!, `o2-${userId}`, t0, 'refund')).toBeNull();
    expect(await availableCredits(storage.db, userId, t0)).toBe(0);
  });

  it('records usage once per requestId and prices it server-side', async () => {
    const userId = await newUser();
    const report = {
      requestId: randomUUID(),
      model: 'claude-3-5-haiku',
      inputTokens: 100_000,
      outputTokens: 10_000,
      cacheCreationTokens: 0,
      cacheReadTokens: 0,
    };
    // Haiku: 0.1 × $0.8 + 0.01 × $4 = $0.12 → 120 credits.
    const results = await Promise.all(Array.from({ length: 5 }, () => recordUsage(deps(), userId, report)));
    expect(results.filter((r) => !r.duplicate)).toHaveLength(1);
    expect(results.every((r) => r.credits === 120)).toBe(true);
    const rows = await storage.db.select().from(creditLedger).where(eq(creditLedger.userId, userId));
    expect(rows.filter((r) => r.kind === 'spend').reduce((s, r) => s + r.credits, 0)).toBe(-120);
    // The free allowance (100) was drawn first; the rest has no grant.
    expect(rows.filter((r) => r.kind === 'grant').map((r) => r.sourceType)).toEqual(['free']);

    // The dashboard series bucket it in UTC, zero-filled around it.
    const stats = await userStats(deps(new Date(t0.getTime() + 30 * 60_000)), userId);
    expect(stats.daily).toHaveLength(30);
    expect(stats.daily.at(-1)).toEqual({ date: '2030-01-10', requests: 1, tokens: 110_000, credits: 120 });
    expect(stats.hourly).toHaveLength(24);
    expect(stats.hourly.at(-1)).toEqual({ hour: '2030-01-10T12:00:00.000Z', requests: 1, tokens: 110_000, credits: 120 });
    expect(stats.hourly.slice(0, -1).every((h) => h.requests === 0)).toBe(true);
    expect(stats).toMatchObject({ creditsUsed: 100, creditLimit: 100, usageRate: 1, accountStatus: 'inactive', planType: 'free' });
  });

  it('the seed upserts display texts by product S/N and renames legacy bilingual order snapshots only', async () => {
    const userId = await newUser();
    await storage.db
      .update(products)
      .set({ productName: 'Pro 专业版', translations: null, perDayLimit: 4000 })
      .where(eq(products.productSn, 'PRO-30'));
    const [pro] = await storage.db.select().from(products).where(eq(products.productSn, 'PRO-30'));
    const order = (name: string) => ({
      userId,
      productId: pro!.id,
      productSn: 'PRO-30',
      productName: name,
      type: 'purchase',
      amountMinor: 9900,
      originalAmountMinor: 9900,
      currency: 'CNY',
      credits: 10_000,
      validityDays: 30,
      status: 'cancelled',
      paymentStatus: 'unpaid',
      paymentMethod: 'sandbox',
      expiresAt: t0,
    });
    const [legacy, kept] = await storage.db
      .insert(orders)
      .values([order('Pro 专业版'), order('专业版（活动）')])
      .returning();
    await seedCatalog(storage.db);
    const [after] = await storage.db.select().from(products).where(eq(products.productSn, 'PRO-30'));
    expect(after).toMatchObject({ id: pro!.id, productName: '专业版', perDayLimit: 4000, translations: { en: { productName: 'Pro' } } });
    const [renamed] = await storage.db.select().from(orders).where(eq(orders.id, legacy!.id));
    expect(renamed).toMatchObject({
      productName: '专业版',
      description: '30 天 10,000 积分',
      productNameTranslations: { en: { productName: 'Pro' } },
    });
    const [untouched] = await storage.db.select().from(orders).where(eq(orders.id, kept!.id));
    expect(untouched).toMatchObject({ productName: '专业版（活动）', productNameTranslations: null });
    await storage.db.update(products).set({ perDayLimit: 3000 }).where(eq(products.productSn, 'PRO-30'));
  });

  it('50 concurrent exchanges of one promo code: exactly one success, one grant', async () => {
    const [code] = await createPromoCodes(storage.db, { credits: 42, count: 1, days: 7, prefix: 'RACE', now: t0 });
    const users = await Promise.all(Array.from({ length: 10 }, () => newUser()));
    const results = await Promise.allSettled(Array.from({ length: 50 }, (_, i) => exchangePromoCode(deps(), users[i % 10]!, code!)));
    const ok = results.filter((r) => r.status === 'fulfilled');
    expect(ok).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ status: 400, code: 'PROMO_ALREADY_USED' });
    const grants = await storage.db.select().from(creditLedger).where(eq(creditLedger.note, code!));
    expect(grants).toHaveLength(1);
    expect(grants[0]!.credits).toBe(42);
  });
}

describe('billing ledger on PGlite', () => {
  let dir = '';
  ledgerContract(
    async () => {
      dir = mkdtempSync(path.join(tmpdir(), 'tern-billing-'));
      return openStorage({ dataDir: dir });
    },
    async () => rmSync(dir, { recursive: true, force: true }),
  );
});

const pg = await createTestPostgres();
describe.skipIf(!pg)('billing ledger on PostgreSQL', () => {
  ledgerContract(
    () => openStorage({ databaseUrl: pg!.url, dataDir: '/nonexistent' }),
    () => pg!.drop(),
  );
});
