import { requestData } from '../../shared/api/http';
import {
  exchangeCodeRequestSchema,
  exchangeCodeResultSchema,
  invitationStatsSchema,
  myInvitationCodeSchema,
  orderPageSchema,
  orderSchema,
  subscriptionCancelResultSchema,
  userStatsSchema,
} from './lib/protocol';

/** The account endpoints of the agreed billing API; every answer is validated with the protocol schemas. */
export const accountPaths = {
  stats: '/web-api/user/stats',
  orders: '/web-api/orders',
  order: (id: string) => `/web-api/orders/${encodeURIComponent(id)}`,
  cancelOrder: (id: string) => `/web-api/orders/${encodeURIComponent(id)}/cancel`,
  cancelSubscription: '/web-api/subscriptions/cancel',
  myCode: '/web-api/invitation/my-code',
  invitationStats: '/web-api/invitation/stats',
  exchange: '/web-api/code/exchange-code',
} as const;

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

export async function fetchStats(signal?: AbortSignal) {
  // Not silent: the catalogue's toasts (quota configuration, database initialising, 5xx) are spec §8 behaviour.
  return userStatsSchema.parse(await requestData<unknown>(accountPaths.stats, withSignal(signal)));
}

export async function fetchOrders(page: number, pageSize: number, signal?: AbortSignal) {
  return orderPageSchema.parse(await requestData<unknown>(accountPaths.orders, { query: { page, pageSize }, ...withSignal(signal) }));
}

export async function fetchOrder(orderId: string, signal?: AbortSignal) {
  return orderSchema.parse(await requestData<unknown>(accountPaths.order(orderId), withSignal(signal)));
}

/** Cancels a pending order. Silent: the detail page shows its own failure message. */
export async function cancelOrder(orderId: string): Promise<void> {
  await requestData<unknown>(accountPaths.cancelOrder(orderId), { method: 'POST', body: {}, silent: true });
}

export async function cancelSubscription() {
  return subscriptionCancelResultSchema.parse(
    await requestData<unknown>(accountPaths.cancelSubscription, { method: 'POST', body: {}, silent: true }),
  );
}

export async function fetchMyCode(signal?: AbortSignal) {
  return myInvitationCodeSchema.parse(await requestData<unknown>(accountPaths.myCode, withSignal(signal)));
}

export async function fetchInvitationStats(page: number, pageSize: number, signal?: AbortSignal) {
  return invitationStatsSchema.parse(
    await requestData<unknown>(accountPaths.invitationStats, { query: { page, pageSize }, ...withSignal(signal) }),
  );
}

export async function exchangeCode(code: string) {
  const body = exchangeCodeRequestSchema.parse({ code });
  return exchangeCodeResultSchema.parse(await requestData<unknown>(accountPaths.exchange, { method: 'POST', body, silent: true }));
}
