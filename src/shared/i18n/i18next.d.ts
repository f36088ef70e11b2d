import 'i18next';

import type account from '../../locales/en/account.json';
import type auth from '../../locales/en/auth.json';
import type billing from '../../locales/en/billing.json';
import type common from '../../locales/en/common.json';
import type docs from '../../locales/en/docs.json';
import type errors from '../../locales/en/errors.json';
import type layout from '../../locales/en/layout.json';
import type marketing from '../../locales/en/marketing.json';
import type pages from '../../locales/en/pages.json';
import type remote from '../../locales/en/remote.json';

// Keys are typed from the English files; the locale-parity test holds Chinese to the same keys.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      account: typeof account;
      auth: typeof auth;
      billing: typeof billing;
      common: typeof common;
      docs: typeof docs;
      errors: typeof errors;
      layout: typeof layout;
      marketing: typeof marketing;
      pages: typeof pages;
      remote: typeof remote;
    };
  }
}
