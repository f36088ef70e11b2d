import type { FastifyInstance, FastifyRequest } from 'fastify';

import {
  cleanJson,
  createdOrderSchema,
  createOrderBodySchema,
  orderPageSchema,
  orderSchema,
  ordersQuerySchema,
  productListSchema,
  subscriptionCancelResultSchema,
} from '../../protocol';
import { AppError } from '../core/appError';
import {
  type BillingDeps,
  cancelOrder,
  cancelSubscription,
  createOrder,
  getOrder,
  handleWebhookEvent,
  listActiveProducts,
  listOrders,
  orderDetail,
} from '../core/billing';
import { parseBody } from './apiErrors';

/** PUBLIC_URL, else this request's own origin: where payment pages and return links point. */
export const siteOrigin = (publicUrl: string | undefined, request: FastifyRequest) =>
  publicUrl ? publicUrl.replace(/\/+$/, '') : `${request.protocol}://${request.host}`;

/** A query string validated like a body (400 VALIDATION_ERROR naming the problem). */
const parseQuery = parseBody;

/** Plans, orders, subscription cancel (JSON API, error envelope). */
export function registerBillingRoutes(app: FastifyInstance, deps: BillingDeps, options: { publicUrl?: string | undefined }): void {
  app.get('/web-api/products', async (_request, reply) => {
    reply.header('Cache-Control', 'public, max-age=60');
    return { success: true, data: productListSchema.parse(await listActiveProducts(deps.db)) };
  });

  app.post('/web-api/payment/create-order', { preHandler: app.authenticate }, async (request) => {
    const body = parseBody(createOrderBodySchema, request.body);
    const { order, paymentUrl } = await createOrder(deps, request.user!.id, {
      productSn: body.product_sn,
      lang: body.lang ?? 'en',
      origin: siteOrigin(options.publicUrl, request),
    });
    const data = createdOrderSchema.parse({
      order_id: order.id,
      amount: order.amountMinor / 100,
      currency: order.currency,
      payment_method: order.paymentMethod,
      order_expires_at: order.expiresAt.toISOString(),
      payment_url: paymentUrl,
    });
    return { success: true, data };
  });

  app.get('/web-api/orders', { preHandler: app.authenticate }, async (request) => {
    const query = parseQuery(ordersQuerySchema, request.query);
    return { success: true, data: orderPageSchema.parse(await listOrders(deps, request.user!.id, query.page, query.pageSize)) };
  });

  app.get<{ Params: { orderId: string } }>('/web-api/orders/:orderId', { preHandler: app.authenticate }, async (request) => {
    const order = await getOrder(deps, request.user!.id, request.params.orderId);
    return { success: true, data: orderSchema.parse(orderDetail(order)) };
  });

  app.post<{ Params: { orderId: string } }>('/web-api/orders/:orderId/cancel', { preHandler: app.authenticate }, async (request) => {
    const order = await cancelOrder(deps, request.user!.id, request.params.orderId);
    return { success: true, data: orderSchema.parse(orderDetail(order)) };
  });

  app.post('/web-api/subscriptions/cancel', { preHandler: app.authenticate }, async (request) => ({
    success: true,
    data: subscriptionCancelResultSchema.parse(await cancelSubscription(deps, request.user!.id)),
  }));
}

/**
 * POST /web-api/payment/stripe/webhook: the raw body (signature check needs the exact bytes). Registered in its own
 * scope whose JSON parser keeps the Buffer. 400 on a bad signature; a replayed event answers 200 and grants nothing.
 */
export function registerWebhookRoutes(app: FastifyInstance, deps: BillingDeps): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_request, body, done) => done(null, body));
  app.post('/web-api/payment/stripe/webhook', async (request) => {
    if (deps.provider.name !== 'stripe') throw new AppError(404, 'NOT_FOUND', 'Stripe payments are not enabled');
    const raw = request.body;
    if (!Buffer.isBuffer(raw)) throw new AppError(400, 'VALIDATION_ERROR', 'Expected a JSON body');
    const event = deps.provider.parseWebhook(raw, request.headers);
    let payload: unknown;
    try {
      // Stored as jsonb: text a customer typed (names, custom fields) is kept made storable (␀, U+FFFD), so NUL or a
      // lone surrogate in it cannot roll back the payment it reports.
      const cleaned = cleanJson.safeParse(JSON.parse(raw.toString('utf8')));
      payload = cleaned.success ? cleaned.data : null;
    } catch {
      payload = null;
    }
    const outcome = await handleWebhookEvent(deps, event, payload);
    request.log.info({ eventId: event.eventId, type: event.type, outcome }, 'payment webhook');
    return { success: true, data: { received: true, outcome } };
  });
}
