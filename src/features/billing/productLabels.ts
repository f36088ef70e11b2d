import type { Product } from '#protocol/billing';

/**
 * Pure rules for presenting plans (spec §4 Purchase), kept out of the cards so each rule is unit-tested.
 */
export type PlanKind = 'free' | 'basic' | 'pro' | 'enterprise' | 'other';

const kindPatterns: readonly (readonly [Exclude<PlanKind, 'other'>, RegExp])[] = [
  ['free', /free|免费|体验/i],
  ['enterprise', /enterprise|企业/i],
  ['pro', /\bpro\b|professional|专业|旗舰|max/i],
  ['basic', /basic|starter|基础|入门/i],
];

/** The icon family of a plan, read from its name: free, basic, professional (pro) or enterprise. */
export function planKind(product: Pick<Product, 'productName' | 'price'>): PlanKind {
  for (const [kind, pattern] of kindPatterns) if (pattern.test(product.productName)) return kind;
  return product.price === 0 ? 'free' : 'other';
}

/** Only active plans are offered. */
export function visibleProducts(products: readonly Product[]): Product[] {
  return products.filter((p) => p.isActive);
}

/** Spec §4: recommended when the name contains 专业 (professional) or a highlight contains 性价比 (cost-effective). */
export function isRecommended(product: Pick<Product, 'productName' | 'description'>): boolean {
  return product.productName.includes('专业') || product.description.highlights.some((h) => h.includes('性价比'));
}

/** Enterprise plans priced "custom" (no list price) are sold through the contact page, not checkout. */
export function isContactPlan(product: Pick<Product, 'productName' | 'price' | 'priceUnit'>): boolean {
  return planKind(product) === 'enterprise' && (product.price === 0 || /custom|contact|定制|面议/i.test(product.priceUnit));
}

export function isFreePlan(product: Pick<Product, 'productName' | 'price' | 'priceUnit'>): boolean {
  return product.price === 0 && !isContactPlan(product);
}

/** CNY shows ¥; anything else $ (spec §3). */
export function currencySymbol(priceUnit: string): '¥' | '$' {
  return priceUnit.trim().toUpperCase() === 'CNY' ? '¥' : '$';
}

/** "¥19", "$9.90": whole numbers without decimals, others with two. */
export function formatPrice(product: Pick<Product, 'price' | 'priceUnit'>): string {
  const amount = Number.isInteger(product.price) ? String(product.price) : product.price.toFixed(2);
  return `${currencySymbol(product.priceUnit)}${amount}`;
}

/** usageRules is multi-line text: one rule per non-empty line, list markers stripped. */
export function usageRuleLines(usageRules: string): string[] {
  return usageRules
    .split(/\r?\n/)
    .map((line) => line.replace(/^\s*(?:[-*•·]|\d+[.)、])\s*/, '').trim())
    .filter(Boolean);
}

/** Grid columns for the purchasable plans: four or more fill a desktop row of four, fewer sit centred. */
export function gridColumns(count: number): string {
  if (count >= 4) return 'sm:grid-cols-2 lg:grid-cols-4';
  if (count === 3) return 'sm:grid-cols-2 lg:grid-cols-3';
  if (count === 2) return 'sm:grid-cols-2 lg:mx-auto lg:max-w-4xl';
  return count === 1 ? 'mx-auto max-w-md' : '';
}
