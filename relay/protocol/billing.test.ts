import { describe, expect, it } from 'vitest';

import { createOrderRequestSchema, createOrderResponseSchema, productListSchema, productSchema } from './billing';

const product = {
  id: 1,
  productSn: 'PRO-30',
  productName: '专业版',
  subtitle: 'For daily work',
  price: '99.00',
  priceUnit: 'CNY',
  validityDays: 30,
  isActive: true,
  usageRules: '- 50,000 credits\n- Resets daily',
  description: { highlights: ['性价比之选'], features: ['All models'] },
};

describe('billing protocol', () => {
  it('parses a product, coercing a decimal price string', () => {
    const parsed = productSchema.parse(product);
    expect(parsed.price).toBe(99);
    expect(parsed.description.highlights).toEqual(['性价比之选']);
  });

  it('fills a missing subtitle, usage rules and description lists', () => {
    const parsed = productSchema.parse({ ...product, subtitle: null, usageRules: undefined, description: {} });
    expect(parsed).toMatchObject({ subtitle: '', usageRules: '', description: { highlights: [], features: [] } });
  });

  it('accepts a product without translations (the spec shape) and parses English display texts when present', () => {
    expect(productSchema.parse(product).translations).toBeUndefined();
    const en = { productName: 'Pro', subtitle: null, usageRules: '10,000 credits', description: { highlights: ['Best value'] } };
    const parsed = productSchema.parse({ ...product, translations: { en } });
    expect(parsed.translations?.en).toEqual({
      productName: 'Pro',
      subtitle: '',
      usageRules: '10,000 credits',
      description: { highlights: ['Best value'], features: [] },
    });
    expect(productSchema.parse({ ...product, translations: {} }).translations).toEqual({});
    expect(productSchema.safeParse({ ...product, translations: { en: { ...en, productName: '' } } }).success).toBe(false);
    expect(productSchema.safeParse({ ...product, translations: { en: { subtitle: 'x' } } }).success).toBe(false);
  });

  it('rejects a product without a serial number or with a negative price', () => {
    expect(productSchema.safeParse({ ...product, productSn: '' }).success).toBe(false);
    expect(productSchema.safeParse({ ...product, price: -1 }).success).toBe(false);
    expect(productListSchema.safeParse([product, { nope: true }]).success).toBe(false);
  });

  it('requires product_sn on the create-order request', () => {
    expect(createOrderRequestSchema.parse({ product_sn: 'PRO-30' })).toEqual({ product_sn: 'PRO-30' });
    expect(createOrderRequestSchema.safeParse({}).success).toBe(false);
  });

  it('accepts only web payment URLs in the create-order answer', () => {
    const data = { order_id: 42, amount: '99', currency: 'CNY', payment_method: 'alipay', order_expires_at: '2030-01-01T00:00:00Z' };
    const ok = createOrderResponseSchema.parse({ success: true, data: { ...data, payment_url: 'https://pay.example.com/o/42' } });
    expect(ok.data).toMatchObject({ order_id: '42', amount: 99 });
    for (const url of ['javascript:alert(1)', 'data:text/html,hi', 'not a url']) {
      expect(createOrderResponseSchema.safeParse({ success: true, data: { ...data, payment_url: url } }).success).toBe(false);
    }
  });
});
