import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { InvitationStats } from '#protocol/account';

import { ApiError } from '../../shared/api/http';
import { queryKeys } from '../../shared/api/queryKeys';
import { showToast } from '../../shared/ui/toast';
import { fetchInvitationStats, fetchMyCode } from './api';
import { AccountShell, LoadFailed, Loading, useLang } from './components/AccountShell';
import { Pager } from './components/Pager';
import { OrderStatusBadge, RewardStatusBadge } from './components/StatusBadge';
import { formatDateTime, formatNumber } from './lib/format';
import { clampPage } from './lib/pagination';
import { shareLink } from './lib/share';

/** Spec §7/§9: the invitee list defaults to page 1, 20 a page. */
export const INVITEE_PAGE_SIZE = 20;

async function copy(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    showToast('success', { key: 'account:invitation.copied' }, 2500);
  } catch {
    showToast('error', { key: 'account:invitation.copyFailed' });
  }
}

function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="stat px-4 py-3" data-testid={testId}>
      <div className="stat-title">{label}</div>
      <div className="stat-value text-2xl">{value}</div>
    </div>
  );
}

/** /invitation: my code with copy and share link, totals, and the paged invitee table with reward states. */
export default function InvitationPage() {
  const { t } = useTranslation('account');
  const lang = useLang();
  const [page, setPage] = useState(1);
  const myCode = useQuery({ queryKey: queryKeys.account.myCode(), queryFn: ({ signal }) => fetchMyCode(signal), staleTime: 60_000 });
  const stats = useQuery({
    queryKey: queryKeys.account.invitees(page, INVITEE_PAGE_SIZE),
    queryFn: ({ signal }) => fetchInvitationStats(page, INVITEE_PAGE_SIZE, signal),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
  const noCode = myCode.error instanceof ApiError && myCode.error.code === 'INVITATION_NOT_FOUND';
  const link = myCode.data ? shareLink(location.origin, lang, myCode.data.code) : '';
  const summary = stats.data?.summary;
  const n = (v: number | undefined) => (v === undefined ? '–' : formatNumber(v, lang));

  return (
    <AccountShell title={t('invitation.title')} subtitle={t('invitation.subtitle')} testId="invitation-page">
      <div className="grid gap-4 lg:grid-cols-5">
        <section className="card border border-primary/30 bg-primary/5 lg:col-span-3" aria-labelledby="my-code-title">
          <div className="card-body gap-3">
            <h2 id="my-code-title" className="card-title text-base">
              {t('invitation.myCode')}
            </h2>
            {myCode.isPending ? (
              <Loading testId="code-loading" />
            ) : noCode ? (
              <p role="status" className="alert alert-soft" data-testid="no-invitation-code">
                {t('invitation.noCode')}
              </p>
            ) : myCode.isError ? (
              <LoadFailed
                message={t('invitation.loadFailed')}
                onRetry={() => void myCode.refetch()}
                retrying={myCode.isFetching}
                testId="code-error"
              />
            ) : (
              <>
                <div className="flex flex-wrap items-center gap-3">
                  <span
                    className="rounded-box bg-base-100 px-4 py-2 font-mono text-2xl font-bold tracking-[0.2em]"
                    data-testid="invitation-code"
                  >
                    {myCode.data.code}
                  </span>
                  <button type="button" className="btn btn-primary btn-sm" onClick={() => void copy(myCode.data.code)}>
                    {t('invitation.copyCode')}
                  </button>
                </div>
                {!myCode.data.active && (
                  <p role="status" className="text-sm text-warning">
                    {t('invitation.inactive')}
                  </p>
                )}
                <label className="block" htmlFor="share-link">
                  <span className="mb-1 block text-sm font-medium">{t('invitation.shareLink')}</span>
                  <div className="join w-full">
                    <input
                      id="share-link"
                      className="input join-item w-full font-mono text-sm"
                      readOnly
                      value={link}
                      onFocus={(e) => e.currentTarget.select()}
                    />
                    <button type="button" className="btn join-item" onClick={() => void copy(link)}>
                      {t('invitation.copyLink')}
                    </button>
                  </div>
                </label>
                {summary && summary.rewardCredits > 0 && (
                  <p className="text-sm text-base-content/70">
                    {t('invitation.rewardRule', { credits: formatNumber(summary.rewardCredits, lang) })}
                  </p>
                )}
              </>
            )}
          </div>
        </section>
        <section
          className="stats stats-vertical border border-base-300 bg-base-100 sm:stats-horizontal lg:col-span-2 lg:stats-vertical"
          aria-label={t('invitation.table')}
        >
          <Stat
            label={t('invitation.stats.total')}
            value={n(summary?.totalInvitations ?? myCode.data?.totalInvitations)}
            testId="stat-total"
          />
          <Stat
            label={t('invitation.stats.rewarded')}
            value={n(summary?.rewardedTimes ?? myCode.data?.rewardedTimes)}
            testId="stat-rewarded"
          />
          <Stat
            label={t('invitation.stats.remaining')}
            value={n(summary?.remainingRewards ?? myCode.data?.remainingRewards)}
            testId="stat-remaining"
          />
        </section>
      </div>

      <section className="mt-8" aria-labelledby="invitees-title">
        <h2 id="invitees-title" className="mb-3 text-lg font-semibold">
          {t('invitation.table')}
        </h2>
        {stats.isPending ? (
          <Loading testId="invitees-loading" />
        ) : stats.isError && !stats.data ? (
          <LoadFailed
            message={t('invitation.loadFailed')}
            onRetry={() => void stats.refetch()}
            retrying={stats.isFetching}
            testId="invitees-error"
          />
        ) : stats.data.total === 0 ? (
          <p className="rounded-box border border-dashed border-base-300 p-6 text-center text-base-content/70" data-testid="invitees-empty">
            {t('invitation.empty')}
          </p>
        ) : (
          <>
            <InviteesTable items={stats.data.items} />
            <Pager
              idPrefix="invitees"
              page={clampPage(page, stats.data.total, INVITEE_PAGE_SIZE)}
              pageSize={INVITEE_PAGE_SIZE}
              total={stats.data.total}
              onPage={setPage}
            />
          </>
        )}
      </section>
    </AccountShell>
  );
}

/** The invitees of one page: name, e-mail, registration, order and reward status (narrow screens hide columns). */
function InviteesTable({ items }: { items: InvitationStats['items'] }) {
  const { t } = useTranslation('account');
  const lang = useLang();
  return (
    <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
      <table className="table" aria-labelledby="invitees-title" data-testid="invitees-table">
        <thead>
          <tr>
            <th scope="col">{t('invitation.columns.name')}</th>
            <th scope="col" className="hidden sm:table-cell">
              {t('invitation.columns.email')}
            </th>
            <th scope="col" className="hidden md:table-cell">
              {t('invitation.columns.registered')}
            </th>
            <th scope="col" className="hidden md:table-cell">
              {t('invitation.columns.orderStatus')}
            </th>
            <th scope="col">{t('invitation.columns.rewardStatus')}</th>
            <th scope="col" className="hidden lg:table-cell">
              {t('invitation.columns.rewardGrantedAt')}
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((invitee, i) => (
            <tr key={`${invitee.email}-${invitee.registeredAt}-${i}`} data-testid="invitee-row">
              <td className="font-medium">{invitee.name}</td>
              <td className="hidden font-mono text-xs sm:table-cell">{invitee.email || t('notSet')}</td>
              <td className="hidden whitespace-nowrap text-sm md:table-cell">{formatDateTime(invitee.registeredAt, lang)}</td>
              <td className="hidden md:table-cell">
                <OrderStatusBadge status={invitee.orderStatus} />
              </td>
              <td>
                <RewardStatusBadge status={invitee.rewardStatus} />
              </td>
              <td className="hidden whitespace-nowrap text-sm lg:table-cell">
                {formatDateTime(invitee.rewardGrantedAt, lang) ?? t('notSet')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
