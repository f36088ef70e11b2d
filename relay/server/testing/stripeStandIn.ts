import { randomBytes } from 'node:crypto';

import Fastify from 'fastify';

/**
 * TEST DOUBLE — a local stand-in for the two Stripe API endpoints the relay calls (POST /v1/checkout/sessions,
 * POST /v1/refunds), answering the shapes of the real ones. Point STRIPE_API_BASE at `url`. Not Stripe: webhooks are
 * signed by the test with `stripe.webhooks.generateTestHeaderString`.
 */
export interface StripeStandIn {
  url: string;
  /** Form fields of each created checkout session, in order. */
  sessions: { id: string; url: string; form: Record<string, string> }[];
  /** Form fields of each refund. */
  refunds: Record<string, string>[];
  /** When set, the next calls answer this HTTP status with a Stripe error body. */
  failWith: number | null;
  close(): Promise<void>;
}

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const server = Fastify({ logger: false });
  server.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  const state: StripeStandIn = { url: '', sessions: [], refunds: [], failWith: null, close: () => server.close() };
  const fail = (status: number) => ({ error: { type: 'api_error', message: `stand-in failure ${status}` } });

  server.post('/v1/checkout/sessions', async (request, reply) => {
    if (state.failWith) return reply.code(state.failWith).send(fail(state.failWith));
    const form = request.body as Record<string, string>;
    const id = `cs_test_${randomBytes(12).toString('hex')}`;
    const url = `https://checkout.stripe.test/c/pay/${id}`;
    state.sessions.push({ id, url, form });
    return {
      id,
      object: 'checkout.session',
      url,
      mode: form.mode,
      client_reference_id: form.client_reference_id ?? null,
      metadata: { orderId: form['metadata[orderId]'] },
      payment_status: 'unpaid',
      status: 'open',
      expires_at: Number(form.expires_at),
    };
  });

  server.post('/v1/refunds', async (request, reply) => {
    if (state.failWith) return reply.code(state.failWith).send(fail(state.failWith));
    const form = request.body as Record<string, string>;
    state.refunds.push(form);
    return { id: `re_test_${randomBytes(8).toString('hex')}`, object: 'refund', status: 'succeeded', payment_intent: form.payment_intent };
  });

  await server.listen({ port: 0, host: '127.0.0.1' });
  const address = server.server.address();
  state.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return state;
}
