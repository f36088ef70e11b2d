// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { Router } from 'wouter';

import type { LoginPermission } from '#protocol/auth';
import { type Language, localizePath } from '#protocol/languages';

import enAuth from '../../../locales/en/auth.json';
import zhAuth from '../../../locales/zh/auth.json';
import { queryKeys } from '../../../shared/api/queryKeys';
import { i18n, initI18n, setLanguage } from '../../../shared/i18n';
import { LanguageRouteContext } from '../../../shared/routing/language';
import LoginPage from '../LoginPage';
import { closedLoginPermission } from '../permission';
import { drawable, drawPermission } from './signinDom';

const labels = { en: enAuth.login, zh: zhAuth.login };

/** The sign-in page as React renders it, with the permission pending (undefined) or known. */
function render(lang: Language, permission?: LoginPermission, feishuAppId?: string): string {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false, enabled: false } } });
  if (permission) client.setQueryData(queryKeys.auth.loginPermission(), permission);
  if (feishuAppId) client.setQueryData(queryKeys.auth.clientConfig(), { feishu: { appId: feishuAppId } });
  const prefix = lang === 'en' ? '' : `/${lang}`;
  return renderToString(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <LanguageRouteContext.Provider value={{ lang, prefix, rest: '/login' }}>
          <Router base={prefix} ssrPath={localizePath('/login', lang)} ssrSearch="redirect=%2Fremote">
            <LoginPage />
          </Router>
        </LanguageRouteContext.Provider>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

const cheetah: LoginPermission = { ...closedLoginPermission, isPrivateNetwork: true, cheetahLoginAllowed: true };
const feishu: LoginPermission = { ...cheetah, feishuLoginAllowed: true };

describe('drawPermission: the sign-in island draws what LoginPage renders once the permission is known', () => {
  beforeAll(async () => {
    await initI18n('en');
  });

  for (const lang of ['en', 'zh'] as const) {
    for (const [name, permission, feishuAppId] of [
      ['nothing optional allowed', closedLoginPermission, undefined],
      ['company e-mail sign-in allowed', cheetah, undefined],
      ['Feishu and company e-mail, the client config in', feishu, 'cli_stand_in'],
      ['Feishu and company e-mail, no client config', feishu, undefined],
    ] as const) {
      it(`${lang}: ${name}`, async () => {
        await setLanguage(lang);
        const pending = render(lang);
        expect(pending).toContain('data-island="signin"');
        const page = document.createElement('div');
        page.innerHTML = pending;
        expect(drawable(permission)).toBe(true);
        expect(drawPermission(page, permission, labels[lang], !!feishuAppId)).toBe(true);
        const known = document.createElement('div');
        known.innerHTML = render(lang, permission, feishuAppId);
        expect(page.innerHTML).toBe(known.innerHTML);
      });
    }
  }

  it('leaves a restricted region to the app, and needs the pending status', () => {
    expect(drawable({ ...closedLoginPermission, isChina: true })).toBe(false);
    const page = document.createElement('div');
    page.innerHTML = '<p>no status</p>';
    expect(drawPermission(page, cheetah, labels.en, false)).toBe(false);
  });
});
