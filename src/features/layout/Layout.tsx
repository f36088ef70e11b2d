import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import type { RouteDef } from '#protocol/routes';

import { Breadcrumbs } from './Breadcrumbs';
import { Footer } from './Footer';
import { Header } from './Header';

/** The main shell; bare routes (the login callback, often a popup) render without header and footer. */
export function Layout({ route, children }: { route: RouteDef | null; children: ReactNode }) {
  const { t } = useTranslation('layout');
  if (route?.shell === 'bare') return <main id="main">{children}</main>;
  return (
    <div className="flex min-h-dvh flex-col">
      <a href="#main" className="btn btn-primary btn-sm fixed left-2 top-2 z-50 -translate-y-20 focus:translate-y-0">
        {t('skipToContent')}
      </a>
      <Header consoleRoute={route?.id === 'remote'} />
      <Breadcrumbs route={route} />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      {/* The console fills the viewport like an app; a footer under it would only make the page scroll. */}
      {route?.id !== 'remote' && <Footer />}
    </div>
  );
}
