import type { OrderSummary } from '#protocol/account';
import type { Product } from '#protocol/billing';
import type { Language } from '#protocol/languages';

/**
 * Which text of a plan a page shows. The product's own fields are canonical (Chinese, as the spec's backend sends
 * them): the Chinese pages show them. The English pages show `translations.en` when the relay sends it, else the
 * canonical texts. Rules that read the product (recommended, plan kind) keep reading the canonical fields.
 */
export interface ProductDisplayText {
  productName: string;
  subtitle: string;
  usageRules: string;
  highlights: string[];
  features: string[];
}

export function productText(
  product: Pick<Product, 'productName' | 'subtitle' | 'usageRules' | 'description' | 'translations'>,
  lang: Language,
): ProductDisplayText {
  const source = (lang === 'en' && product.translations?.en) || product;
  return {
    productName: source.productName,
    subtitle: source.subtitle,
    usageRules: source.usageRules,
    highlights: source.description.highlights,
    features: source.description.features,
  };
}

/** An order's product name (and description) snapshot in the page's language, falling back to the canonical one. */
export function orderProductText(
  order: Pick<OrderSummary, 'productName' | 'translations'> & { description?: string },
  lang: Language,
): { productName: string; description: string } {
  const en = lang === 'en' ? order.translations?.en : undefined;
  return { productName: en?.productName || order.productName, description: en?.description ?? order.description ?? '' };
}
