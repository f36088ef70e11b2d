import { afterEach, describe, expect, it, vi } from 'vitest';

import type { CreateOrderResponse } from '#protocol/billing';

import { decideFailure } from '../../shared/api/errorPolicy';
import { ApiError } from '../../shared/api/http';
import { PENDING_ORDER_KEY, type PurchaseDeps, purchaseKeys, runPurchase } from './purchase';

const order: CreateOrderResponse = {
  success: true,
  data: {
    order_id: 'ord_1',
    amount: 99,
    currency: 'CNY',
    payment_method: 'alipay',
    order_expires_at: '2030-01-01T00:00:00Z',
    payment_url: 'https://pay.example.com/ord_1',
  },
};

function deps(over: Partial<PurchaseDeps> = {}) {
  const local = new Map<string, string>();
  const session = new Map<string, string>();
  const d = {
    authenticated: true,
    currentPath: '/zh/pricing',
    languagePrefix: '/zh',
    navigate: vi.fn(),
    createOrder: vi.fn(async () => order),
    assign: vi.fn(),
    notify: vi.fn(),
    localStorage: { setItem: (k: string, v: string) => void local.set(k, v) },
    sessionStorage: { setItem: (k: string, v: string) => void session.set(k, v) },
    translate: (key: string) => (key === purchaseKeys.fallback ? 'FALLBACK' : key),
    ...over,
  } satisfies PurchaseDeps;
  return { d, local, session };
}

afterEach(() => vi.restoreAllMocks());

describe('runPurchase', () => {
  it('sends anonymous visitors to login (language prefix kept) without creating an order', async () => {
    const { d, session } = deps({ authenticated: false, currentPath: '/zh/#pricing' });
    expect(await runPurchase({ productSn: 'PRO' }, d)).toBe('login');
    expect(d.navigate).toHaveBeenCalledWith('/zh/login?redirect=%2Fzh%2F%23pricing');
    expect(session.get('tern.loginRedirect')).toBe('/zh/#pricing');
    expect(d.createOrder).not.toHaveBeenCalled();
  });

  it('creates the order, saves the pending order, toasts and leaves for the payment page', async () => {
    const { d, local } = deps();
    expect(await runPurchase({ productSn: 'PRO' }, d)).toBe('paying');
    expect(d.createOrder).toHaveBeenCalledWith('PRO');
    expect(PENDING_ORDER_KEY).toBe('tern.pendingOrder');
    expect(JSON.parse(local.get('tern.pendingOrder')!)).toEqual({
      orderId: 'ord_1',
      amount: 99,
      currency: 'CNY',
      paymentMethod: 'alipay',
      expiresAt: '2030-01-01T00:00:00Z',
    });
    expect(d.notify).toHaveBeenCalledWith('success', { key: purchaseKeys.success });
    expect(d.assign).toHaveBeenCalledWith('https://pay.example.com/ord_1');
  });

  it('reports "order create failed" when the answer lacks success or data', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    for (const answer of [{ success: false }, { success: true }] as CreateOrderResponse[]) {
      const { d, local } = deps({ createOrder: vi.fn(async () => answer) });
      expect(await runPurchase({ productSn: 'PRO' }, d)).toBe('failed');
      expect(d.notify).toHaveBeenCalledWith('error', { key: purchaseKeys.orderCreateFailed });
      expect(d.assign).not.toHaveBeenCalled();
      expect(local.size).toBe(0);
    }
  });

  it('shows plain server text, and the fallback for empty or Chinese text; logs every failure', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const apiError = (message: string) =>
      new ApiError(decideFailure({ kind: 'http', path: '/web-api/payment/create-order', status: 400, message }), 400, null, null);

    const plain = deps({ createOrder: vi.fn(async () => Promise.reject(apiError('Product is sold out'))) });
    await runPurchase({ productSn: 'PRO' }, plain.d);
    expect(plain.d.notify).toHaveBeenCalledWith('error', { text: 'Product is sold out' });

    const chinese = deps({ createOrder: vi.fn(async () => Promise.reject(apiError('商品已下架'))) });
    await runPurchase({ productSn: 'PRO' }, chinese.d);
    // The error policy itself turns non-ASCII text into a generic key; either way no Chinese server text is shown.
    const content = vi.mocked(chinese.d.notify).mock.calls[0]![1];
    expect(JSON.stringify(content)).not.toContain('商品');

    const unknown = deps({ createOrder: vi.fn(async () => Promise.reject(new TypeError('boom'))) });
    await runPurchase({ productSn: 'PRO' }, unknown.d);
    expect(unknown.d.notify).toHaveBeenCalledWith('error', { key: purchaseKeys.failed });
    expect(log).toHaveBeenCalledTimes(3);
  });

  it('uses the fallback when a business error carries Chinese text', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const error = new ApiError({ message: { text: '库存不足' }, passToScreen: true, clearAuth: false }, 200, null, null);
    const { d } = deps({ createOrder: vi.fn(async () => Promise.reject(error)) });
    await runPurchase({ productSn: 'PRO' }, d);
    expect(d.notify).toHaveBeenCalledWith('error', { key: purchaseKeys.fallback });
    const empty = deps({
      createOrder: vi.fn(async () =>
        Promise.reject(new ApiError({ message: { text: ' ' }, passToScreen: true, clearAuth: false }, 200, null, null)),
      ),
    });
    await runPurchase({ productSn: 'PRO' }, empty.d);
    expect(empty.d.notify).toHaveBeenCalledWith('error', { key: purchaseKeys.fallback });
  });

  it('as the HTTP client builds them: Chinese or empty business text → fallback; a server fault → purchase failed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const business = (message?: string) =>
      new ApiError(decideFailure({ kind: 'business', path: '/web-api/payment/create-order', message }), 200, null, {
        success: false,
        ...(message !== undefined && { message }),
      });
    for (const message of ['库存不足', '', undefined]) {
      const { d } = deps({ createOrder: vi.fn(async () => Promise.reject(business(message))) });
      await runPurchase({ productSn: 'PRO' }, d);
      expect(d.notify).toHaveBeenCalledWith('error', { key: purchaseKeys.fallback });
    }
    const ascii = deps({ createOrder: vi.fn(async () => Promise.reject(business('Sold out'))) });
    await runPurchase({ productSn: 'PRO' }, ascii.d);
    expect(ascii.d.notify).toHaveBeenCalledWith('error', { text: 'Sold out' });
    const fault = new ApiError(
      decideFailure({ kind: 'http', path: '/web-api/payment/create-order', status: 500, message: 'boom' }),
      500,
      null,
      { message: 'boom' },
    );
    const server = deps({ createOrder: vi.fn(async () => Promise.reject(fault)) });
    await runPurchase({ productSn: 'PRO' }, server.d);
    expect(server.d.notify).toHaveBeenCalledWith('error', { key: purchaseKeys.failed });
  });
});
