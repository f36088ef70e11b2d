import { useTranslation } from 'react-i18next';

import { setTheme, useTheme } from '../../shared/ui/theme';
import { MoonIcon, SunIcon } from './icons';

export function ThemeToggle() {
  const { t } = useTranslation('common');
  const next = useTheme() === 'tern-dark' ? 'tern-light' : 'tern-dark';
  return (
    <button
      type="button"
      className="btn btn-ghost btn-sm btn-square"
      aria-label={t(next === 'tern-light' ? 'theme.light' : 'theme.dark')}
      title={t('theme.toggle')}
      onClick={() => setTheme(next)}
    >
      {/* Both icons, shown by the page's theme (index.css): a prerendered page shows the right one before the app wakes. */}
      <span className="theme-icon-dark inline-flex" aria-hidden="true">
        <SunIcon />
      </span>
      <span className="theme-icon-light inline-flex" aria-hidden="true">
        <MoonIcon />
      </span>
    </button>
  );
}
