import { createRequire } from 'node:module';

import type Stripe from 'stripe';

import { type CheckoutLang, isPlain, type PaymentMethod } from '../../../protocol';
import { AppError } from '../appError';

/** What a provider needs to open a checkout for an order. */
export interface CheckoutOrder {
  id: string;
  productName: string;
  amountMinor: number;
  currency: string;
  expiresAt: Date;
  lang: CheckoutLang;
}

export interface CheckoutContext {
  /** Origin of the site (PUBLIC_URL or the request's), for return links. */
  origin: string;
}

/** A verified provider notification, reduced to what billing acts on. */
export type WebhookEvent =
  | { eventId: string; type: string; kind: 'paid'; orderId: string; paymentId: string; transactionId: string | null }
  | { eventId: string; type: string; kind: 'expired'; orderId: string }
  | { eventId: string; type: string; kind: 'ignored' };

/** The payment-provider interface: the sandbox (default) and Stripe implement it. */
export interface PaymentProvider {
  readonly name: PaymentMethod;
  createCheckout(order: CheckoutOrder, context: CheckoutContext): Promise<{ paymentUrl: string; paymentId: string }>;
  /** Verifies and parses a webhook; throws AppError 400 WEBHOOK_SIGNATURE_INVALID on a bad signature. */
  parseWebhook(rawBody: Buffer | string, headers: Record<string, string | string[] | undefined>): WebhookEvent;
  /** Returns the money of a paid order (operator refunds). */
  refund(order: { id: string; transactionId: string | null }): Promise<void>;
}

/** The buyer's return page after checkout: the PWA's order detail, in the order's language. */
export const orderReturnUrl = (origin: string, orderId: string, lang: CheckoutLang) =>
  `${origin.replace(/\/+$/, '')}${lang === 'zh' ? '/zh' : ''}/orders/${encodeURIComponent(orderId)}`;

/**
 * The relay's own checkout (GET /checkout/sandbox/:orderId): Pay and Cancel buttons, nothing is charged. The default
 * provider, so buying works with nothing configured. It has no webhooks: its page settles the order directly.
 */
export function createSandboxProvider(): PaymentProvider {
  return {
    name: 'sandbox',
    async createCheckout(order, { origin }) {
      return {
        paymentUrl: `${origin.replace(/\/+$/, '')}/checkout/sandbox/${encodeURIComponent(order.id)}`,
        paymentId: `sandbox_${order.id}`,
      };
    },
    parseWebhook() {
      throw new AppError(404, 'NOT_FOUND', 'The sandbox payment provider has no webhooks');
    },
    async refund() {
      // Nothing was charged.
    },
  };
}

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** Another API origin (stripe-mock or a test stand-in); default Stripe's. */
  apiBase?: string | undefined;
}

/** Stripe Checkout: one session per order; `checkout.session.completed` (paid) settles it through the webhook. */
export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const base = options.apiBase ? new URL(options.apiBase) : null;
  // Loaded here, not at start-up: the Stripe SDK is ~3 MB of heap and ~6 MB RSS, and only a relay configured with
  // PAYMENT_PROVIDER=stripe uses it (idle relay memory, issue #15).
  const StripeClient = createRequire(import.meta.url)('stripe') as typeof Stripe;
  const stripe = new StripeClient(options.secretKey, {
    maxNetworkRetries: 1,
    timeout: 10_000,
    ...(base && {
      host: base.hostname,
      port: base.port || (base.protocol === 'https:' ? 443 : 80),
      protocol: base.protocol === 'http:' ? 'http' : 'https',
    }),
  });
  return {
    name: 'stripe',
    async createCheckout(order, { origin }) {
      const returnUrl = orderReturnUrl(origin, order.id, order.lang);
      // Stripe accepts expiries 30 min to 24 h ahead.
      const minExpiry = Math.ceil(Date.now() / 1000) + 30 * 60 + 5;
      const session = await stripe.checkout.sessions
        .create({
          mode: 'payment',
          client_reference_id: order.id,
          metadata: { orderId: order.id },
          locale: order.lang === 'zh' ? 'zh' : 'en',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: order.currency.toLowerCase(),
                unit_amount: order.amountMinor,
                product_data: { name: order.productName },
              },
            },
          ],
          success_url: returnUrl,
          cancel_url: returnUrl,
          expires_at: Math.max(minExpiry, Math.floor(order.expiresAt.getTime() / 1000)),
        })
        .catch((error: unknown) => {
          throw new AppError(502, 'PAYMENT_PROVIDER_ERROR', `Payment provider error: ${(error as Error).message}`);
        });
      if (!session.url) throw new AppError(502, 'PAYMENT_PROVIDER_ERROR', 'Payment provider error: no checkout URL');
      return { paymentUrl: session.url, paymentId: session.id };
    },
    parseWebhook(rawBody, headers) {
      const signature = headers['stripe-signature'];
      let event: Stripe.Event;
      try {
        if (typeof signature !== 'string' || !signature) throw new Error('missing Stripe-Signature header');
        event = stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret);
      } catch (error) {
        throw new AppError(400, 'WEBHOOK_SIGNATURE_INVALID', `Webhook signature verification failed: ${(error as Error).message}`);
      }
      // Signed is not well-formed: an event without an id or a type cannot be recorded (nor deduplicated); Stripe's
      // ids are plain, so anything else is refused rather than stored and shown.
      // (A signed body need not even be an object: `null` parses too.)
      const { id, type } = (typeof event === 'object' && event !== null ? event : {}) as Partial<Stripe.Event>;
      if (typeof id !== 'string' || !id || !isPlain(id) || typeof type !== 'string' || !type || !isPlain(type)) {
        throw new AppError(400, 'VALIDATION_ERROR', 'Webhook event without a well-formed id or type');
      }
      if (event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded') {
        const session = checkoutSessionOf(event);
        const orderId = session.metadata?.orderId ?? session.client_reference_id;
        if (
          typeof orderId !== 'string' ||
          !orderId ||
          session.payment_status !== 'paid' ||
          typeof session.id !== 'string' ||
          !isPlain(session.id)
        ) {
          return { eventId: event.id, type: event.type, kind: 'ignored' };
        }
        const intent = session.payment_intent;
        const intentId = typeof intent === 'string' ? intent : intent?.id;
        return {
          eventId: event.id,
          type: event.type,
          kind: 'paid',
          orderId,
          paymentId: session.id,
          // Shown on the order: kept only when plain (the order falls back to its own transaction id).
          transactionId: typeof intentId === 'string' && isPlain(intentId) ? intentId : null,
        };
      }
      if (event.type === 'checkout.session.expired') {
        const session = checkoutSessionOf(event);
        const orderId = session.metadata?.orderId ?? session.client_reference_id;
        if (typeof orderId === 'string' && orderId) return { eventId: event.id, type: event.type, kind: 'expired', orderId };
      }
      return { eventId: event.id, type: event.type, kind: 'ignored' };
    },
    async refund(order) {
      if (!order.transactionId) throw new AppError(409, 'PAYMENT_PROVIDER_ERROR', 'The order has no Stripe payment to refund');
      await stripe.refunds.create({ payment_intent: order.transactionId }).catch((error: unknown) => {
        throw new AppError(502, 'PAYMENT_PROVIDER_ERROR', `Payment provider error: ${(error as Error).message}`);
      });
    },
  };
}

/** The Checkout session a (signed, so Stripe-made) event carries; an empty one when the event has none. */
function checkoutSessionOf(event: Stripe.Event): Partial<Stripe.Checkout.Session> {
  const object: unknown = (event.data as { object?: unknown } | null | undefined)?.object;
  return typeof object === 'object' && object !== null ? (object as Partial<Stripe.Checkout.Session>) : {};
}

export function createPaymentProvider(config: {
  PAYMENT_PROVIDER: 'sandbox' | 'stripe';
  STRIPE_SECRET_KEY?: string | undefined;
  STRIPE_WEBHOOK_SECRET?: string | undefined;
  STRIPE_API_BASE?: string | undefined;
}): PaymentProvider {
  if (config.PAYMENT_PROVIDER === 'sandbox') return createSandboxProvider();
  if (!config.STRIPE_SECRET_KEY || !config.STRIPE_WEBHOOK_SECRET) {
    throw new Error('PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
  }
  return createStripeProvider({
    secretKey: config.STRIPE_SECRET_KEY,
    webhookSecret: config.STRIPE_WEBHOOK_SECRET,
    apiBase: config.STRIPE_API_BASE,
  });
}
