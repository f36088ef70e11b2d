import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';

import { authAtom, clearAuth } from '../../shared/auth/session';
import { useAtomValue } from '../../shared/state/jotai';
import { CloseIcon, MenuIcon, TernLogo } from './icons';
import { mainNav, resourceNav, useCaseNav } from './navItems';

/**
 * The phone and tablet menu. A modal <dialog> gives focus trapping, Escape to close and an inert page behind it
 * without extra code.
 */
export function MobileDrawer() {
  const { t } = useTranslation(['layout', 'common']);
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const [location, navigate] = useLocation();
  const auth = useAtomValue(authAtom);

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);

  // Any navigation closes the drawer.
  useEffect(() => setOpen(false), [location]);

  const link = (href: string, label: string) => (
    <li key={href}>
      <Link href={href} onClick={() => setOpen(false)} className="py-3 text-base">
        {label}
      </Link>
    </li>
  );

  return (
    <>
      <button
        type="button"
        className="btn btn-ghost btn-square lg:hidden"
        aria-label={t('layout:openMenu')}
        aria-expanded={open}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <MenuIcon />
      </button>
      <dialog
        ref={dialog}
        aria-label={t('layout:mainNav')}
        data-testid="mobile-drawer"
        className="fixed inset-y-0 right-0 left-auto m-0 h-dvh max-h-none w-80 max-w-[85vw] bg-base-100 p-0 text-base-content shadow-2xl backdrop:bg-black/60"
        onClose={() => setOpen(false)}
        onClick={(e) => {
          if (e.target === dialog.current) setOpen(false);
        }}
      >
        <div className="flex h-full flex-col">
          <div className="flex h-16 items-center justify-between border-b border-base-300 px-4">
            <span className="flex items-center gap-2 text-lg font-bold">
              <TernLogo />
              {t('common:brand')}
            </span>
            <button type="button" className="btn btn-ghost btn-square" aria-label={t('layout:closeMenu')} onClick={() => setOpen(false)}>
              <CloseIcon />
            </button>
          </div>
          <nav className="flex-1 overflow-y-auto p-2" aria-label={t('layout:mainNav')}>
            <ul className="menu w-full">
              {link('/', t('layout:nav.home'))}
              {link('/pricing', t('layout:nav.pricing'))}
              <li>
                <h2 className="menu-title">{t('layout:nav.useCases')}</h2>
                <ul>{useCaseNav.map((item) => link(`/use-cases/${item.slug}`, t(`layout:useCases.${item.key}`)))}</ul>
              </li>
              {[...mainNav.slice(2), ...resourceNav].map((item) => link(item.href, t(`layout:nav.${item.key}`)))}
            </ul>
          </nav>
          <div className="border-t border-base-300 p-4">
            {auth ? (
              <div className="flex flex-col gap-2">
                <Link href="/userinfo" className="btn btn-outline" onClick={() => setOpen(false)}>
                  {t('layout:user.userInfo')}
                </Link>
                <button
                  type="button"
                  className="btn btn-ghost"
                  onClick={() => {
                    setOpen(false);
                    clearAuth();
                    navigate('~/');
                  }}
                >
                  {t('layout:user.logout')}
                </button>
              </div>
            ) : (
              <Link href="/login" className="btn btn-primary w-full" onClick={() => setOpen(false)}>
                {t('layout:user.login')}
              </Link>
            )}
          </div>
        </div>
      </dialog>
    </>
  );
}
