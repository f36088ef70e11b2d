import { asc, eq } from 'drizzle-orm';

import type { Product } from '../../../protocol';
import type { Database } from '../../storage/database';
import { type ProductRow, products } from '../../storage/schema';

type SeedProduct = Omit<typeof products.$inferInsert, 'id' | 'createdAt'>;

/** The product S/N of the free plan; its row is the quota configuration of users without a paid plan. */
export const FREE_PRODUCT_SN = 'FREE';

/**
 * The plans seeded on first start (prices in CNY fen). Credits: 1 credit = US$0.001 of model usage (see usage.ts).
 * Names read in both languages; PlanCards marks "专业" names and "高性价比" highlights as recommended.
 */
export const seedProducts: readonly SeedProduct[] = [
  {
    productSn: FREE_PRODUCT_SN,
    productName: 'Free 免费版',
    subtitle: 'Try Tern · 免费体验',
    priceMinor: 0,
    priceUnit: 'CNY',
    validityDays: 30,
    credits: 100,
    planType: 'free',
    perMinuteLimit: 10,
    perDayLimit: 200,
    purchasable: false,
    repeatable: true,
    usageRules: '100 credits every month · 每月 100 积分\n10 requests/minute, 200/day · 每分钟 10 次，每天 200 次',
    description: { highlights: ['100 credits / month · 每月 100 积分'], features: ['CLI + web console', 'Community support · 社区支持'] },
    sortOrder: 0,
  },
  {
    productSn: 'BASIC-30',
    productName: 'Basic 基础版',
    subtitle: '2,000 credits for 30 days · 30 天 2,000 积分',
    priceMinor: 2900,
    priceUnit: 'CNY',
    validityDays: 30,
    credits: 2000,
    planType: 'basic',
    perMinuteLimit: 30,
    perDayLimit: 1000,
    purchasable: true,
    repeatable: true,
    usageRules: '2,000 credits, valid 30 days · 2,000 积分，30 天有效\nCan be bought again · 可重复购买\n30 requests/minute, 1,000/day · 每分钟 30 次，每天 1,000 次',
    description: { highlights: ['2,000 credits · 2,000 积分'], features: ['All models · 全部模型', 'Remote control · 远程控制', 'Email support · 邮件支持'] },
    sortOrder: 10,
  },
  {
    productSn: 'PRO-30',
    productName: 'Pro 专业版',
    subtitle: '10,000 credits for 30 days · 30 天 10,000 积分',
    priceMinor: 9900,
    priceUnit: 'CNY',
    validityDays: 30,
    credits: 10_000,
    planType: 'pro',
    perMinuteLimit: 60,
    perDayLimit: 3000,
    purchasable: true,
    repeatable: true,
    usageRules: '10,000 credits, valid 30 days · 10,000 积分，30 天有效\n60 requests/minute, 3,000/day · 每分钟 60 次，每天 3,000 次',
    description: {
      highlights: ['高性价比 · Best value', '10,000 credits · 10,000 积分'],
      features: ['All models · 全部模型', 'Remote control · 远程控制', 'Priority support · 优先支持'],
    },
    sortOrder: 20,
  },
  {
    productSn: 'PRO-MAX-30',
    productName: 'Pro Max',
    subtitle: '150,000 credits for 30 days · 30 天 150,000 积分',
    priceMinor: 99900,
    priceUnit: 'CNY',
    validityDays: 30,
    credits: 150_000,
    planType: 'pro',
    perMinuteLimit: 120,
    perDayLimit: 10_000,
    purchasable: true,
    repeatable: true,
    usageRules: '150,000 credits, valid 30 days · 150,000 积分，30 天有效\n120 requests/minute, 10,000/day · 每分钟 120 次，每天 10,000 次',
    description: { highlights: ['150,000 credits · 150,000 积分'], features: ['All models · 全部模型', 'Highest limits · 最高限额', 'Priority support · 优先支持'] },
    sortOrder: 30,
  },
  {
    productSn: 'ENTERPRISE',
    productName: 'Enterprise 企业版',
    subtitle: 'Custom credits and limits · 定制额度',
    priceMinor: 0,
    priceUnit: 'custom',
    validityDays: 365,
    credits: 0,
    planType: 'enterprise',
    perMinuteLimit: 300,
    perDayLimit: 50_000,
    purchasable: false,
    repeatable: true,
    usageRules: 'Custom credits and limits · 定制积分与限额\nContact us · 请联系我们',
    description: { highlights: ['Custom · 定制'], features: ['SSO & team management · 单点登录与团队管理', 'Dedicated support (4 h) · 专属支持（4 小时）'] },
    sortOrder: 40,
  },
];

/** Inserts the plans that are missing (by product S/N); existing rows, edited by an operator, stay as they are. */
export async function seedCatalog(db: Database): Promise<void> {
  await db.insert(products).values([...seedProducts]).onConflictDoNothing();
}

export const productToProtocol = (row: ProductRow): Product => ({
  id: row.id,
  productSn: row.productSn,
  productName: row.productName,
  subtitle: row.subtitle,
  price: row.priceMinor / 100,
  priceUnit: row.priceUnit,
  validityDays: row.validityDays,
  isActive: row.isActive,
  usageRules: row.usageRules,
  description: { highlights: row.description.highlights ?? [], features: row.description.features ?? [] },
});

export async function listActiveProducts(db: Database): Promise<Product[]> {
  const rows = await db.select().from(products).where(eq(products.isActive, true)).orderBy(asc(products.sortOrder), asc(products.priceMinor));
  return rows.map(productToProtocol);
}

export async function findProductBySn(db: Database, productSn: string): Promise<ProductRow | null> {
  const [row] = await db.select().from(products).where(eq(products.productSn, productSn)).limit(1);
  return row ?? null;
}
