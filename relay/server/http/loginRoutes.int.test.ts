import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  cheetahLoginResponseSchema,
  clientConfigResponseSchema,
  feishuExchangeResponseSchema,
  loginPermissionSchema,
  loginResultResponseSchema,
  meResponseSchema,
  oneTimeTokenResponseSchema,
} from '../../protocol';
import { createCheetahAccount, unlockCheetahAccount } from '../core/auth';
import type { FeishuUserInfo } from '../core/auth/feishuClient';
import { createAuthRepos } from '../storage/repos';
import { expectError } from '../testing/expectError';
import { type FeishuStandIn, startFeishuStandIn } from '../testing/feishuStandIn';
import { call } from '../testing/http';
import { createTestRelay, RELAY_START_TIMEOUT_MS, type TestRelay } from '../testing/testRelay';

let relay: TestRelay; // Feishu configured (against the stand-in), a whitelist and a "China" range
let bare: TestRelay; // nothing configured
let feishu: FeishuStandIn;
let clockOffsetMs = 0;
const now = () => new Date(Date.now() + clockOffsetMs);

beforeAll(async () => {
  feishu = await startFeishuStandIn();
  [relay, bare] = await Promise.all([
    createTestRelay({
      now,
      env: {
        FEISHU_APP_ID: feishu.appId,
        FEISHU_APP_SECRET: feishu.appSecret,
        FEISHU_BASE_URL: feishu.url,
        WHITELIST_CIDRS: '203.0.113.0/24, 2001:db8:cafe::/48',
        CHINA_CIDRS: '1.2.4.0/24',
      },
    }),
    createTestRelay(),
  ]);
}, RELAY_START_TIMEOUT_MS);
afterAll(async () => {
  await Promise.all([relay?.close(), bare?.close(), feishu?.close()]);
}, RELAY_START_TIMEOUT_MS);

describe('GET /api/client/feishu-allowed', () => {
  const probe = async (ip: string, target = () => relay) => {
    const res = await call(target(), 'GET', '/api/client/feishu-allowed', { ip });
    expect(res.status).toBe(200);
    return loginPermissionSchema.parse(res.body);
  };

  it('allows both logins from a private network', async () => {
    const p = await probe('10.1.2.3');
    expect(p).toMatchObject({
      ip: '10.1.2.3',
      normalizedIP: '10.1.2.3',
      isPrivateNetwork: true,
      isInWhitelist: false,
      feishuLoginAllowed: true,
      cheetahLoginAllowed: true,
      isChina: false,
    });
    expect(Math.abs(Date.parse(p.timestamp) - Date.now())).toBeLessThan(60_000);
  });

  it('normalises IPv4-mapped IPv6', async () => {
    const p = await probe('::ffff:10.0.0.1');
    expect(p).toMatchObject({ ip: '::ffff:10.0.0.1', normalizedIP: '10.0.0.1', isPrivateNetwork: true, cheetahLoginAllowed: true });
  });

  it('refuses a public network, with messages', async () => {
    const p = await probe('8.8.8.8');
    expect(p).toMatchObject({ isPrivateNetwork: false, isInWhitelist: false, feishuLoginAllowed: false, cheetahLoginAllowed: false });
    expect(p.messages.length).toBeGreaterThan(0);
    expect((await probe('2001:4860::8888')).cheetahLoginAllowed).toBe(false);
  });

  it('allows whitelisted public networks (IPv4 and IPv6)', async () => {
    expect(await probe('203.0.113.77')).toMatchObject({
      isPrivateNetwork: false,
      isInWhitelist: true,
      feishuLoginAllowed: true,
      cheetahLoginAllowed: true,
    });
    expect(await probe('2001:db8:cafe:1::5')).toMatchObject({ isInWhitelist: true, cheetahLoginAllowed: true });
  });

  it('reports isChina from CHINA_CIDRS', async () => {
    expect((await probe('1.2.4.8')).isChina).toBe(true);
    expect((await probe('1.2.5.8')).isChina).toBe(false);
  });

  it('never allows Feishu when it is not configured', async () => {
    const p = await probe('10.1.2.3', () => bare);
    expect(p).toMatchObject({ feishuLoginAllowed: false, cheetahLoginAllowed: true });
    expect(p.messages.join(' ')).toMatch(/not configured/);
  });

  it('reads the socket address over real HTTP (loopback is private)', async () => {
    const res = await call(relay, 'GET', '/api/client/feishu-allowed', { headers: { 'x-forwarded-for': '8.8.8.8' } });
    const p = loginPermissionSchema.parse(res.body);
    expect(p.normalizedIP).toBe('127.0.0.1');
    expect(p.isPrivateNetwork).toBe(true);
  });
});

describe('GET /api/config/client', () => {
  it('gives the Feishu app id and never the secret', async () => {
    const res = await call(relay, 'GET', '/api/config/client');
    const { feishu: client } = clientConfigResponseSchema.parse(res.body).data;
    expect(client.appId).toBe(feishu.appId);
    expect(client.authorizeUrl).toBe(`${feishu.url}/open-apis/authen/v1/authorize`);
    expect(JSON.stringify(res.body)).not.toContain(feishu.appSecret);
    expect(JSON.stringify(res.body)).not.toMatch(/secret/i);
  });

  it('gives null when Feishu is not configured', async () => {
    const res = await call(bare, 'GET', '/api/config/client');
    expect(clientConfigResponseSchema.parse(res.body).data.feishu).toEqual({ appId: null });
  });
});

describe('Feishu login against the stand-in', () => {
  const person: FeishuUserInfo = {
    name: '张三',
    en_name: 'Zhang San',
    avatar_url: 'https://example.com/avatar.png',
    open_id: 'ou_zhangsan',
    union_id: 'on_zhangsan',
    enterprise_email: 'Zhang.San@Corp.example',
  };
  const redirectUri = () => `${relay.url}/callback`;

  async function exchange(code: string, opts: { ip?: string; redirect?: string } = {}) {
    return call(relay, 'POST', '/api/auth/feishu/exchange', {
      body: { code, redirect_uri: opts.redirect ?? redirectUri() },
      ...(opts.ip && { ip: opts.ip }),
    });
  }

  it('exchanges the code, fetches the user, creates the account once', async () => {
    const ex = await exchange(feishu.issueCode(person));
    expect(ex.status, JSON.stringify(ex.body)).toBe(200);
    const { accessToken: feishuAccessToken } = feishuExchangeResponseSchema.parse(ex.body).data;

    const login = await call(relay, 'POST', '/auth/jwt/feishu-login', {
      body: {
        feishuAccessToken,
        invitationCode: 'fei123',
        clientInfo: { platform: 'web', version: '1', userAgent: 'vitest', timestamp: 1 },
      },
    });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    const result = loginResultResponseSchema.parse(login.body);
    expect(result.loginMethod).toBe('feishu');
    expect(result.user).toMatchObject({ username: '张三', email: 'zhang.san@corp.example', avatar: 'https://example.com/avatar.png' });
    const me = meResponseSchema.parse((await call(relay, 'GET', '/web-api/auth/me', { token: result.accessToken })).body);
    expect(me.data.id).toBe(result.user.id);
    const repos = createAuthRepos(relay.storage.db);
    expect((await repos.users.findById(result.user.id))?.invitationCodeUsed).toBe('FEI123');

    // The second login finds the same account by open_id.
    const ex2 = feishuExchangeResponseSchema.parse(
      (await exchange(feishu.issueCode({ ...person, avatar_url: 'https://example.com/new.png' }))).body,
    );
    const again = loginResultResponseSchema.parse(
      (await call(relay, 'POST', '/auth/jwt/feishu-login', { body: { feishuAccessToken: ex2.data.accessToken } })).body,
    );
    expect(again.user.id).toBe(result.user.id);
    expect(again.user.avatar).toBe('https://example.com/new.png');
    expect(await repos.identities.findUserId('feishu', 'ou_zhangsan')).toBe(result.user.id);

    expect(feishu.calls).toContain('POST /open-apis/auth/v3/app_access_token/internal');
    expect(feishu.calls).toContain('POST /open-apis/authen/v1/oidc/access_token');
    expect(feishu.calls).toContain('GET /open-apis/authen/v1/user_info');
    // The app access token is cached between logins.
    expect(feishu.calls.filter((c) => c.includes('app_access_token')).length).toBe(1);
  });

  it('follows the authorize page redirect like a browser popup', async () => {
    const authorize = new URL(`${feishu.url}/open-apis/authen/v1/authorize`);
    authorize.searchParams.set('app_id', feishu.appId);
    authorize.searchParams.set('redirect_uri', redirectUri());
    authorize.searchParams.set('state', 's1');
    const res = await fetch(authorize, { redirect: 'manual' });
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('location')!);
    expect(location.origin + location.pathname).toBe(redirectUri());
    expect(location.searchParams.get('state')).toBe('s1');
    const ex = await exchange(location.searchParams.get('code')!);
    expect(ex.status).toBe(200);
  });

  it('refuses a used or unknown code', async () => {
    const code = feishu.issueCode({ ...person, open_id: 'ou_once' });
    expect((await exchange(code)).status).toBe(200);
    expectError(await exchange(code), 400, 'FEISHU_ERROR');
    expectError(await exchange('made-up'), 400, 'FEISHU_ERROR');
  });

  it('requires the exact redirect URI, before calling Feishu', async () => {
    const before = feishu.calls.length;
    const code = feishu.issueCode(person);
    for (const redirect of [
      `${relay.url}/callback/`,
      `${relay.url}/zh/callback`,
      'https://evil.example/callback',
      `${relay.url}/callback?x=1`,
    ]) {
      expectError(await exchange(code, { redirect }), 400, 'INVALID_REDIRECT_URI');
    }
    expect(feishu.calls.length).toBe(before);
    expect((await exchange(code)).status).toBe(200);
  });

  it('refuses an invalid Feishu access token', async () => {
    expectError(await call(relay, 'POST', '/auth/jwt/feishu-login', { body: { feishuAccessToken: 'u-forged' } }), 401, 'INVALID_TOKEN');
  });

  it('keeps no e-mail when the Feishu address belongs to another account', async () => {
    const signup = await call(relay, 'POST', '/auth/tern/signup', {
      body: { email: 'taken@corp.example', password: 'long enough', username: 'T' },
      ip: '198.51.100.200',
    });
    oneTimeTokenResponseSchema.parse(signup.body);
    const ex = feishuExchangeResponseSchema.parse(
      (await exchange(feishu.issueCode({ name: 'Li', open_id: 'ou_li', email: 'taken@corp.example' }))).body,
    );
    const login = loginResultResponseSchema.parse(
      (await call(relay, 'POST', '/auth/jwt/feishu-login', { body: { feishuAccessToken: ex.data.accessToken } })).body,
    );
    expect(login.user.email).toBeNull();
    expect(login.user.username).toBe('Li');
  });

  it('is refused outside the company network, allowed from the whitelist', async () => {
    expectError(await exchange(feishu.issueCode(person), { ip: '8.8.8.8' }), 403, 'ACCESS_DENIED');
    expectError(
      await call(relay, 'POST', '/auth/jwt/feishu-login', { body: { feishuAccessToken: 'x' }, ip: '8.8.8.8' }),
      403,
      'ACCESS_DENIED',
    );
    // Through inject the Host header is localhost:80.
    const res = await exchange(feishu.issueCode(person), { ip: '203.0.113.9', redirect: 'http://localhost:80/callback' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  it('answers 503 when Feishu is not configured', async () => {
    expectError(
      await call(bare, 'POST', '/api/auth/feishu/exchange', { body: { code: 'x', redirect_uri: `${bare.url}/callback` } }),
      503,
      'FEISHU_NOT_CONFIGURED',
    );
    expectError(await call(bare, 'POST', '/auth/jwt/feishu-login', { body: { feishuAccessToken: 'x' } }), 503, 'FEISHU_NOT_CONFIGURED');
  });

  it('validates bodies', async () => {
    const e = expectError(await call(relay, 'POST', '/api/auth/feishu/exchange', { body: { code: '' } }), 400, 'VALIDATION_ERROR');
    expect(e.details?.map((d) => d.path)).toEqual(['code', 'redirect_uri']);
    expectError(await call(relay, 'POST', '/auth/jwt/feishu-login', { body: {} }), 400, 'VALIDATION_ERROR');
    expectError(
      await call(relay, 'POST', '/auth/jwt/feishu-login', { body: { feishuAccessToken: 'x', invitationCode: '!!' } }),
      400,
      'VALIDATION_ERROR',
    );
  });
});

describe('POST /auth/jwt/cheetah-login', () => {
  const PASSWORD = 'company-pass-1';
  let ipSeq = 0;
  const privateIp = () => `10.20.0.${++ipSeq}`;
  const cheetah = (body: unknown, ip: string) => call(relay, 'POST', '/auth/jwt/cheetah-login', { body, ip });

  beforeAll(async () => {
    const deps = { db: relay.storage.db, now, passwordHashing: { N: 1024, r: 8, p: 1 } };
    await createCheetahAccount(deps, { email: 'Emp@Corp.example', password: PASSWORD, username: 'Employee' });
    await createCheetahAccount(deps, { email: 'locked@corp.example', password: PASSWORD });
  });

  it('signs in from a private network', async () => {
    const res = await cheetah(
      { email: 'emp@corp.example', password: PASSWORD, clientInfo: { platform: 'web', version: '1', userAgent: 'x', timestamp: 1 } },
      '10.1.2.3',
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = cheetahLoginResponseSchema.parse(res.body);
    expect(body.user).toMatchObject({ username: 'Employee', email: 'emp@corp.example' });
    expect(body.loginMethod).toBe('cheetah');
    expect(body.data.accessToken).toBe(body.tokenPair.accessToken);
    const me = await call(relay, 'GET', '/web-api/auth/me', { token: body.tokenPair.accessToken });
    expect(me.status).toBe(200);
    // IPv4-mapped private addresses count as private.
    expect((await cheetah({ email: 'emp@corp.example', password: PASSWORD }, '::ffff:192.168.1.20')).status).toBe(200);
  });

  it('is refused from a public network, even with the right password', async () => {
    expectError(await cheetah({ email: 'emp@corp.example', password: PASSWORD }, '8.8.8.8'), 403, 'ACCESS_DENIED');
    expectError(await cheetah({ email: 'not-an-email', password: 'x' }, '8.8.8.8'), 403, 'ACCESS_DENIED');
    expect((await cheetah({ email: 'emp@corp.example', password: PASSWORD }, '203.0.113.10')).status).toBe(200);
  });

  it('answers the internal-login codes', async () => {
    const ip = privateIp();
    expectError(await cheetah({ email: 'not-an-email', password: 'x' }, ip), 400, 'INVALID_EMAIL');
    expectError(await cheetah({ password: 'x' }, ip), 400, 'INVALID_EMAIL');
    expectError(await cheetah({ email: 'emp@corp.example' }, ip), 400, 'VALIDATION_ERROR');
    expectError(await cheetah({ email: 'nobody@corp.example', password: 'whatever1' }, ip), 401, 'INVALID_CREDENTIALS');
    expectError(await cheetah({ email: 'emp@corp.example', password: 'wrong-pass' }, ip), 401, 'INVALID_PASSWORD');
  });

  it('does not accept tern accounts', async () => {
    await call(relay, 'POST', '/auth/tern/signup', {
      body: { email: 'tern-user@corp.example', password: PASSWORD, username: 'T' },
      ip: '198.51.100.201',
    });
    expectError(await cheetah({ email: 'tern-user@corp.example', password: PASSWORD }, privateIp()), 401, 'INVALID_CREDENTIALS');
  });

  it('locks the account for 15 minutes after 5 consecutive failures from one address', async () => {
    const wrong = { email: 'locked@corp.example', password: 'wrong-pass' };
    const ip = privateIp();
    for (let i = 0; i < 4; i++) expectError(await cheetah(wrong, ip), 401, 'INVALID_PASSWORD');
    expectError(await cheetah(wrong, ip), 423, 'ACCOUNT_LOCKED');
    // Locked even with the right password, for that address. (Not for others: failures from one address never lock
    // the owner out elsewhere, #11 — see hostileLogin.int.test.ts.)
    expectError(await cheetah({ email: 'locked@corp.example', password: PASSWORD }, ip), 423, 'ACCOUNT_LOCKED');

    clockOffsetMs = 15 * 60_000 + 1000;
    try {
      expect((await cheetah({ email: 'locked@corp.example', password: PASSWORD }, ip)).status).toBe(200);
      // The success resets the streak: one failure is an ordinary 401 again.
      expectError(await cheetah(wrong, ip), 401, 'INVALID_PASSWORD');
    } finally {
      clockOffsetMs = 0;
    }
  });

  it('can be unlocked by the operator', async () => {
    const email = 'unlock-me@corp.example';
    const ip = privateIp();
    await createCheetahAccount({ db: relay.storage.db, now, passwordHashing: { N: 1024, r: 8, p: 1 } }, { email, password: PASSWORD });
    for (let i = 0; i < 5; i++) await cheetah({ email, password: 'wrong-pass' }, ip);
    expectError(await cheetah({ email, password: PASSWORD }, ip), 423, 'ACCOUNT_LOCKED');
    await unlockCheetahAccount({ db: relay.storage.db, now }, email);
    expect((await cheetah({ email, password: PASSWORD }, ip)).status).toBe(200);
  });

  it('rate-limits one address to 10 attempts a minute', async () => {
    const ip = privateIp();
    for (let i = 0; i < 10; i++)
      expectError(await cheetah({ email: `rl${i}@corp.example`, password: 'wrong-pass' }, ip), 401, 'INVALID_CREDENTIALS');
    expectError(await cheetah({ email: 'emp@corp.example', password: PASSWORD }, ip), 429, 'TOO_MANY_REQUESTS');
    expect((await cheetah({ email: 'emp@corp.example', password: PASSWORD }, privateIp())).status).toBe(200);
  });
});
