/**
 * Issue #11, hostile input: a property-based fuzz sweep (fast-check) over every HTTP body and every socket event of
 * the relay, against one real relay on PGlite (no mocks; Feishu and Stripe are the local stand-ins).
 *
 * Most cases are structurally valid bodies (real ids, tokens, codes and enums this file arranged) with one to three
 * fields damaged: NUL, lone surrogates, RTL override, zero-width and control characters, emoji and CJK, ~1 MB values,
 * 65-1500 levels of nesting, `__proto__` / `constructor` / `prototype` keys, wrong types. The rest is random JSON,
 * malformed or invalid UTF-8 bodies, hostile path parameters, query strings and Authorization headers.
 *
 * Every answer must be < 500, every 4xx JSON the protocol's error envelope, every ack `{ ok: true … }` (matching the
 * event's ack schema) or `{ ok: false, error: { code, message } }` and never INTERNAL. Nothing the relay answers,
 * stores or fans out holds NUL or a lone surrogate, nor an id-like field (ids, codes, hosts, times) anything but
 * plain (fuzz/oracles.ts); free text accepted with them comes back as ␀ / U+FFFD (two properties check the exact
 * cleaned form). A deterministic field sweep hits every string field of every socket event with NUL, a lone surrogate
 * and a control character; at the end, storage's id-like text columns must hold only plain values and no prototype may
 * be polluted. Then a fresh user pairs a CLI and runs a normal session. Bugs the fuzzer found have regression tests.
 *
 * Seeded and reproducible: FUZZ_SEED (default below) and FUZZ_RUNS (random cases, default 5,300; with the sweep and the
 * properties a default run is ~6,600 cases), e.g.
 *   FUZZ_RUNS=50000 FUZZ_SEED=42 npx vitest run relay/server/fuzz/hostileInput.int.test.ts
 * A failure prints fast-check's `{ seed, path }` and the (summarised) counterexample.
 */
import { randomUUID } from 'node:crypto';

import { inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { io, type Socket } from 'socket.io-client';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import {
  ackErrorSchema,
  cleanText,
  CLI_COMMANDS,
  CLI_EVENTS,
  CLI_NAMESPACE,
  cliCommandContracts,
  cliEventContracts,
  cliHelloAckSchema,
  cliInboundSchemas,
  cliNoticeSchemas,
  COMMANDS_TOOK,
  errorBodySchema,
  findUnstorable,
  handshakeErrorCodes,
  isPlain,
  loginResultResponseSchema,
  oneTimeTokenResponseSchema,
  pairingCreateResponseSchema,
  pairingPollResponseSchema,
  REMOTE_PROTOCOL_VERSION,
  type SessionEvent,
  tempCodeResponseSchema,
  WEB_EVENTS,
  WEB_NAMESPACE,
  WEB_PUSH,
  webEventContracts,
  webInboundSchemas,
  webPushSchemas,
  WINDOW_VISIBILITY_EVENT,
} from '../../protocol';
import { createCheetahAccount } from '../core/auth';
import { createPromoCodes } from '../core/billing/promo';
import { orders } from '../storage/schema';
import { type FeishuStandIn, startFeishuStandIn } from '../testing/feishuStandIn';
import { call } from '../testing/http';
import { cliEnv, cliSocket, cliTokenFor, collect, connect, request, signIn, waitFor, webSocket } from '../testing/remoteClients';
import { startStripeStandIn, type StripeStandIn } from '../testing/stripeStandIn';
import { createTestRelay, RELAY_START_TIMEOUT_MS, type TestRelay } from '../testing/testRelay';
import {
  encodeHostile,
  hostileString,
  hostileValue,
  hostileVariant,
  printable,
  randomBody,
  rawBody,
  summarize,
  valuePaths,
  withFieldChanged,
} from './arbitraries';
import { findNonPlainIds } from './oracles';

// ---- run size ------------------------------------------------------------------------------------------------------

const SEED = Number(process.env.FUZZ_SEED ?? 20_240_611);
const TOTAL_RUNS = Number(process.env.FUZZ_RUNS ?? 5_300);
/** Share of the total per target weight unit (every target gets at least 20 cases). */
let weightSum = 0;
const runsFor = (weight: number) => Math.max(20, Math.round((TOTAL_RUNS * weight) / weightSum));
const counts = { http: 0, socket: 0, handshake: 0 };
const fuzzParams = (weight: number) => ({ seed: SEED, numRuns: runsFor(weight), endOnFailure: false });
/** Per-test time limit: a generous bound on the cases, not an assertion on speed. */
const timeoutFor = (weight: number) => 60_000 + runsFor(weight) * 300;

// ---- the relay and what the cases refer to -------------------------------------------------------------------------

const PUBLIC_URL = 'https://relay.fuzz.example';
const TERN_PASSWORD = 'correct horse';
const CHEETAH_PASSWORD = 'cheetah password';
const WEBHOOK_SECRET = 'whsec_fuzz_suite';
const signer = new Stripe('sk_test_signer_only');

let relay: TestRelay;
let feishu: FeishuStandIn;
let stripe: StripeStandIn;

interface Ctx {
  userId: string;
  jwt: string;
  cliToken: string;
  cliTokenId: string;
  instanceId: string;
  sessionId: string;
  cli: Socket;
  web: Socket;
  /** Joined to the main session; never used to send fuzz: it only watches the fan-out. */
  watcher: Socket;
  watched: SessionEvent[];
  /** Another account's instance and session: never reachable from this user's sockets. */
  other: { instanceId: string; sessionId: string; jwt: string };
  productSns: string[];
  orderIds: string[];
  sandboxOrderIds: string[];
  promoCodes: string[];
  /**
   * Accounts the sign-in cases aim at, several so that no one account collects enough failures for the account-wide
   * brake's progressive delay (a real limit, left as configured; it would only make the run slow).
   */
  cheetahEmails: string[];
  ternEmails: string[];
}
let ctx: Ctx;
const sockets: Socket[] = [];
const track = <T extends Socket>(s: T) => (sockets.push(s), s);

/** Everything the relay pushed to the browser and sent to the CLI that broke the protocol or held unstorable text. */
const pushViolations: string[] = [];
function watchPushes(socket: Socket, schemas: Record<string, z.ZodType>, label: string) {
  for (const [event, schema] of Object.entries(schemas)) {
    socket.on(event, (payload: unknown, ack?: (r: unknown) => void) => {
      const unstorable = findUnstorable(payload);
      if (unstorable.length > 0)
        pushViolations.push(`${label} ${event}: unstorable text at ${unstorable.join(', ')}: ${summarize(payload)}`);
      const nonPlain = findNonPlainIds(payload);
      if (nonPlain.length > 0)
        pushViolations.push(`${label} ${event}: non-plain id-like field at ${nonPlain.join(', ')}: ${summarize(payload)}`);
      const parsed = schema.safeParse(payload);
      if (!parsed.success)
        pushViolations.push(`${label} ${event}: off-protocol ${summarize(payload)}: ${parsed.error.message.slice(0, 300)}`);
      if (typeof ack === 'function') ack({ ok: true });
    });
  }
}

let ipSeq = 0;
/** A fresh client address per request (10.0.0.0/8: a private network, so Feishu and cheetah logins are allowed). */
const nextIp = () => {
  const n = 256 + ++ipSeq;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};

/**
 * Text columns that only ever hold plain values (what the protocol's `plain()` fields and the relay itself write);
 * a dropped `plain()` on an HTTP-only field that is stored but never answered back shows up here.
 */
const PLAIN_COLUMNS =
  /^(email|hostname|platform|node_version|cli_version|model|code|pairing_code|product_sn|payment_id|transaction_id|event_id|client_request_id|window_id|socket_id|lang|label|source_id|source_type|batch_id|invitation_code_used|method|provider|status|type|scope|outcome|currency|ip|origin|kind)$/;

const cliCommandSchemas = Object.fromEntries(Object.entries(cliCommandContracts).map(([event, c]) => [event, c.payload]));

beforeAll(async () => {
  [feishu, stripe] = await Promise.all([startFeishuStandIn(), startStripeStandIn()]);
  relay = await createTestRelay({
    env: {
      PUBLIC_URL,
      FEISHU_APP_ID: feishu.appId,
      FEISHU_APP_SECRET: feishu.appSecret,
      FEISHU_BASE_URL: feishu.url,
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_standin',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: stripe.url,
    },
    // Short command timeout: a command the fuzzed CLI socket does not take stays pending instead of holding a timer.
    remote: { commandAckTimeoutMs: 2_000 },
  });

  const main = await signIn(relay, 'fuzz-main@example.com');
  const cliTok = await cliTokenFor(relay, main.userId, 'fuzz');
  const instanceId = randomUUID();
  const cli = track(await connect(cliSocket(relay, cliTok.token, instanceId)));
  watchPushes(cli, cliCommandSchemas, 'cli');
  expect(cliHelloAckSchema.parse(await request(cli, CLI_EVENTS.hello, { env: cliEnv(), sessions: [] })).ok).toBe(true);
  const web = track(await connect(webSocket(relay, main.jwt)));
  watchPushes(web, webPushSchemas, 'web');
  expect((await request(web, WEB_EVENTS.instanceAttach, { instanceId })).ok).toBe(true);
  const created = await request(web, WEB_EVENTS.sessionCreate, { instanceId, clientRequestId: randomUUID() });
  expect(created.ok, JSON.stringify(created)).toBe(true);
  const sessionId: string = created.session.id;
  const watcher = track(await connect(webSocket(relay, main.jwt)));
  watchPushes(watcher, webPushSchemas, 'watcher');
  const watched = collect<SessionEvent>(watcher, WEB_PUSH.sessionEvent);
  expect((await request(watcher, WEB_EVENTS.sessionJoin, { sessionId, afterSeq: 0 })).ok).toBe(true);

  // Someone else's instance and session.
  const otherUser = await signIn(relay, 'fuzz-other@example.com');
  const otherTok = await cliTokenFor(relay, otherUser.userId);
  const otherInstance = randomUUID();
  const otherCli = track(await connect(cliSocket(relay, otherTok.token, otherInstance)));
  expect((await request(otherCli, CLI_EVENTS.hello, { env: cliEnv(), sessions: [] })).ok).toBe(true);
  const otherSession = randomUUID();
  const otherEvent = await request(otherCli, CLI_EVENTS.sessionEvent, {
    sessionId: otherSession,
    eventId: randomUUID(),
    body: { type: 'assistant_delta', messageId: 'm', text: 'theirs' },
  });
  expect(otherEvent.ok, JSON.stringify(otherEvent)).toBe(true);

  // Plans, orders (Stripe, through the stand-in), some turned into sandbox orders for the checkout page's actions.
  const products = await call(relay, 'GET', '/web-api/products');
  const productSns = (products.body.data as { productSn: string; price: number }[]).filter((p) => p.price > 0).map((p) => p.productSn);
  expect(productSns.length).toBeGreaterThan(0);
  const orderIds: string[] = [];
  for (let i = 0; i < 6; i++) {
    const res = await call(relay, 'POST', '/web-api/payment/create-order', {
      body: { product_sn: productSns[i % productSns.length] },
      token: main.jwt,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    orderIds.push(res.body.data.order_id);
  }
  const sandboxOrderIds = orderIds.slice(3);
  await relay.storage.db.update(orders).set({ paymentMethod: 'sandbox' }).where(inArray(orders.id, sandboxOrderIds));

  const promoCodes = await createPromoCodes(relay.storage.db, { credits: 10, count: 40, days: 30, prefix: 'FUZZ', now: new Date() });
  const cheetahEmails = Array.from({ length: 12 }, (_, i) => `fuzz.cheetah${i}@corp.example`);
  for (const email of cheetahEmails) {
    await createCheetahAccount(
      { db: relay.storage.db, now: () => new Date(), passwordHashing: { N: 1024, r: 8, p: 1 } },
      { email, password: CHEETAH_PASSWORD },
    );
  }
  const ternEmails = Array.from({ length: 16 }, (_, i) => `fuzz-tern${i}@example.com`);
  for (const email of ternEmails) {
    const res = await call(relay, 'POST', '/auth/tern/signup', {
      body: { email, password: TERN_PASSWORD, username: 'fuzz' },
      ip: nextIp(),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }

  ctx = {
    userId: main.userId,
    jwt: main.jwt,
    cliToken: cliTok.token,
    cliTokenId: cliTok.id,
    instanceId,
    sessionId,
    cli,
    web,
    watcher,
    watched,
    other: { instanceId: otherInstance, sessionId: otherSession, jwt: otherUser.jwt },
    productSns,
    orderIds,
    sandboxOrderIds,
    promoCodes,
    cheetahEmails,
    ternEmails,
  };
}, RELAY_START_TIMEOUT_MS);

afterAll(async () => {
  for (const s of sockets.splice(0)) s.disconnect();
  console.info(
    `hostile-input fuzz: ${counts.http} HTTP requests, ${counts.socket} socket events, ${counts.handshake} handshakes (seed ${SEED}, FUZZ_RUNS ${TOTAL_RUNS})`,
  );
  await relay?.close();
  await Promise.all([feishu?.close(), stripe?.close()]);
}, RELAY_START_TIMEOUT_MS);

// ---- shared value arbitraries --------------------------------------------------------------------------------------

const pick = <T>(values: () => readonly T[]) => fc.nat().map((i) => values()[i % values().length]!);
const freeText = fc.string({ unit: 'grapheme', maxLength: 40 });
const plainText = (max = 30) => fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: max });
const isoDate = fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
const invitationCode = fc.stringMatching(/^[A-Z0-9]{6,10}$/);
const clientInfo = fc.record(
  { platform: freeText, version: freeText, userAgent: freeText, timestamp: fc.oneof(fc.integer(), freeText) },
  { requiredKeys: [] },
);
const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
/** Drops `undefined` members, as JSON would. */
const compact = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
let emailSeq = 0;
const freshEmail = fc.constant(null).map(() => `fz${++emailSeq}-${randomUUID().slice(0, 6)}@example.com`);

// ---- HTTP ----------------------------------------------------------------------------------------------------------

/**
 * Placeholders a case may hold anywhere in its URL or body, replaced just before it is sent by something consumable
 * made for that case alone: a one-time login token, a temp code, a Feishu code or token, a pairing, a CLI token.
 */
type Placeholder =
  | 'ZZfuzz-login-token-ZZ'
  | 'ZZfuzz-login-user-ZZ'
  | 'ZZfuzz-temp-code-ZZ'
  | 'ZZfuzz-feishu-code-ZZ'
  | 'ZZfuzz-feishu-token-ZZ'
  | 'ZZfuzz-device-code-ZZ'
  | 'ZZfuzz-pairing-code-ZZ'
  | 'ZZfuzz-cli-token-id-ZZ';

interface HttpCase {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  /** JSON body (stringified as is) or raw bytes with their content type; none when absent. */
  body?: { json: unknown } | { raw: string | Buffer; contentType: string };
  /** `jwt` / `cli`: the main account's; `fresh-jwt`: a session made for this case (logout); a string: that header. */
  auth?: 'jwt' | 'cli' | 'fresh-jwt' | { header: string };
  headers?: Record<string, string>;
  /** The Feishu profile the Feishu stand-in answers for this case's code or token (hostile upstream data). */
  feishuUser?: Record<string, string>;
}

interface HttpTarget {
  method: HttpCase['method'];
  path: string;
  weight: number;
  /** Answers HTML (the sandbox checkout page) rather than the JSON envelope. */
  html?: boolean;
  cases: () => fc.Arbitrary<HttpCase>;
}

/** A hostile Authorization header for an authenticated route (a small share of its cases). */
const hostileAuth: fc.Arbitrary<{ header: string }> = fc
  .oneof(
    fc.string({ unit: 'grapheme-ascii', maxLength: 60 }).map((s) => `Bearer ${s}`),
    fc.constantFrom(
      'Bearer',
      'Bearer ',
      'Basic dXNlcjpwYXNz',
      'bearer  x  y',
      `Bearer ${'a'.repeat(20_000)}`,
      'Bearer eyJhbGciOiJub25lIn0.e30.',
    ),
    fc.constant(null).map(() => `Bearer ${ctx.cliToken}`),
    fc.constant(null).map(() => `Bearer ${ctx.jwt}x`),
  )
  .map((header) => ({ header }));

const withAuth = (auth: NonNullable<HttpCase['auth']>) =>
  fc.oneof({ weight: 19, arbitrary: fc.constant(auth) }, { weight: 1, arbitrary: hostileAuth });

/** A JSON body: mostly a damaged valid one, sometimes random JSON, sometimes bytes no encoder makes. */
function bodyCases(valid: fc.Arbitrary<unknown>): fc.Arbitrary<HttpCase['body']> {
  return fc.oneof(
    { weight: 16, arbitrary: hostileVariant(valid).map((json) => ({ json })) },
    { weight: 2, arbitrary: randomBody.map((json) => ({ json })) },
    { weight: 2, arbitrary: rawBody.map(({ payload, contentType }) => ({ raw: payload, contentType })) },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

/** A path parameter: mostly a real one, else hostile (percent-encoded, lone surrogates as invalid UTF-8) or malformed. */
function pathParam(real: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 6, arbitrary: real.map(encodeURIComponent) },
    {
      weight: 4,
      arbitrary: fc
        .tuple(real, hostileString, fc.nat())
        .map(([r, h, at]) => encodeHostile(r.slice(0, at % (r.length + 1)) + h + r.slice(at % (r.length + 1)))),
    },
    { weight: 2, arbitrary: hostileString.filter((s) => s.length > 0).map(encodeHostile) },
    { weight: 1, arbitrary: fc.constantFrom('%', '%E0%A4%A', '%FF', '%C0%80', '..%2F..%2Fetc', '%00', '%ED%A0%80', 'a'.repeat(5000)) },
  );
}

/** A query string with hostile values, repeated keys and unknown keys. */
function queryString(keys: readonly string[], real: Record<string, fc.Arbitrary<string>>): fc.Arbitrary<string> {
  const value = (key: string) => fc.oneof({ weight: 3, arbitrary: real[key] ?? hostileString }, { weight: 2, arbitrary: hostileString });
  return fc
    .array(fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...keys) }, { weight: 1, arbitrary: hostileString }), { maxLength: 4 })
    .chain((ks) => fc.tuple(...ks.map((k) => value(k).map((v) => `${encodeHostile(k)}=${encodeHostile(v)}`))))
    .map((pairs) => (pairs.length ? `?${pairs.join('&')}` : ''));
}

const signupBody = fc
  .record({
    email: fc.oneof({ weight: 3, arbitrary: freshEmail }, { weight: 1, arbitrary: fc.emailAddress() }),
    password: fc.string({ minLength: 8, maxLength: 40 }),
    username: plainText(20),
    invitationCode: optional(invitationCode),
  })
  .map(compact);

const feishuProfile: fc.Arbitrary<Record<string, string>> = fc
  .record(
    {
      name: fc.oneof(freeText, hostileString),
      en_name: fc.oneof(freeText, hostileString),
      open_id: fc.oneof(
        { weight: 4, arbitrary: fc.uuid().map((u) => `ou_${u}`) },
        { weight: 1, arbitrary: fc.uuid().chain((u) => hostileString.map((h) => `ou_${u}${h}`)) },
      ),
      union_id: fc.oneof(fc.uuid(), hostileString),
      enterprise_email: fc.oneof(freshEmail, hostileString, fc.constant('fuzz-main@example.com')),
      avatar_url: fc.oneof(fc.constant('https://example.com/a.png'), hostileString),
      tenant_key: hostileString,
    },
    { requiredKeys: ['open_id'] },
  )
  .map((p) => compact(p) as Record<string, string>);

const usageReport = fc
  .record({
    requestId: fc.uuid(),
    model: fc.constantFrom('claude-sonnet-4', 'gpt-4o', 'deepseek-chat', 'unknown-model'),
    inputTokens: fc.nat({ max: 100_000 }),
    outputTokens: fc.nat({ max: 100_000 }),
    cacheCreationTokens: optional(fc.nat({ max: 1000 })),
    cacheReadTokens: optional(fc.nat({ max: 1000 })),
  })
  .map(compact);

const stripeEvent = fc.record({
  id: fc.uuid().map((u) => `evt_${u.replace(/-/g, '')}`),
  object: fc.constant('event'),
  type: fc.constantFrom(
    'checkout.session.completed',
    'checkout.session.async_payment_succeeded',
    'checkout.session.expired',
    'invoice.paid',
  ),
  data: fc.record({
    object: fc.record({
      id: fc.uuid().map((u) => `cs_test_${u}`),
      object: fc.constant('checkout.session'),
      client_reference_id: pick(() => ctx.orderIds),
      metadata: fc.record({
        orderId: fc.oneof(
          pick(() => ctx.orderIds),
          fc.uuid(),
        ),
      }),
      payment_status: fc.constantFrom('paid', 'unpaid'),
      status: fc.constant('complete'),
      payment_intent: fc.uuid().map((u) => `pi_${u}`),
      customer_details: fc.record({ name: freeText, email: fc.emailAddress() }),
    }),
  }),
});

const pairingCodeArb = fc.stringMatching(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{4}-[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{4}$/);

/** Every POST / DELETE route of the relay (and the GET routes that take a path parameter or a query). */
const httpTargets: HttpTarget[] = [
  // ---- sign-in (relay/server/http/authRoutes.ts, loginRoutes.ts) ----
  {
    method: 'POST',
    path: '/auth/tern/signup',
    weight: 3,
    cases: () => fc.record({ method: fc.constant('POST'), url: fc.constant('/auth/tern/signup'), body: bodyCases(signupBody) }),
  },
  {
    method: 'POST',
    path: '/auth/tern/signin',
    weight: 3,
    cases: () =>
      fc.record({
        method: fc.constant('POST'),
        url: fc.constant('/auth/tern/signin'),
        body: bodyCases(
          fc.record({
            email: fc.oneof(
              pick(() => ctx.ternEmails),
              pick(() => ctx.ternEmails).map((e) => e.toUpperCase()),
              freshEmail,
            ),
            password: fc.oneof(fc.constant(TERN_PASSWORD), fc.string({ maxLength: 30 })),
          }),
        ),
      }),
  },
  {
    method: 'POST',
    path: '/auth/jwt/tern-login',
    weight: 3,
    cases: () =>
      fc.record({
        method: fc.constant('POST'),
        url: fc.constant('/auth/jwt/tern-login'),
        body: bodyCases(
          fc
            .record({
              token: fc.oneof({ weight: 3, arbitrary: fc.constant('ZZfuzz-login-token-ZZ') }, { weight: 1, arbitrary: plainText(60) }),
              user_id: fc.oneof(
                { weight: 3, arbitrary: fc.constant('ZZfuzz-login-user-ZZ') },
                { weight: 1, arbitrary: fc.uuid() },
                { weight: 1, arbitrary: fc.integer() },
              ),
              plat: optional(fc.constantFrom('web', 'cli', 'ios')),
              invitationCode: optional(invitationCode),
              clientInfo: optional(clientInfo),
            })
            .map(compact),
        ),
      }),
  },
  {
    method: 'POST',
    path: '/api/auth/feishu/exchange',
    weight: 3,
    cases: () =>
      fc.record({
        method: fc.constant('POST'),
        url: fc.constant('/api/auth/feishu/exchange'),
        body: bodyCases(
          fc.record({
            code: fc.oneof({ weight: 3, arbitrary: fc.constant('ZZfuzz-feishu-code-ZZ') }, { weight: 1, arbitrary: plainText(40) }),
            redirect_uri: fc.constantFrom(
              `${PUBLIC_URL}/callback`,
              `${PUBLIC_URL}/callback?type=authlogin&logintype=feishu`,
              'https://evil.example/callback',
            ),
          }),
        ),
        feishuUser: feishuProfile,
      }),
  },
  {
    method: 'POST',
    path: '/auth/jwt/feishu-login',
    weight: 4,
    cases: () =>
      fc.record({
        method: fc.constant('POST'),
        url: fc.constant('/auth/jwt/feishu-login'),
        body: bodyCases(
          fc
            .record({
              feishuAccessToken: fc.oneof(
                { weight: 4, arbitrary: fc.constant('ZZfuzz-feishu-token-ZZ') },
                { weight: 1, arbitrary: plainText(40) },
              ),
              invitationCode: optional(invitationCode),
              clientInfo: optional(clientInfo),
            })
            .map(compact),
        ),
        feishuUser: feishuProfile,
      }),
  },
  {
    method: 'POST',
    path: '/auth/jwt/cheetah-login',
    weight: 3,
    cases: () =>
      fc.record({
        method: fc.constant('POST'),
        url: fc.constant('/auth/jwt/cheetah-login'),
        body: bodyCases(
          fc
            .record({
              email: fc.oneof(
                pick(() => ctx.cheetahEmails),
                freshEmail,
              ),
              password: fc.oneof(fc.constant(CHEETAH_PASSWORD), fc.string({ maxLength: 30 })),
              invitationCode: optional(invitationCode),
              clientInfo: optional(clientInfo),
            })
            .map(compact),
        ),
      }),
  },
  {
    method: 'POST',
    path: '/auth/temp-code',
    weight: 1,
    cases: () =>
      fc.record({
        method: fc.constant('POST'),
        url: fc.constant('/auth/temp-code'),
        auth: withAuth('jwt'),
        body: bodyCases(fc.constant({})),
      }),
  },
  {
    method: 'POST',
    path: '/auth/temp-code/exchange',
    weight: 2,
    cases: () =>
      fc.record({
        method: fc.constant('POST'),
        url: fc.constant('/auth/temp-code/exchange'),
        body: bodyCases(
          fc.record({
            code: fc.oneof({ weight: 3, arbitrary: fc.constant('ZZfuzz-temp-code-ZZ') }, { weight: 1, arbitrary: plainText(40) }),
          }),
        ),
      }),
  },
  {
    method: 'POST',
    path: '/web-api/auth/logout',
    weight: 1,
    cases: () =>
      fc.record({
        method: fc.constant('POST'),
        url: fc.constant('/web-api/auth/logout'),
        auth: withAuth('fresh-jwt'),
        body: bodyCases(fc.constant({})),
      }),
  },
  // ---- billing and account (billingRoutes.ts, accountRoutes.ts, checkoutRoutes.ts) ----
  {
    method: 'POST',
    path: '/web-api/payment/create-order',
    weight: 3,
    cases: () =>
      fc.record({
        method: fc.constant('POST'),
        url: fc.constant('/web-api/payment/create-order'),
        auth: withAuth('jwt'),
        body: bodyCases(fc.record({ product_sn: pick(() => ctx.productSns), lang: optional(fc.constantFrom('en', 'zh')) }).map(compact)),
      }),
  },
  {
    method: 'POST',
    path: '/web-api/code/exchange-code',
    weight: 2,
    cases: () =>
      fc.record({
        method: fc.constant('POST'),
        url: fc.constant('/web-api/code/exchange-code'),
        auth: withAuth('jwt'),
        body: bodyCases(
          fc.record({
            code: fc.oneof(
              pick(() => ctx.promoCodes),
              fc.stringMatching(/^[A-Z0-9-]{4,20}$/),
            ),
          }),
        ),
      }),
  },
  {
    method: 'POST',
    path: '/web-api/orders/:orderId/cancel',
    weight: 2,
    cases: () =>
      fc.record({
        method: fc.constant('POST'),
        url: pathParam(
          fc.oneof(
            pick(() => ctx.orderIds),
            fc.uuid(),
          ),
        ).map((id) => `/web-api/orders/${id}/cancel`),
        auth: withAuth('jwt'),
        body: bodyCases(fc.constant({})),
      }),
  },
  {
    method: 'POST',
    path: '/web-api/subscriptions/cancel',
    weight: 1,
    cases: () =>
      fc.record({
        method: fc.constant('POST'),
        url: fc.constant('/web-api/subscriptions/cancel'),
        auth: withAuth('jwt'),
        body: bodyCases(fc.constant({})),
      }),
  },
  {
    method: 'POST',
    path: '/web-api/payment/stripe/webhook',
    weight: 3,
    cases: () =>
      fc.record({
        method: fc.constant('POST'),
        url: fc.constant('/web-api/payment/stripe/webhook'),
        body: fc.oneof(
          { weight: 5, arbitrary: hostileVariant(stripeEvent).map((json) => ({ json })) },
          { weight: 1, arbitrary: bodyCases(fc.constant({})) },
        ),
        // Signed with the webhook secret (so the payload reaches billing), unsigned, or signed wrongly.
        headers: fc.constantFrom<Record<string, string>>(
          { 'x-sign': 'yes' },
          { 'x-sign': 'yes' },
          { 'x-sign': 'yes' },
          {},
          { 'stripe-signature': 't=1,v1=00' },
        ),
      }),
  },
  ...(['pay', 'cancel'] as const).map((action): HttpTarget => ({
    method: 'POST',
    path: `/checkout/sandbox/:orderId/${action}`,
    weight: 2,
    html: true,
    cases: () =>
      fc.record({
        method: fc.constant('POST'),
        url: fc
          .tuple(
            pathParam(fc.oneof({ weight: 3, arbitrary: pick(() => ctx.sandboxOrderIds) }, { weight: 1, arbitrary: fc.uuid() })),
            queryString(['lang'], { lang: fc.constantFrom('en', 'zh') }),
          )
          .map(([id, q]) => `/checkout/sandbox/${id}/${action}${q}`),
        body: fc.oneof(
          fc.constant(undefined),
          fc
            .dictionary(hostileString, hostileString, { maxKeys: 3 })
            .map((form) => ({ raw: new URLSearchParams(form).toString(), contentType: 'application/x-www-form-urlencoded' })),
          bodyCases(fc.constant({})),
        ),
        headers: fc.constantFrom<Record<string, string>>(
          {},
          {},
          { origin: PUBLIC_URL },
          { origin: 'https://evil.example' },
          { origin: 'null' },
        ),
      }),
  })),
  // ---- CLI pairing, tokens, usage (pairingRoutes.ts) ----
  {
    method: 'POST',
    path: '/cli-api/pairing',
    weight: 3,
    cases: () =>
      fc.record({
        method: fc.constant('POST'),
        url: fc.constant('/cli-api/pairing'),
        body: bodyCases(fc.record({ hostname: plainText(30), platform: fc.constantFrom('linux', 'darwin', 'win32') })),
      }),
  },
  {
    method: 'POST',
    path: '/cli-api/pairing/poll',
    weight: 2,
    cases: () =>
      fc.record({
        method: fc.constant('POST'),
        url: fc.constant('/cli-api/pairing/poll'),
        body: bodyCases(
          fc.record({
            deviceCode: fc.oneof(
              { weight: 3, arbitrary: fc.constant('ZZfuzz-device-code-ZZ') },
              { weight: 1, arbitrary: fc.string({ minLength: 16, maxLength: 60 }) },
            ),
          }),
        ),
      }),
  },
  {
    method: 'POST',
    path: '/cli-api/temp-code',
    weight: 1,
    cases: () =>
      fc.record({
        method: fc.constant('POST'),
        url: fc.constant('/cli-api/temp-code'),
        auth: withAuth('cli'),
        body: bodyCases(fc.constant({})),
      }),
  },
  {
    method: 'POST',
    path: '/cli-api/usage',
    weight: 3,
    cases: () =>
      fc.record({ method: fc.constant('POST'), url: fc.constant('/cli-api/usage'), auth: withAuth('cli'), body: bodyCases(usageReport) }),
  },
  ...(['approve', 'deny'] as const).map((decision): HttpTarget => ({
    method: 'POST',
    path: `/web-api/pairing/${decision}`,
    weight: 2,
    cases: () =>
      fc.record({
        method: fc.constant('POST'),
        url: fc.constant(`/web-api/pairing/${decision}`),
        auth: withAuth('jwt'),
        body: bodyCases(
          fc.record({
            pairingCode: fc.oneof(
              { weight: 3, arbitrary: fc.constant('ZZfuzz-pairing-code-ZZ') },
              { weight: 1, arbitrary: pairingCodeArb },
            ),
          }),
        ),
      }),
  })),
  {
    method: 'DELETE',
    path: '/web-api/cli-tokens/:id',
    weight: 2,
    cases: () =>
      fc.record({
        method: fc.constant('DELETE'),
        url: pathParam(fc.oneof({ weight: 3, arbitrary: fc.constant('ZZfuzz-cli-token-id-ZZ') }, { weight: 1, arbitrary: fc.uuid() })).map(
          (id) => `/web-api/cli-tokens/${id}`,
        ),
        auth: withAuth('jwt'),
        body: fc.oneof(fc.constant(undefined), bodyCases(fc.constant({}))),
      }),
  },
  // ---- push notifications (pushRoutes.ts) ----
  {
    method: 'PUT',
    path: '/web-api/push/subscription',
    weight: 2,
    cases: () =>
      fc.record({
        method: fc.constant('PUT'),
        url: fc.constant('/web-api/push/subscription'),
        auth: withAuth('jwt'),
        body: bodyCases(
          fc.record({
            deviceId: fc.uuid(),
            subscription: fc.record({
              endpoint: fc.oneof(
                { weight: 3, arbitrary: plainText(30).map((s) => `https://push.example.invalid/${encodeURIComponent(s)}`) },
                { weight: 1, arbitrary: fc.oneof(freeText, fc.webUrl()) },
              ),
              keys: fc.record({
                p256dh: fc
                  .oneof(fc.uint8Array({ minLength: 65, maxLength: 65 }), fc.uint8Array({ maxLength: 70 }))
                  .map((b) => Buffer.from(b).toString('base64url')),
                auth: fc
                  .oneof(fc.uint8Array({ minLength: 16, maxLength: 16 }), fc.uint8Array({ maxLength: 20 }))
                  .map((b) => Buffer.from(b).toString('base64url')),
              }),
            }),
            prefs: fc.record({
              approval: fc.boolean(),
              turnDone: fc.boolean(),
              turnFailed: fc.boolean(),
              cliOffline: fc.boolean(),
              quietHours: fc.oneof(
                fc.constant(null),
                fc.record({
                  start: fc.constantFrom('22:00', '07:30', '25:00'),
                  end: fc.constantFrom('07:00', '00:00'),
                  timeZone: fc.oneof(fc.constantFrom('Asia/Shanghai', 'UTC'), freeText),
                }),
              ),
            }),
            lang: fc.constantFrom('en', 'zh', 'fr'),
          }),
        ),
      }),
  },
  {
    method: 'DELETE',
    path: '/web-api/push/subscription',
    weight: 1,
    cases: () =>
      fc.record({
        method: fc.constant('DELETE'),
        url: fc.constant('/web-api/push/subscription'),
        auth: withAuth('jwt'),
        body: bodyCases(fc.record({ deviceId: fc.oneof(fc.uuid(), freeText) })),
      }),
  },
  {
    method: 'POST',
    path: '/web-api/push/answer',
    weight: 2,
    cases: () =>
      fc.record({
        method: fc.constant('POST'),
        url: fc.constant('/web-api/push/answer'),
        body: bodyCases(
          fc.record({
            token: fc.oneof(plainText(60), fc.constant('eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln')),
            decision: fc.constantFrom('allow', 'deny', 'maybe'),
            lang: fc.constantFrom('en', 'zh'),
          }),
        ),
      }),
  },
  // ---- GET routes with a path parameter or a query ----
  {
    method: 'GET',
    path: '/web-api/pairing/:code',
    weight: 1,
    cases: () =>
      fc.record({
        method: fc.constant('GET'),
        url: pathParam(fc.oneof(fc.constant('ZZfuzz-pairing-code-ZZ'), pairingCodeArb)).map((code) => `/web-api/pairing/${code}`),
        auth: withAuth('jwt'),
      }),
  },
  {
    method: 'GET',
    path: '/web-api/orders/:orderId',
    weight: 1,
    cases: () =>
      fc.record({
        method: fc.constant('GET'),
        url: pathParam(
          fc.oneof(
            pick(() => ctx.orderIds),
            fc.uuid(),
          ),
        ).map((id) => `/web-api/orders/${id}`),
        auth: withAuth('jwt'),
      }),
  },
  {
    method: 'GET',
    path: '/web-api/orders?page&pageSize',
    weight: 1,
    cases: () =>
      fc.record({
        method: fc.constant('GET'),
        url: queryString(['page', 'pageSize'], { page: fc.nat({ max: 5 }).map(String), pageSize: fc.constantFrom('10', '20', '50') }).map(
          (q) => `/web-api/orders${q}`,
        ),
        auth: withAuth('jwt'),
      }),
  },
  {
    method: 'GET',
    path: '/web-api/invitation/stats?page&pageSize',
    weight: 1,
    cases: () =>
      fc.record({
        method: fc.constant('GET'),
        url: queryString(['page', 'pageSize'], { page: fc.nat({ max: 5 }).map(String), pageSize: fc.constantFrom('10', '20') }).map(
          (q) => `/web-api/invitation/stats${q}`,
        ),
        auth: withAuth('jwt'),
      }),
  },
  {
    method: 'GET',
    path: '/api/changelog?lang&page&pageSize',
    weight: 1,
    cases: () =>
      fc.record({
        method: fc.constant('GET'),
        url: queryString(['lang', 'page', 'pageSize'], {
          lang: fc.constantFrom('en', 'zh'),
          page: fc.nat({ max: 3 }).map(String),
          pageSize: fc.constantFrom('5', '50'),
        }).map((q) => `/api/changelog${q}`),
      }),
  },
  {
    method: 'GET',
    path: '/checkout/sandbox/:orderId?lang',
    weight: 1,
    html: true,
    cases: () =>
      fc.record({
        method: fc.constant('GET'),
        url: fc
          .tuple(
            pathParam(
              fc.oneof(
                pick(() => ctx.sandboxOrderIds),
                fc.uuid(),
              ),
            ),
            queryString(['lang'], { lang: fc.constantFrom('en', 'zh') }),
          )
          .map(([id, q]) => `/checkout/sandbox/${id}${q}`),
      }),
  },
];

// ---- consumables for placeholders ----------------------------------------------------------------------------------

async function post(url: string, body: unknown, token?: string) {
  return call(relay, 'POST', url, { body, ip: nextIp(), ...(token && { token }) });
}

async function freshLogin(): Promise<{ token: string; user_id: string }> {
  const res = await post('/auth/tern/signup', {
    email: `fresh${++emailSeq}-${randomUUID().slice(0, 6)}@example.com`,
    password: 'correct horse',
    username: 'fresh',
  });
  return oneTimeTokenResponseSchema.parse(res.body).data;
}
async function freshJwt(): Promise<string> {
  const login = await freshLogin();
  const res = await post('/auth/jwt/tern-login', { token: login.token, user_id: login.user_id });
  return loginResultResponseSchema.parse(res.body).data.accessToken;
}
async function freshTempCode(): Promise<string> {
  const res = await post('/auth/temp-code', undefined, ctx.jwt);
  return tempCodeResponseSchema.parse(res.body).data.code;
}
async function freshFeishuToken(user: Record<string, string>): Promise<string> {
  const res = await post('/api/auth/feishu/exchange', { code: feishu.issueCode(user as never), redirect_uri: `${PUBLIC_URL}/callback` });
  expect(res.status, `Feishu exchange for ${summarize(user)}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body.data.accessToken as string;
}
async function freshPairing() {
  const res = await post('/cli-api/pairing', { hostname: 'fuzzbox', platform: 'linux' });
  return pairingCreateResponseSchema.parse(res.body).data;
}

const PLACEHOLDER = /ZZfuzz-[a-z]+(?:-[a-z]+)*-ZZ/g;
/** Replaces the case's placeholders with consumables made for it (a damaged placeholder keeps its damage around them). */
async function resolvePlaceholders(text: string, c: HttpCase): Promise<string> {
  const found = new Set(text.match(PLACEHOLDER) ?? []);
  if (found.size === 0) return text;
  const values = new Map<string, string>();
  if (found.has('ZZfuzz-login-token-ZZ') || found.has('ZZfuzz-login-user-ZZ')) {
    const login = await freshLogin();
    values.set('ZZfuzz-login-token-ZZ', login.token).set('ZZfuzz-login-user-ZZ', login.user_id);
  }
  if (found.has('ZZfuzz-temp-code-ZZ')) values.set('ZZfuzz-temp-code-ZZ', await freshTempCode());
  if (found.has('ZZfuzz-feishu-code-ZZ'))
    values.set('ZZfuzz-feishu-code-ZZ', feishu.issueCode((c.feishuUser ?? { open_id: `ou_${randomUUID()}` }) as never));
  if (found.has('ZZfuzz-feishu-token-ZZ'))
    values.set('ZZfuzz-feishu-token-ZZ', await freshFeishuToken(c.feishuUser ?? { open_id: `ou_${randomUUID()}` }));
  if (found.has('ZZfuzz-device-code-ZZ') || found.has('ZZfuzz-pairing-code-ZZ')) {
    const pairing = await freshPairing();
    values.set('ZZfuzz-device-code-ZZ', pairing.deviceCode).set('ZZfuzz-pairing-code-ZZ', pairing.pairingCode);
  }
  if (found.has('ZZfuzz-cli-token-id-ZZ')) values.set('ZZfuzz-cli-token-id-ZZ', (await cliTokenFor(relay, ctx.userId, 'disposable')).id);
  return text.replace(PLACEHOLDER, (p) => values.get(p as Placeholder) ?? p);
}

async function send(c: HttpCase) {
  const headers: Record<string, string> = { ...c.headers };
  if (c.auth === 'jwt') headers.authorization = `Bearer ${ctx.jwt}`;
  else if (c.auth === 'cli') headers.authorization = `Bearer ${ctx.cliToken}`;
  else if (c.auth === 'fresh-jwt') headers.authorization = `Bearer ${await freshJwt()}`;
  else if (c.auth) headers.authorization = c.auth.header;
  let payload: string | Buffer | undefined;
  if (c.body && 'json' in c.body) {
    const text = JSON.stringify(c.body.json);
    if (text !== undefined) {
      payload = await resolvePlaceholders(text, c);
      headers['content-type'] = 'application/json';
    }
  } else if (c.body) {
    payload = c.body.raw;
    headers['content-type'] = c.body.contentType;
  }
  if (headers['x-sign'] !== undefined) {
    delete headers['x-sign'];
    headers['stripe-signature'] = signer.webhooks.generateTestHeaderString({
      payload: typeof payload === 'string' ? payload : '',
      secret: WEBHOOK_SECRET,
    });
  }
  const url = await resolvePlaceholders(c.url, c);
  counts.http++;
  return relay.app.inject({ method: c.method, url, headers, remoteAddress: nextIp(), ...(payload !== undefined && { payload }) });
}

function checkHttp(target: HttpTarget, res: { statusCode: number; headers: Record<string, unknown>; body: string }) {
  const where = `${target.method} ${target.path} → ${res.statusCode} ${res.body.slice(0, 300)}`;
  expect(res.statusCode, where).toBeLessThan(500);
  const type = String(res.headers['content-type'] ?? '');
  if (type.includes('application/json')) {
    const body: unknown = JSON.parse(res.body);
    if (res.statusCode >= 400) {
      const parsed = errorBodySchema.safeParse(body);
      expect(parsed.success, `not the error envelope: ${where}`).toBe(true);
    } else {
      expect((body as { success?: unknown }).success, where).toBe(true);
      expect(findUnstorable(body), `unstorable text answered: ${where}`).toEqual([]);
      expect(findNonPlainIds(body), `non-plain id-like field answered: ${where}`).toEqual([]);
    }
  } else if (res.statusCode >= 400) {
    // Only the sandbox checkout page answers HTML; every API error is the JSON envelope.
    expect(target.html && type.startsWith('text/html'), `not JSON: ${where}`).toBe(true);
  }
}

// ---- sockets -------------------------------------------------------------------------------------------------------

interface SocketCase {
  payload: unknown;
  /** Emit without an ack callback (the relay drops it; the next case shows it still answers). */
  noAck?: boolean;
}
interface SocketTarget {
  ns: 'cli' | 'web';
  event: string;
  weight: number;
  valid: () => fc.Arbitrary<unknown>;
  /** Valid bodies the field sweep damages field by field (more where the body has many shapes). */
  sweepBodies?: number;
}

const ownSession = () =>
  fc.oneof(
    { weight: 5, arbitrary: fc.constant(null).map(() => ctx.sessionId) },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 1, arbitrary: fc.constant(null).map(() => ctx.other.sessionId) },
  );
const ownInstance = () =>
  fc.oneof(
    { weight: 5, arbitrary: fc.constant(null).map(() => ctx.instanceId) },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 1, arbitrary: fc.constant(null).map(() => ctx.other.instanceId) },
  );
const anyId = plainText(40);
const json = fc.jsonValue({ maxDepth: 3 });

const sessionEventBody = fc.oneof(
  fc.record({ type: fc.constant('user_message'), clientMsgId: anyId, text: freeText }),
  fc.record({ type: fc.constant('assistant_delta'), messageId: anyId, text: freeText }),
  fc.record({ type: fc.constant('assistant_message'), messageId: anyId, text: freeText }),
  fc
    .record({
      type: fc.constant('tool_call'),
      toolCallId: anyId,
      agentId: optional(anyId),
      name: plainText(20),
      title: freeText,
      input: json,
      status: fc.constantFrom('executing', 'completed', 'failed'),
      output: optional(freeText),
      error: optional(freeText),
    })
    .map(compact),
  fc.record({ type: fc.constant('tool_output'), toolCallId: anyId, stream: fc.constantFrom('stdout', 'stderr'), chunk: freeText }),
  fc.record({ type: fc.constant('file_diff'), toolCallId: anyId, path: plainText(40), oldText: freeText, newText: freeText }),
  fc.record({
    type: fc.constant('todo_list'),
    items: fc.array(fc.record({ id: anyId, content: freeText, status: fc.constantFrom('pending', 'in_progress', 'completed') }), {
      maxLength: 3,
    }),
  }),
  fc
    .record({
      type: fc.constant('subagent'),
      agentId: anyId,
      parentToolCallId: anyId,
      title: freeText,
      status: fc.constantFrom('initializing', 'running', 'completed', 'failed', 'cancelled', 'unknown'),
      summary: optional(freeText),
    })
    .map(compact),
  fc
    .record({
      type: fc.constant('setup_step'),
      stepId: anyId,
      title: freeText,
      status: fc.constantFrom('pending', 'running', 'done', 'failed'),
      detail: optional(freeText),
    })
    .map(compact),
  fc.record({
    type: fc.constant('permission_request'),
    requestId: anyId,
    toolCallId: anyId,
    tool: plainText(20),
    summary: freeText,
    input: json,
  }),
  fc.record({
    type: fc.constant('permission_response'),
    requestId: anyId,
    decision: fc.constantFrom('allow', 'deny'),
    scope: fc.constantFrom('once', 'session'),
  }),
  fc.record({ type: fc.constant('turn_end'), reason: fc.constantFrom('completed', 'interrupted', 'error', 'limit') }),
  fc.record({ type: fc.constant('input_status'), clientMsgId: anyId, status: fc.constantFrom('received', 'started', 'dropped') }),
  fc
    .record({
      type: fc.constant('error'),
      code: fc.constantFrom('MODEL_ERROR', 'INTERNAL', 'EVENT_UNDELIVERABLE'),
      message: freeText,
      params: optional(fc.dictionary(plainText(10), fc.oneof(freeText, fc.integer()), { maxKeys: 3 })),
    })
    .map(compact),
  fc
    .record({
      type: fc.constant('notice'),
      level: fc.constantFrom('info', 'warning'),
      text: freeText,
      code: optional(fc.constantFrom('cli.ready', 'cli.help')),
      params: optional(fc.dictionary(plainText(10), freeText, { maxKeys: 3 })),
    })
    .map(compact),
);

/** Receipt numbers as a CLI tells them (relay/protocol/receipts.ts): unknown to the relay, so they change nothing. */
const receipts = fc.array(fc.integer({ min: 1 }), { minLength: 1, maxLength: 3 });

const socketTargets: SocketTarget[] = [
  // ---- /cli (cliInboundSchemas) ----
  {
    ns: 'cli',
    event: CLI_EVENTS.hello,
    weight: 3,
    valid: () =>
      fc.record({
        env: fc.record({
          platform: fc.constantFrom('linux', 'darwin'),
          hostname: plainText(30),
          cwd: plainText(60),
          nodeVersion: fc.constant('v22.0.0'),
          cliVersion: fc.constant('0.1.0'),
          startedAt: isoDate,
        }),
        sessions: fc.array(
          fc.record({
            id: fc.oneof(
              fc.constant(null).map(() => ctx.sessionId),
              fc.uuid(),
            ),
            title: freeText,
            createdAt: isoDate,
          }),
          { maxLength: 3 },
        ),
      }),
  },
  {
    ns: 'cli',
    event: CLI_EVENTS.sessionEvent,
    weight: 8,
    sweepBodies: 28,
    valid: () => fc.record({ sessionId: ownSession(), eventId: fc.uuid(), body: sessionEventBody, took: optional(receipts) }).map(compact),
  },
  {
    ns: 'cli',
    event: CLI_EVENTS.sessionMeta,
    weight: 2,
    valid: () => fc.record({ sessionId: ownSession(), title: optional(freeText), active: optional(fc.constant(true)) }).map(compact),
  },
  {
    ns: 'cli',
    event: CLI_EVENTS.usageAuthorize,
    weight: 2,
    valid: () => fc.record({ model: fc.constantFrom('claude-sonnet-4', 'gpt-4o', 'x') }),
  },
  { ns: 'cli', event: CLI_EVENTS.usageReport, weight: 2, valid: () => usageReport },
  { ns: 'cli', event: CLI_EVENTS.commandsTaken, weight: 1, valid: () => fc.record({ commandIds: fc.array(fc.uuid(), { maxLength: 4 }) }) },
  // A notice (no ack; relay/protocol/receipts.ts): sent with one here, it is answered; without, the next case shows the relay goes on.
  { ns: 'cli', event: COMMANDS_TOOK, weight: 1, valid: () => fc.record({ took: receipts }) },
  // ---- /web (webInboundSchemas) ----
  { ns: 'web', event: WEB_EVENTS.instancesList, weight: 1, valid: () => fc.constant({}) },
  {
    ns: 'web',
    event: WEB_EVENTS.instanceAttach,
    weight: 2,
    valid: () => fc.record({ instanceId: ownInstance(), takeOver: optional(fc.boolean()) }).map(compact),
  },
  { ns: 'web', event: WEB_EVENTS.instanceDetach, weight: 1, valid: () => fc.record({ instanceId: ownInstance() }) },
  {
    ns: 'web',
    event: WEB_EVENTS.sessionCreate,
    weight: 2,
    valid: () => fc.record({ instanceId: ownInstance(), clientRequestId: fc.uuid() }),
  },
  {
    ns: 'web',
    event: WEB_EVENTS.sessionJoin,
    weight: 2,
    valid: () =>
      fc
        .record({
          sessionId: ownSession(),
          afterSeq: fc.nat({ max: 50 }),
          tail: optional(fc.integer({ min: 1, max: 500 })),
          // The console's flags, input notices included: the fuzz's inputs sent without an ack are then answered in pushes.
          ...Object.fromEntries(
            ['batches', 'notices', 'carried', 'carriedLive', 'ownNotices', 'inputNotices'].map((k) => [k, optional(fc.boolean())]),
          ),
        })
        .map(compact),
  },
  {
    ns: 'web',
    event: WEB_EVENTS.sessionHistory,
    weight: 1,
    valid: () =>
      fc.record({ sessionId: ownSession(), beforeSeq: fc.integer({ min: 1, max: 60 }), limit: fc.integer({ min: 1, max: 500 }) }),
  },
  { ns: 'web', event: WEB_EVENTS.sessionLeave, weight: 1, valid: () => fc.record({ sessionId: ownSession() }) },
  {
    ns: 'web',
    event: WEB_EVENTS.sessionInput,
    weight: 5,
    valid: () => fc.record({ sessionId: ownSession(), clientMsgId: anyId, text: freeText }),
  },
  {
    ns: 'web',
    event: WEB_EVENTS.sessionPermission,
    weight: 2,
    valid: () =>
      fc.record({
        sessionId: ownSession(),
        requestId: anyId,
        decision: fc.constantFrom('allow', 'deny'),
        scope: fc.constantFrom('once', 'session'),
      }),
  },
  { ns: 'web', event: WEB_EVENTS.sessionInterrupt, weight: 1, valid: () => fc.record({ sessionId: ownSession() }) },
  {
    ns: 'web',
    event: WEB_EVENTS.sessionSettings,
    weight: 1,
    valid: () => fc.record({ sessionId: ownSession(), autoApprove: fc.boolean() }),
  },
  { ns: 'web', event: WEB_EVENTS.sessionRename, weight: 1, valid: () => fc.record({ sessionId: ownSession(), title: freeText }) },
  {
    ns: 'web',
    event: WEB_EVENTS.sessionModel,
    weight: 1,
    valid: () => fc.record({ sessionId: ownSession(), model: fc.constantFrom('claude-sonnet-4', 'gpt-4o', 'x') }),
  },
  // Never the suite's own session (the other targets keep using it): an unknown one, or someone else's.
  {
    ns: 'web',
    event: WEB_EVENTS.sessionDelete,
    weight: 1,
    valid: () =>
      fc.record({
        sessionId: fc.oneof(
          fc.uuid(),
          fc.constant(null).map(() => ctx.other.sessionId),
        ),
      }),
  },
  { ns: 'web', event: WEB_EVENTS.sessionsSearch, weight: 1, valid: () => fc.record({ instanceId: ownInstance(), query: freeText }) },
  { ns: 'web', event: WINDOW_VISIBILITY_EVENT, weight: 1, valid: () => fc.record({ visible: fc.boolean() }) },
];

const RESERVED = new Set(['connect', 'connect_error', 'disconnect', 'disconnecting', 'newListener', 'removeListener']);
/** Payloads over Socket.IO's 2 MB buffer would only close the socket (by design); they are left to HTTP's 413. */
const fitsSocket = (value: unknown) => {
  try {
    return Buffer.byteLength(JSON.stringify(value) ?? '') < 1_900_000;
  } catch {
    return false;
  }
};

function socketCases(target: SocketTarget): fc.Arbitrary<SocketCase> {
  return fc
    .oneof(
      { weight: 16, arbitrary: hostileVariant(target.valid()).map((payload) => ({ payload })) },
      { weight: 2, arbitrary: randomBody.map((payload) => ({ payload })) },
      { weight: 1, arbitrary: fc.uint8Array({ maxLength: 32 }).map((bytes) => ({ payload: Buffer.from(bytes) })) },
      { weight: 1, arbitrary: fc.constant({ payload: undefined }) },
      { weight: 1, arbitrary: hostileVariant(target.valid()).map((payload) => ({ payload, noAck: true })) },
    )
    .filter((c) => fitsSocket(c.payload));
}

const ackEnvelope = z.union([z.object({ ok: z.literal(true) }).loose(), ackErrorSchema]);

/** The ids a payload names that belong to the other account. */
const namesOther = (payload: unknown) =>
  typeof payload === 'object' &&
  payload !== null &&
  [ctx.other.sessionId, ctx.other.instanceId].some((id) => Object.values(payload).includes(id));

async function emitCase(socket: Socket, event: string, c: SocketCase, ackSchema: z.ZodType | undefined) {
  counts.socket++;
  if (c.noAck) {
    socket.emit(event, c.payload);
    return;
  }
  const ack: unknown = c.payload === undefined ? await request(socket, event) : await request(socket, event, c.payload);
  const shown = `${event} ${summarize(c.payload)} → ${summarize(ack)}`;
  const envelope = ackEnvelope.safeParse(ack);
  expect(envelope.success, `malformed ack: ${shown}`).toBe(true);
  const parsed = envelope.data!;
  if (parsed.ok) {
    if (ackSchema) expect(ackSchema.safeParse(ack).success, `ack off its schema: ${shown}`).toBe(true);
    expect(findUnstorable(ack), `unstorable text in ack: ${shown}`).toEqual([]);
    expect(findNonPlainIds(ack), `non-plain id-like field in ack: ${shown}`).toEqual([]);
    expect(namesOther(c.payload), `another account's resource accepted: ${shown}`).toBe(false);
  } else {
    expect(parsed.error.code, `INTERNAL: ${shown}`).not.toBe('INTERNAL');
  }
}

/** The browser socket holds the workspace lock again (a fuzzed detach or another window may have taken it). */
async function reattach() {
  const res = await request(ctx.web, WEB_EVENTS.instanceAttach, { instanceId: ctx.instanceId, takeOver: true });
  expect(res.ok, JSON.stringify(res)).toBe(true);
}

// ---- handshakes ----------------------------------------------------------------------------------------------------

const handshakeOptions = { transports: ['websocket'], reconnection: false, forceNew: true, timeout: 5000, autoConnect: false };

function handshakeCases(ns: 'cli' | 'web'): fc.Arbitrary<{ auth: Record<string, unknown> }> {
  const valid =
    ns === 'cli'
      ? fc.record({
          token: fc.oneof({ weight: 3, arbitrary: fc.constant(null).map(() => ctx.cliToken) }, { weight: 1, arbitrary: plainText(60) }),
          instanceId: fc.uuid(),
          protocolVersion: fc.oneof({ weight: 5, arbitrary: fc.constant(REMOTE_PROTOCOL_VERSION) }, { weight: 1, arbitrary: fc.integer() }),
        })
      : fc.record({
          token: fc.oneof({ weight: 3, arbitrary: fc.constant(null).map(() => ctx.jwt) }, { weight: 1, arbitrary: plainText(60) }),
          windowId: fc.uuid(),
        });
  return (
    fc
      .oneof(
        { weight: 8, arbitrary: hostileVariant(valid) },
        { weight: 1, arbitrary: fc.dictionary(hostileString, hostileValue, { maxKeys: 4 }) },
      )
      // Socket.IO's CONNECT packet carries an object; anything else is refused by its parser before the relay sees it.
      .filter(
        (auth): auth is Record<string, unknown> =>
          typeof auth === 'object' && auth !== null && !Array.isArray(auth) && !Buffer.isBuffer(auth) && fitsSocket(auth),
      )
      .map((auth) => ({ auth }))
  );
}

async function tryHandshake(ns: 'cli' | 'web', auth: Record<string, unknown>) {
  counts.handshake++;
  const socket = io(relay.url + (ns === 'cli' ? CLI_NAMESPACE : WEB_NAMESPACE), { ...handshakeOptions, auth });
  try {
    await connect(socket);
    return { connected: true as const };
  } catch (error) {
    return { connected: false as const, error: error as Error & { data?: unknown } };
  } finally {
    socket.disconnect();
  }
}

// ---- the suite -----------------------------------------------------------------------------------------------------

weightSum = [...httpTargets, ...socketTargets].reduce((sum, t) => sum + t.weight, 0) + 2 * 3 + 2; /* handshakes, unknown events */

describe('hostile input: the fuzz suite covers every endpoint and event', () => {
  it('has a target for every inbound socket event of the protocol', () => {
    expect(
      socketTargets
        .filter((t) => t.ns === 'cli')
        .map((t) => t.event)
        .sort(),
    ).toEqual([...Object.keys(cliInboundSchemas), ...Object.keys(cliNoticeSchemas)].sort());
    expect(
      socketTargets
        .filter((t) => t.ns === 'web')
        .map((t) => t.event)
        .sort(),
    ).toEqual(Object.keys(webInboundSchemas).sort());
  });

  it('has a target for every POST / PUT / PATCH / DELETE route the relay serves', () => {
    // Fastify's route tree: each line's indentation says its parent, whose path it extends.
    const served: string[] = [];
    const stack: string[] = [];
    for (const line of relay.app.printRoutes({ commonPrefix: false }).split('\n')) {
      const m = /^([\s│├└─]*)(\S+)(?: \(([^)]+)\))?$/.exec(line);
      if (!m) continue;
      const depth = m[1]!.length / 4;
      const path = (stack[depth - 1] ?? '') + m[2]!;
      stack[depth] = path;
      stack.length = depth + 1;
      for (const method of m[3]?.split(/,\s*/) ?? []) if (/^(POST|PUT|PATCH|DELETE)$/.test(method)) served.push(`${method} ${path}`);
    }
    const targeted = httpTargets.filter((t) => t.method !== 'GET').map((t) => `${t.method} ${t.path}`);
    expect(served).toContain('POST /auth/temp-code/exchange');
    expect(served.filter((route) => !targeted.includes(route))).toEqual([]);
    expect(targeted.filter((route) => !served.includes(route))).toEqual([]);
  });

  it('generates hostile strings that hold NUL and lone surrogates often', () => {
    const sample = fc.sample(hostileString, { seed: SEED, numRuns: 2000 });
    const share = (re: RegExp) => sample.filter((s) => re.test(s)).length / sample.length;
    expect(share(/\u0000/)).toBeGreaterThan(0.15); // eslint-disable-line no-control-regex -- NUL is what it counts
    expect(share(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/)).toBeGreaterThan(0.15);
  });
});

describe('hostile input over HTTP: never 5xx, always the error envelope', () => {
  for (const target of httpTargets) {
    it(
      `${target.method} ${target.path}`,
      async () => {
        await fc.assert(
          fc.asyncProperty(target.cases().map(printable), async (c) => {
            checkHttp(target, await send(c));
          }),
          fuzzParams(target.weight),
        );
      },
      timeoutFor(target.weight),
    );
  }
});

describe('hostile input over Socket.IO: never INTERNAL, always a well-formed ack', () => {
  for (const target of socketTargets) {
    const contracts: Record<string, { ack: z.ZodType }> = target.ns === 'cli' ? cliEventContracts : webEventContracts;
    it(
      `/${target.ns} ${target.event}`,
      async () => {
        await reattach();
        await fc.assert(
          fc.asyncProperty(socketCases(target).map(printable), async (c) => {
            const socket = target.ns === 'cli' ? ctx.cli : ctx.web;
            expect(socket.connected, 'the fuzzed socket was disconnected').toBe(true);
            await emitCase(socket, target.event, c, contracts[target.event]?.ack);
            if (target.event === WEB_EVENTS.instanceDetach || target.event === WEB_EVENTS.instanceAttach) await reattach();
          }),
          fuzzParams(target.weight),
        );
      },
      timeoutFor(target.weight),
    );
  }

  it(
    'field sweep: every string field of every event, one at a time, with NUL, a lone surrogate, a control character',
    async () => {
      // Deterministic complement to the random cases: each field of each event is hit by each kind of hostile text
      // (the control character is the one only `plain()` keeps out of ids, so a dropped `plain()` shows here).
      const kinds = ['\u0000', '\ud800', '\udc00x', '\u0007', '\u001b[2J'];
      for (const target of socketTargets) {
        const contracts: Record<string, { ack: z.ZodType }> = target.ns === 'cli' ? cliEventContracts : webEventContracts;
        const bodies = fc.sample(target.valid(), { seed: SEED, numRuns: target.sweepBodies ?? 2 });
        for (const body of bodies) {
          for (const { path } of valuePaths(body).filter((p) => p.isString)) {
            for (const bad of kinds) {
              const payload = withFieldChanged(body, path, (old) => `${String(old).slice(0, 1)}${bad}${String(old).slice(1)}`);
              await emitCase(target.ns === 'cli' ? ctx.cli : ctx.web, target.event, { payload }, contracts[target.event]?.ack);
              if (target.event === WEB_EVENTS.instanceDetach) await reattach();
            }
          }
        }
      }
    },
    timeoutFor(4),
  );

  it(
    'unknown event names on /cli and /web answer BAD_REQUEST',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc
            .record({
              ns: fc.constantFrom('cli', 'web'),
              event: hostileString.filter(
                (e) => !RESERVED.has(e) && !(e in cliInboundSchemas) && !(e in cliNoticeSchemas) && !(e in webInboundSchemas),
              ),
              payload: randomBody,
            })
            .filter((c) => fitsSocket(c.payload))
            .map(printable),
          async ({ ns, event, payload }) => {
            counts.socket++;
            const ack = await request(ns === 'cli' ? ctx.cli : ctx.web, event, payload);
            expect(ack, summarize({ event, ack })).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } });
          },
        ),
        fuzzParams(2),
      );
    },
    timeoutFor(2),
  );

  for (const ns of ['cli', 'web'] as const) {
    it(
      `/${ns} handshake auth: accepted, or refused with a handshake code other than INTERNAL`,
      async () => {
        await fc.assert(
          fc.asyncProperty(handshakeCases(ns).map(printable), async ({ auth }) => {
            const result = await tryHandshake(ns, auth);
            if (!result.connected) {
              const code = (result.error.data as { code?: unknown } | undefined)?.code;
              expect(handshakeErrorCodes as readonly unknown[], `${summarize(auth)} → ${result.error.message}`).toContain(code);
              expect(code).not.toBe('INTERNAL');
            }
          }),
          fuzzParams(3),
        );
      },
      timeoutFor(3),
    );
  }
});

describe('hostile free text is kept, made visible, wherever it goes', () => {
  it('a session:input with NUL and lone surrogates reaches the CLI, the joined browser and the replay as ␀ / U+FFFD', async () => {
    await reattach();
    const inputs = collect<{ sessionId: string; text: string }>(ctx.cli, CLI_COMMANDS.sessionInput);
    const ack = await request(ctx.web, WEB_EVENTS.sessionInput, {
      sessionId: ctx.sessionId,
      clientMsgId: randomUUID(),
      text: 'a\u0000b\ud800c\udc00',
    });
    expect(ack.ok, JSON.stringify(ack)).toBe(true);
    const want = 'a\u2400b\ufffdc\ufffd';
    await waitFor(() => ctx.watched.some((e) => e.seq === ack.seq), 5000, 'the fan-out');
    expect(ctx.watched.find((e) => e.seq === ack.seq)!.body).toMatchObject({ type: 'user_message', text: want });
    await waitFor(() => inputs.some((i) => i.text === want), 5000, 'the CLI command');
    // A browser joining later gets the stored event.
    const late = track(await connect(webSocket(relay, ctx.jwt)));
    const replayed = collect<SessionEvent>(late, WEB_PUSH.sessionEvent);
    expect((await request(late, WEB_EVENTS.sessionJoin, { sessionId: ctx.sessionId, afterSeq: ack.seq - 1 })).ok).toBe(true);
    await waitFor(() => replayed.some((e) => e.seq === ack.seq), 5000, 'the replay');
    expect(replayed.find((e) => e.seq === ack.seq)!.body).toMatchObject({ text: want });
    late.disconnect();
  });

  it('property: whatever text a session:input or a CLI event carries, the browser gets exactly its cleaned form', async () => {
    await reattach();
    await fc.assert(
      fc.asyncProperty(
        fc
          .record({
            from: fc.constantFrom('web', 'cli'),
            text: fc.oneof(hostileString, fc.string({ unit: 'binary', maxLength: 50 })),
            key: hostileString,
          })
          .map(printable),
        async ({ from, text, key }) => {
          counts.socket++;
          const ack =
            from === 'web'
              ? await request(ctx.web, WEB_EVENTS.sessionInput, { sessionId: ctx.sessionId, clientMsgId: randomUUID(), text })
              : await request(ctx.cli, CLI_EVENTS.sessionEvent, {
                  sessionId: ctx.sessionId,
                  eventId: randomUUID(),
                  body: {
                    type: 'tool_call',
                    toolCallId: 't',
                    name: 'bash',
                    title: text,
                    input: { [key]: [text, { text }] },
                    status: 'completed',
                  },
                });
          expect(ack.ok, summarize(ack)).toBe(true);
          await waitFor(() => ctx.watched.some((e) => e.seq === ack.seq), 5000, 'the fan-out');
          const body = ctx.watched.find((e) => e.seq === ack.seq)!.body;
          const clean = cleanText(text);
          if (from === 'web') expect(body).toMatchObject({ type: 'user_message', text: clean });
          else expect(body).toMatchObject({ type: 'tool_call', title: clean, input: { [cleanText(key)]: [clean, { text: clean }] } });
        },
      ),
      { seed: SEED, numRuns: Math.max(50, Math.round(TOTAL_RUNS / 50)) },
    );
  }, 120_000);

  it('property: a Feishu profile with hostile text (upstream data) still signs in; the name is kept made visible, a non-plain e-mail dropped', async () => {
    await fc.assert(
      fc.asyncProperty(
        feishuProfile.map((p) => printable<Record<string, string>>({ ...p, open_id: `ou_${randomUUID()}` })),
        async (profile) => {
          counts.http++;
          const token = await freshFeishuToken(profile);
          const res = await post('/auth/jwt/feishu-login', { feishuAccessToken: token });
          expect(res.status, `${summarize(profile)} → ${JSON.stringify(res.body)}`).toBe(200);
          const user = loginResultResponseSchema.parse(res.body).user;
          const name = cleanText(profile['name'] ?? '') || cleanText(profile['en_name'] ?? '') || 'Feishu user';
          // PGlite reads a text value back without a leading U+FEFF (its TextDecoder drops a BOM); PostgreSQL keeps it.
          const withoutBom = (v: string) => v.replace(/^\ufeff/, '');
          expect(withoutBom(user.username)).toBe(withoutBom(cleanText(name.slice(0, 40))));
          expect(user.email === null || isPlain(user.email), `e-mail ${summarize(user.email)}`).toBe(true);
          expect(findUnstorable(res.body)).toEqual([]);
        },
      ),
      { seed: SEED, numRuns: Math.max(40, Math.round(TOTAL_RUNS / 60)) },
    );
  }, 120_000);

  it('nothing the relay pushed to a browser or sent to the CLI during the run held unstorable text or left the protocol', () => {
    expect(pushViolations.slice(0, 10)).toEqual([]);
  });

  it('storage holds only plain values in its id-like text columns (e-mails, hosts, versions, codes, models, payment ids)', async () => {
    const columns = (
      (await relay.storage.db.execute(
        sql`SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'public' AND data_type IN ('text', 'character varying')`,
      )) as unknown as { rows: { table_name: string; column_name: string }[] }
    ).rows.filter((c) => PLAIN_COLUMNS.test(c.column_name));
    expect(columns.length).toBeGreaterThanOrEqual(10);
    const offenders: string[] = [];
    for (const { table_name, column_name } of columns) {
      const result = (await relay.storage.db.execute(
        sql`SELECT ${sql.identifier(column_name)} AS v FROM ${sql.identifier(table_name)} WHERE ${sql.identifier(column_name)} IS NOT NULL`,
      )) as unknown as { rows: { v: string }[] };
      for (const { v } of result.rows) if (!isPlain(v)) offenders.push(`${table_name}.${column_name}: ${summarize(v)}`);
    }
    expect(offenders.slice(0, 10)).toEqual([]);
  });

  it('no prototype was polluted in the relay process', () => {
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
  });
});

describe('regressions the fuzzer found', () => {
  it('a Feishu access token that is not visible ASCII is refused (400 naming the field), not sent on to a 502', async () => {
    const res = await post('/auth/jwt/feishu-login', { feishuAccessToken: '\u0100u-token' });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(errorBodySchema.parse(res.body)).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [expect.objectContaining({ path: 'feishuAccessToken' })],
    });
  });

  it('a URL the router cannot take (bad percent-encoding, encoded lone surrogate, over-long parameter) answers the error envelope', async () => {
    for (const [method, url] of [
      ['GET', '/web-api/orders/%ED%A0%80'],
      ['POST', '/web-api/orders/%E0%A4%A/cancel'],
      ['GET', '/checkout/sandbox/%FF'],
      ['DELETE', `/web-api/cli-tokens/${'a'.repeat(500)}`],
    ] as const) {
      const res = await relay.app.inject({ method, url, headers: { authorization: `Bearer ${ctx.jwt}` }, remoteAddress: nextIp() });
      expect(res.statusCode, `${method} ${url} → ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(errorBodySchema.safeParse(JSON.parse(res.body)).success, `${method} ${url} → ${res.body}`).toBe(true);
    }
  });

  it('a handshake whose protocolVersion is an object with a `toString` key is refused PROTOCOL_VERSION, not INTERNAL', async () => {
    const protocolVersion = JSON.parse('{"toString":"x","valueOf":1}') as unknown;
    for (const [ns, auth] of [
      ['cli', { token: ctx.cliToken, instanceId: randomUUID(), protocolVersion }],
      ['web', { token: ctx.jwt, windowId: randomUUID(), protocolVersion }],
    ] as const) {
      const result = await tryHandshake(ns, auth);
      expect(result.connected).toBe(false);
      expect(!result.connected && result.error.data).toEqual({ code: 'PROTOCOL_VERSION' });
    }
  });

  it('a signed Stripe event without an id, a type or a checkout session answers 400 or is ignored, not 500', async () => {
    for (const payload of [
      '{}',
      '{"id":"evt_1"}',
      '{"type":"checkout.session.completed"}',
      '[]',
      '"x"',
      'null',
      '7',
      '{"id":"evt_\\u0007","type":"x"}',
    ]) {
      const signature = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
      const res = await call(relay, 'POST', '/web-api/payment/stripe/webhook', {
        rawBody: payload,
        headers: { 'stripe-signature': signature },
        ip: nextIp(),
      });
      expect(res.status, `${payload} → ${JSON.stringify(res.body)}`).toBe(400);
      expect(errorBodySchema.parse(res.body).code).toBe('VALIDATION_ERROR');
    }
    // With an id and a type but no (or a malformed) checkout session: recorded and ignored.
    for (const data of [
      undefined,
      null,
      { object: null },
      { object: 'x' },
      { object: { metadata: { orderId: 7 }, payment_status: 'paid' } },
    ]) {
      const payload = JSON.stringify({ id: `evt_${randomUUID().replace(/-/g, '')}`, type: 'checkout.session.completed', data });
      const signature = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
      const res = await call(relay, 'POST', '/web-api/payment/stripe/webhook', {
        rawBody: payload,
        headers: { 'stripe-signature': signature },
        ip: nextIp(),
      });
      expect(res.status, `${payload} → ${JSON.stringify(res.body)}`).toBe(200);
      expect(res.body.data.outcome).toBe('ignored');
    }
  });

  it('a paid Stripe event whose customer text holds NUL and lone surrogates still pays the order (the payload is stored cleaned, a non-plain id not shown)', async () => {
    const res = await post('/web-api/payment/create-order', { product_sn: ctx.productSns[0] }, ctx.jwt);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const orderId: string = res.body.data.order_id;
    const payload = JSON.stringify({
      id: `evt_${randomUUID().replace(/-/g, '')}`,
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: `cs_test_${randomUUID()}`,
          object: 'checkout.session',
          client_reference_id: orderId,
          metadata: { orderId },
          payment_status: 'paid',
          status: 'complete',
          payment_intent: 'pi_\u0007\u001b[2J',
          customer_details: { name: 'Zoë\u0000 \ud800', email: 'buyer@example.com' },
          custom_fields: [{ key: 'note\u0000', text: { value: '\udc00' } }],
        },
      },
    });
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const hook = await call(relay, 'POST', '/web-api/payment/stripe/webhook', {
      rawBody: payload,
      headers: { 'stripe-signature': signature },
      ip: nextIp(),
    });
    expect(hook.status, JSON.stringify(hook.body)).toBe(200);
    expect(hook.body.data.outcome).toBe('paid');
    const order = await call(relay, 'GET', `/web-api/orders/${orderId}`, { token: ctx.jwt, ip: nextIp() });
    expect(order.body.data.orderStatus).toBe('paid');
    // A non-plain payment intent id is not shown as the order's transaction id.
    expect(findNonPlainIds(order.body)).toEqual([]);
  });

  it('a CLI that connected but never said cli:hello is still listed (and attachable) within the protocol', async () => {
    const instanceId = randomUUID();
    const silent = await connect(cliSocket(relay, ctx.cliToken, instanceId));
    silent.disconnect();
    const list = await request(ctx.web, WEB_EVENTS.instancesList, {});
    const parsed = webEventContracts[WEB_EVENTS.instancesList].ack.safeParse(list);
    expect(parsed.success, summarize(list)).toBe(true);
    const attached = await request(ctx.web, WEB_EVENTS.instanceAttach, { instanceId });
    expect(webEventContracts[WEB_EVENTS.instanceAttach].ack.safeParse(attached).success, summarize(attached)).toBe(true);
    await reattach();
  });
});

describe('after the fuzzing, the relay still serves a normal session', () => {
  it('a new user pairs a CLI, opens a session from the browser, and input and output flow both ways', async () => {
    const user = await signIn(relay, `after-fuzz-${randomUUID().slice(0, 8)}@example.com`);
    const ip = '192.0.2.200';
    const started = await call(relay, 'POST', '/cli-api/pairing', { body: { hostname: 'laptop', platform: 'linux' }, ip });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const pairing = pairingCreateResponseSchema.parse(started.body).data;
    const approved = await call(relay, 'POST', '/web-api/pairing/approve', {
      body: { pairingCode: pairing.pairingCode },
      token: user.jwt,
      ip,
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const polled = pairingPollResponseSchema.parse(
      (await call(relay, 'POST', '/cli-api/pairing/poll', { body: { deviceCode: pairing.deviceCode }, ip })).body,
    ).data;
    if (polled.status !== 'approved') throw new Error(`pairing poll answered ${polled.status}`);

    const instanceId = randomUUID();
    const cli = track(await connect(cliSocket(relay, polled.cliToken, instanceId)));
    const commands: { event: string; payload: { sessionId: string; text?: string } }[] = [];
    for (const event of Object.values(CLI_COMMANDS)) {
      cli.on(event, (payload: { sessionId: string }, ack?: (r: unknown) => void) => {
        commands.push({ event, payload });
        ack?.({ ok: true });
      });
    }
    expect(cliHelloAckSchema.parse(await request(cli, CLI_EVENTS.hello, { env: cliEnv(), sessions: [] })).ok).toBe(true);

    const web = track(await connect(webSocket(relay, user.jwt)));
    expect((await request(web, WEB_EVENTS.instanceAttach, { instanceId })).ok).toBe(true);
    const created = await request(web, WEB_EVENTS.sessionCreate, { instanceId, clientRequestId: randomUUID() });
    expect(created.ok, JSON.stringify(created)).toBe(true);
    const sessionId: string = created.session.id;
    await waitFor(
      () => commands.some((c) => c.event === CLI_COMMANDS.sessionCreate && c.payload.sessionId === sessionId),
      5000,
      'session:create at the CLI',
    );
    const events = collect<SessionEvent>(web, WEB_PUSH.sessionEvent);
    expect((await request(web, WEB_EVENTS.sessionJoin, { sessionId, afterSeq: 0 })).ok).toBe(true);

    const input = await request(web, WEB_EVENTS.sessionInput, { sessionId, clientMsgId: randomUUID(), text: 'list the files' });
    expect(input.ok, JSON.stringify(input)).toBe(true);
    await waitFor(
      () => commands.some((c) => c.event === CLI_COMMANDS.sessionInput && c.payload.text === 'list the files'),
      5000,
      'session:input at the CLI',
    );

    const reply = await request(cli, CLI_EVENTS.sessionEvent, {
      sessionId,
      eventId: randomUUID(),
      body: { type: 'assistant_message', messageId: 'm1', text: 'README.md' },
    });
    expect(reply.ok, JSON.stringify(reply)).toBe(true);
    await waitFor(() => events.some((e) => e.body.type === 'assistant_message'), 5000, 'the reply in the browser');
    expect(events.map((e) => e.body.type)).toEqual(['user_message', 'assistant_message']);
    expect(events.find((e) => e.body.type === 'assistant_message')!.body).toMatchObject({ text: 'README.md' });
    cli.disconnect();
    web.disconnect();
  });
});
