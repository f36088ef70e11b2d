import { describe, expect, it } from 'vitest';

import { containsChinese, decideFailure, type FailureDecision, type FailureInput, isPlainAscii, withFallback } from './errorPolicy';

/** Paths named in spec §7. */
const EXCHANGE_CODE = '/web-api/code/exchange-code';
const INVITATION_STATS = '/web-api/invitation/stats';
const INVITATION_MY_CODE = '/web-api/invitation/my-code';
const INTERNAL_LOGIN = '/auth/jwt/cheetah-login';
const PRODUCTS = '/web-api/products';
const CREATE_ORDER = '/web-api/payment/create-order';
const ME = '/web-api/auth/me';
const USER_STATS = '/web-api/user/stats';

/** A toast-only decision: the client shows it, the screen gets the same message, nothing else happens. */
const toasted = (content: FailureDecision['message'], level: 'error' | 'warning' = 'error'): FailureDecision => ({
  toast: { level, content },
  message: content,
  passToScreen: false,
  clearAuth: false,
});
/** Passed to the calling screen: no toast, no side effects. */
const screen = (message: FailureDecision['message']) => ({ message, passToScreen: true, clearAuth: false });
const key = (k: string) => ({ key: `errors:${k}` });
const text = (t: string) => ({ text: t });

/** decideFailure must agree with `expected` on every field it sets, and set no toast when the screen handles it. */
function expectDecision(input: FailureInput, expected: Partial<FailureDecision>) {
  const decision = decideFailure(input);
  expect(decision).toMatchObject(expected);
  if (expected.passToScreen) expect(decision.toast).toBeUndefined();
  if (!expected.clearAuth) expect(decision.goHomeAfterMs).toBeUndefined();
  if (!('extraToast' in expected)) expect(decision.extraToast).toBeUndefined();
}

describe('response with success=false (spec §8)', () => {
  type Row = [string, Omit<Extract<FailureInput, { kind: 'business' }>, 'kind'>, Partial<FailureDecision>];
  it.each<Row>([
    // Missing quota configuration / database table: by code or inside the message, on any path.
    ['quota code', { path: USER_STATS, code: 'QUOTA_CONFIG_NOT_FOUND' }, toasted(key('quotaConfigNotFound'), 'warning')],
    [
      'quota in message',
      { path: USER_STATS, message: 'Error: QUOTA_CONFIG_NOT_FOUND for user 4' },
      toasted(key('quotaConfigNotFound'), 'warning'),
    ],
    [
      'quota on a screen-handled path',
      { path: EXCHANGE_CODE, code: 'QUOTA_CONFIG_NOT_FOUND' },
      toasted(key('quotaConfigNotFound'), 'warning'),
    ],
    ['table code', { path: PRODUCTS, code: 'DATABASE_TABLE_MISSING' }, toasted(key('databaseTableMissing'), 'warning')],
    ['table in message', { path: PRODUCTS, message: 'DATABASE_TABLE_MISSING: orders' }, toasted(key('databaseTableMissing'), 'warning')],
    [
      'table in a Chinese message',
      { path: PRODUCTS, message: '数据库 DATABASE_TABLE_MISSING' },
      toasted(key('databaseTableMissing'), 'warning'),
    ],
    // Exchange-code, invitation and internal-login errors go to the calling screen, text untouched.
    ['exchange-code, ASCII', { path: EXCHANGE_CODE, message: 'Code already used' }, screen(text('Code already used'))],
    ['exchange-code, Chinese', { path: EXCHANGE_CODE, message: '兑换码已被使用' }, screen(text('兑换码已被使用'))],
    ['exchange-code with query', { path: `${EXCHANGE_CODE}?code=AB-1`, message: 'Expired' }, screen(text('Expired'))],
    ['exchange-code, no message', { path: EXCHANGE_CODE }, screen(key('requestFailed'))],
    ['invitation stats', { path: INVITATION_STATS, message: '无邀请码' }, screen(text('无邀请码'))],
    ['invitation my-code', { path: INVITATION_MY_CODE, message: 'No code yet' }, screen(text('No code yet'))],
    ['invitation root', { path: '/web-api/invitation', message: 'x' }, screen(text('x'))],
    ['invitation with query', { path: `${INVITATION_STATS}?page=2&pageSize=20`, message: 'x' }, screen(text('x'))],
    ['internal login', { path: INTERNAL_LOGIN, message: 'INVALID_PASSWORD', code: 'INVALID_PASSWORD' }, screen(text('INVALID_PASSWORD'))],
    // Other messages: shown only when plain ASCII.
    ['other, ASCII', { path: CREATE_ORDER, message: 'Product is sold out' }, toasted(text('Product is sold out'))],
    ['other, Chinese', { path: CREATE_ORDER, message: '商品已售罄' }, toasted(key('requestFailed'))],
    ['other, mixed Chinese', { path: CREATE_ORDER, message: 'Error: 失败' }, toasted(key('requestFailed'))],
    ['other, accented (not ASCII)', { path: CREATE_ORDER, message: 'Échec' }, toasted(key('requestFailed'))],
    ['other, emoji (not ASCII)', { path: CREATE_ORDER, message: 'Oops 😬' }, toasted(key('requestFailed'))],
    ['other, empty', { path: CREATE_ORDER, message: '' }, toasted(key('requestFailed'))],
    ['other, whitespace', { path: CREATE_ORDER, message: '   ' }, toasted(key('requestFailed'))],
    ['other, no message', { path: CREATE_ORDER }, toasted(key('requestFailed'))],
    // Lookalike paths are not the screen-handled ones.
    ['exchange-code lookalike', { path: '/web-api/code/exchange-codes', message: '已使用' }, toasted(key('requestFailed'))],
    ['invitation lookalike', { path: '/web-api/invitations', message: '失败' }, toasted(key('requestFailed'))],
    ['other login is not internal login', { path: '/auth/jwt/feishu-login', message: '失败' }, toasted(key('requestFailed'))],
  ])('%s', (_label, input, expected) => {
    expectDecision({ kind: 'business', ...input }, expected);
  });
});

describe('HTTP statuses (spec §8)', () => {
  type Row = [string, Omit<Extract<FailureInput, { kind: 'http' }>, 'kind'>, Partial<FailureDecision>];
  const sessionExpired: Partial<FailureDecision> = {
    ...toasted(key('sessionExpired')),
    alwaysToast: true,
    clearAuth: true,
    goHomeAfterMs: 0,
  };

  it.each<Row>([
    // The two configuration codes win over the status (the relay sends DATABASE_TABLE_MISSING with 503).
    [
      '503 with DATABASE_TABLE_MISSING',
      { path: USER_STATS, status: 503, code: 'DATABASE_TABLE_MISSING', message: 'Database is being initialised' },
      toasted(key('databaseTableMissing'), 'warning'),
    ],
    [
      '500 with QUOTA_CONFIG_NOT_FOUND',
      { path: USER_STATS, status: 500, code: 'QUOTA_CONFIG_NOT_FOUND' },
      toasted(key('quotaConfigNotFound'), 'warning'),
    ],
    // 400
    ['400 exchange-code → screen', { path: EXCHANGE_CODE, status: 400, message: '格式错误' }, screen(text('格式错误'))],
    ['400 exchange-code, no message', { path: EXCHANGE_CODE, status: 400 }, screen(key('badRequest'))],
    ['400 invitation → screen', { path: INVITATION_STATS, status: 400, message: 'bad page' }, screen(text('bad page'))],
    ['400 invitation, no message', { path: INVITATION_MY_CODE, status: 400 }, screen(key('badRequest'))],
    [
      '400 elsewhere, ASCII message',
      { path: CREATE_ORDER, status: 400, message: 'product_sn is required' },
      toasted(text('product_sn is required')),
    ],
    ['400 elsewhere, Chinese message', { path: CREATE_ORDER, status: 400, message: '参数错误' }, toasted(key('badRequest'))],
    ['400 elsewhere, no message', { path: CREATE_ORDER, status: 400 }, toasted(key('badRequest'))],
    // 401
    // 401: sessionExpired, clear auth, go to / — whether or not a token was stored (the request cannot tell them apart).
    ['401 on user stats', { path: USER_STATS, status: 401 }, sessionExpired],
    ['401 on products', { path: PRODUCTS, status: 401 }, sessionExpired],
    ['401 on exchange-code', { path: EXCHANGE_CODE, status: 401 }, sessionExpired],
    ['401 on invitation', { path: INVITATION_STATS, status: 401 }, sessionExpired],
    ['401 ignores server text', { path: ME, status: 401, message: 'jwt expired' }, sessionExpired],
    ['401 on create-order, Chinese text', { path: CREATE_ORDER, status: 401, message: '请先登录' }, sessionExpired],
    // The sign-in calls: refused credentials, shown by the login, callback and token-login screens.
    [
      '401 on account sign-in',
      { path: '/auth/tern/signin', status: 401, message: 'Invalid email or password' },
      screen(text('Invalid email or password')),
    ],
    ['401 on account sign-up', { path: '/auth/tern/signup', status: 401 }, screen(key('unauthorized'))],
    [
      '401 on the tern login',
      { path: '/auth/jwt/tern-login', status: 401, message: 'The login link is invalid or has expired; please sign in again' },
      screen(text('The login link is invalid or has expired; please sign in again')),
    ],
    ['401 on the Feishu login', { path: '/auth/jwt/feishu-login', status: 401, message: '令牌无效' }, screen(key('unauthorized'))],
    ['401 on the Feishu code exchange', { path: '/api/auth/feishu/exchange', status: 401 }, screen(key('unauthorized'))],
    [
      '401 on the temp-code exchange',
      { path: '/auth/temp-code/exchange', status: 401, message: 'The login code is invalid, used or expired' },
      screen(text('The login code is invalid, used or expired')),
    ],
    ['401 on a sign-in lookalike is a session end', { path: '/auth/tern/signins', status: 401 }, sessionExpired],
    // 403
    ['403', { path: USER_STATS, status: 403, message: 'nope' }, toasted(key('noPermission'))],
    ['403 on invitation', { path: INVITATION_STATS, status: 403 }, toasted(key('noPermission'))],
    // 404
    ['404', { path: PRODUCTS, status: 404 }, toasted(key('apiNotReady'))],
    ['404 on exchange-code', { path: EXCHANGE_CODE, status: 404 }, toasted(key('apiNotReady'))],
    ['404 invitation → screen', { path: INVITATION_STATS, status: 404 }, screen(key('apiNotReady'))],
    ['404 invitation my-code → screen', { path: INVITATION_MY_CODE, status: 404 }, screen(key('apiNotReady'))],
    // 500
    ['500', { path: USER_STATS, status: 500, message: 'boom' }, toasted(key('serverError'))],
    ['500 invitation → screen', { path: INVITATION_STATS, status: 500 }, screen(key('serverError'))],
    // Others
    ['502, ASCII message', { path: PRODUCTS, status: 502, message: 'Bad Gateway' }, toasted(text('Bad Gateway'))],
    ['503, Chinese message', { path: PRODUCTS, status: 503, message: '服务不可用' }, toasted(key('networkError'))],
    ['429, no message', { path: PRODUCTS, status: 429 }, toasted(key('networkError'))],
    ['418, whitespace message', { path: PRODUCTS, status: 418, message: ' ' }, toasted(key('networkError'))],
  ])('%s', (_label, input, expected) => {
    expectDecision({ kind: 'http', ...input }, expected);
  });

  it.each([400, 401, 403, 404, 429, 500, 502])('internal login: %i goes to the login screen, no toast, session kept', (status) => {
    expectDecision({ kind: 'http', path: INTERNAL_LOGIN, status, message: 'Invalid credentials' }, screen(text('Invalid credentials')));
    expectDecision({ kind: 'http', path: INTERNAL_LOGIN, status }, screen(key('requestFailed')));
  });
});

describe('network failures (spec §8)', () => {
  const companyNetwork: Partial<FailureDecision> = {
    toast: { level: 'error', content: key('companyNetwork') },
    extraToast: { level: 'info', content: key('browsingOnly') },
    message: key('companyNetwork'),
    passToScreen: false,
    clearAuth: true,
    goHomeAfterMs: 1500,
  };

  it.each([
    ME,
    `${ME}?fresh=1`,
    USER_STATS,
    '/user/',
    '/user',
    '/web-api/user',
    '/subscriptions',
    '/web-api/subscriptions/cancel',
    '/api/auth/feishu/exchange',
    '/auth/jwt/feishu-login',
    '/auth/jwt/tern-login',
    '/auth/temp-code/exchange',
  ])('account path %s: company-network toast, browsing-only toast, clear auth, home after 1.5 s', (path) => {
    expectDecision({ kind: 'network', path, offline: false }, companyNetwork);
  });

  it.each([
    PRODUCTS,
    CREATE_ORDER,
    INVITATION_STATS,
    EXCHANGE_CODE,
    '/api/client/feishu-allowed',
    '/api/config/client',
    '/web-api/users',
    '/web-api/author',
  ])('other path %s: networkFailed, session kept', (path) => {
    expectDecision({ kind: 'network', path, offline: false }, toasted(key('networkFailed')));
  });

  it.each([ME, USER_STATS, '/subscriptions', PRODUCTS, INTERNAL_LOGIN])(
    'offline device on %s: offline warning, no clearAuth, no navigation',
    (path) => {
      expectDecision({ kind: 'network', path, offline: true }, toasted(key('offline'), 'warning'));
    },
  );

  it('internal login network error goes to the login screen as networkError', () => {
    expectDecision({ kind: 'network', path: INTERNAL_LOGIN, offline: false }, screen(key('networkError')));
  });

  it.each([PRODUCTS, ME, EXCHANGE_CODE])('no response on %s: backendConnectionFailed', (path) => {
    expectDecision({ kind: 'noResponse', path }, toasted(key('backendConnectionFailed')));
  });

  it('no response on internal login goes to the screen as networkError', () => {
    expectDecision({ kind: 'noResponse', path: INTERNAL_LOGIN }, screen(key('networkError')));
  });

  it.each([PRODUCTS, ME])('request setup failure on %s: requestConfigError', (path) => {
    expectDecision({ kind: 'config', path }, toasted(key('requestConfigError')));
  });
});

describe('every decision names a key of the errors namespace', () => {
  const inputs: FailureInput[] = [
    { kind: 'business', path: PRODUCTS },
    ...[400, 401, 403, 404, 500, 503].map((status) => ({ kind: 'http' as const, path: PRODUCTS, status })),
    { kind: 'network', path: ME, offline: false },
    { kind: 'network', path: PRODUCTS, offline: true },
    { kind: 'noResponse', path: PRODUCTS },
    { kind: 'config', path: PRODUCTS },
  ];
  it.each(inputs)('%j', (input) => {
    const decision = decideFailure(input);
    expect(decision.message).toEqual({ key: expect.stringMatching(/^errors:[a-zA-Z]+$/) });
  });
});

describe('containsChinese', () => {
  it.each([
    ['你好', true],
    ['Error: 失败', true],
    ['㐀', true], // CJK extension A
    ['，', true], // full-width comma
    ['。', true], // ideographic full stop
    ['hello', false],
    ['', false],
    ['Café', false],
    ['😬', false],
    ['Привет', false],
  ])('%j → %s', (s, expected) => {
    expect(containsChinese(s)).toBe(expected);
  });
});

describe('isPlainAscii', () => {
  it.each([
    ['Product is sold out', true],
    ['a-b_c.d/e?f=1&g=[2]{3}~!@#$%^*()', true],
    ['line one\nline two\ttabbed\r', true],
    ['', true],
    ['Café', false],
    ['你好', false],
    ['😬', false],
    ['bell\u0007', false],
    ['nul\u0000', false],
    ['del\u007f', false],
  ])('%j → %s', (s, expected) => {
    expect(isPlainAscii(s)).toBe(expected);
  });
});

describe('withFallback (spec §5 messages containing Chinese)', () => {
  it.each<[string | undefined | null, string | undefined, string | undefined]>([
    ['Code already used', 'Exchange failed', 'Code already used'],
    ['兑换码已被使用', 'Exchange failed', 'Exchange failed'],
    ['Error: 失败', 'Exchange failed', 'Exchange failed'],
    ['', 'Exchange failed', 'Exchange failed'],
    ['  ', 'Exchange failed', 'Exchange failed'],
    [undefined, 'Exchange failed', 'Exchange failed'],
    [null, 'Exchange failed', 'Exchange failed'],
    // Without a fallback the message is kept as it is.
    ['兑换码已被使用', undefined, '兑换码已被使用'],
    ['ok', undefined, 'ok'],
    [undefined, undefined, undefined],
    [null, undefined, undefined],
  ])('withFallback(%j, %j) = %j', (message, fallback, expected) => {
    expect(withFallback(message, fallback)).toBe(expected);
  });
});
