import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';

import type { usageLevel } from '../../lib/format';

/** No plan (with a link to buy one), or credits running low or used up. */
export function UsageAlerts({ noPlan, level }: { noPlan: boolean; level: ReturnType<typeof usageLevel> }) {
  const { t } = useTranslation('account');
  return (
    <>
      {noPlan && (
        <div role="status" className="alert alert-info alert-soft" data-testid="no-plan">
          <span>{t('userinfo.noPlan')}</span>
          <Link href="/pricing" className="btn btn-sm btn-primary">
            {t('userinfo.buy')}
          </Link>
        </div>
      )}
      {level === 'warning' && (
        <div role="alert" className="alert alert-warning" data-testid="usage-warning">
          <span>{t('userinfo.warning')}</span>
        </div>
      )}
      {level === 'exhausted' && !noPlan && (
        <div role="alert" className="alert alert-error" data-testid="usage-warning">
          <span>{t('userinfo.exhausted')}</span>
        </div>
      )}
    </>
  );
}
