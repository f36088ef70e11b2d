import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';

import { ApiError } from '../../shared/api/http';
import { queryKeys } from '../../shared/api/queryKeys';
import { showToast } from '../../shared/ui/toast';
import { orderProductText } from '../billing/productText';
import { cancelOrder, fetchOrder } from './api';
import { AccountShell, LoadFailed, Loading, useLang } from './components/AccountShell';
import { ConfirmModal } from './components/ConfirmModal';
import { OrderStatusBadge, PaymentStatusBadge } from './components/StatusBadge';
import { formatDateTime, formatMoney, formatNumber, isPayable } from './lib/format';
import { clearPendingOrder } from './lib/pendingOrder';
import type { Order } from './lib/protocol';

function Field({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <div className="flex flex-col gap-0.5 py-2 sm:flex-row sm:gap-4" data-testid={`field-${testId}`}>
      <dt className="shrink-0 text-sm text-base-content/60 sm:w-36">{label}</dt>
      <dd className="min-w-0 break-all">{children}</dd>
    </div>
  );
}

/** One card of the order page: a titled list of fields. */
function FieldCard({ id, title, className = '', children }: { id: string; title: string; className?: string; children: ReactNode }) {
  return (
    <section className={`card border border-base-300 bg-base-100 ${className}`.trimEnd()} aria-labelledby={id}>
      <div className="card-body">
        <h2 id={id} className="card-title text-base">
          {title}
        </h2>
        <dl className="divide-y divide-base-300">{children}</dl>
      </div>
    </section>
  );
}

function Details({ order }: { order: Order }) {
  const { t } = useTranslation('account');
  const lang = useLang();
  const none = t('notSet');
  const money = (n: number) => formatMoney(n, order.currency);
  const date = (iso: string | null) => formatDateTime(iso, lang) ?? none;
  const f = (k: keyof Order) => t(`orderDetail.fields.${k as 'orderId'}`);
  const text = orderProductText(order, lang);
  return (
    <div className="grid gap-4 lg:grid-cols-5">
      <FieldCard id="order-summary" title={t('orderDetail.sections.summary')} className="self-start lg:col-span-3">
        <Field label={f('orderId')} testId="orderId">
          <span className="font-mono text-sm">{order.orderId}</span>
        </Field>
        <Field label={f('productName')} testId="productName">
          {text.productName}
        </Field>
        <Field label={f('description')} testId="description">
          {text.description || none}
        </Field>
        <Field label={f('type')} testId="type">
          {t(`orderType.${order.type}`)}
        </Field>
        <Field label={f('productSn')} testId="productSn">
          <span className="font-mono text-sm">{order.productSn}</span>
        </Field>
        <Field label={f('credits')} testId="credits">
          {formatNumber(order.credits, lang)}
        </Field>
        <Field label={f('validityDays')} testId="validityDays">
          {t('orderDetail.days', { count: order.validityDays })}
        </Field>
        <Field label={f('quotaCode')} testId="quotaCode">
          <span className="font-mono text-sm">{order.quotaCode ?? none}</span>
        </Field>
      </FieldCard>
      <div className="flex flex-col gap-4 lg:col-span-2">
        <FieldCard id="order-payment" title={t('orderDetail.sections.payment')}>
          <Field label={f('orderStatus')} testId="orderStatus">
            <OrderStatusBadge status={order.orderStatus} />
          </Field>
          <Field label={f('paymentStatus')} testId="paymentStatus">
            <PaymentStatusBadge status={order.paymentStatus} />
          </Field>
          <Field label={f('amount')} testId="amount">
            {money(order.amount)}
          </Field>
          <Field label={f('originalAmount')} testId="originalAmount">
            {money(order.originalAmount)}
          </Field>
          <Field label={f('discountAmount')} testId="discountAmount">
            {money(order.discountAmount)}
          </Field>
          <Field label={f('totalAmount')} testId="totalAmount">
            <span className="font-semibold">{money(order.totalAmount)}</span>
          </Field>
          <Field label={f('currency')} testId="currency">
            {order.currency}
          </Field>
          <Field label={f('paymentMethod')} testId="paymentMethod">
            {t(`paymentMethod.${order.paymentMethod}`)}
          </Field>
          <Field label={f('paymentId')} testId="paymentId">
            <span className="font-mono text-sm">{order.paymentId ?? none}</span>
          </Field>
          <Field label={f('transactionId')} testId="transactionId">
            <span className="font-mono text-sm">{order.transactionId ?? none}</span>
          </Field>
        </FieldCard>
        <FieldCard id="order-dates" title={t('orderDetail.sections.dates')}>
          <Field label={f('createdAt')} testId="createdAt">
            {date(order.createdAt)}
          </Field>
          <Field label={f('updatedAt')} testId="updatedAt">
            {date(order.updatedAt)}
          </Field>
          <Field label={f('expiresAt')} testId="expiresAt">
            {date(order.expiresAt)}
          </Field>
          <Field label={f('paidAt')} testId="paidAt">
            {date(order.paidAt)}
          </Field>
        </FieldCard>
      </div>
    </div>
  );
}

/** /orders/:orderId: every display field of spec §3 Order, pay now and cancel for a pending order. */
export default function OrderDetailPage() {
  const { t } = useTranslation('account');
  const lang = useLang();
  const { orderId = '' } = useParams<{ orderId: string }>();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const order = useQuery({
    queryKey: queryKeys.account.order(orderId),
    queryFn: ({ signal }) => fetchOrder(orderId, signal),
    staleTime: 5_000,
    retry: (count, error) => !(error instanceof ApiError && error.status !== null && error.status < 500) && count < 1,
    // While the order waits for payment (say, in another tab), look again now and then.
    refetchInterval: (query) => (query.state.data?.orderStatus === 'pending' ? 15_000 : false),
  });
  const status = order.data?.orderStatus;

  // Back from the checkout: a settled order is no longer the pending one.
  useEffect(() => {
    if (status && status !== 'pending') clearPendingOrder(orderId);
  }, [orderId, status]);

  const cancel = useMutation({
    mutationFn: () => cancelOrder(orderId),
    onSuccess: async () => {
      setConfirming(false);
      showToast('success', { key: 'account:orderDetail.cancelDone' });
      clearPendingOrder(orderId);
      await queryClient.invalidateQueries({ queryKey: queryKeys.account.all() });
    },
    onError: (error) => {
      setConfirming(false);
      console.error('Order cancel failed', error);
      showToast('error', { key: 'account:orderDetail.cancelFailed' });
    },
  });

  const notFound = order.error instanceof ApiError && order.error.status === 404;
  const data = order.data;
  const payable = data ? isPayable(data) && !!data.paymentUrl : false;

  return (
    <AccountShell
      title={t('orderDetail.title')}
      subtitle={data ? `${orderProductText(data, lang).productName} · ${formatMoney(data.totalAmount, data.currency)}` : undefined}
      testId="order-detail-page"
      actions={
        <Link href="/orders" className="btn btn-ghost btn-sm">
          ← {t('orderDetail.back')}
        </Link>
      }
    >
      {order.isPending ? (
        <Loading testId="order-loading" />
      ) : notFound ? (
        <div role="alert" className="alert alert-warning alert-soft" data-testid="order-not-found">
          <span>{t('orderDetail.notFound')}</span>
        </div>
      ) : !data ? (
        <LoadFailed
          message={t('orderDetail.loadFailed')}
          onRetry={() => void order.refetch()}
          retrying={order.isFetching}
          testId="order-error"
        />
      ) : (
        <>
          <div className="mb-4 flex flex-col gap-3">
            {data.orderStatus === 'paid' && (
              <div role="status" className="alert alert-success alert-soft" data-testid="order-paid">
                <span>{t('orderDetail.paid', { credits: formatNumber(data.credits, lang) })}</span>
              </div>
            )}
            {data.paymentStatus === 'failed' && (
              <div role="alert" className="alert alert-error alert-soft" data-testid="order-payment-failed">
                <span>{t('orderDetail.paymentFailed')}</span>
              </div>
            )}
            {data.orderStatus === 'expired' && (
              <div role="status" className="alert alert-soft" data-testid="order-expired">
                <span>{t('orderDetail.expiredNotice')}</span>
              </div>
            )}
            {data.orderStatus === 'cancelled' && (
              <div role="status" className="alert alert-soft" data-testid="order-cancelled">
                <span>{t('orderDetail.cancelledNotice')}</span>
              </div>
            )}
            {data.orderStatus === 'pending' && (
              <div
                className="alert alert-warning alert-soft flex flex-col items-start gap-3 sm:flex-row sm:items-center"
                data-testid="order-pending"
              >
                <span className="grow">{t('orderDetail.pendingNotice', { date: formatDateTime(data.expiresAt, lang) ?? '' })}</span>
                <div className="flex flex-wrap gap-2">
                  {payable && data.paymentUrl && (
                    <a href={data.paymentUrl} className="btn btn-primary btn-sm" data-testid="pay-now">
                      {t('orderDetail.payNow')}
                    </a>
                  )}
                  <button type="button" className="btn btn-outline btn-sm" onClick={() => setConfirming(true)} data-testid="cancel-order">
                    {t('orderDetail.cancel')}
                  </button>
                </div>
              </div>
            )}
          </div>
          <Details order={data} />
        </>
      )}
      <ConfirmModal
        open={confirming}
        id="cancel-order-modal"
        title={t('orderDetail.cancelTitle')}
        body={t('orderDetail.cancelBody')}
        confirmLabel={t('orderDetail.cancelConfirm')}
        keepLabel={t('orderDetail.cancelKeep')}
        busy={cancel.isPending}
        onConfirm={() => cancel.mutate()}
        onClose={() => setConfirming(false)}
      />
    </AccountShell>
  );
}
