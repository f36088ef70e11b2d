import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

import { queryKeys } from '../../../shared/api/queryKeys';
import { fetchCliTokens, revokeCliToken } from '../api';

/** The user's paired CLIs (one per `tern` pairing): when they were paired, last used, and a revoke button. */
export function PairedClis() {
  const { t, i18n } = useTranslation('remote');
  const client = useQueryClient();
  const tokens = useQuery({ queryKey: queryKeys.remote.cliTokens(), queryFn: fetchCliTokens });
  const revoke = useMutation({
    mutationFn: revokeCliToken,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.remote.cliTokens() }),
  });
  const fmt = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const list = (tokens.data ?? []).filter((token) => !token.revokedAt);
  return (
    <section data-testid="paired-clis">
      <h2 className="text-lg font-bold">{t('paired.title')}</h2>
      <p className="mt-1 text-sm text-base-content/70">{t('paired.intro')}</p>
      {tokens.isPending && <span className="loading loading-spinner loading-sm mt-4" aria-label={t('paired.loading')} />}
      {tokens.isError && (
        <div role="alert" className="alert alert-error alert-soft mt-4 text-sm">
          <span>{t('paired.loadFailed')}</span>
          <button type="button" className="btn btn-sm" onClick={() => void tokens.refetch()}>
            {t('retry')}
          </button>
        </div>
      )}
      {tokens.isSuccess && list.length === 0 && <p className="mt-4 text-sm text-base-content/60">{t('paired.none')}</p>}
      <ul className="mt-4 space-y-2">
        {list.map((token) => (
          <li key={token.id} className="flex items-center gap-3 rounded-box border border-base-300 px-3 py-2" data-testid="paired-cli">
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium">{token.label}</p>
              <p className="text-xs text-base-content/60">{t('paired.pairedAt', { time: fmt.format(new Date(token.createdAt)) })}</p>
              <p className="text-xs text-base-content/60">
                {token.lastUsedAt ? t('paired.lastUsed', { time: fmt.format(new Date(token.lastUsedAt)) }) : t('paired.neverUsed')}
              </p>
            </div>
            <button
              type="button"
              className="btn btn-outline btn-error btn-sm"
              disabled={revoke.isPending}
              onClick={() => {
                if (window.confirm(t('paired.confirm', { name: token.label }))) revoke.mutate(token.id);
              }}
            >
              {t('paired.revoke')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
