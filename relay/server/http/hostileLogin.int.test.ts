import { randomUUID } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { oneTimeTokenResponseSchema } from '../../protocol';
import { createCheetahAccount } from '../core/auth';
import { guessLimits, type GuessScope } from '../core/auth/guessLimit';
import { expectError } from '../testing/expectError';
import { call, type JsonResponse } from '../testing/http';
import { signIn } from '../testing/remoteClients';
import { createTestRelay, RELAY_START_TIMEOUT_MS, type TestRelay } from '../testing/testRelay';

/**
 * Brute force without denial of service (#11 "hostile input"): failures count per (address, account), an account-wide
 * ceiling far above that refuses only addresses that already failed, and the secret-taking endpoints (promo codes,
 * temp codes, one-time login tokens, pairing polls) answer 429 with Retry-After after too many wrong guesses.
 * Addresses are simulated with `app.inject({ remoteAddress })` (testing/http.ts `call(…, { ip })`).
 */

const CEILING = 15;
const PASSWORD = 'correct horse';
let relay: TestRelay;
let clockOffsetMs = 0;
const now = () => new Date(Date.now() + clockOffsetMs);

beforeAll(async () => {
  // A low account-wide ceiling keeps the test short; the per-address limits are the real ones. A 1 ms step keeps the
  // progressive delay (unit-tested in attempts.test.ts) from slowing the suite.
  relay = await createTestRelay({ now, authLimits: { accountFailureCeiling: CEILING, accountDelayAfter: 5, accountDelayStepMs: 1 } });
}, RELAY_START_TIMEOUT_MS);
afterAll(async () => {
  await relay?.close();
}, RELAY_START_TIMEOUT_MS);

let ipSeq = 0;
const publicIp = () => `203.0.113.${++ipSeq}`;
const privateIp = () => `10.77.0.${++ipSeq}`;

const signin = (email: string, password: string, ip: string) => call(relay, 'POST', '/auth/tern/signin', { body: { email, password }, ip });
const cheetah = (email: string, password: string, ip: string) =>
  call(relay, 'POST', '/auth/jwt/cheetah-login', { body: { email, password }, ip });

/** The Retry-After header, in seconds, checked to be a sensible wait. */
function retryAfter(res: JsonResponse, maxSeconds: number): number {
  const raw = (res.headers as Record<string, unknown>)['retry-after'];
  expect(raw, 'Retry-After').toMatch(/^\d+$/);
  const seconds = Number(raw);
  expect(seconds).toBeGreaterThanOrEqual(1);
  expect(seconds).toBeLessThanOrEqual(maxSeconds);
  return seconds;
}

async function ternAccount(email: string) {
  const res = await call(relay, 'POST', '/auth/tern/signup', { body: { email, password: PASSWORD, username: 'Owner' }, ip: publicIp() });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

describe('tern sign-in: failures from one address do not lock the owner out', () => {
  it('10 wrong passwords from A throttle A, not the owner signing in from B', async () => {
    await ternAccount('victim@example.com');
    const a = publicIp();
    for (let i = 0; i < 10; i++) expectError(await signin('victim@example.com', 'wrong pass', a), 401, 'INVALID_CREDENTIALS');
    // A is throttled, even with the right password…
    const refused = await signin('victim@example.com', PASSWORD, a);
    expectError(refused, 429, 'TOO_MANY_REQUESTS');
    retryAfter(refused, 60);
    // …the owner at B is not.
    const owner = await signin('victim@example.com', PASSWORD, publicIp());
    expect(owner.status, JSON.stringify(owner.body)).toBe(200);
    oneTimeTokenResponseSchema.parse(owner.body);
  });

  it('past the account-wide ceiling, addresses that failed are refused; a correct password from a clean one gets in', async () => {
    await ternAccount('besieged@example.com');
    const attackers = Array.from({ length: 5 }, publicIp);
    for (let i = 0; i < CEILING; i++) {
      expectError(await signin('besieged@example.com', `wrong ${i}`, attackers[i % attackers.length]!), 401, 'INVALID_CREDENTIALS');
    }
    const refused = await signin('besieged@example.com', PASSWORD, attackers[0]!);
    expectError(refused, 429, 'TOO_MANY_REQUESTS');
    retryAfter(refused, 3600);
    // A new address's wrong guess is refused too (and now counts against it)…
    const newcomer = publicIp();
    expectError(await signin('besieged@example.com', 'another guess', newcomer), 429, 'TOO_MANY_REQUESTS');
    expectError(await signin('besieged@example.com', PASSWORD, newcomer), 429, 'TOO_MANY_REQUESTS');
    // …while the owner, from an address with no failures, signs in.
    expect((await signin('besieged@example.com', PASSWORD, publicIp())).status).toBe(200);
  });
});

describe('internal (cheetah) login: the lockout is per (address, account)', () => {
  beforeAll(async () => {
    const deps = { db: relay.storage.db, now, passwordHashing: { N: 1024, r: 8, p: 1 } };
    await createCheetahAccount(deps, { email: 'emp@corp.example', password: PASSWORD });
    await createCheetahAccount(deps, { email: 'target@corp.example', password: PASSWORD });
  });

  it('5 wrong passwords lock A out (423 with Retry-After), the owner at B still signs in', async () => {
    const a = privateIp();
    for (let i = 0; i < 4; i++) expectError(await cheetah('emp@corp.example', 'wrong-pass', a), 401, 'INVALID_PASSWORD');
    const locked = await cheetah('emp@corp.example', 'wrong-pass', a);
    expectError(locked, 423, 'ACCOUNT_LOCKED');
    expect(retryAfter(locked, 15 * 60)).toBeGreaterThan(14 * 60);
    expectError(await cheetah('emp@corp.example', PASSWORD, a), 423, 'ACCOUNT_LOCKED');
    expect((await cheetah('emp@corp.example', PASSWORD, privateIp())).status).toBe(200);
  });

  it('past the account-wide ceiling, addresses that failed get 423; a clean address with the right password gets in', async () => {
    const attackers = Array.from({ length: 5 }, privateIp);
    for (let i = 0; i < CEILING; i++) {
      expectError(await cheetah('target@corp.example', `wrong-${i}`, attackers[i % attackers.length]!), 401, 'INVALID_PASSWORD');
    }
    const refused = await cheetah('target@corp.example', PASSWORD, attackers[0]!);
    expectError(refused, 423, 'ACCOUNT_LOCKED');
    retryAfter(refused, 3600);
    expect((await cheetah('target@corp.example', PASSWORD, privateIp())).status).toBe(200);
  });
});

describe('wrong guesses at secrets answer 429 with Retry-After', () => {
  let jwt: string;
  beforeAll(async () => {
    jwt = (await signIn(relay, 'guesser@example.com')).jwt;
  });

  /** One wrong guess at `scope` from `ip`, and the status/code a miss answers with while under the limit. */
  const guesses: Record<
    Exclude<GuessScope, 'pairing-code'>,
    { miss: (ip: string) => Promise<JsonResponse>; status: number; code: string }
  > = {
    'promo-code': {
      miss: (ip) =>
        call(relay, 'POST', '/web-api/code/exchange-code', {
          body: { code: `NO-SUCH-${randomUUID().slice(0, 8).toUpperCase()}` },
          token: jwt,
          ip,
        }),
      status: 400,
      code: 'PROMO_NOT_FOUND',
    },
    'temp-code': {
      miss: (ip) => call(relay, 'POST', '/auth/temp-code/exchange', { body: { code: randomUUID() }, ip }),
      status: 401,
      code: 'INVALID_CODE',
    },
    'login-token': {
      miss: (ip) => call(relay, 'POST', '/auth/jwt/tern-login', { body: { token: randomUUID(), user_id: randomUUID(), plat: 'web' }, ip }),
      status: 401,
      code: 'INVALID_TOKEN',
    },
    'pairing-poll': {
      miss: (ip) => call(relay, 'POST', '/cli-api/pairing/poll', { body: { deviceCode: 'x'.repeat(43) }, ip }),
      status: 404,
      code: 'NOT_FOUND',
    },
  };

  it.each(Object.keys(guesses) as (keyof typeof guesses)[])(
    '%s: refused after the limit; a fresh address is unaffected; the window slides',
    async (scope) => {
      const { miss, status, code } = guesses[scope];
      const { max, windowMs } = guessLimits[scope];
      const ip = publicIp();
      for (let i = 0; i < max; i++) expectError(await miss(ip), status, code);
      const refused = await miss(ip);
      expectError(refused, 429, 'TOO_MANY_REQUESTS');
      retryAfter(refused, windowMs / 1000);
      expectError(await miss(publicIp()), status, code);

      clockOffsetMs = windowMs + 1000;
      try {
        expectError(await miss(ip), status, code);
      } finally {
        clockOffsetMs = 0;
      }
    },
  );

  it('a right answer from a refused address is refused too (the limit is not an oracle)', async () => {
    const ip = publicIp();
    for (let i = 0; i < guessLimits['temp-code'].max; i++) await guesses['temp-code'].miss(ip);
    const minted = await call(relay, 'POST', '/auth/temp-code', { token: jwt, ip: publicIp() });
    expect(minted.status).toBe(200);
    const code = (minted.body as { data: { code: string } }).data.code;
    expectError(await call(relay, 'POST', '/auth/temp-code/exchange', { body: { code }, ip }), 429, 'TOO_MANY_REQUESTS');
    expect((await call(relay, 'POST', '/auth/temp-code/exchange', { body: { code }, ip: publicIp() })).status).toBe(200);
  });
});
