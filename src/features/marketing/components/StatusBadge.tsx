import { useTranslation } from 'react-i18next';

import type { SupportStatus } from '../content/types';
import { Icon, type IconName } from './icons';

const look: Record<SupportStatus, { icon: IconName; className: string }> = {
  full: { icon: 'check', className: 'bg-success/15 text-success' },
  partial: { icon: 'minus', className: 'bg-warning/15 text-warning' },
  none: { icon: 'x', className: 'bg-error/15 text-error' },
};

/** Support level as icon plus text (never colour alone). */
export function StatusBadge({ status, text }: { status: SupportStatus; text?: string }) {
  const { t } = useTranslation('marketing');
  const { icon, className } = look[status];
  return (
    <span className="inline-flex items-start gap-2" data-status={status}>
      <span className={`mt-0.5 grid h-5 w-5 shrink-0 place-items-center rounded-full ${className}`}>
        <Icon name={icon} size={14} />
      </span>
      <span className="flex flex-col">
        <span className="font-medium">{t(`status.${status}`)}</span>
        {text && <span className="text-xs text-base-content/65">{text}</span>}
      </span>
    </span>
  );
}
