import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';

import { queryKeys } from '../../shared/api/queryKeys';
import { orderProductText } from '../billing/productText';
import { fetchOrders } from './api';
import { AccountShell, LoadFailed, Loading, useLang } from './components/AccountShell';
import { Pager } from './components/Pager';
import { OrderStatusBadge } from './components/StatusBadge';
import { formatDateTime, formatMoney } from './lib/format';
import { clampPage, readPositiveInt } from './lib/pagination';
import { readPendingOrderId } from './lib/pendingOrder';
import { orderPageSizes } from './lib/protocol';

/** /orders: the signed-in user's orders, paged, with a page-size selector (10/20/50). Page and size live in the URL. */
export default function OrdersPage() {
  const { t } = useTranslation('account');
  const lang = useLang();
  const search = new URLSearchParams(useSearch());
  const [, navigate] = useLocation();
  const page = readPositiveInt(search.get('page'), 1);
  const pageSize = readPositiveInt(search.get('pageSize'), orderPageSizes[0], orderPageSizes);
  const orders = useQuery({
    queryKey: queryKeys.account.orders(page, pageSize),
    queryFn: ({ signal }) => fetchOrders(page, pageSize, signal),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
  const pendingId = readPendingOrderId();
  const go = (p: number, size: number) => {
    const q = new URLSearchParams();
    if (p > 1) q.set('page', String(p));
    if (size !== orderPageSizes[0]) q.set('pageSize', String(size));
    navigate(`/orders${q.size ? `?${q}` : ''}`);
  };

  return (
    <AccountShell title={t('orders.title')} subtitle={t('orders.subtitle')} testId="orders-page">
      {pendingId && orders.data?.items.some((o) => o.orderId === pendingId && o.orderStatus === 'pending') && (
        <div role="status" className="alert alert-warning alert-soft mb-4" data-testid="pending-banner">
          <span>{t('orders.pendingBanner')}</span>
          <Link href={`/orders/${encodeURIComponent(pendingId)}`} className="btn btn-sm btn-warning">
            {t('orders.pendingBannerLink')}
          </Link>
        </div>
      )}
      {orders.isPending ? (
        <Loading testId="orders-loading" />
      ) : orders.isError && !orders.data ? (
        <LoadFailed
          message={t('orders.loadFailed')}
          onRetry={() => void orders.refetch()}
          retrying={orders.isFetching}
          testId="orders-error"
        />
      ) : orders.data.total === 0 ? (
        <div className="card border border-dashed border-base-300 bg-base-200/40" data-testid="orders-empty">
          <div className="card-body items-center text-center">
            <p className="text-base-content/70">{t('orders.empty')}</p>
            <Link href="/pricing" className="btn btn-primary btn-sm mt-2">
              {t('orders.emptyCta')}
            </Link>
          </div>
        </div>
      ) : (
        <>
          {orders.isError && (
            <LoadFailed
              message={t('orders.loadFailed')}
              onRetry={() => void orders.refetch()}
              retrying={orders.isFetching}
              testId="orders-error"
            />
          )}
          <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100" aria-busy={orders.isFetching || undefined}>
            <table className="table" aria-label={t('orders.table')} data-testid="orders-table">
              <thead>
                <tr>
                  <th scope="col">{t('orders.columns.product')}</th>
                  <th scope="col" className="hidden md:table-cell">
                    {t('orders.columns.order')}
                  </th>
                  <th scope="col">{t('orders.columns.amount')}</th>
                  <th scope="col">{t('orders.columns.status')}</th>
                  <th scope="col" className="hidden sm:table-cell">
                    {t('orders.columns.created')}
                  </th>
                  <th scope="col">
                    <span className="sr-only">{t('orders.columns.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {orders.data.items.map((o) => (
                  <tr key={o.orderId} data-testid="order-row" data-order-id={o.orderId}>
                    <td className="font-medium">{orderProductText(o, lang).productName}</td>
                    <td className="hidden max-w-40 truncate font-mono text-xs md:table-cell">{o.orderId}</td>
                    <td className="whitespace-nowrap">{formatMoney(o.amount, o.currency)}</td>
                    <td>
                      <OrderStatusBadge status={o.orderStatus} />
                    </td>
                    <td className="hidden whitespace-nowrap text-sm text-base-content/70 sm:table-cell">
                      {formatDateTime(o.createdAt, lang)}
                    </td>
                    <td className="text-right">
                      <Link
                        href={`/orders/${encodeURIComponent(o.orderId)}`}
                        className="btn btn-ghost btn-xs"
                        aria-label={t('orders.viewOrder', { id: o.orderId })}
                      >
                        {t('orders.view')}
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager
            idPrefix="orders"
            page={clampPage(page, orders.data.total, pageSize)}
            pageSize={pageSize}
            total={orders.data.total}
            onPage={(p) => go(p, pageSize)}
            pageSizes={orderPageSizes}
            onPageSize={(size) => go(1, size)}
          />
        </>
      )}
    </AccountShell>
  );
}
