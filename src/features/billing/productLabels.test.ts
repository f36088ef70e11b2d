import { describe, expect, it } from 'vitest';

import type { Product } from '#protocol/billing';

import {
  currencySymbol,
  formatPrice,
  isContactPlan,
  isFreePlan,
  isRecommended,
  planKind,
  usageRuleLines,
  visibleProducts,
} from './productLabels';

const make = (over: Partial<Product>): Product => ({
  id: 1,
  productSn: 'SN',
  productName: 'Basic',
  subtitle: '',
  price: 19,
  priceUnit: 'USD',
  validityDays: 30,
  isActive: true,
  usageRules: '',
  description: { highlights: [], features: [] },
  ...over,
});

describe('plan labels', () => {
  it('shows only active plans', () => {
    expect(visibleProducts([make({ productSn: 'a' }), make({ productSn: 'b', isActive: false })]).map((p) => p.productSn)).toEqual(['a']);
  });

  it('marks a plan recommended by 专业 in the name or 性价比 in a highlight', () => {
    expect(isRecommended(make({ productName: '专业版' }))).toBe(true);
    expect(isRecommended(make({ description: { highlights: ['超高性价比'], features: [] } }))).toBe(true);
    expect(isRecommended(make({ productName: 'Basic', description: { highlights: ['Popular'], features: [] } }))).toBe(false);
  });

  it('tells free, basic, professional and enterprise plans apart', () => {
    expect(planKind(make({ productName: '免费版', price: 0 }))).toBe('free');
    expect(planKind(make({ productName: 'Free' }))).toBe('free');
    expect(planKind(make({ productName: '基础版' }))).toBe('basic');
    expect(planKind(make({ productName: 'Basic' }))).toBe('basic');
    expect(planKind(make({ productName: '专业版' }))).toBe('pro');
    expect(planKind(make({ productName: 'Pro Max' }))).toBe('pro');
    expect(planKind(make({ productName: '旗舰版' }))).toBe('pro');
    expect(planKind(make({ productName: '企业版' }))).toBe('enterprise');
    expect(planKind(make({ productName: 'Enterprise' }))).toBe('enterprise');
    expect(planKind(make({ productName: 'Starter pack' }))).toBe('basic');
    expect(planKind(make({ productName: 'Credits', price: 0 }))).toBe('free');
    expect(planKind(make({ productName: 'Credits' }))).toBe('other');
  });

  it('sends custom-priced enterprise plans to contact and price 0 plans to free use', () => {
    expect(isContactPlan(make({ productName: 'Enterprise', price: 0 }))).toBe(true);
    expect(isContactPlan(make({ productName: '企业版', price: 999 }))).toBe(false);
    expect(isFreePlan(make({ productName: 'Enterprise', price: 0 }))).toBe(false);
    expect(isFreePlan(make({ productName: 'Free', price: 0 }))).toBe(true);
  });

  it('uses ¥ for CNY and $ for anything else', () => {
    expect(currencySymbol('CNY')).toBe('¥');
    expect(currencySymbol(' cny ')).toBe('¥');
    expect(currencySymbol('USD')).toBe('$');
    expect(currencySymbol('')).toBe('$');
    expect(formatPrice(make({ price: 99, priceUnit: 'CNY' }))).toBe('¥99');
    expect(formatPrice(make({ price: 9.9, priceUnit: 'USD' }))).toBe('$9.90');
  });

  it('splits multi-line usage rules', () => {
    expect(usageRuleLines('- 2,000 credits\n\n2. Valid 30 days\r\n• Buy again any time  ')).toEqual([
      '2,000 credits',
      'Valid 30 days',
      'Buy again any time',
    ]);
  });
});
