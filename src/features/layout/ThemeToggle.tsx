import { useTranslation } from 'react-i18next';

import { setTheme, useTheme } from '../../shared/ui/theme';
import { MoonIcon, SunIcon } from './icons';

export function ThemeToggle() {
  const { t } = useTranslation('common');
  const theme = useTheme();
  const next = theme === 'tern-dark' ? 'tern-light' : 'tern-dark';
  return (
    <button
      type="button"
      className="btn btn-ghost btn-sm btn-square"
      aria-label={t(next === 'tern-light' ? 'theme.light' : 'theme.dark')}
      title={t('theme.toggle')}
      onClick={() => setTheme(next)}
    >
      {theme === 'tern-dark' ? <SunIcon /> : <MoonIcon />}
    </button>
  );
}
