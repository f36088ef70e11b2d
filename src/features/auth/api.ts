import { useQuery } from '@tanstack/react-query';

import {
  cheetahLoginResponseSchema,
  clientConfigResponseSchema,
  type ClientInfo,
  feishuExchangeResponseSchema,
  loginPermissionSchema,
  loginResultResponseSchema,
  oneTimeTokenResponseSchema,
  tempCodeExchangeResponseSchema,
} from '#protocol/auth';

import { request } from '../../shared/api/http';
import { queryKeys } from '../../shared/api/queryKeys';
import { brand } from '../../shared/brand';
import { signinIsland } from './island/state';
import { closedLoginPermission } from './permission';

const MIN = 60 * 1000;

export function clientInfo(): NonNullable<ClientInfo> {
  return { platform: 'web', version: __APP_VERSION__, userAgent: navigator.userAgent, timestamp: Date.now() };
}

/** Spec §7: on failure every option is off (the main provider login is always shown); cached 5 minutes. */
export function useLoginPermission() {
  return useQuery({
    queryKey: queryKeys.auth.loginPermission(),
    staleTime: 5 * MIN,
    retry: 0,
    queryFn: async () => {
      // The sign-in island's request when the app woke while it was under way (island/signinIsland.ts).
      const handed = signinIsland.request;
      signinIsland.request = null;
      try {
        return loginPermissionSchema.parse(await (handed ?? request('/api/client/feishu-allowed', { silent: true })));
      } catch {
        return closedLoginPermission;
      }
    },
  });
}

/** Cached 10 minutes. */
export function useClientConfig(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.auth.clientConfig(),
    staleTime: 10 * MIN,
    enabled,
    queryFn: async () => clientConfigResponseSchema.parse(await request('/api/config/client')).data,
  });
}

export const authApi = {
  async ternSignin(body: { email: string; password: string }) {
    return oneTimeTokenResponseSchema.parse(await request('/auth/tern/signin', { body, silent: true })).data;
  },
  async ternSignup(body: { email: string; password: string; username: string; invitationCode?: string }) {
    return oneTimeTokenResponseSchema.parse(await request('/auth/tern/signup', { body, silent: true })).data;
  },
  async ternLogin(token: string, userId: string, invitationCode?: string) {
    const body = { token, user_id: userId, plat: 'web', invitationCode, clientInfo: clientInfo() };
    return loginResultResponseSchema.parse(await request(`/auth/jwt/${brand.loginMethod}-login`, { body, silent: true }));
  },
  async feishuExchange(code: string, redirectUri: string) {
    const body = { code, redirect_uri: redirectUri };
    return feishuExchangeResponseSchema.parse(await request('/api/auth/feishu/exchange', { body, silent: true })).data.accessToken;
  },
  async feishuLogin(feishuAccessToken: string, invitationCode?: string) {
    const body = { feishuAccessToken, invitationCode, clientInfo: clientInfo() };
    return loginResultResponseSchema.parse(await request('/auth/jwt/feishu-login', { body, silent: true }));
  },
  async cheetahLogin(body: { email: string; password: string; invitationCode?: string }) {
    return cheetahLoginResponseSchema.parse(
      await request('/auth/jwt/cheetah-login', { body: { ...body, clientInfo: clientInfo() }, silent: true }),
    );
  },
  async exchangeTempCode(code: string) {
    return tempCodeExchangeResponseSchema.parse(await request('/auth/temp-code/exchange', { body: { code }, silent: true }));
  },
  async logout() {
    await request('/web-api/auth/logout', { method: 'POST', body: {}, silent: true }).catch(() => undefined);
  },
};
