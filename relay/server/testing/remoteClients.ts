import { randomUUID } from 'node:crypto';

import { io, type Socket } from 'socket.io-client';

import {
  CLI_NAMESPACE,
  loginResultResponseSchema,
  oneTimeTokenResponseSchema,
  REMOTE_PROTOCOL_VERSION,
  WEB_NAMESPACE,
} from '../../protocol';
import { issueCliToken } from '../core/remote/cliAuth';
import { call } from './http';
import type { TestRelay } from './testRelay';

let ipSeq = 0;

/** Signs a new tern account up and in over HTTP; returns its user id and access JWT. */
export async function signIn(relay: TestRelay, email: string): Promise<{ userId: string; jwt: string }> {
  const ip = `198.51.100.${(++ipSeq % 250) + 1}`;
  const signup = await call(relay, 'POST', '/auth/tern/signup', {
    body: { email, password: 'correct horse', username: email.split('@')[0] },
    ip,
  });
  const { token, user_id } = oneTimeTokenResponseSchema.parse(signup.body).data;
  const login = await call(relay, 'POST', '/auth/jwt/tern-login', { body: { token, user_id, plat: 'web' }, ip });
  const result = loginResultResponseSchema.parse(login.body);
  return { userId: user_id, jwt: result.data.accessToken };
}

export async function cliTokenFor(relay: TestRelay, userId: string, label = 'test'): Promise<{ token: string; id: string }> {
  const { token, row } = await issueCliToken({ db: relay.storage.db, now: () => new Date() }, { userId, label, origin: 'admin' });
  return { token, id: row.id };
}

const options = { transports: ['websocket'], reconnection: false, forceNew: true, timeout: 5000 };

/** Connects and resolves once connected, or rejects with the connect_error message. */
export function connect(socket: Socket): Promise<Socket> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => reject(error));
    socket.connect();
  });
}

export const cliSocket = (relay: TestRelay, token: string, instanceId: string = randomUUID(), extra: Record<string, unknown> = {}) =>
  io(relay.url + CLI_NAMESPACE, {
    ...options,
    autoConnect: false,
    auth: { token, instanceId, protocolVersion: REMOTE_PROTOCOL_VERSION, ...extra },
  });

export const webSocket = (relay: TestRelay, jwt: string, windowId: string = randomUUID(), extraHeaders?: Record<string, string>) =>
  io(relay.url + WEB_NAMESPACE, {
    ...options,
    autoConnect: false,
    auth: { token: jwt, windowId, protocolVersion: REMOTE_PROTOCOL_VERSION },
    ...(extraHeaders && { extraHeaders }),
  });

/** Emits with an ack and resolves with the ack payload. */
// Tests read arbitrary fields of acks they then check.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function request(socket: Socket, event: string, ...args: unknown[]): Promise<any> {
  return socket.timeout(5000).emitWithAck(event, ...args);
}

/** Collects every `event` the socket receives. */
export function collect<T = unknown>(socket: Socket, event: string): T[] {
  const seen: T[] = [];
  socket.on(event, (payload: T) => seen.push(payload));
  return seen;
}

export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 5000, what = 'condition'): Promise<void> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

export const cliEnv = (cwd = '/home/me/project') => ({
  platform: 'linux',
  hostname: 'devbox',
  cwd,
  nodeVersion: 'v22.0.0',
  cliVersion: '0.1.0',
  startedAt: new Date().toISOString(),
});
