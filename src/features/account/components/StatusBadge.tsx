import { useTranslation } from 'react-i18next';

import type { InvitationRewardStatus } from '../lib/protocol';

const orderTone: Record<string, string> = {
  pending: 'badge-warning',
  paid: 'badge-success',
  cancelled: 'badge-neutral',
  expired: 'badge-ghost',
  refunded: 'badge-info',
  none: 'badge-ghost',
};
const paymentTone: Record<string, string> = {
  unpaid: 'badge-warning',
  paid: 'badge-success',
  failed: 'badge-error',
  refunded: 'badge-info',
};
const rewardTone: Record<InvitationRewardStatus, string> = { pending: 'badge-warning', rewarded: 'badge-success', invalid: 'badge-ghost' };

type OrderStatusKey = 'pending' | 'paid' | 'cancelled' | 'expired' | 'refunded' | 'none';

export function OrderStatusBadge({ status }: { status: OrderStatusKey }) {
  const { t } = useTranslation('account');
  return (
    <span className={`badge badge-soft whitespace-nowrap ${orderTone[status] ?? ''}`} data-status={status} data-testid="order-status">
      {t(`orderStatus.${status}`)}
    </span>
  );
}

export function PaymentStatusBadge({ status }: { status: 'unpaid' | 'paid' | 'failed' | 'refunded' }) {
  const { t } = useTranslation('account');
  return (
    <span className={`badge badge-soft whitespace-nowrap ${paymentTone[status] ?? ''}`} data-status={status} data-testid="payment-status">
      {t(`paymentStatus.${status}`)}
    </span>
  );
}

export function RewardStatusBadge({ status }: { status: InvitationRewardStatus }) {
  const { t } = useTranslation('account');
  return (
    <span className={`badge badge-soft whitespace-nowrap ${rewardTone[status]}`} data-status={status} data-testid="reward-status">
      {t(`rewardStatus.${status}`)}
    </span>
  );
}
