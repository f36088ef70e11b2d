import type { LoginMethod } from '#protocol/auth';

/** Spec §5 callback parameters: type authlogin; logintype feishu, tern or cheetah; a token or a code. */
export type CallbackRequest =
  | { ok: true; method: 'tern'; token: string; userId: string }
  | { ok: true; method: 'feishu'; code: string; state: string | null }
  | { ok: true; method: 'cheetah'; token: string }
  | { ok: false; error: CallbackErrorKey };

export type CallbackErrorKey =
  'auth:errors.invalidType' | 'auth:errors.invalidLoginType' | 'auth:errors.missingParams' | 'auth:errors.typeMismatch';

const methods: readonly LoginMethod[] = ['feishu', 'tern', 'cheetah'];

export function parseCallbackParams(search: URLSearchParams): CallbackRequest {
  if (search.get('type') !== 'authlogin') return { ok: false, error: 'auth:errors.invalidType' };
  const method = search.get('logintype');
  if (!method || !(methods as readonly string[]).includes(method)) return { ok: false, error: 'auth:errors.invalidLoginType' };
  const token = search.get('token');
  const code = search.get('code');
  if (!token && !code) return { ok: false, error: 'auth:errors.missingParams' };
  switch (method as LoginMethod) {
    case 'tern': {
      const userId = search.get('user_id');
      if (!token || !userId) return { ok: false, error: token ? 'auth:errors.missingParams' : 'auth:errors.typeMismatch' };
      return { ok: true, method: 'tern', token, userId };
    }
    case 'feishu':
      if (!code) return { ok: false, error: 'auth:errors.typeMismatch' };
      return { ok: true, method: 'feishu', code, state: search.get('state') };
    case 'cheetah':
      if (!token) return { ok: false, error: 'auth:errors.typeMismatch' };
      return { ok: true, method: 'cheetah', token };
  }
}

/** Window-message types of spec §4, by login method. */
export const successMessageType = (method: LoginMethod): string =>
  method === 'tern' ? 'TERN_LOGIN_SUCCESS' : method === 'feishu' ? 'FEISHU_LOGIN_SUCCESS' : 'CHEETAH_LOGIN_SUCCESS';
export const ERROR_MESSAGE_TYPE = 'TERN_LOGIN_ERROR';
