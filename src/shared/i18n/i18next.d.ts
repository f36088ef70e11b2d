import 'i18next';

import type common from '../../locales/en/common.json';
import type errors from '../../locales/en/errors.json';
import type layout from '../../locales/en/layout.json';
import type marketing from '../../locales/en/marketing.json';
import type pages from '../../locales/en/pages.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      errors: typeof errors;
      layout: typeof layout;
      marketing: typeof marketing;
      pages: typeof pages;
    };
  }
}
