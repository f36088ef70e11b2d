import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { queryKeys } from '../../shared/api/queryKeys';
import { authAtom, isAuthenticatedAtom } from '../../shared/auth/session';
import { useAtomValue } from '../../shared/state/jotai';
import { showToast } from '../../shared/ui/toast';
import { cancelSubscription, fetchStats } from './api';
import { AccountShell, LoadFailed, Loading, useLang } from './components/AccountShell';
import { ConfirmModal } from './components/ConfirmModal';
import { Dashboard } from './components/dashboard/Dashboard';
import { formatDate } from './lib/format';
import { shouldRetryStats, STATS_REFETCH_MS, STATS_STALE_MS, statsRetryDelay } from './lib/statsPolicy';

/** Spec §7: the stats query, polled every 30 s, stale after 10 s, retried per the policy in statsPolicy.ts. */
export function useUserStats() {
  const authenticated = useAtomValue(isAuthenticatedAtom);
  return useQuery({
    queryKey: queryKeys.account.stats(),
    queryFn: ({ signal }) => fetchStats(signal),
    enabled: authenticated,
    refetchInterval: STATS_REFETCH_MS,
    staleTime: STATS_STALE_MS,
    retry: shouldRetryStats,
    retryDelay: statsRetryDelay,
  });
}

/** /userinfo: plan, credits and usage rate, limits, totals, 30-day and 24-hour charts, buy and cancel. */
export default function UserInfoPage() {
  const { t } = useTranslation('account');
  const lang = useLang();
  const auth = useAtomValue(authAtom);
  const stats = useUserStats();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const cancel = useMutation({
    mutationFn: cancelSubscription,
    onSuccess: async (result) => {
      setConfirming(false);
      const date = formatDate(result.activeUntil, lang);
      showToast(
        'success',
        date ? { key: 'account:userinfo.cancelled', values: { date } } : { key: 'account:userinfo.cancelledNoDate' },
        6000,
      );
      await queryClient.invalidateQueries({ queryKey: queryKeys.account.stats() });
    },
    onError: (error) => {
      setConfirming(false);
      console.error('Cancel subscription failed', error);
      showToast('error', { key: 'account:userinfo.cancelFailed' });
    },
  });
  const name = auth?.user?.username ?? auth?.user?.email ?? '';

  return (
    <AccountShell
      title={t('userinfo.title')}
      subtitle={name ? t('userinfo.greeting', { name }) : t('userinfo.subtitle')}
      testId="userinfo-page"
    >
      {stats.isPending ? (
        <Loading testId="stats-loading" />
      ) : stats.isError && !stats.data ? (
        <LoadFailed
          message={t('userinfo.loadFailed')}
          onRetry={() => void stats.refetch()}
          retrying={stats.isFetching}
          testId="stats-error"
        />
      ) : (
        <Dashboard stats={stats.data} onCancel={() => setConfirming(true)} />
      )}
      <ConfirmModal
        open={confirming}
        id="cancel-subscription-modal"
        title={t('userinfo.cancelTitle')}
        body={t('userinfo.cancelBody')}
        confirmLabel={t('userinfo.cancelConfirm')}
        keepLabel={t('userinfo.cancelKeep')}
        busy={cancel.isPending}
        busyLabel={t('userinfo.cancelling')}
        onConfirm={() => cancel.mutate()}
        onClose={() => setConfirming(false)}
      />
    </AccountShell>
  );
}
