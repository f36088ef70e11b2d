import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';

import type { Language } from '#protocol/languages';

import { useLanguageRoute } from '../../../shared/routing/language';

const tabs = [
  ['/userinfo', 'nav.userinfo'],
  ['/orders', 'nav.orders'],
  ['/invitation', 'nav.invitation'],
  ['/code-exchange', 'nav.codeExchange'],
] as const;

/** Heading and the account-area tabs shared by the account screens. */
export function AccountShell({
  title,
  subtitle,
  actions,
  children,
  testId,
}: {
  title: string;
  subtitle?: string;
  actions?: ReactNode;
  children: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation('account');
  const { rest } = useLanguageRoute();
  return (
    <section className="mx-auto w-full max-w-6xl px-4 pb-16 pt-6 sm:pt-10" data-testid={testId}>
      <nav aria-label={t('nav.label')} className="-mx-4 mb-6 overflow-x-auto px-4">
        <div className="tabs tabs-border flex-nowrap">
          {tabs.map(([href, key]) => {
            const current = rest === href || (href === '/orders' && rest.startsWith('/orders/'));
            return (
              <Link
                key={href}
                href={href}
                className={`tab whitespace-nowrap ${current ? 'tab-active' : ''}`}
                aria-current={current ? 'page' : undefined}
              >
                {t(key)}
              </Link>
            );
          })}
        </div>
      </nav>
      <header className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
          {subtitle && <p className="mt-1 max-w-2xl text-base-content/70">{subtitle}</p>}
        </div>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </header>
      {children}
    </section>
  );
}

/** An error box with a retry button, for a failed load. */
export function LoadFailed({
  message,
  onRetry,
  retrying,
  testId,
}: {
  message: string;
  onRetry: () => void;
  retrying: boolean;
  testId: string;
}) {
  const { t } = useTranslation('account');
  return (
    <div role="alert" className="alert alert-error alert-soft" data-testid={testId}>
      <span>{message}</span>
      <button type="button" className="btn btn-sm" onClick={onRetry} disabled={retrying}>
        {retrying && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
        {t('retry')}
      </button>
    </div>
  );
}

export function Loading({ testId }: { testId?: string }) {
  const { t } = useTranslation('account');
  return (
    <div role="status" aria-live="polite" className="flex items-center gap-2 py-10 text-base-content/70" data-testid={testId}>
      <span className="loading loading-spinner loading-md text-primary" aria-hidden="true" />
      <span>{t('loading')}</span>
    </div>
  );
}

export function useLang(): Language {
  return useLanguageRoute().lang === 'zh' ? 'zh' : 'en';
}
