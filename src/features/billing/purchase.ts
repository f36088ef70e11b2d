import type { CreateOrderResponse, Product } from '#protocol/billing';
import type { Language } from '#protocol/languages';

import { withFallback } from '../../shared/api/errorPolicy';
import { ApiError, request } from '../../shared/api/http';
import { authKeys } from '../../shared/auth/storage';
import type { ToastContent } from '../../shared/ui/toast';
import { loadBillingSchemas } from './schemas';

export const CREATE_ORDER_PATH = '/web-api/payment/create-order';
export const PENDING_ORDER_KEY = authKeys.pendingOrder;

/** Spec §3 pending order, kept in local storage while the visitor pays. */
export interface PendingOrder {
  orderId: string;
  amount: number;
  currency: string;
  paymentMethod: string;
  expiresAt: string;
}

export const purchaseKeys = {
  success: 'billing:purchase.orderCreateSuccess',
  failed: 'billing:purchase.failed',
  orderCreateFailed: 'billing:purchase.orderCreateFailed',
  fallback: 'billing:purchase.orderCreateErrorFallback',
} as const;

export interface PurchaseDeps {
  authenticated: boolean;
  /** Where the visitor is now (path, query and hash, language prefix included): the login page returns here. */
  currentPath: string;
  /** '' for English, '/zh' for Chinese. */
  languagePrefix: string;
  /** Absolute navigation inside the app (no base applied). */
  navigate: (absolutePath: string) => void;
  createOrder: (productSn: string) => Promise<CreateOrderResponse>;
  assign: (url: string) => void;
  notify: (level: 'success' | 'error', content: ToastContent) => void;
  localStorage: Pick<Storage, 'setItem'> | null;
  sessionStorage: Pick<Storage, 'setItem'> | null;
  /** Resolves a translation key, so the fallback can be compared with server text. */
  translate: (key: string) => string;
}

export type PurchaseOutcome = 'login' | 'paying' | 'failed';

/** Thrown when the order call answered without `success` and `data`. */
class IncompleteOrderError extends Error {}

/** The server's own message in an error body, before the catalogue replaced non-ASCII text with a generic key. */
function serverMessage(error: ApiError): string | undefined {
  const body = error.body;
  if (body && typeof body === 'object') {
    const message = (body as { message?: unknown }).message;
    if (typeof message === 'string') return message;
  }
  return 'text' in error.text ? error.text.text : undefined;
}

function failureContent(error: unknown, translate: PurchaseDeps['translate']): ToastContent {
  if (error instanceof IncompleteOrderError) return { key: purchaseKeys.orderCreateFailed };
  if (error instanceof ApiError) {
    // A failed session keeps the catalogue's own message ("Session expired, please login again").
    if (error.decision.clearAuth && error.decision.toast)
      return 'key' in error.decision.toast.content
        ? { key: error.decision.toast.content.key }
        : { text: error.decision.toast.content.text };
    // The server refused the order (a business answer or a 4xx): its text, or the fallback when the text is empty or
    // in Chinese (spec §5, §8). Server faults and lost connections say "Purchase failed".
    const refused = error.status !== null && error.status < 500;
    if (refused) {
      const fallback = translate(purchaseKeys.fallback);
      const shown = withFallback(serverMessage(error), fallback) ?? fallback;
      if (shown === fallback) return { key: purchaseKeys.fallback };
      return 'text' in error.text ? { text: error.text.text } : { key: purchaseKeys.fallback };
    }
  }
  return { key: purchaseKeys.failed };
}

/**
 * Spec §4 Purchase: anonymous visitors go to the login page (and no order is made); signed-in visitors get an order,
 * a saved pending order and a trip to the payment page. Failures toast, are logged, and end back at idle.
 */
export async function runPurchase(product: Pick<Product, 'productSn'>, deps: PurchaseDeps): Promise<PurchaseOutcome> {
  if (!deps.authenticated) {
    try {
      deps.sessionStorage?.setItem(authKeys.loginRedirect, deps.currentPath);
    } catch {
      // The redirect query parameter still carries the return path.
    }
    deps.navigate(`${deps.languagePrefix}/login?redirect=${encodeURIComponent(deps.currentPath)}`);
    return 'login';
  }
  try {
    const response = await deps.createOrder(product.productSn);
    if (!response.success || !response.data) throw new IncompleteOrderError('order response lacks success or data');
    const { data } = response;
    const pending: PendingOrder = {
      orderId: data.order_id,
      amount: data.amount,
      currency: data.currency,
      paymentMethod: data.payment_method,
      expiresAt: data.order_expires_at,
    };
    try {
      deps.localStorage?.setItem(PENDING_ORDER_KEY, JSON.stringify(pending));
    } catch {
      // Storage full or disabled: payment still works; the orders page lists the order.
    }
    deps.notify('success', { key: purchaseKeys.success });
    deps.assign(data.payment_url);
    return 'paying';
  } catch (error) {
    console.error('Purchase failed', error);
    deps.notify('error', failureContent(error, deps.translate));
    return 'failed';
  }
}

/** POST /web-api/payment/create-order, validated with the protocol schema (loaded only when someone buys). */
export async function createOrder(productSn: string, lang?: Language): Promise<CreateOrderResponse> {
  const { createOrderBodySchema, createOrderResponseSchema } = await loadBillingSchemas();
  // The language makes the sandbox checkout and its return link (/orders/<id> or /zh/orders/<id>) match the page.
  const body = createOrderBodySchema.parse({ product_sn: productSn, ...(lang && { lang }) });
  const raw = await request<unknown>(CREATE_ORDER_PATH, { method: 'POST', body, silent: true });
  const parsed = createOrderResponseSchema.safeParse(raw);
  // A malformed answer (say, a payment URL that is not a web address) counts as one without data.
  return parsed.success ? parsed.data : { success: false };
}
