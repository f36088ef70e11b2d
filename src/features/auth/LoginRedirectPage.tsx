import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';

import { authKeys } from '../../shared/auth/storage';
import { brand } from '../../shared/brand';
import { useLanguageRoute } from '../../shared/routing/language';
import { safeRedirectPath, ternProviderHref } from './destination';

/**
 * A link target for the CLI and e-mails: remembers where to return, then goes straight to the Tern account sign-in,
 * which comes back through /callback.
 */
export default function LoginRedirectPage() {
  const { t } = useTranslation('auth');
  const { lang } = useLanguageRoute();
  const [, navigate] = useLocation();
  const target = `~${ternProviderHref(location.origin, lang, brand.loginMethod)}`;

  useEffect(() => {
    const back = safeRedirectPath(new URLSearchParams(location.search).get('redirect'));
    if (back) sessionStorage.setItem(authKeys.loginRedirect, back);
    navigate(target, { replace: true });
  }, [navigate, target]);

  return (
    <section className="mx-auto max-w-sm px-4 py-20 text-center">
      <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
      <h1 className="mt-4 text-xl font-semibold">{t('loginRedirect.title')}</h1>
      <Link href={target} className="btn btn-link mt-4">
        {t('loginRedirect.manual')}
      </Link>
    </section>
  );
}
