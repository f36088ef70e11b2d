import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';

import { brand } from '../../shared/brand';
import { GithubIcon, MailIcon, TernLogo } from './icons';
import { toolNav, useCaseNav } from './navItems';

// Text tints are chosen for WCAG AA (4.5:1 for small text) on the footer's background in both themes: at /70 the
// lightest text measures about 5.8:1 in the light theme and 7.9:1 in the dark one. daisyUI's footer-title fades
// itself to 60 % opacity (4.2:1 in light), so the title sets its tint with full opacity instead.
export function Footer() {
  const { t } = useTranslation(['layout', 'common']);
  const column = (title: string, links: readonly (readonly [string, string])[]) => (
    <nav aria-label={title}>
      <h2 className="footer-title text-base-content/70 opacity-100">{title}</h2>
      <ul className="space-y-2">
        {links.map(([href, label]) => (
          <li key={href}>
            <Link href={href} className="link link-hover text-base-content/80">
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
  return (
    <footer className="mt-auto border-t border-base-300 bg-base-200/60">
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-12 sm:grid-cols-4 lg:grid-cols-6">
        <div className="col-span-2 sm:col-span-4 lg:col-span-2">
          <Link href="/" className="flex items-center gap-2 text-lg font-bold">
            <TernLogo />
            {t('common:brand')}
          </Link>
          <p className="mt-3 max-w-xs text-sm text-base-content/75">{t('layout:footer.blurb')}</p>
          <div className="mt-4 flex gap-2">
            <a
              href={brand.github}
              target="_blank"
              rel="noopener noreferrer"
              className="btn btn-ghost btn-sm btn-square"
              aria-label={t('layout:footer.github')}
            >
              <GithubIcon />
            </a>
            <a href={`mailto:${brand.supportEmail}`} className="btn btn-ghost btn-sm btn-square" aria-label={t('layout:footer.email')}>
              <MailIcon />
            </a>
          </div>
        </div>
        {column(t('layout:footer.product'), [
          ['/pricing', t('layout:nav.pricing')],
          ['/leaderboard', t('layout:nav.leaderboard')],
          ['/install', t('layout:nav.install')],
          ['/remote', t('layout:nav.remote')],
          ['/changelog', t('layout:nav.changelog')],
        ])}
        {column(t('layout:footer.guides'), [
          ...toolNav.map((slug) => [`/leaderboard/${slug}`, t(`layout:tools.${slug}`)] as const),
          ['/leaderboard/claude-code-vs-gemini-cli', t('layout:footer.compare')],
        ])}
        {column(
          t('layout:footer.useCases'),
          useCaseNav.map((u) => [`/use-cases/${u.slug}`, t(`layout:useCases.${u.key}`)] as const),
        )}
        {column(t('layout:footer.company'), [
          ['/about', t('layout:footer.about')],
          ['/contact', t('layout:footer.contact')],
          ['/help', t('layout:nav.help')],
          ['/privacy', t('layout:footer.privacy')],
          ['/terms', t('layout:footer.terms')],
        ])}
      </div>
      <div className="border-t border-base-300">
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-5 text-sm text-base-content/70 sm:flex-row sm:items-center sm:justify-between">
          <p>{t('layout:footer.copyright', { year: new Date().getFullYear() })}</p>
          <nav aria-label={t('layout:footer.legal')} className="flex gap-4">
            <Link href="/privacy" className="link link-hover">
              {t('layout:footer.privacy')}
            </Link>
            <Link href="/terms" className="link link-hover">
              {t('layout:footer.terms')}
            </Link>
          </nav>
        </div>
      </div>
    </footer>
  );
}
