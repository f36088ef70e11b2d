import { randomUUID } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  CLI_EVENTS,
  cliTempCodeResponseSchema,
  cliTokenListResponseSchema,
  errorBodySchema,
  pairingCreateResponseSchema,
  pairingInfoResponseSchema,
  pairingPollResponseSchema,
  tempCodeExchangeResponseSchema,
} from '../../protocol';
import { call } from '../testing/http';
import { cliEnv, cliSocket, connect, request, signIn } from '../testing/remoteClients';
import { createTestRelay, RELAY_START_TIMEOUT_MS, type TestRelay } from '../testing/testRelay';
import { runCliTokenCommand } from './adminCliToken';

let relay: TestRelay;
let clockOffsetMs = 0;
const now = () => new Date(Date.now() + clockOffsetMs);

beforeAll(async () => {
  relay = await createTestRelay({ now, env: { PUBLIC_URL: 'https://tern.example' } });
}, RELAY_START_TIMEOUT_MS);
afterAll(async () => {
  await relay?.close();
}, RELAY_START_TIMEOUT_MS);

const post = (path: string, body?: unknown, token?: string) => call(relay, 'POST', path, { body, ...(token && { token }) });
const get = (path: string, token?: string) => call(relay, 'GET', path, { ...(token && { token }) });

function expectError(res: { status: number; body: unknown }, status: number, code: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(errorBodySchema.parse(res.body).code).toBe(code);
}

async function startPairing() {
  const res = await post('/cli-api/pairing', { hostname: 'devbox', platform: 'linux' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return pairingCreateResponseSchema.parse(res.body).data;
}
const poll = async (deviceCode: string) => pairingPollResponseSchema.parse((await post('/cli-api/pairing/poll', { deviceCode })).body).data;

describe('pairing', () => {
  it('create → approve → the poll hands out a working CLI token exactly once', async () => {
    const user = await signIn(relay, 'pair@example.com');
    const started = await startPairing();
    expect(started.pairingCode).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{4}-[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{4}$/);
    expect(started.verificationUrl).toBe(`https://tern.example/remote/pair?code=${started.pairingCode}`);
    expect(started).toMatchObject({ expiresIn: 600, interval: 2 });
    expect(Buffer.from(started.deviceCode, 'base64url').length).toBeGreaterThanOrEqual(32);

    expect(await poll(started.deviceCode)).toEqual({ status: 'pending' });
    expectError(await get(`/web-api/pairing/${started.pairingCode}`), 401, 'UNAUTHORIZED');
    const info = pairingInfoResponseSchema.parse(
      (await get(`/web-api/pairing/${started.pairingCode.replace('-', '').toLowerCase()}`, user.jwt)).body,
    );
    expect(info.data).toMatchObject({ pairingCode: started.pairingCode, hostname: 'devbox', platform: 'linux', status: 'pending' });

    const approved = await post('/web-api/pairing/approve', { pairingCode: started.pairingCode }, user.jwt);
    expect(approved.status).toBe(200);
    expect(approved.body.data.status).toBe('approved');

    const result = await poll(started.deviceCode);
    expect(result.status).toBe('approved');
    if (result.status !== 'approved') return;
    expect(result.cliToken).toMatch(/^tern_cli_[A-Za-z0-9_-]{43}$/);
    expect(result.user).toEqual({ id: user.userId, username: 'pair' });
    // Only once.
    expect(await poll(started.deviceCode)).toEqual({ status: 'expired' });

    // The token works on /cli and for a browser sign-in link.
    const cli = await connect(cliSocket(relay, result.cliToken, randomUUID()));
    expect(await request(cli, CLI_EVENTS.hello, { env: cliEnv(), sessions: [] })).toMatchObject({ ok: true });
    cli.disconnect();
    const temp = await call(relay, 'POST', '/cli-api/temp-code', { token: result.cliToken });
    const link = cliTempCodeResponseSchema.parse(temp.body).data;
    expect(link.url).toBe(`https://tern.example/token-login?code=${encodeURIComponent(link.code)}`);
    const exchanged = tempCodeExchangeResponseSchema.parse((await post('/auth/temp-code/exchange', { code: link.code })).body);
    expect(exchanged.user.id).toBe(user.userId);
    expectError(await call(relay, 'POST', '/cli-api/temp-code', { token: user.jwt }), 401, 'UNAUTHORIZED');

    // Listed as a paired CLI (labelled with the hostname); approving again is a conflict for another user.
    const list = cliTokenListResponseSchema.parse((await get('/web-api/cli-tokens', user.jwt)).body);
    expect(list.data).toEqual([expect.objectContaining({ label: 'devbox', revokedAt: null })]);
    expect(list.data[0]!.lastUsedAt).not.toBeNull();
    const other = await signIn(relay, 'pair-other@example.com');
    expectError(await post('/web-api/pairing/approve', { pairingCode: started.pairingCode }, other.jwt), 409, 'PAIRING_DECIDED');
    expect((await get('/web-api/cli-tokens', other.jwt)).body.data).toEqual([]);
    // Another user's token cannot be revoked (and looks unknown).
    const foreign = await fetch(`${relay.url}/web-api/cli-tokens/${list.data[0]!.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${other.jwt}` },
    });
    expect(foreign.status).toBe(404);
    const revoked = await fetch(`${relay.url}/web-api/cli-tokens/${list.data[0]!.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${user.jwt}` },
    });
    expect(revoked.status).toBe(200);
    await expect(connect(cliSocket(relay, result.cliToken, randomUUID()))).rejects.toThrow(/UNAUTHORIZED/);
    expectError(await call(relay, 'POST', '/cli-api/temp-code', { token: result.cliToken }), 401, 'UNAUTHORIZED');
  });

  it('deny, expiry, unknown codes and malformed bodies', async () => {
    const user = await signIn(relay, 'deny@example.com');
    const denied = await startPairing();
    expect((await post('/web-api/pairing/deny', { pairingCode: denied.pairingCode }, user.jwt)).body.data.status).toBe('denied');
    expect(await poll(denied.deviceCode)).toEqual({ status: 'denied' });
    expectError(await post('/web-api/pairing/approve', { pairingCode: denied.pairingCode }, user.jwt), 409, 'PAIRING_DECIDED');

    const late = await startPairing();
    clockOffsetMs += 601_000;
    try {
      expect(await poll(late.deviceCode)).toEqual({ status: 'expired' });
      expectError(await post('/web-api/pairing/approve', { pairingCode: late.pairingCode }, user.jwt), 410, 'PAIRING_EXPIRED');
      expect((await get(`/web-api/pairing/${late.pairingCode}`, user.jwt)).body.data.status).toBe('expired');
    } finally {
      clockOffsetMs -= 601_000;
    }

    expectError(await post('/web-api/pairing/approve', { pairingCode: 'ZZZZ-ZZZZ' }, user.jwt), 404, 'NOT_FOUND');
    expectError(await post('/web-api/pairing/approve', { pairingCode: '0000-1111' }, user.jwt), 400, 'VALIDATION_ERROR');
    expectError(await get('/web-api/pairing/nope', user.jwt), 404, 'NOT_FOUND');
    expectError(await post('/cli-api/pairing', { hostname: '' }), 400, 'VALIDATION_ERROR');
    expectError(await post('/cli-api/pairing/poll', { deviceCode: 'x'.repeat(43) }), 404, 'NOT_FOUND');
    expectError(await post('/cli-api/pairing/poll', {}), 400, 'VALIDATION_ERROR');
  });
});

describe('pairing rate limits', () => {
  it('limits new pairing requests and unknown-code guesses per IP', async () => {
    const ip = '203.0.113.7';
    for (let i = 0; i < 10; i++)
      expect((await call(relay, 'POST', '/cli-api/pairing', { body: { hostname: 'h', platform: 'p' }, ip })).status).toBe(200);
    expectError(await call(relay, 'POST', '/cli-api/pairing', { body: { hostname: 'h', platform: 'p' }, ip }), 429, 'TOO_MANY_REQUESTS');
    expect((await call(relay, 'POST', '/cli-api/pairing', { body: { hostname: 'h', platform: 'p' }, ip: '203.0.113.8' })).status).toBe(200);

    const user = await signIn(relay, 'guess@example.com');
    const guesser = '203.0.113.9';
    for (let i = 0; i < 30; i++) {
      expectError(
        await call(relay, 'POST', '/web-api/pairing/approve', { body: { pairingCode: 'ZZZZ-ZZZZ' }, token: user.jwt, ip: guesser }),
        404,
        'NOT_FOUND',
      );
    }
    expectError(
      await call(relay, 'POST', '/web-api/pairing/approve', { body: { pairingCode: 'ZZZZ-ZZZZ' }, token: user.jwt, ip: guesser }),
      429,
      'TOO_MANY_REQUESTS',
    );
  });
});

describe('npm run admin -- cli-token', () => {
  it('prints a token for an existing account and refuses unknown ones', async () => {
    const user = await signIn(relay, 'ci@example.com');
    const lines: string[] = [];
    const deps = { db: relay.storage.db, now };
    expect(await runCliTokenCommand(['cli-token', '--email', 'CI@example.com', '--label', 'ci'], deps, (l) => lines.push(l))).toBe(0);
    const token = lines.at(-1)!;
    expect(token).toMatch(/^tern_cli_/);
    const list = cliTokenListResponseSchema.parse((await get('/web-api/cli-tokens', user.jwt)).body);
    expect(list.data.map((t) => t.label)).toEqual(['ci']);
    const cli = await connect(cliSocket(relay, token, randomUUID()));
    cli.disconnect();
    await expect(runCliTokenCommand(['cli-token', '--email', 'nobody@example.com'], deps, () => undefined)).rejects.toThrow(/No account/);
    expect(await runCliTokenCommand(['cli-token'], deps, () => undefined)).toBe(2);
  });
});
