import { and, asc, eq, inArray, sql } from 'drizzle-orm';

import type { Product } from '../../../protocol';
import type { Database } from '../../storage/database';
import { orders, type ProductRow, products } from '../../storage/schema';

type SeedProduct = Omit<typeof products.$inferInsert, 'id' | 'createdAt'>;

/** The product S/N of the free plan; its row is the quota configuration of users without a paid plan. */
export const FREE_PRODUCT_SN = 'FREE';

/**
 * The plans seeded on start (prices in CNY fen). Credits: 1 credit = US$0.001 of model usage (see usage.ts).
 * The canonical texts are Chinese, as in the spec's backend: its recommended rule (PWA productLabels.ts) reads "专业"
 * in the name and "高性价比" in the highlights, so only PRO-30 may carry either. `translations.en` holds what the English
 * pages show.
 */
export const seedProducts: readonly SeedProduct[] = [
  {
    productSn: FREE_PRODUCT_SN,
    productName: '免费版',
    subtitle: '免费体验 Tern',
    priceMinor: 0,
    priceUnit: 'CNY',
    validityDays: 30,
    credits: 100,
    planType: 'free',
    perMinuteLimit: 10,
    perDayLimit: 200,
    purchasable: false,
    repeatable: true,
    usageRules: '每月 100 积分\n每分钟 10 次请求，每天 200 次',
    description: { highlights: ['每月 100 积分'], features: ['命令行 + 网页控制台', '社区支持'] },
    translations: {
      en: {
        productName: 'Free',
        subtitle: 'Try Tern for free',
        usageRules: '100 credits every month\n10 requests per minute, 200 per day',
        description: { highlights: ['100 credits / month'], features: ['CLI + web console', 'Community support'] },
      },
    },
    sortOrder: 0,
  },
  {
    productSn: 'BASIC-30',
    productName: '基础版',
    subtitle: '30 天 2,000 积分',
    priceMinor: 2900,
    priceUnit: 'CNY',
    validityDays: 30,
    credits: 2000,
    planType: 'basic',
    perMinuteLimit: 30,
    perDayLimit: 1000,
    purchasable: true,
    repeatable: true,
    usageRules: '2,000 积分，30 天有效\n可重复购买\n每分钟 30 次请求，每天 1,000 次',
    description: { highlights: ['2,000 积分'], features: ['全部模型', '远程控制', '邮件支持'] },
    translations: {
      en: {
        productName: 'Basic',
        subtitle: '2,000 credits for 30 days',
        usageRules: '2,000 credits, valid for 30 days\nCan be bought again\n30 requests per minute, 1,000 per day',
        description: { highlights: ['2,000 credits'], features: ['All models', 'Remote control', 'Email support'] },
      },
    },
    sortOrder: 10,
  },
  {
    productSn: 'PRO-30',
    productName: '专业版',
    subtitle: '30 天 10,000 积分',
    priceMinor: 9900,
    priceUnit: 'CNY',
    validityDays: 30,
    credits: 10_000,
    planType: 'pro',
    perMinuteLimit: 60,
    perDayLimit: 3000,
    purchasable: true,
    repeatable: true,
    usageRules: '10,000 积分，30 天有效\n每分钟 60 次请求，每天 3,000 次',
    description: { highlights: ['高性价比', '10,000 积分'], features: ['全部模型', '远程控制', '优先支持'] },
    translations: {
      en: {
        productName: 'Pro',
        subtitle: '10,000 credits for 30 days',
        usageRules: '10,000 credits, valid for 30 days\n60 requests per minute, 3,000 per day',
        description: { highlights: ['Best value', '10,000 credits'], features: ['All models', 'Remote control', 'Priority support'] },
      },
    },
    sortOrder: 20,
  },
  {
    productSn: 'PRO-MAX-30',
    // Not "专业…": the spec's rule would mark it recommended too.
    productName: '旗舰版',
    subtitle: '30 天 150,000 积分',
    priceMinor: 99900,
    priceUnit: 'CNY',
    validityDays: 30,
    credits: 150_000,
    planType: 'pro',
    perMinuteLimit: 120,
    perDayLimit: 10_000,
    purchasable: true,
    repeatable: true,
    usageRules: '150,000 积分，30 天有效\n每分钟 120 次请求，每天 10,000 次',
    description: { highlights: ['150,000 积分'], features: ['全部模型', '最高限额', '优先支持'] },
    translations: {
      en: {
        productName: 'Pro Max',
        subtitle: '150,000 credits for 30 days',
        usageRules: '150,000 credits, valid for 30 days\n120 requests per minute, 10,000 per day',
        description: { highlights: ['150,000 credits'], features: ['All models', 'Highest limits', 'Priority support'] },
      },
    },
    sortOrder: 30,
  },
  {
    productSn: 'ENTERPRISE',
    productName: '企业版',
    subtitle: '定制积分与限额',
    priceMinor: 0,
    priceUnit: 'custom',
    validityDays: 365,
    credits: 0,
    planType: 'enterprise',
    perMinuteLimit: 300,
    perDayLimit: 50_000,
    purchasable: false,
    repeatable: true,
    usageRules: '积分与限额按团队需求调整\n请联系我们',
    description: { highlights: ['按需定制'], features: ['单点登录与团队管理', '专属支持（4 小时内响应）'] },
    translations: {
      en: {
        productName: 'Enterprise',
        subtitle: 'Custom credits and limits',
        usageRules: 'Credits and limits tailored to your team\nContact us',
        description: { highlights: ['Custom'], features: ['SSO & team management', 'Dedicated support (4 h response)'] },
      },
    },
    sortOrder: 40,
  },
];

/**
 * Product names the seed used before the texts were split by language (one bilingual string). Orders made then keep
 * such a snapshot; the seed renames those snapshots to the canonical name and adds the English one.
 */
export const legacySeedNames: Readonly<Record<string, readonly string[]>> = {
  [FREE_PRODUCT_SN]: ['Free 免费版'],
  'BASIC-30': ['Basic 基础版'],
  'PRO-30': ['Pro 专业版'],
  'PRO-MAX-30': ['Pro Max'],
  ENTERPRISE: ['Enterprise 企业版'],
};

/** The order snapshot of a product's name and subtitle in other languages (null when the product has no translation). */
export function productNameTranslations(
  row: Pick<ProductRow, 'translations'>,
): { en?: { productName: string; description?: string } } | null {
  const en = row.translations?.en;
  return en?.productName ? { en: { productName: en.productName, description: en.subtitle } } : null;
}

/**
 * Upserts the plans by product S/N. Missing plans are inserted; existing ones get the seed's display texts (name,
 * subtitle, usage rules, description, translations), so a relay seeded with older texts shows the current ones.
 * Price, credits, limits, activity and order are left as they are (an operator may have tuned them). Orders that
 * still carry a legacy bilingual name snapshot are renamed too. Idempotent: a second run changes nothing.
 */
export async function seedCatalog(db: Database): Promise<void> {
  await db
    .insert(products)
    .values([...seedProducts])
    .onConflictDoUpdate({
      target: products.productSn,
      set: {
        productName: sql`excluded.product_name`,
        subtitle: sql`excluded.subtitle`,
        usageRules: sql`excluded.usage_rules`,
        description: sql`excluded.description`,
        translations: sql`excluded.translations`,
      },
    });
  for (const seed of seedProducts) {
    const legacy = legacySeedNames[seed.productSn] ?? [];
    if (legacy.length === 0) continue;
    await db
      .update(orders)
      .set({
        productName: seed.productName,
        description: seed.subtitle ?? '',
        productNameTranslations: productNameTranslations({ translations: seed.translations ?? null }),
      })
      .where(and(eq(orders.productSn, seed.productSn), inArray(orders.productName, [...legacy])));
  }
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
  ...(row.translations?.en && { translations: { en: row.translations.en } }),
});

export async function listActiveProducts(db: Database): Promise<Product[]> {
  const rows = await db
    .select()
    .from(products)
    .where(eq(products.isActive, true))
    .orderBy(asc(products.sortOrder), asc(products.priceMinor));
  return rows.map(productToProtocol);
}

export async function findProductBySn(db: Database, productSn: string): Promise<ProductRow | null> {
  const [row] = await db.select().from(products).where(eq(products.productSn, productSn)).limit(1);
  return row ?? null;
}
