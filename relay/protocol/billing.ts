import { z } from 'zod';

import { plain } from './text';

/**
 * Plans and orders (spec §3 Product, Order-creation response; §7 GET /web-api/products, POST
 * /web-api/payment/create-order). Additive changes only; a renamed field is a new field.
 */

/**
 * Display texts of a plan in one more language. The canonical fields of a product are Chinese (the spec's backend is
 * Chinese, and the recommended rule reads them); `translations.en` is what the English pages show instead.
 */
export const productTextsSchema = z.object({
  productName: z.string().min(1),
  subtitle: z
    .string()
    .nullish()
    .transform((v) => v ?? ''),
  usageRules: z
    .string()
    .nullish()
    .transform((v) => v ?? ''),
  description: z
    .object({
      highlights: z.array(z.string()).default([]),
      features: z.array(z.string()).default([]),
    })
    .default({ highlights: [], features: [] }),
});
export type ProductTexts = z.infer<typeof productTextsSchema>;

/** Additive, optional: translations of the display texts, keyed by language (only `en` so far). */
export const productTranslationsSchema = z.object({
  en: productTextsSchema.optional(),
});
export type ProductTranslations = z.infer<typeof productTranslationsSchema>;

/** One plan as the products call lists it. `price` 0 means free; `priceUnit` CNY shows ¥, anything else $. */
export const productSchema = z.object({
  id: z.union([z.string(), z.number()]),
  productSn: z.string().min(1),
  productName: z.string(),
  subtitle: z
    .string()
    .nullish()
    .transform((v) => v ?? ''),
  // Decimal columns often arrive as strings ("19.00"); the number is what the cards format.
  price: z.coerce.number().nonnegative(),
  priceUnit: z.string(),
  validityDays: z.coerce.number().int().nonnegative(),
  isActive: z.boolean(),
  /** Multi-line text: one rule per line. */
  usageRules: z
    .string()
    .nullish()
    .transform((v) => v ?? ''),
  description: z.object({
    highlights: z.array(z.string()).default([]),
    features: z.array(z.string()).default([]),
  }),
  /** Not in the spec's Product: the relay adds it; a backend without it leaves every page on the canonical texts. */
  translations: productTranslationsSchema.optional(),
});
export type Product = z.infer<typeof productSchema>;
export type ProductInput = z.input<typeof productSchema>;

/** `data` of GET /web-api/products. */
export const productListSchema = z.array(productSchema);

/** Body of POST /web-api/payment/create-order. */
export const createOrderRequestSchema = z.object({
  product_sn: plain(z.string()).min(1).max(200),
});
export type CreateOrderRequest = z.infer<typeof createOrderRequestSchema>;

export const createdOrderSchema = z.object({
  order_id: z.union([z.string(), z.number()]).transform(String),
  amount: z.coerce.number(),
  currency: z.string(),
  payment_method: z.string(),
  order_expires_at: z.string(),
  // Only web URLs: the browser is sent there, so a `javascript:` URL must never pass.
  payment_url: z.url({ protocol: /^https?$/ }),
});
export type CreatedOrder = z.infer<typeof createdOrderSchema>;

/** Answer of POST /web-api/payment/create-order. */
export const createOrderResponseSchema = z.object({
  success: z.boolean(),
  data: createdOrderSchema.optional(),
  message: z.string().optional(),
});
export type CreateOrderResponse = z.infer<typeof createOrderResponseSchema>;

/** Payment providers the relay knows. `sandbox` is the relay's own checkout page; `stripe` is Stripe Checkout. */
export const paymentMethodSchema = z.enum(['sandbox', 'stripe']);
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

export const orderStatusSchema = z.enum(['pending', 'paid', 'cancelled', 'expired', 'refunded']);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

export const paymentStatusSchema = z.enum(['unpaid', 'paid', 'failed', 'refunded']);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

/** Optional `lang` on create-order: the sandbox checkout page and its return link follow it. */
export const checkoutLangSchema = z.enum(['en', 'zh']);
export type CheckoutLang = z.infer<typeof checkoutLangSchema>;

/** Body of POST /web-api/payment/create-order with the optional language of the page that made the order. */
export const createOrderBodySchema = createOrderRequestSchema.extend({
  lang: checkoutLangSchema.optional(),
});
export type CreateOrderBody = z.infer<typeof createOrderBodySchema>;
