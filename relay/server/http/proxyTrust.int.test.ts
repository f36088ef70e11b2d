import { randomUUID } from 'node:crypto';

import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { handshakeErrorDataSchema, SOCKET_PATH } from '../../protocol';
import { connect, signIn, webSocket } from '../testing/remoteClients';
import { createTestRelay, RELAY_START_TIMEOUT_MS, type TestRelay } from '../testing/testRelay';

/**
 * Headers a client chooses (#11 "hostile input"): X-Forwarded-* count only from a proxy TRUST_PROXY trusts — for HSTS,
 * for the /web Origin check — and the main Socket.IO namespace serves nobody.
 */

let direct: TestRelay; // TRUST_PROXY unset: clients reach the relay directly
let proxied: TestRelay; // TRUST_PROXY=127.0.0.1: the tests' own connections come through the trusted proxy

beforeAll(async () => {
  [direct, proxied] = await Promise.all([createTestRelay(), createTestRelay({ env: { TRUST_PROXY: '127.0.0.1' } })]);
}, RELAY_START_TIMEOUT_MS);
afterAll(async () => {
  await Promise.all([direct?.close(), proxied?.close()]);
}, RELAY_START_TIMEOUT_MS);

const sockets: Socket[] = [];
const track = (s: Socket) => {
  sockets.push(s);
  return s;
};
afterEach(() => {
  for (const s of sockets.splice(0)) s.disconnect();
});

const hsts = async (relay: TestRelay, headers: Record<string, string> = {}) =>
  (await fetch(`${relay.url}/healthz`, { headers })).headers.get('strict-transport-security');
const hstsFrom = async (relay: TestRelay, remoteAddress: string, headers: Record<string, string>) => {
  const res = await relay.app.inject({ method: 'GET', url: '/healthz', remoteAddress, headers });
  expect(res.statusCode).toBe(200);
  return res.headers['strict-transport-security'] ?? null;
};

describe('Strict-Transport-Security', () => {
  it('is sent when a trusted TLS proxy forwards the request', async () => {
    const value = await hsts(proxied, { 'x-forwarded-proto': 'https' });
    expect(value).toMatch(/^max-age=(\d+); includeSubDomains/);
    expect(Number(/max-age=(\d+)/.exec(value!)![1])).toBeGreaterThanOrEqual(31_536_000);
  });

  it('is not sent over plain HTTP', async () => {
    expect(await hsts(direct)).toBeNull();
    expect(await hsts(proxied)).toBeNull();
    expect(await hsts(proxied, { 'x-forwarded-proto': 'http' })).toBeNull();
  });

  it('is not sent when an untrusted client claims X-Forwarded-Proto: https', async () => {
    expect(await hsts(direct, { 'x-forwarded-proto': 'https' })).toBeNull();
    // The proxied relay trusts 127.0.0.1 only: another peer's header is the client's own say-so.
    expect(await hstsFrom(proxied, '203.0.113.50', { 'x-forwarded-proto': 'https' })).toBeNull();
    expect(await hstsFrom(proxied, '127.0.0.1', { 'x-forwarded-proto': 'https' })).not.toBeNull();
  });
});

/** The connect_error of a refused handshake: message and `data.code`. */
const refusal = (socket: Socket) =>
  connect(track(socket)).then(
    () => {
      throw new Error('the handshake was accepted');
    },
    (e: Error & { data?: unknown }) => ({ message: e.message, data: handshakeErrorDataSchema.parse(e.data) }),
  );

describe('/web Origin check and X-Forwarded-Host', () => {
  it('refuses a foreign Origin that brings its own X-Forwarded-Host when TRUST_PROXY is off', async () => {
    const user = await signIn(direct, 'fwd-direct@example.com');
    const evil = { origin: 'https://evil.example', 'x-forwarded-host': 'evil.example' };
    expect(await refusal(webSocket(direct, user.jwt, randomUUID(), evil))).toEqual({
      message: 'ORIGIN_NOT_ALLOWED: origin not allowed',
      data: { code: 'ORIGIN_NOT_ALLOWED' },
    });
    // The same user from the relay's own origin connects: the refusal is the Origin's.
    const own = track(await connect(webSocket(direct, user.jwt, randomUUID(), { origin: direct.url })));
    expect(own.connected).toBe(true);
  });

  it('takes the public host from X-Forwarded-Host behind a trusted proxy, its last entry only', async () => {
    const user = await signIn(proxied, 'fwd-proxied@example.com');
    const viaProxy = track(
      await connect(webSocket(proxied, user.jwt, randomUUID(), { origin: 'https://tern.example', 'x-forwarded-host': 'tern.example' })),
    );
    expect(viaProxy.connected).toBe(true);
    // A client-supplied value ahead of the one the proxy appended does not count.
    const spoofed = { origin: 'https://evil.example', 'x-forwarded-host': 'evil.example, tern.example' };
    expect((await refusal(webSocket(proxied, user.jwt, randomUUID(), spoofed))).data.code).toBe('ORIGIN_NOT_ALLOWED');
  });
});

describe('the main namespace "/"', () => {
  it('refuses every connection with a connect_error naming the namespaces to use', async () => {
    const user = await signIn(direct, 'main-ns@example.com');
    const main = io(direct.url, {
      path: SOCKET_PATH,
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      autoConnect: false,
      auth: { token: user.jwt, windowId: randomUUID() },
    });
    const { message, data } = await refusal(main);
    expect(data.code).toBe('BAD_HANDSHAKE');
    expect(message).toBe('BAD_HANDSHAKE: namespace "/" is not served; connect to /cli or /web');
  });
});
