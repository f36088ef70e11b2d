import { authKeys } from '../../../shared/auth/storage';

/** The pending order the purchase flow saved (spec §3), read defensively. */
export function readPendingOrderId(): string | null {
  try {
    const raw = localStorage.getItem(authKeys.pendingOrder);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    const id = parsed && typeof parsed === 'object' ? (parsed as { orderId?: unknown }).orderId : null;
    return typeof id === 'string' && id ? id : null;
  } catch {
    return null;
  }
}

/** Forgets the saved pending order once that order is settled (paid, cancelled, expired or refunded). */
export function clearPendingOrder(orderId: string): boolean {
  if (readPendingOrderId() !== orderId) return false;
  try {
    localStorage.removeItem(authKeys.pendingOrder);
    return true;
  } catch {
    return false;
  }
}
