import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';

import { languageEntries, supportedLanguages } from '#protocol/languages';

import { savePreference } from '../../shared/i18n/preference';
import { hrefInLanguage, useLanguageRoute } from '../../shared/routing/language';
import { Dropdown } from './Dropdown';
import { ChevronDown, GlobeIcon } from './icons';

export function LanguageSelect({ onChange }: { onChange?: () => void }) {
  const { t } = useTranslation('layout');
  const { lang, rest } = useLanguageRoute();
  const [, navigate] = useLocation();
  const current = languageEntries[lang];
  return (
    <Dropdown
      align="end"
      ariaLabel={t('language.current', { name: current.nativeName })}
      label={
        <>
          <GlobeIcon />
          {/* From lg to xl the header carries the full navigation: the globe and the accessible name say enough. */}
          <span className="hidden sm:inline lg:hidden xl:inline">{current.nativeName}</span>
          <ChevronDown />
        </>
      }
    >
      {(close) =>
        supportedLanguages.map((code) => (
          <li key={code}>
            <button
              type="button"
              lang={languageEntries[code].locale}
              aria-current={code === lang ? 'true' : undefined}
              className={code === lang ? 'menu-active' : ''}
              onClick={() => {
                close();
                savePreference(localStorage, code, 'user-choice');
                onChange?.();
                navigate(hrefInLanguage(rest, code) + location.search + location.hash);
              }}
            >
              {languageEntries[code].nativeName}
            </button>
          </li>
        ))
      }
    </Dropdown>
  );
}
