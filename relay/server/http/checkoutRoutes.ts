import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import type { CheckoutLang } from '../../protocol';
import { AppError } from '../core/appError';
import { type BillingDeps, cancelOrder, expireOrders, findOrder, orderProductName, orderReturnUrl, payOrder } from '../core/billing';
import type { OrderRow } from '../storage/schema';
import { siteOrigin } from './billingRoutes';

/**
 * The sandbox payment provider's checkout page: GET /checkout/sandbox/:orderId shows the order (product name in the
 * page's language, amount, expiry) with Pay and Cancel; both are plain HTML forms (no script, CSP-compliant) that settle the order and redirect
 * (303) to the PWA's order page, /orders/<id> or /zh/orders/<id> after the order's language. Nothing is charged. The
 * order id (random UUID) is the capability, as with a provider's hosted checkout link; cross-site form posts are
 * refused.
 */

const text = {
  en: {
    title: 'Sandbox checkout',
    notice: 'Test payment: no money is charged.',
    product: 'Product',
    amount: 'Amount',
    credits: 'Credits',
    validity: 'Validity',
    days: 'days',
    expires: 'Pay before',
    status: 'Status',
    pay: 'Pay now',
    cancel: 'Cancel order',
    back: 'Back to the order',
    notFound: 'Order not found',
    notFoundBody: 'This checkout link is not valid.',
    statuses: { pending: 'Awaiting payment', paid: 'Paid', cancelled: 'Cancelled', expired: 'Expired', refunded: 'Refunded' } as Record<
      string,
      string
    >,
    closed: 'This order can no longer be paid.',
    expired: 'This order has expired and can no longer be paid.',
    other: '中文',
  },
  zh: {
    title: '沙盒收银台',
    notice: '测试支付：不会产生任何实际扣款。',
    product: '商品',
    amount: '金额',
    credits: '积分',
    validity: '有效期',
    days: '天',
    expires: '请在此时间前支付',
    status: '状态',
    pay: '立即支付',
    cancel: '取消订单',
    back: '返回订单',
    notFound: '订单不存在',
    notFoundBody: '该支付链接无效。',
    statuses: { pending: '待支付', paid: '已支付', cancelled: '已取消', expired: '已过期', refunded: '已退款' } as Record<string, string>,
    closed: '该订单已无法支付。',
    expired: '该订单已过期，无法支付。',
    other: 'English',
  },
} as const;

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const style = `
:root{color-scheme:light dark;--bg:#f6f8fa;--card:#fff;--fg:#1f2328;--muted:#59636e;--border:#d1d9e0;--primary:#0969da;--danger:#cf222e}
@media (prefers-color-scheme:dark){:root{--bg:#0d1117;--card:#161b22;--fg:#e6edf3;--muted:#9198a1;--border:#30363d;--primary:#58a6ff;--danger:#f85149}}
*{box-sizing:border-box}body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:16px;background:var(--bg);color:var(--fg);font:16px/1.5 system-ui,-apple-system,"Segoe UI","PingFang SC","Microsoft YaHei",sans-serif}
main{width:100%;max-width:440px;background:var(--card);border:1px solid var(--border);border-radius:12px;padding:24px}
h1{margin:0 0 4px;font-size:1.4rem}.notice{margin:0 0 16px;color:var(--muted);font-size:.9rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:8px 16px;margin:0 0 20px}dt{color:var(--muted)}dd{margin:0;text-align:right;font-weight:600;word-break:break-word}
.amount{font-size:1.3rem}.actions{display:flex;gap:12px;flex-wrap:wrap}.actions form{flex:1;margin:0}
button,.link{display:block;width:100%;padding:10px 14px;border-radius:8px;border:1px solid var(--border);font:inherit;font-weight:600;text-align:center;cursor:pointer;text-decoration:none}
.pay{background:var(--primary);border-color:var(--primary);color:#fff}.cancel{background:transparent;color:var(--danger)}.link{color:var(--primary)}
.alert{padding:10px 12px;border-radius:8px;border:1px solid var(--border);margin:0 0 16px}.lang{display:block;margin-top:16px;text-align:center;color:var(--muted);font-size:.9rem}
`;

function page(lang: CheckoutLang, title: string, body: string): string {
  return `<!doctype html><html lang="${lang === 'zh' ? 'zh-CN' : 'en'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)} · Tern</title><style>${style}</style></head><body><main>${body}</main></body></html>`;
}

const formatAmount = (order: OrderRow) => `${order.currency.toUpperCase() === 'CNY' ? '¥' : '$'}${(order.amountMinor / 100).toFixed(2)}`;
const formatTime = (date: Date, lang: CheckoutLang) =>
  new Intl.DateTimeFormat(lang === 'zh' ? 'zh-CN' : 'en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(date) +
  ' UTC';

function checkoutPage(order: OrderRow, lang: CheckoutLang, origin: string, now: Date, error?: string): string {
  const t = text[lang];
  const base = `/checkout/sandbox/${encodeURIComponent(order.id)}`;
  const payable = order.status === 'pending' && order.expiresAt.getTime() > now.getTime();
  const message = error ?? (payable ? null : order.status === 'expired' ? t.expired : t.closed);
  const rows: [string, string][] = [
    [t.product, orderProductName(order, lang)],
    [t.amount, formatAmount(order)],
    [t.credits, order.credits.toLocaleString('en-US')],
    [t.validity, `${order.validityDays} ${t.days}`],
    [t.expires, formatTime(order.expiresAt, lang)],
    [t.status, t.statuses[order.status] ?? order.status],
  ];
  const actions = payable
    ? `<div class="actions"><form method="post" action="${base}/pay?lang=${lang}"><button class="pay" type="submit">${t.pay}</button></form><form method="post" action="${base}/cancel?lang=${lang}"><button class="cancel" type="submit">${t.cancel}</button></form></div>`
    : `<a class="link" href="${escapeHtml(orderReturnUrl(origin, order.id, lang))}">${t.back}</a>`;
  const other: CheckoutLang = lang === 'zh' ? 'en' : 'zh';
  return page(
    lang,
    t.title,
    `<h1>${t.title}</h1><p class="notice">${t.notice}</p>${message ? `<p class="alert" role="alert">${escapeHtml(message)}</p>` : ''}<dl>${rows
      .map(([k, v], i) => `<dt>${escapeHtml(k)}</dt><dd${i === 1 ? ' class="amount"' : ''}>${escapeHtml(v)}</dd>`)
      .join('')}</dl>${actions}<a class="lang" href="${base}?lang=${other}">${t.other}</a>`,
  );
}

const langOf = (request: FastifyRequest, order: OrderRow | null): CheckoutLang => {
  const q = (request.query as { lang?: unknown } | undefined)?.lang;
  if (q === 'zh' || q === 'en') return q;
  return order?.lang === 'zh' ? 'zh' : 'en';
};

const sendHtml = (reply: FastifyReply, status: number, html: string) =>
  reply.code(status).header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(html);

export function registerCheckoutRoutes(app: FastifyInstance, deps: BillingDeps, options: { publicUrl?: string | undefined }): void {
  // The forms post urlencoded bodies; nothing in them is needed, but the content type must be accepted.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))));
  });

  const load = async (request: FastifyRequest<{ Params: { orderId: string } }>, reply: FastifyReply) => {
    await expireOrders(deps.db, deps.now());
    const order = await findOrder(deps.db, request.params.orderId);
    if (!order || order.paymentMethod !== 'sandbox') {
      const lang = langOf(request, null);
      sendHtml(reply, 404, page(lang, text[lang].notFound, `<h1>${text[lang].notFound}</h1><p>${text[lang].notFoundBody}</p>`));
      return null;
    }
    return order;
  };

  /** A form post from another site is refused (the Origin header, when sent, must be this site's). */
  const sameSite = (request: FastifyRequest) => {
    const origin = request.headers.origin;
    if (!origin || origin === 'null') return true;
    const own = [siteOrigin(options.publicUrl, request), `${request.protocol}://${request.host}`];
    return own.includes(origin.replace(/\/+$/, ''));
  };

  app.get<{ Params: { orderId: string } }>('/checkout/sandbox/:orderId', async (request, reply) => {
    const order = await load(request, reply);
    if (!order) return reply;
    return sendHtml(reply, 200, checkoutPage(order, langOf(request, order), siteOrigin(options.publicUrl, request), deps.now()));
  });

  const settle = (action: 'pay' | 'cancel') => async (request: FastifyRequest<{ Params: { orderId: string } }>, reply: FastifyReply) => {
    if (!sameSite(request)) throw new AppError(403, 'FORBIDDEN', 'Cross-site form posts are not accepted');
    const order = await load(request, reply);
    if (!order) return reply;
    const lang = langOf(request, order);
    const origin = siteOrigin(options.publicUrl, request);
    try {
      if (action === 'pay') {
        await payOrder(deps, { orderId: order.id, via: 'sandbox', paymentId: `sandbox_${order.id}` });
      } else {
        await cancelOrder(deps, order.userId, order.id);
      }
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const fresh = (await findOrder(deps.db, order.id)) ?? order;
      const t = text[lang];
      const message = error.code === 'ORDER_EXPIRED' ? t.expired : t.closed;
      return sendHtml(reply, 409, checkoutPage(fresh, lang, origin, deps.now(), message));
    }
    return reply
      .code(303)
      .header('Cache-Control', 'no-store')
      .redirect(orderReturnUrl(origin, order.id, lang), 303);
  };

  app.post('/checkout/sandbox/:orderId/pay', settle('pay'));
  app.post('/checkout/sandbox/:orderId/cancel', settle('cancel'));
}
