import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';

import { useCurrentUser } from '../../shared/auth/currentUser';
import { authAtom, clearAuth } from '../../shared/auth/session';
import { useAtomValue } from '../../shared/state/jotai';
import { Dropdown } from './Dropdown';
import { ChevronDown, UserIcon } from './icons';

export function UserMenu() {
  const { t } = useTranslation('layout');
  const auth = useAtomValue(authAtom);
  const user = useCurrentUser();
  const [, navigate] = useLocation();
  if (!auth) {
    return (
      <Link href="/login" className="btn btn-primary btn-sm whitespace-nowrap">
        {t('user.login')}
      </Link>
    );
  }
  const name = user?.username ?? user?.email ?? '';
  return (
    <Dropdown
      align="end"
      ariaLabel={t('user.menu')}
      label={
        <>
          <UserIcon />
          <span className="hidden max-w-32 truncate md:inline lg:hidden xl:inline">{name}</span>
          <ChevronDown />
        </>
      }
    >
      {(close) => (
        <>
          <li className="menu-title truncate">{name}</li>
          {(
            [
              ['/userinfo', 'user.userInfo'],
              ['/orders', 'user.orders'],
              ['/invitation', 'user.invitation'],
              ['/code-exchange', 'user.codeExchange'],
            ] as const
          ).map(([href, key]) => (
            <li key={href}>
              <Link href={href} onClick={close}>
                {t(key)}
              </Link>
            </li>
          ))}
          <li>
            <button
              type="button"
              onClick={() => {
                close();
                clearAuth();
                // Spec §4: logout clears auth and cache and goes to /.
                navigate('~/');
              }}
            >
              {t('user.logout')}
            </button>
          </li>
        </>
      )}
    </Dropdown>
  );
}
