import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';

import { isExternalHref } from '../lib/sanitize';
import { Icon } from './icons';

interface SmartLinkProps {
  href: string;
  className?: string;
  children: ReactNode;
  /** Show the "opens in a new tab" arrow on external links. */
  showExternalIcon?: boolean;
}

/** Same-site paths go through the router (language prefix kept); web addresses open in a new tab, announced. */
export function SmartLink({ href, className, children, showExternalIcon = true }: SmartLinkProps) {
  const { t } = useTranslation('marketing');
  if (isExternalHref(href)) {
    return (
      <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
        {children}
        {showExternalIcon && <Icon name="external" size={16} className="shrink-0 opacity-70" />}
        <span className="sr-only"> {t('ui.newTab')}</span>
      </a>
    );
  }
  return (
    <Link href={href} className={className}>
      {children}
    </Link>
  );
}
