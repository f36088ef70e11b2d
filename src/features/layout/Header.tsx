import { useTranslation } from 'react-i18next';
import { Link, useRoute } from 'wouter';

import { Dropdown } from './Dropdown';
import { ChevronDown, TernLogo } from './icons';
import { LanguageSelect } from './LanguageSelect';
import { MobileDrawer } from './MobileDrawer';
import { mainNav, resourceNav, useCaseNav } from './navItems';
import { ThemeToggle } from './ThemeToggle';
import { UserMenu } from './UserMenu';

function NavLink({ href, children }: { href: string; children: React.ReactNode }) {
  const [active] = useRoute(href === '/' ? '/' : `${href}/*?`);
  return (
    <Link
      href={href}
      aria-current={active ? 'page' : undefined}
      className={`whitespace-nowrap rounded-field px-2.5 py-2 text-sm font-medium transition-colors hover:bg-base-200 xl:px-3 ${active ? 'text-primary' : 'text-base-content/80'}`}
    >
      {children}
    </Link>
  );
}

/**
 * `consoleRoute`: on /remote the console's own bar takes the header's place on phones and tablets and inside the installed
 * app (display-mode standalone), so the conversation gets the height.
 */
export function Header({ consoleRoute = false }: { consoleRoute?: boolean }) {
  const { t } = useTranslation(['layout', 'common']);
  return (
    <header
      className={`sticky top-0 z-40 border-b${consoleRoute ? ' max-lg:hidden [@media(display-mode:standalone)]:hidden' : ''} border-base-300/70 bg-base-100/85 backdrop-blur supports-[backdrop-filter]:bg-base-100/70`}
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4">
        <Link href="/" className="flex items-center gap-2 rounded-field pr-2 text-lg font-bold" aria-label={t('common:brand')}>
          <TernLogo />
          <span>{t('common:brand')}</span>
        </Link>
        <nav aria-label={t('layout:mainNav')} className="ml-2 hidden items-center gap-0.5 lg:flex xl:ml-4 xl:gap-1">
          <NavLink href="/">{t('layout:nav.home')}</NavLink>
          <NavLink href="/pricing">{t('layout:nav.pricing')}</NavLink>
          <Dropdown
            buttonClassName="flex items-center gap-1 whitespace-nowrap rounded-field px-2.5 py-2 text-sm font-medium text-base-content/80 hover:bg-base-200 xl:px-3"
            label={
              <>
                {t('layout:nav.useCases')}
                <ChevronDown />
              </>
            }
          >
            {(close) =>
              useCaseNav.map((item) => (
                <li key={item.slug}>
                  <Link href={`/use-cases/${item.slug}`} onClick={close}>
                    {t(`layout:useCases.${item.key}`)}
                  </Link>
                </li>
              ))
            }
          </Dropdown>
          {[...mainNav.slice(2), ...resourceNav].map((item) => (
            <NavLink key={item.href} href={item.href}>
              {t(`layout:nav.${item.key}`)}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-1">
          <LanguageSelect />
          <ThemeToggle />
          <div className="hidden sm:block">
            <UserMenu />
          </div>
          <MobileDrawer />
        </div>
      </div>
    </header>
  );
}
