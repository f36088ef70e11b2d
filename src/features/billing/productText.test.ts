import { describe, expect, it } from 'vitest';

import { type Product, productSchema } from '#protocol/billing';

import { seedProducts } from '../../../relay/server/core/billing/catalog';
import { isRecommended, planKind } from './productLabels';
import { orderProductText, productText } from './productText';

/** The relay's seeded plans as the products call sends them (translations included). */
const seeded: Product[] = seedProducts.map((p, i) =>
  productSchema.parse({
    id: i,
    productSn: p.productSn,
    productName: p.productName,
    subtitle: p.subtitle,
    price: p.priceMinor / 100,
    priceUnit: p.priceUnit,
    validityDays: p.validityDays,
    isActive: true,
    usageRules: p.usageRules,
    description: p.description,
    translations: p.translations ?? undefined,
  }),
);
const bySn = (sn: string) => seeded.find((p) => p.productSn === sn)!;
const hasHan = (s: string) => /\p{Script=Han}/u.test(s);

describe('product display text', () => {
  it('shows the canonical (Chinese) texts in Chinese and the English translation in English', () => {
    const pro = bySn('PRO-30');
    expect(productText(pro, 'zh')).toMatchObject({ productName: '专业版', highlights: ['高性价比', '10,000 积分'] });
    expect(productText(pro, 'en')).toMatchObject({ productName: 'Pro', highlights: ['Best value', '10,000 credits'] });
  });

  it('falls back to the canonical texts when a product has no English translation', () => {
    const bare = productSchema.parse({
      id: 1,
      productSn: 'X',
      productName: '入门版',
      price: 9,
      priceUnit: 'CNY',
      validityDays: 7,
      isActive: true,
      description: {},
    });
    expect(productText(bare, 'en').productName).toBe('入门版');
  });

  it('seeds every plan with one language per field: Chinese canonical texts, English translations', () => {
    for (const p of seeded) {
      const zh = productText(p, 'zh');
      const en = productText(p, 'en');
      expect(p.translations?.en, p.productSn).toBeDefined();
      for (const s of [zh.productName, zh.subtitle, zh.usageRules, ...zh.highlights, ...zh.features]) {
        expect(s, p.productSn).not.toContain('·');
      }
      expect(hasHan(zh.productName), zh.productName).toBe(true);
      for (const s of [en.productName, en.subtitle, en.usageRules, ...en.highlights, ...en.features]) expect(hasHan(s), s).toBe(false);
    }
  });

  it('keeps the recommended rule on the canonical fields: only Pro, in both languages', () => {
    expect(seeded.filter((p) => isRecommended(p)).map((p) => p.productSn)).toEqual(['PRO-30']);
    // The rule never reads the translation, so switching the page language cannot change it.
    const englishOnly = seeded.map((p) => ({
      ...p,
      productName: productText(p, 'en').productName,
      description: { highlights: productText(p, 'en').highlights, features: [] },
    }));
    expect(englishOnly.filter((p) => isRecommended(p))).toEqual([]);
    expect(Object.fromEntries(seeded.map((p) => [p.productSn, planKind(p)]))).toEqual({
      FREE: 'free',
      'BASIC-30': 'basic',
      'PRO-30': 'pro',
      'PRO-MAX-30': 'pro',
      ENTERPRISE: 'enterprise',
    });
  });

  it('shows an order name snapshot in the page language', () => {
    const order = {
      productName: '基础版',
      description: '30 天 2,000 积分',
      translations: { en: { productName: 'Basic', description: '2,000 credits for 30 days' } },
    };
    expect(orderProductText(order, 'en')).toEqual({ productName: 'Basic', description: '2,000 credits for 30 days' });
    expect(orderProductText(order, 'zh')).toEqual({ productName: '基础版', description: '30 天 2,000 积分' });
    expect(orderProductText({ productName: '旧套餐', description: '' }, 'en')).toEqual({ productName: '旧套餐', description: '' });
  });
});
