import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';

import type { UserStats } from '../../lib/protocol';

/** The plan and account status, with buy and (when a paid plan is active) cancel. */
export function PlanCard({ stats, onCancel }: { stats: UserStats; onCancel: () => void }) {
  const { t } = useTranslation('account');
  const hasPaidPlan = stats.activeQuotas.some((q) => q.source === 'order');
  return (
    <section className="card border border-base-300 bg-base-100" aria-labelledby="plan-title" data-testid="plan-card">
      <div className="card-body gap-2">
        <h2 id="plan-title" className="text-sm font-normal text-base-content/60">
          {t('userinfo.plan')}
        </h2>
        <p className="text-2xl font-bold" data-testid="plan-type" data-plan={stats.planType}>
          {t(`planType.${stats.planType}`)}
        </p>
        <p className="flex items-center gap-2 text-sm">
          <span className="text-base-content/60">{t('userinfo.status')}</span>
          <span
            className={`badge badge-soft ${stats.accountStatus === 'active' ? 'badge-success' : 'badge-warning'}`}
            data-testid="account-status"
          >
            {t(`accountStatus.${stats.accountStatus}`)}
          </span>
        </p>
        <div className="card-actions mt-2">
          <Link href="/pricing" className="btn btn-primary btn-sm" data-testid="buy-plan">
            {t('userinfo.buy')}
          </Link>
          {hasPaidPlan && (
            <button type="button" className="btn btn-ghost btn-sm" onClick={onCancel} data-testid="cancel-subscription">
              {t('userinfo.cancel')}
            </button>
          )}
        </div>
      </div>
    </section>
  );
}
